#!/usr/bin/python3
"""Charge the instructions tbcount.c counted to functions, per measurement phase.

profile.py DIR OPS KERNEL...: DIR holds KERNEL.N (one file per phase: "vaddr instructions
executions"), KERNEL.log (the guest's BENCH lines) and KERNEL.map (its System.map). The last 2 * len(OPS) + 1 files are the
measurements, in the guest's order (each operation on, then off) and the tail after them.
Prints the table (kernel, op, mode, part, instructions per operation) on stdout.
"""
import bisect
import os
import sys


def symbols(path):
    syms = sorted((int(a, 16), n) for a, t, n in (l.split()[:3] for l in open(path))
                  if t in "tTwW")
    return [a for a, _ in syms], [n for _, n in syms]


def part(name):
    if name.startswith("stackleak_erase"):
        return "erase"
    if name == "stackleak_track_stack":
        return "track"
    return "other"


def phase(path, addrs, names):
    out = {"erase": 0, "track": 0, "other": 0}
    for line in open(path):
        va, n, count = (int(x, 16 if i == 0 else 10) for i, x in enumerate(line.split()))
        i = bisect.bisect_right(addrs, va) - 1
        out[part(names[i]) if va >= 1 << 63 and i >= 0 else "other"] += n * count
    return out


def main():
    d, ops, kernels = sys.argv[1], sys.argv[2].split(), sys.argv[3:]
    print("kernel\top\tmode\tpart\tinstructions_per_op")
    for k in kernels:
        addrs, names = symbols(f"{d}/{k}.map")
        files = sorted((p for p in os.listdir(d)
                        if p.startswith(k + ".") and p[len(k) + 1:].isdigit()),
                       key=lambda p: int(p[len(k) + 1:]))
        lines = [l.split() for l in open(f"{d}/{k}.log", errors="replace")
                 if l.startswith("BENCH ")]
        want = [(m, o.split(":")[0]) for o in ops for m in ("on", "off")]
        got = [(l[1], l[2]) for l in lines]
        if got != want or len(files) < len(want) + 1:
            sys.exit(f"profile.py: {k}: phases {got} in the log, {len(files)} files; expected {want}")
        for (mode, op), f, o in zip(want, files[-len(want) - 1:-1], (o for o in ops for _ in (0, 1))):
            n = int(o.split(":")[1])
            for p, v in phase(f"{d}/{f}", addrs, names).items():
                print(f"{k}\t{op}\t{mode}\t{p}\t{v / n:.1f}")


main()
