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
KERNELS = ["none", "upstream", "upstream-fixes", "ours", "ours+leak-check", "zero-init",
           "ours+zero-init", "clang", "none-offset-off", "upstream-offset-off", "ours-offset-off"]
OFF = "-offset-off"   # the same kernel booted with randomize_kstack_offset=off
# What erase.S costs with erasing off: the call, the flag's compare, the
# branch and the RET. The on/off difference subtracts it from every erase.
ERASE_OFF_INSNS = 4


def peer(k, name):
    """The kernel NAME booted as K is: none-offset-off is the baseline of ours-offset-off."""
    return name + OFF if k.endswith(OFF) else name
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
    """Host CPU, cores, QEMU and GCC versions: what the numbers were taken on (the QEMU and
    compiler that run.sh recorded in info.tsv, else x86-64's, asked now)."""
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
    host = {r["key"]: r["value"] for r in rows("info.tsv") if r["set"] == "host"}
    qemu = host.get("qemu") or first_line(['qemu-system-x86_64', '--version'])
    cc = host.get("compiler") or first_line(['gcc', '--version'])
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, {qemu}, {cc}"


def fmt(v, unit):
    if unit == "s":
        return f"{v:.3f}"
    return f"{v:,.0f}" if v >= 100 else f"{v:.1f}"


RESULTS = rows("results.tsv")
LEAK = defaultdict(lambda: [0, 0])   # (config, kernel, shape) -> [rounds, leaked]
DEPTH = defaultdict(list)            # (config, kernel, op) -> bytes
for r in RESULTS:
    if r["op"].startswith("leak:"):
        t = LEAK[(r["config"], r["kernel"], r["op"][5:])]
        t[0] += int(r["unit"].rsplit("_", 1)[1])
        t[1] += int(float(r["value"]))
    elif r["op"].startswith("depth:"):
        DEPTH[(r["config"], r["kernel"], r["op"][6:])].append(float(r["value"]))


def replay_table(s, med):
    """Both clocks side by side, and what the fill writes against what the syscall dirtied."""
    rp = defaultdict(dict)
    for r in RESULTS:
        if r["config"] == s and r["clock"].startswith("replay"):
            op = r["op"] if r["clock"] == "replay" else "ir:" + r["op"]
            rp[r["kernel"]][op] = float(r["value"])
    out = []
    for ko in ("ours", "ours" + OFF):
        if rp.get(ko):
            out += replay_rows(s, med, rp, ko)
    return out


def replay_rows(s, med, rp, ko):
    ku = peer(ko, "upstream")
    out = [f"### Replayed on this CPU ({s}, `{ko}`): the stacks the operations left, captured at each erase",
           "", "harness/bench/capture.sh stops a guest running `ours` at every call of the erase "
           "(QEMU's gdbstub) while each operation runs; harness/bench/replay.sh replays every "
           "captured stack through `erase.S` and through upstream 6.1's erase logic rewritten in C "
           "(`harness/bench/replay.c`), from the same mark: median TSC ticks per call less an empty call's (the timing itself), summed over "
           "the erases of the operation's system calls (for pipe and fork, the other task's "
           "too; interrupt and fault returns left out). Dirtied: bytes below pt_regs that are not poison when the erase starts; "
           "written/read: what ours stores and what its search loads. Routine instructions: the "
           "same stacks under callgrind, one call each, `rep stosq` iterations counted one by "
           "one as QEMU's icount does; beside them, what the guest measured for ours (erase cost "
           f"from the tables above plus the {ERASE_OFF_INSNS} instructions of the erase-off path that the "
           "on/off difference subtracts, per erase).", "",
           "| operation | erase instructions ours / upstream (guest) | ticks ours | ticks upstream "
           "| ours / upstream (this CPU) | dirtied bytes | ours writes | written / dirtied "
           "| ours reads | read / written | erases | routine instructions ours / upstream (host, callgrind) "
           f"| guest erase instructions ours + {ERASE_OFF_INSNS} per erase |",
           "|---" * 13 + "|"]
    for op in OPS:
        o, u = rp[ko].get(op), rp.get(ku, {}).get(op)
        if o is None:
            continue
        d, w, rd = (rp[ko].get(f"{x}:{op}") for x in ("dirtied", "written", "read"))
        ci = [None if med(s, "icount", k, "on", op) is None or med(s, "icount", k, "off", op) is None
              else med(s, "icount", k, "on", op) - med(s, "icount", k, "off", op) for k in (ko, ku)]
        icount = f"{ci[0]:,.0f} / {ci[1]:,.0f} = {ci[0] / ci[1]:.2f}" if ci[0] is not None and ci[1] else "–"
        calls = rp[ko].get(f"erases:{op}")
        io, iu = rp[ko].get(f"ir:{op}"), rp.get(ku, {}).get(f"ir:{op}")
        ir = f"{io:,.0f} / {iu:,.0f}" if io is not None and iu is not None else "–"
        guest = "–" if ci[0] is None else f"{ci[0] + ERASE_OFF_INSNS * calls:,.0f}"
        out.append(f"| {OP_TITLE[op]} | {icount} | {o:,.0f} | {u:,.0f} | {o / u:.2f} | {d:,.0f} | {w:,.0f} | "
                   f"{w / d:.2f} | {rd:,.0f} | {rd / w:.2f} | {calls:.1f} | {ir} | {guest} |")
    return out + [""]


def leak_table(s):
    """What each kernel left: a cheaper erase that leaves secrets is not a saving."""
    kernels = [k for k in KERNELS if (s, k, "chain") in LEAK]
    if not kernels:
        return []
    # The guest's native entry (guest/bench/run.sh says which; runs before it: syscall).
    entry = next((r["value"] for r in rows("info.tsv") if r["key"] == "plant_entry"), "syscall")
    out = [f"What the erase left ({s}): rounds in which a secret planted by one `write()` came out "
           f"of the next syscall (`stackleak-plant SHAPE {entry} 200`, erasing on, every boot of "
           "the run; chain: 32 small untracked frames, leaf: the bottom 16 words of a leaf's 328-byte frame):",
           "", "| kernel | chain | leaf |", "|---|---|---|"]
    for k in kernels:
        cells = []
        for shape in ("chain", "leaf"):
            n, leaked = LEAK.get((s, k, shape), (0, 0))
            cells.append(f"{leaked} of {n}" if n else "–")
        out.append(f"| {k} | " + " | ".join(cells) + " |")
    return out + [""]


def profile_table():
    """The rows of clock "profile" (harness/bench/profile.sh): the on/off cost split into
    the erase (its fill and search blocks apart), the tracking function and the rest,
    from one boot per kernel; one table per set."""
    pr = [r for r in rows("results.tsv") if r["clock"] == "profile"]
    out = []
    for bset in dict.fromkeys(r["config"] for r in pr):
        v = {(r["kernel"], r["op"].split(":")[1], r["mode"], r["op"].split(":")[0]):
             float(r["value"]) for r in pr if r["config"] == bset}
        kernels = [k for k in KERNELS if any(key[0] == k for key in v)]
        out += [f"### Where the instructions go ({bset}, one boot per kernel under a TCG plugin)",
                "", "Guest instructions per operation, erasing on minus off, charged to the "
                "erase (`stackleak_erase*`), the tracking function (`stackleak_track_stack`) "
                "and the rest of the kernel and user space; erase on / off: the erase's own "
                "instructions in each mode, of which fill (blocks that store: `rep stos` "
                "iterations and store loops) and search (blocks that compare stack words) "
                "(harness/bench/profile.sh).", "",
                "| operation | " + " | ".join(f"{k}: erase on / off | {k}: fill | {k}: search | "
                                             f"{k}: tracking | {k}: rest" for k in kernels)
                + " | erase ours / upstream |",
                "|---" * (1 + 5 * len(kernels) + 1) + "|"]
        for op in OPS:
            if (kernels[0], op, "on", "erase") not in v:
                continue
            cells, erase = [], {}
            for k in kernels:
                d = {p: v.get((k, op, "on", p), 0) - v.get((k, op, "off", p), 0)
                     for p in ("erase", "track", "other", "fill", "search")}
                erase[k] = d["erase"]
                cells += [f"{v[(k, op, 'on', 'erase')]:,.0f} / {v[(k, op, 'off', 'erase')]:,.0f}",
                          f"{d['fill']:,.0f}", f"{d['search']:,.0f}",
                          f"{d['track']:+,.0f}", f"{d['other']:+,.0f}"]
            ratio = (f"{erase['ours'] / erase['upstream']:.2f}"
                     if erase.get("upstream") and "ours" in erase else "–")
            out.append(f"| {OP_TITLE[op]} | " + " | ".join(cells) + f" | {ratio} |")
        out.append("")
    return out


def per_boot_table(s, c, byboot, erasers, pairs, units):
    """The erase cost boot by boot (on minus off in one boot), so its spread shows: a
    difference of medians over all boots hides how much it moves from boot to boot."""
    def costs(k, op):
        out = {}
        for r, modes in byboot.get((s, c, k, op), {}).items():
            if modes.get("on") and modes.get("off"):
                out[r] = statistics.median(modes["on"]) - statistics.median(modes["off"])
        return out

    def cell(v, u):
        f = lambda x: fmt(x, u) if x >= 0 else f"{x:.3g}"
        return "–" if not v else f"{f(statistics.median(v))} [{f(min(v))}–{f(max(v))}]"
    nb = max((len(costs(k, op)) for k in erasers for op in OPS), default=0)
    if nb < 2:
        return []
    out = [f"Erase cost boot by boot ({s}, {c}): erasing on minus off within each boot, "
           f"median [min–max] over the {nb} boots; the ratio pairs the boots of the same round:", "",
           "| operation | " + " | ".join(f"erase cost {k}" for k in erasers) +
           "".join(f" | {a} / {b}" for a, b in pairs) + " |",
           "|---" * (1 + len(erasers) + len(pairs)) + "|"]
    for op in OPS:
        cost = {k: costs(k, op) for k in erasers}
        if not any(cost.values()):
            continue
        cells = [cell(list(cost[k].values()), units.get(op, "")) for k in erasers]
        for k, b in pairs:
            up = cost[b]
            ratios = [cost[k][r] / up[r] for r in cost[k] if up.get(r)]
            cells.append("–" if not ratios else
                         f"{statistics.median(ratios):.2f} [{min(ratios):.2f}–{max(ratios):.2f}]")
        out.append(f"| {OP_TITLE[op]} | " + " | ".join(cells) + " |")
    return out + [""]


def main():
    res = defaultdict(list)           # (set, clock, kernel, mode, op) -> values
    byboot = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))  # (set, clock, kernel, op) -> round -> mode -> values
    units = {}
    for r in RESULTS:
        if ":" in r["op"] or r["clock"].startswith("replay"):
            continue
        key = (r["config"], r["clock"], r["kernel"], r["mode"], r["op"])
        res[key].append(float(r["value"]))
        byboot[(r["config"], r["clock"], r["kernel"], r["op"])][r["round"]][r["mode"]].append(float(r["value"]))
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

    # The run's settings, as the table itself records them.
    runs = []
    for s in sets:
        rs = [r for r in RESULTS if r["config"] == s]
        kern = [k for k in KERNELS if any(r["kernel"] == k for r in rs)]
        runs.append(f"`{s}`: kernels {', '.join(kern)}; clocks {', '.join(sorted({r['clock'] for r in rs}))}; "
                    f"{len({r['round'] for r in rs})} rounds (boots per kernel and clock) x "
                    f"{max(int(r['rep']) for r in rs)} repetitions per boot and mode")
    info = rows("info.tsv")
    host = {r["key"]: r["value"] for r in info if r["set"] == "host"}
    arch = host.get("arch", "x86_64")
    md = ["# STACKLEAK benchmark report" + ("" if arch == "x86_64" else f" ({arch})"), "",
          "Generated by harness/bench/report.py from results.tsv (one row per measurement). "
          "Run: " + "; ".join(runs) + ". Cells: median [min–max] over all boots and repetitions.",
          "", f"Machine: {machine()}.", ""]
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
    # What the guest could not measure, in its own words (guest/bench/run.sh).
    for why in sorted({r["value"] for r in info if r["key"] == "hackbench"}):
        md += [f"hackbench: {why}.", ""]

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
            md += [f"Overhead against `none` ({s}, {c}; a kernel booted with "
                   "`randomize_kstack_offset=off` against `none` booted so), and the erase cost "
                   "(erasing on minus off, same boots):", ""]
            # Erase costs of the kernels that can switch erasing off, against upstream's.
            erasers = [k for k in KERNELS if k.split("-")[0] in ("upstream", "ours", "clang")
                       and any(key[:4] == (s, c, k, "off") for key in res)]
            # Ratios: each erase against upstream's booted the same way; with the fixes
            # (patches/upstream-fixes/) measured, what they cost and ours against them too.
            pairs = [(k, peer(k, "upstream")) for k in erasers
                     if not k.startswith("upstream") and peer(k, "upstream") in erasers]
            if "upstream-fixes" in erasers:
                pairs = [("upstream-fixes", "upstream")] + pairs + \
                        [(k, "upstream-fixes") for k in ("ours", "clang") if k in erasers]
            present = [k for k in KERNELS if not k.startswith("none")
                       and any(key[:3] == (s, c, k) for key in res)]
            md.append("| operation | " + " | ".join(f"{k} vs {peer(k, 'none')}" for k in present) + " | " +
                      " | ".join(f"erase cost {k}" for k in erasers) +
                      "".join(f" | {a} / {b}" for a, b in pairs) + " |")
            md.append("|---" * (1 + len(present) + len(erasers) + len(pairs)) + "|")
            for op in OPS:
                if base(s, c, "none", op) is None:
                    continue
                cells = []
                for k in present:
                    v, n = base(s, c, k, op), base(s, c, peer(k, "none"), op)
                    cells.append("–" if v is None or n is None else f"{(v / n - 1) * 100:+.1f}%")
                cost = {}
                for k in erasers:
                    on, off = med(s, c, k, "on", op), med(s, c, k, "off", op)
                    cost[k] = None if on is None or off is None else on - off
                u = units.get(op, "")
                cells += ["–" if cost[k] is None else fmt(cost[k], u) if cost[k] >= 0 else f"{cost[k]:.3g}"
                          for k in erasers]
                for k, b in pairs:
                    up = cost[b]
                    cells.append(f"{cost[k] / up:.2f}" if cost[k] is not None and up else "–")
                md.append(f"| {OP_TITLE[op]} | " + " | ".join(cells) + " |")
                if c == "icount":
                    chart[(s, op)] = {k: base(s, c, k, op) / base(s, c, peer(k, "none"), op)
                                      for k in KERNELS if base(s, c, k, op) and base(s, c, peer(k, "none"), op)}
            md.append("")
            md += per_boot_table(s, c, byboot, erasers, pairs, units)
            md += leak_table(s)
            if c == "icount":
                md += replay_table(s, med)

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

    if DEPTH:
        ops = sorted({k[2] for k in DEPTH})
        md += ["## Stack depth per syscall (/proc/self/stack_depth right after it, median of 31 "
               "per boot, then over the boots: ours, the tracked mark; upstream, where its erase "
               "started)", "", "| config | kernel | " + " | ".join(ops) + " |",
               "|---" * (len(ops) + 2) + "|"]
        for s, k in sorted({k[:2] for k in DEPTH}, key=lambda x: (x[0], KERNELS.index(x[1]) if x[1] in KERNELS else 99)):
            md.append(f"| {s} | {k} | " + " | ".join(
                f"{statistics.median(DEPTH[(s, k, o)]):.0f}" if DEPTH.get((s, k, o)) else "–" for o in ops) + " |")
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
    md += profile_table()
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
