#!/usr/bin/env python3
# make bench-steps: per operation, the guest instructions with erasing on and off (median
# of every boot and repetition) and the erase's cost (on minus off) of each step's kernel,
# with its ratio to the first step's and to the base tree's ("upstream", when measured).
# Usage: steps-table.py build/bench/results.tsv
import csv
import statistics
import sys
from collections import defaultdict

rows = defaultdict(list)
kernels = []
with open(sys.argv[1]) as f:
    for r in csv.DictReader(f, delimiter='\t'):
        if r['clock'] != 'icount' or not (r['kernel'].startswith('step-') or r['kernel'] == 'upstream'):
            continue
        if r['kernel'] not in kernels:
            kernels.append(r['kernel'])
        rows[(r['kernel'], r['mode'], r['op'], r['unit'])].append(float(r['value']))
steps = sorted((k for k in kernels if k != 'upstream'), key=lambda k: int(k.split('-')[1]))
if not steps:
    sys.exit('error: no step-N kernels with icount rows in ' + sys.argv[1])
kernels = (['upstream'] if 'upstream' in kernels else []) + steps
ops = sorted({(op, u) for (_, _, op, u) in rows if u == 'ns_per_op'})
print('guest instructions per operation (-icount: 1 ns = 1 instruction), median; '
      'erase = on - off; its ratio to %s and to upstream' % steps[0])
print('%-10s %-9s %9s %9s %8s %9s %9s' % ('op', 'kernel', 'on', 'off', 'erase', 'x ' + steps[0], 'x upstr.'))


def erase(k, op, u):
    on, off = rows.get((k, 'on', op, u)), rows.get((k, 'off', op, u))
    if not on or not off:
        return None
    return statistics.median(on), statistics.median(off)


def ratio(a, b):
    return '%9.2f' % (a / b) if b else '%9s' % '-'


for op, u in ops:
    first, up = erase(steps[0], op, u), erase('upstream', op, u)
    for k in kernels:
        m = erase(k, op, u)
        if m is None:
            continue
        e = m[0] - m[1]
        print('%-10s %-9s %9.0f %9.0f %8.0f %s %s' % (
            op, k, m[0], m[1], e, ratio(e, first[0] - first[1]) if first else '%9s' % '-',
            ratio(e, up[0] - up[1]) if up else '%9s' % '-'))
