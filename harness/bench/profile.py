#!/usr/bin/python3
"""Charge the instructions tbcount.c counted to functions, per measurement phase.

profile.py DIR SET OPS KERNEL...: DIR holds KERNEL.N (one file per stretch between two
writes of kernel.stack_erasing: "vaddr instructions executions"), KERNEL.log (the guest's
BENCH lines), KERNEL.map (its System.map) and KERNEL.erase.dis (objdump -d of its erase
functions). Each operation (sysbench onoff) is a stretch with
its start-up and warm-up, then CHUNKS timed runs in the order on off off on on off ...;
after the last operation come two more stretches (to run.sh's last write, and to the end).
Prints rows of build/bench/results.tsv on stdout: clock "profile", op "PART:OP" (PART:
erase, track or other; fill and search, the erase's translation blocks that store to
memory and those that only compare or load from it), the instructions per operation in
that mode.
"""
import bisect
import os
import sys

CHUNKS = 20   # harness/guest/bench/sysbench.c


def symbols(path):
    syms = sorted((int(a, 16), n) for a, t, n in (l.split()[:3] for l in open(path))
                  if t in "tTwW")
    return [a for a, _ in syms], [n for _, n in syms]


def erase_blocks(path):
    """Map each instruction address of the erase to its text (objdump -d lines)."""
    ins = []
    for line in open(path):
        f = line.split("\t")
        if len(f) >= 2 and f[0].strip().endswith(":"):
            ins.append((int(f[0].strip()[:-1], 16), " ".join(f[1:]).strip()))
    return ins


def erase_kind(ins, va, n):
    """fill: a block with a store to memory (rep stos or a mov to an address); search: one
    that compares a word of memory; else the rest of the erase (None)."""
    i = bisect.bisect_left(ins, (va, ""))
    text = [t for _, t in ins[i:i + n]]
    if any(t.startswith("rep stos") or (t.startswith("mov") and t.endswith(")")) for t in text):
        return "fill"
    if any(t.startswith("cmp") and "(" in t for t in text):
        return "search"
    return None


def part(name):
    if name.startswith("stackleak_erase"):
        return "erase"
    if name == "stackleak_track_stack":
        return "track"
    return "other"


def phase(path, addrs, names, ins):
    out = {"erase": 0, "track": 0, "other": 0, "fill": 0, "search": 0}
    for line in open(path):
        va, n, count = (int(x, 16 if i == 0 else 10) for i, x in enumerate(line.split()))
        i = bisect.bisect_right(addrs, va) - 1
        p = part(names[i]) if va >= 1 << 63 and i >= 0 else "other"
        out[p] += n * count
        kind = erase_kind(ins, va, n) if p == "erase" else None
        if kind:
            out[kind] += n * count
    return out


def main():
    d, bset, ops, kernels = sys.argv[1], sys.argv[2], sys.argv[3].split(), sys.argv[4:]
    for k in kernels:
        addrs, names = symbols(f"{d}/{k}.map")
        ins = erase_blocks(f"{d}/{k}.erase.dis")
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
            total = {m: {p: 0 for p in ("erase", "track", "other", "fill", "search")}
                     for m in ("on", "off")}
            for c, f in enumerate(files[i * per_op + 1:(i + 1) * per_op]):
                mode = "on" if (c + 1) // 2 % 2 == 0 else "off"
                for p, v in phase(f"{d}/{f}", addrs, names, ins).items():
                    total[mode][p] += v
            for mode in ("on", "off"):
                for p, v in total[mode].items():
                    print(f"{bset}\t{k}\tgcc\tprofile\t1\t1\t{mode}\t{p}:{op}\t"
                          f"{v / (n // CHUNKS * CHUNKS // 2):.1f}\tinstructions")

main()
