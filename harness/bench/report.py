#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""make bench: turn build/bench/*.tsv into build/bench/report.md and chart.png.

Medians with min-max over all rounds and repetitions; overhead against the "none"
kernel; the erase cost as erasing-on minus erasing-off in the same boots.
"""
import csv
import os
import platform
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

OUT = Path(sys.argv[1] if len(sys.argv) > 1 else "build/bench")
KERNELS = ["none", "upstream", "ours", "ours+leak-check", "zero-init", "ours+zero-init", "clang"]
OPS = ["getppid", "stat", "read4k", "openclose", "pipe", "fork", "hackbench"]
OP_TITLE = {"getppid": "getppid", "stat": "stat", "read4k": "read 4 KiB",
            "openclose": "open+close", "pipe": "pipe round trip",
            "fork": "fork+exit+wait", "hackbench": "hackbench (s)"}


def rows(name):
    p = OUT / name
    if not p.exists():
        return []
    with open(p) as f:
        return list(csv.DictReader(f, delimiter="\t"))


def machine():
    """Host CPU, cores, QEMU and GCC versions: what the numbers were taken on."""
    cpu = "unknown CPU"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    def first_line(cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines()[0]
        except (OSError, IndexError):
            return "?"
    return (f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
            f"{first_line(['qemu-system-x86_64', '--version'])}, {first_line(['gcc', '--version'])}")


def fmt(v, unit):
    if unit == "s":
        return f"{v:.3f}"
    return f"{v:,.0f}" if v >= 100 else f"{v:.1f}"


def main():
    res = defaultdict(list)           # (set, clock, kernel, mode, op) -> values
    units = {}
    for r in rows("results.tsv"):
        key = (r["set"], r["clock"], r["kernel"], r["mode"], r["op"])
        res[key].append(float(r["value"]))
        units[r["op"]] = r["unit"]
    if not res:
        sys.exit("bench-report: no results in %s/results.tsv" % OUT)
    order = ["minimal", "realistic", "distro"]
    sets = sorted({k[0] for k in res}, key=lambda s: order.index(s) if s in order else 9)
    clocks = [c for c in ("icount", "wall") if any(k[1] == c for k in res)]

    def med(s, c, k, m, op):
        v = res.get((s, c, k, m, op))
        return statistics.median(v) if v else None

    def base(s, c, k, op):
        # The number that stands for a kernel: erasing on where it can be switched.
        for m in ("on", "na"):
            v = med(s, c, k, m, op)
            if v is not None:
                return v
        return None

    md = ["# STACKLEAK benchmark report", "",
          f"Command: `make bench` (BENCH_ROUNDS={os.environ.get('BENCH_ROUNDS', '2')}, "
          f"BENCH_REPS={os.environ.get('BENCH_REPS', '2')} measurements per boot and mode). "
          f"Machine: {machine()}.", ""]
    info = rows("info.tsv")
    cmd = {(r["set"], r["kernel"]): r["value"] for r in info if r["key"] == "cmdline"}
    vul = defaultdict(list)
    for r in info:
        if r["key"].startswith("vuln:") and r["kernel"] == "ours":
            vul[r["set"]].append(f'{r["key"][5:]}: {r["value"]}')
    md += ["Guest: QEMU TCG, 1 CPU, 512 MiB. `icount`: `-icount shift=0,sleep=off`, so a "
           "guest nanosecond is one guest instruction: the numbers are instructions per "
           "operation, repeatable across machines; they weigh one `rep stos` iteration like "
           "one loop iteration or one load, unlike real hardware. `wall`: plain TCG, guest "
           "time follows the host (noisy: about ±20%).", ""]
    for s in sets:
        if vul.get(s):
            md += [f"Mitigations in the `{s}` set (from the `ours` kernel): " +
                   "; ".join(vul[s]) + ".", ""]

    chart = {}
    for s in sets:
        for c in clocks:
            if not any(k[:2] == (s, c) for k in res):
                continue
            unit_note = "guest instructions per operation" if c == "icount" else "ns per operation (host-timed guest)"
            md += [f"## {s} config, {c} clock ({unit_note}; hackbench in guest seconds)", ""]
            cols = []
            for k in KERNELS:
                modes = sorted({key[3] for key in res if key[:3] == (s, c, k)},
                               key=lambda m: ["na", "on", "off"].index(m))
                cols += [(k, m) for m in modes]
            md.append("| operation | " + " | ".join(
                k if m == "na" else f"{k} ({'erasing ' + m})" for k, m in cols) + " |")
            md.append("|---" * (len(cols) + 1) + "|")
            for op in OPS:
                cells = []
                for k, m in cols:
                    v = res.get((s, c, k, m, op))
                    if not v:
                        cells.append("–")
                        continue
                    u = units.get(op, "")
                    cells.append(f"{fmt(statistics.median(v), u)} "
                                 f"[{fmt(min(v), u)}–{fmt(max(v), u)}]")
                if any(x != "–" for x in cells):
                    md.append(f"| {OP_TITLE[op]} | " + " | ".join(cells) + " |")
            md.append("")
            # Overhead against "none" and the erase cost (on - off).
            md += [f"Overhead against `none` ({s}, {c}), and the erase cost "
                   "(erasing on minus off, same boots):", ""]
            md.append("| operation | " + " | ".join(f"{k} vs none" for k in KERNELS[1:]) +
                      " | erase cost upstream | erase cost ours | ours / upstream |")
            md.append("|---" * (len(KERNELS) + 3) + "|")
            for op in OPS:
                n = base(s, c, "none", op)
                if n is None:
                    continue
                cells = []
                for k in KERNELS[1:]:
                    v = base(s, c, k, op)
                    cells.append("–" if v is None else f"{(v / n - 1) * 100:+.1f}%")
                cost = {}
                for k in ("upstream", "ours"):
                    on, off = med(s, c, k, "on", op), med(s, c, k, "off", op)
                    cost[k] = None if on is None or off is None else on - off
                u = units.get(op, "")
                cells += ["–" if cost[k] is None else fmt(cost[k], u) if cost[k] >= 0 else f"{cost[k]:.3g}"
                          for k in ("upstream", "ours")]
                ratio = (cost["ours"] / cost["upstream"]) if cost["ours"] is not None and cost["upstream"] else None
                cells.append("–" if ratio is None else f"{ratio:.2f}")
                md.append(f"| {OP_TITLE[op]} | " + " | ".join(cells) + " |")
                if c == "icount":
                    chart[(s, op)] = {k: base(s, c, k, op) / n for k in KERNELS if base(s, c, k, op)}
            md.append("")

    # The leak detector's cost: the same kernel with and without it, erasing on.
    for s in sets:
        for c in clocks:
            pairs = [(op, base(s, c, "ours", op), base(s, c, "ours+leak-check", op)) for op in OPS]
            pairs = [(op, a, b) for op, a, b in pairs if a and b]
            if not pairs:
                continue
            md += [f"Leak detector (CONFIG_STACKLEAK_LEAK_CHECK, report mode) against `ours` "
                   f"({s}, {c}):", "", "| operation | ours | ours+leak-check | cost |", "|---|---|---|---|"]
            for op, a, b in pairs:
                u = units.get(op, "")
                md.append(f"| {OP_TITLE[op]} | {fmt(a, u)} | {fmt(b, u)} | {(b / a - 1) * 100:+.1f}% |")
            md.append("")

    depth = rows("depth.tsv")
    if depth:
        md += ["## Stack depth per syscall (bytes erased by the next erase, from "
               "/proc/self/stack_depth)", "", "| set | kernel | " +
               " | ".join(sorted({d['op'] for d in depth})) + " |"]
        ops = sorted({d["op"] for d in depth})
        md.append("|---" * (len(ops) + 2) + "|")
        by = defaultdict(dict)
        for d in depth:
            by[(d["set"], d["kernel"])][d["op"]] = d["bytes"]
        for (s, k), v in by.items():
            md.append(f"| {s} | {k} | " + " | ".join(v.get(o, "–") for o in ops) + " |")
        md.append("")

    static = rows("static.tsv")
    if static:
        md += ["## Static figures", "", "| set | kernel | tracking call sites | .text bytes | .text vs none |", "|---|---|---|---|---|"]
        text_none = {r["set"]: int(r["text"]) for r in static if r["kernel"] == "none"}
        for r in static:
            t = int(r["text"])
            rel = f"{(t / text_none[r['set']] - 1) * 100:+.2f}%" if r["set"] in text_none else "–"
            md.append(f"| {r['set']} | {r['kernel']} | {r['sites']} | {t:,} | {rel} |")
        md.append("")
    pc = rows("plugin-cost.tsv")
    if pc:
        md += ["## Compile-time cost of the instrumentation (exact Kbuild command lines, ccache off)", "",
               "GCC kernels: the plugin; clang: `-fsanitize-coverage=stack-depth`. The objects are "
               "the instrumented ones of kernel/, mm/ and fs/ in each build (about the same set).", "",
               "| kernel | objects | CPU s with | CPU s without | overhead |", "|---|---|---|---|---|"]
        for r in pc:
            md.append(f"| {r['kernel']} | {r['objects']} | {float(r['with_s']):.2f} | "
                      f"{float(r['without_s']):.2f} | {float(r['overhead_pct']):+.2f}% |")
        md.append("")
    er = rows("erase-throughput.tsv")
    if er:
        md += ["## Host: our erase routine (arch/x86/entry/erase.S, run in user space) against memset", "",
               "| bytes | erase ns | glibc memset ns | rep stosq ns | erase / memset throughput |",
               "|---|---|---|---|---|"]
        for r in er:
            md.append(f"| {r['size']} | {r['erase_ns']} | {r['memset_ns']} | {r['repstos_ns']} | {r['ratio']} |")
        md.append("")

    (OUT / "report.md").write_text("\n".join(md) + "\n")
    print(f"bench-report: wrote {OUT / 'report.md'}")

    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("bench-report: no matplotlib (apt install python3-matplotlib): no chart", file=sys.stderr)
        return
    if not chart:
        return
    fig, axes = plt.subplots(len(sets), 1, figsize=(10, 4 * len(sets)), squeeze=False)
    for ax, s in zip(axes[:, 0], sets):
        ops = [op for op in OPS if (s, op) in chart]
        w = 0.8 / len(KERNELS)
        for i, k in enumerate(KERNELS):
            ax.bar([x + i * w for x in range(len(ops))],
                   [chart[(s, op)].get(k, 0) for op in ops], w, label=k)
        ax.axhline(1.0, color="black", linewidth=0.5)
        ax.set_xticks([x + w * (len(KERNELS) - 1) / 2 for x in range(len(ops))])
        ax.set_xticklabels([OP_TITLE[o] for o in ops])
        ax.set_ylabel("instructions, relative to none")
        ax.set_title(f"{s} config (icount, erasing on)")
        ax.legend(fontsize="small", ncol=5)
    fig.tight_layout()
    fig.savefig(OUT / "chart.png", dpi=100)
    print(f"bench-report: wrote {OUT / 'chart.png'}")


if __name__ == "__main__":
    main()
