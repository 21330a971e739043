#!/usr/bin/python3
"""Charge the instructions tbcount.c counted to functions, per measurement phase.

profile.py DIR OPS KERNEL...: DIR holds KERNEL.N (one file per stretch between two writes
of kernel.stack_erasing: "vaddr instructions executions"), KERNEL.log (the guest's BENCH
lines) and KERNEL.map (its System.map). Each operation (sysbench onoff) is a stretch with
its start-up and warm-up, then CHUNKS timed runs in the order on off off on on off ...;
after the last operation come two more stretches (to run.sh's last write, and to the end).
Prints rows of build/bench/results.tsv on stdout: clock "profile", op "PART:OP" (PART:
erase, track or other), the instructions per operation in that mode.
"""
import bisect
import os
import sys

CHUNKS = 20   # harness/guest/bench/sysbench.c


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
    for k in kernels:
        addrs, names = symbols(f"{d}/{k}.map")
        files = sorted((p for p in os.listdir(d)
                        if p.startswith(k + ".") and p[len(k) + 1:].isdigit()),
                       key=lambda p: int(p[len(k) + 1:]))
        lines = [l.split() for l in open(f"{d}/{k}.log", errors="replace")
                 if l.startswith("BENCH ")]
        want = [(m, o.split(":")[0]) for o in ops for m in ("on", "off")]
        got = [(l[1], l[2]) for l in lines]
        per_op = CHUNKS + 1
        if got != want or len(files) < per_op * len(ops) + 2:
            sys.exit(f"profile.py: {k}: phases {got} in the log, {len(files)} files; expected {want}")
        files = files[-per_op * len(ops) - 2:-2]
        for i, o in enumerate(ops):
            op, n = o.split(":")[0], int(o.split(":")[1])
            total = {m: {"erase": 0, "track": 0, "other": 0} for m in ("on", "off")}
            for c, f in enumerate(files[i * per_op + 1:(i + 1) * per_op]):
                mode = "on" if (c + 1) // 2 % 2 == 0 else "off"
                for p, v in phase(f"{d}/{f}", addrs, names).items():
                    total[mode][p] += v
            for mode in ("on", "off"):
                for p, v in total[mode].items():
                    print(f"minimal\t{k}\tgcc\tprofile\t1\t1\t{mode}\t{p}:{op}\t"
                          f"{v / (n // CHUNKS * CHUNKS // 2):.1f}\tinstructions")

main()
