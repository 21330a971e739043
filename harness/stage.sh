#!/bin/sh
# Run one pipeline stage with a banner and its elapsed time: stage.sh NAME CMD...
set -eu
name=$1; shift
echo "==> $name"
start=$(date +%s)
rc=0
"$@" || rc=$?
echo "==> $name: $(( $(date +%s) - start ))s$( [ $rc = 0 ] || echo ", FAILED (exit $rc)")"
exit $rc
