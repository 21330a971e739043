#!/bin/bash
# The cost figures the documents state are BENCHMARKS.md's: each summary table there holds
# the medians of the generated report's boot-by-boot table of its set, and the README's
# cost row, the cover letter and docs/debian.md quote ratios those tables give. A figure
# edited in one place only, or a bench re-run without the quotes updated, is a FAIL.
set -eu
. "$(dirname "$0")/../lib.sh"
exec python3 - "$ROOT" <<'EOF'
import re
import sys
from pathlib import Path

root = Path(sys.argv[1])
bench = (root / "BENCHMARKS.md").read_text()
fails = 0


def result(ok, name, why):
    global fails
    print(("PASS" if ok else "FAIL") + f": figures-{name}: {why}")
    fails += not ok


def table(text, marker):
    """(header, rows) of the first markdown table at or after the line starting with
    marker, as lists of cells; (None, None) when there is no such line."""
    lines = text.splitlines()
    start = next((i for i, l in enumerate(lines) if l.startswith(marker)), None)
    if start is None:
        return None, None
    rows = []
    for l in lines[start:]:
        if l.startswith("|"):
            if not l.startswith("|---"):
                rows.append([c.strip() for c in l.strip("|").split("|")])
        elif rows:
            break
    return (rows[0], rows[1:]) if rows else (None, None)


def span(header, rows, col):
    """"LO-HI": the smallest and largest cell of column col."""
    v = sorted(row[header.index(col)] for row in rows)
    return f"{v[0]}-{v[-1]}"


def num(cell):
    return float(cell.split(" [")[0].replace(",", ""))


def op(name):
    """An operation's name without its unit: "hackbench (guest s)" is "hackbench"."""
    return name.split(" (")[0]


def ratio(a, b):
    return f"{num(a) / num(b):.2f}"


# Each summary table against the report's boot-by-boot table of the same set: a column
# "K" ("K (what it is)") is that table's "erase cost K", a column "A / B" its ratio column;
# each cell is the median there.
# The report's table is looked up in its own section of BENCHMARKS.md (arm64's report has
# the same table titles as x86-64's minimal one).
for setname, summary, section, report in [
    ("minimal", "The erase's cost: guest instructions", "## Full report of the minimal run",
     "Erase cost boot by boot (minimal, icount)"),
    ("distro", "On Debian's options, the erase's cost", "## Full report of the distro run",
     "Erase cost boot by boot (distro, icount)"),
    ("arm64", "On arm64, the erase's cost", "## Full report of the arm64 run",
     "Erase cost boot by boot (minimal, icount)"),
]:
    sh, s = table(bench, summary)
    rh, r = table(bench[bench.find(section):] if section in bench else "", report)
    if s is None and setname != "minimal":
        continue
    if not s or not r:
        result(False, f"{setname}-summary", "BENCHMARKS.md lacks the summary or the report's boot-by-boot table")
        continue
    rep = {op(row[0]): row for row in r}
    cols = []
    for i, h in enumerate(sh[1:], 1):
        k = h.split(" (")[0]
        j = rh.index("erase cost " + k) if "erase cost " + k in rh else rh.index(k) if k in rh else None
        cols.append((i, j))
    bad = [f"column '{sh[i]}' not in the report" for i, j in cols if j is None]
    bad += [row[0] for row in s if op(row[0]) not in rep or
            any(j is not None and rep[op(row[0])][j].split(" [")[0] != row[i] for i, j in cols)]
    result(not bad and len(s) == len(r), f"{setname}-summary",
           f"{len(s)} rows equal the report's medians" if not bad else "differs from the report: " + ", ".join(bad))

# The core's cost (the bench-steps table: the tree after the core patch against upstream).
hdr, steps = table(bench, "| operation | upstream | step-")
core_col = next(i for i, c in enumerate(hdr) if "the core" in c)
core = {row[0]: (row[core_col], row[1], ratio(row[core_col], row[1])) for row in steps}
ratios = sorted(v[2] for v in core.values())
lo, hi = ratios[0], ratios[-1]

readme = (root / "README.md").read_text()
m = re.search(r"our erase costs ([0-9.]+)-([0-9.]+)x of upstream's in guest instructions \(the core\)", readme)
result(bool(m) and (m.group(1), m.group(2)) == (lo, hi), "readme-cost",
       f"README's cost row says {m.group(1)}-{m.group(2)}x, BENCHMARKS.md's core table gives {lo}-{hi}x"
       if m else "README's cost row has no 'our erase costs A-Bx ... (the core)'")

# The replay's range: BENCHMARKS.md's text, quoted by README's cost row.
m = re.search(r"upstream's erase logic: ([0-9.]+)x \([^)]*\) to ([0-9.]+)x", bench)
r = re.search(r"([0-9.]+)-([0-9.]+)x in TSC ticks", readme)
result(bool(m and r) and m.groups() == r.groups(), "readme-replay",
       f"README says {'-'.join(r.groups())}x, BENCHMARKS.md {'-'.join(m.groups())}x" if m and r
       else "no replay range in BENCHMARKS.md or README's cost row")

# The cover letter: every "Rx (OP, N against M" and the ratios listed by operation name.
cover = re.sub(r"\s+", " ", (root / "patches/cover-letter.txt").read_text())
names = {"a pipe round trip": "pipe round trip", "getppid": "getppid", "stat": "stat",
         "fork": "fork+exit+wait", "open+close": "open+close", "a 4 KiB read": "read 4 KiB"}
quoted = re.findall(r"([0-9.]+)x \(([^,]+), ([0-9,]+) against ([0-9,]+)", cover)
m = re.search(r"and ((?:[0-9.]+x, )*[0-9.]+x and [0-9.]+x) on (.+?)\.", cover)
listed = []
if m:
    rs = re.split(r", | and ", m.group(1))
    ops = re.split(r", | and ", m.group(2))
    listed = [(r.rstrip("x"), o) for r, o in zip(rs, ops)]
checked = [(r, o, n, d) for r, o, n, d in quoted] + [(r, o, None, None) for r, o in listed]
bad = []
for r, o, n, d in checked:
    if names.get(o) not in core:
        bad.append(f"unknown operation '{o}'")
        continue
    ours, up, rr = core[names[o]]
    if r != rr or (n is not None and (n, d) != (ours, up)):
        bad.append(f"{o}: says {r}x" + (f" ({n} against {d})" if n else "") + f", table {rr}x ({ours} against {up})")
result(len(checked) == len(core) and not bad, "cover-letter-cost",
       f"{len(checked)} figures equal BENCHMARKS.md's core table" if not bad and len(checked) == len(core)
       else "; ".join(bad) or f"{len(checked)} of {len(core)} operations quoted")

# The distro set's ranges, where BENCHMARKS.md has that summary: docs/debian.md, README's
# cost row and BENCHMARKS.md's own text quote them.
dh, d = table(bench, "On Debian's options, the erase's cost")
if d:
    up, fixed = span(dh, d, "ours / upstream"), span(dh, d, "ours / upstream-fixes")
    for name, text, pattern, want in [
        ("debian-cost", (root / "docs/debian.md").read_text(),
         r"ours costs ([0-9.]+-[0-9.]+)x upstream's erase.*?([0-9.]+-[0-9.]+)x of upstream with", (up, fixed)),
        ("readme-distro-cost", readme,
         r"Debian's options: ([0-9.]+-[0-9.]+)x \(([0-9.]+-[0-9.]+)x against", (up, fixed)),
        ("benchmarks-distro-text", bench, r"ours\s+costs ([0-9.]+-[0-9.]+)x of it", (fixed,)),
    ]:
        m = re.search(pattern, text, re.S)
        result(bool(m) and m.groups() == want, name,
               f"quotes {'/'.join(m.groups())}x, the distro summary gives {'/'.join(want)}x"
               if m else f"no figures matching /{pattern}/")
# arm64's range, quoted in README's cost row.
ah, a = table(bench, "On arm64, the erase's cost")
if a:
    want = span(ah, a, "ours / upstream")
    m = re.search(r"on arm64 \(minimal config\): ([0-9.]+-[0-9.]+)x", readme)
    result(bool(m) and m.group(1) == want, "readme-arm64-cost",
           f"README says {m.group(1)}x, the arm64 summary gives {want}x" if m
           else "README's cost row has no 'on arm64 (minimal config): A-Bx'")
sys.exit(1 if fails else 0)
EOF
