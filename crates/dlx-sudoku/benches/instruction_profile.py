#!/usr/bin/env python3
"""Instructions and simulated branch mispredictions per puzzle, ours against the `sudoku`
crate, on the samples of `cargo bench -p dlx-sudoku --bench peers` (docs/benchmarks.md,
"What the 2.0 target would take").

Usage: crates/dlx-sudoku/benches/instruction_profile.py target/release/deps/peers-HASH [SET ...]
(the binary `cargo bench -p dlx-sudoku --bench peers --no-run` names). Needs valgrind and
../shared/data. Each figure is the difference between 3 passes of a row
(`--profile ROW SET 3`) and 1, divided by twice the sample size: the set-up cancels out.

For our solver, the instructions are also split by the source lines of
crates/dlx-sudoku/src/links16.rs that change links (inlined, so only lines tell them
apart): hiding a node (unlinking it and lowering its item's length), putting it back,
appending a node while building the matrix, and the loops that walk an item's list for
those. What is left is choosing items, the search loop, copies and the policy round it.
Of our mispredicted branches (cachegrind's simulated predictor), those of the list walks'
loop tests: one walk's end comes after a number of nodes no predictor can know.
"""

import re
import subprocess
import sys
import tempfile

SETS = {
    "puzzles2_17_clue": 500,
    "puzzles3_magictour_top1465": 200,
    "puzzles6_forum_hardest_1106": 40,
    "puzzles1_unbiased_first1000": 1000,
}

HIDE = (
    "unlink_noting",
    "links[up as usize].down = down",
    "links[down as usize].up = up",
    "*l = l.wrapping_sub(1)",
    "if *l == 0",
)
UNHIDE = (
    "unhide_node_with",
    "let Link { up, down } = links[q]",
    "links[up as usize].down = q",
    "links[down as usize].up = q",
)
APPEND = (
    "let x = (x & !3)",
    "let it = item[q]",
    "let last = links[it",
    "links[q] = Link",
    "links[q as usize] = Link",
    "links[last as usize].down",
    "links[it as usize].up = q",
    "len[it as usize] += 1",
)
WALK = ("while p != i",)


def run(tool, out, binary, row, set_name, passes):
    args = ["valgrind", f"--tool={tool}", f"--{tool}-out-file={out}"]
    if tool == "cachegrind":
        args += ["--cache-sim=no", "--branch-sim=yes"]
    args += [binary, "--profile", row, set_name, str(passes)]
    subprocess.run(args, check=True, capture_output=True)


def annotate(cmd, path):
    return subprocess.run(cmd + [path], check=True, capture_output=True, text=True).stdout


def totals(path):
    line = next(l for l in annotate(["callgrind_annotate"], path).splitlines() if "PROGRAM TOTALS" in l)
    return int(line.split()[0].replace(",", ""))


def mispredicts(path):
    out = annotate(["cg_annotate", "--show=Bcm,Bim"], path)
    line = next(l for l in out.splitlines() if "PROGRAM TOTALS" in l)
    # "conditional (pct) indirect (pct) PROGRAM TOTALS"
    counts = re.sub(r"\([^)]*\)", "", line.split("PROGRAM")[0]).split()
    return sum(int(x.replace(",", "")) for x in counts)


def link_ops(text):
    """The first event on the link-changing lines of links16.rs, by kind, from an
    annotated listing (`callgrind_annotate` or `cg_annotate`, `--auto=yes`)."""
    kinds = {"hide": 0, "unhide": 0, "append": 0, "walk": 0}
    for section in text.split("Auto-annotated source: ")[1:]:
        if not section.split("\n", 1)[0].strip().endswith("links16.rs"):
            continue
        bases = 0
        for line in section.split("\n")[1:]:
            m = re.match(r"^\s*([\d,]+)\s+(.*)$", line)
            if not m:
                continue
            n, src = int(m.group(1).replace(",", "")), m.group(2).strip()
            if src.startswith("let base = (p & !3)"):
                # The first is hide's, the second unhide's.
                bases += 1
                kinds["hide" if bases == 1 else "unhide"] += n
            elif src.startswith(HIDE):
                kinds["hide"] += n
            elif src.startswith(UNHIDE):
                kinds["unhide"] += n
            elif src.startswith(APPEND):
                kinds["append"] += n
            elif src.startswith(WALK):
                kinds["walk"] += n
    return kinds


def main():
    binary = sys.argv[1]
    sets = sys.argv[2:] or list(SETS)
    print("| set (sample) | ours | links | of which hide / unhide / append / walk | `sudoku` crate | ratio | links ÷ `sudoku` | mispredicts ours (list walks) / `sudoku` |")
    print("|---|---:|---:|---|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for set_name in sets:
            size = SETS[set_name]
            fig = {}
            for row in ("ours-unique", "sudoku-crate-unique"):
                for tool in ("callgrind", "cachegrind"):
                    for passes in (1, 3):
                        run(tool, f"{tmp}/{tool}-{row}-{passes}", binary, row, set_name, passes)
                one, three = f"{tmp}/callgrind-{row}-1", f"{tmp}/callgrind-{row}-3"
                per = 2 * size
                fig[row] = {
                    "instr": (totals(three) - totals(one)) / per,
                    "miss": (mispredicts(f"{tmp}/cachegrind-{row}-3") - mispredicts(f"{tmp}/cachegrind-{row}-1")) / per,
                }
                if row == "ours-unique":
                    listing = ["callgrind_annotate", "--auto=yes", "--show-percs=no"]
                    a, b = (link_ops(annotate(listing, path)) for path in (one, three))
                    fig[row]["kinds"] = {k: (b[k] - a[k]) / per for k in a}
                    listing = ["cg_annotate", "--auto=yes", "--show=Bcm", "--show-percs=no"]
                    a, b = (
                        link_ops(annotate(listing, f"{tmp}/cachegrind-{row}-{passes}"))
                        for passes in (1, 3)
                    )
                    fig[row]["walk_miss"] = (b["walk"] - a["walk"]) / per
            ours, peer = fig["ours-unique"], fig["sudoku-crate-unique"]
            links = sum(ours["kinds"].values())
            kinds = " / ".join(f"{v:,.0f}" for v in ours["kinds"].values())
            print(
                f"| `{set_name}` ({size}) | {ours['instr']:,.0f} | {links:,.0f} | {kinds} | {peer['instr']:,.0f} "
                f"| {ours['instr'] / peer['instr']:.2f} | {links / peer['instr']:.2f} | {ours['miss']:,.0f} ({ours['walk_miss']:,.0f}) / {peer['miss']:,.0f} |"
            )


if __name__ == "__main__":
    main()
