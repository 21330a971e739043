#!/bin/sh
# The counts of several verdicts side by side (verdict.sh with VERDICT_NAME writes one
# line each, and a failure's detail below it): summary.sh FILE. Exit 1 if a configuration
# failed or none was judged.
set -eu
[ -s "$1" ] || { echo "error: no verdicts in $1" >&2; exit 1; }
echo "==> per configuration:"
sed 's/^/    /' "$1"
# Indented lines are a failure's detail, below its configuration's line.
! grep -v '^ ' "$1" | grep -qv ', 0 failed'
