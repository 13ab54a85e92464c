#!/usr/bin/env python3
"""Whole-process timings of `stackc check` on the solver's workloads (issue 14's table).

Shapes: *flat* (one hstack of N labels) and *nested* (a vstack of sections of columns of labels: the
layout benchmark's shapes, Benchmarks/LayoutBenchmark/main.swift, with the stacks named); *columns*
(four nested layouts of N / 4 labels side by side in an hstack, not in the default `--shapes`); *equal*,
*spaced*, *centres* and *centred* (the flat shape distributed fillEqually, equalSpacing or
equalCentering, or aligned center; not in the default; their `root` variant is their plain one);
*narrow* (the equal row pinned at 700 points, where the conflict variant's fixed item conflicts with
the whole row; not in the default); *tied*
(one fillProportionally hstack of N labels: past 248 items today's UIKit ties their shares at 751) and
*stretched* (that row with its last label hugging at 240, beside a view hugging at 800 in a row 60
points per label wide, so the tied shares' residue goes to that label), neither in the default; *free*
(one vstack of N views with no height, ambiguous all through; its variants are distributions: `fill`,
`fillEqually`, `fillProportionally`, `equalSpacing`, `equalCentering`). Variants:

- plain: stacks only;
- constraint: one user constraint, `v0.width == v1.width` (nested: two labels in different sections);
- spread: 1% of the labels in user constraints spread across the tree (`vi.width == vj.width`, pairs
  half the layout apart);
- heights: the spread variant's pairs with equal heights, across the rows (not in the default `--variants`);
- near: the same with pairs an eighth of the layout apart, each inside one quarter (in the columns
  shape, each column has its own constraints; not in the default `--variants`);
- pinned: the spread variant's first labels given widths of their own (`vi.width == 20 + k % 9`): in the
  nested shape, labels in fillEqually sections, which the root's width ties together, so most of them
  conflict (not in the default `--variants`);
- aligned: the spread variant's pairs with equal leading edges (`vi.leading == vj.leading`; not in the
  default `--variants`);
- bounded: the spread variant's pairs as `vi.width <= vj.width - 2` (not in the default `--variants`);
- across: the spread variant's pairs as `vi.height == vj.width`, relating the axes (not in the default
  `--variants`);
- axes: two user constraints, one on each axis: the constraint variant's and `vi.height == vj.height`
  (not in the default `--variants`);
- conflict: one required conflict (a 10-point stack around a view with an explicit length of 44);
- ambiguous: one view with no size at all;
- squeezed: one stack the tree solver declines (an equalCentering row of 120 points of labels given 100);
- hidden: one equalSpacing row with a hidden item, which today's UIKit places only with `>=` (the tree
  solver settles its free place; not in the default `--variants`);
- kept: one row with a hidden item of a required width, which today's UIKit keeps where it places it
  (not in the default `--variants`);
- root: the root itself an equalSpacing stack with a hidden item at its end (not in the default
  `--variants`);
- toggles: twelve rows like hidden's (not in the default `--variants`);
- opaque: the root's variant with a hidden stack instead of the hidden label (today's UIKit places it
  with `>=` only, so its insides are as free as its place; not in the default `--variants`);
- centering: the root distributed by equalCentering, at its natural length (today's UIKit counts its
  gap equalities down from 149 and pulls it short at 49; not in the default `--variants`);
- baseline: every hstack aligned by `firstBaseline` and every label given a first baseline (today's
  UIKit hangs a row's items from its first item's top; not in the default `--variants`);
- baselinerows: every tenth section's row aligned by `lastBaseline` and its labels given last
  baselines, so each of its columns takes its last label's baseline, which moves with the column's
  height (the tree solver answers the horizontal axis and leaves those columns to the vertical
  axis's joint group; not in the default `--variants`);
- lastbaseline: every hstack aligned by `lastBaseline`, every label given a last baseline, and a
  horizontal root 12 high, which squeezes its first label (10 high, its baseline 9 below its top
  and 12 below the root's: it would end 13 down; not in the default `--variants`).

Each binary is run RUNS times per workload, interleaved, and the median wall time and peak memory
(getrusage of the child) are printed with the ratio old / new. A run over LIMIT seconds is stopped
and shown as `>LIMIT`.

    python3 Benchmarks/solver_workloads.py NEW_STACKC [OLD_STACKC] [--ns 300,1000,3000] [--runs 3] [--limit 120]
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time


def size(i):
    return f"{10 + (i * 7) % 31} x {10 + (i * 13) % 23}"


def flat(n, variant):
    lines = ["hstack main(spacing: 2) {"]
    lines += [f"    label v{i}(intrinsic: {size(i)})" for i in range(n)]
    paths = [f"v{i}" for i in range(n)]
    return finish(lines, paths, variant, *FLAT_EXTRAS)


FLAT_EXTRAS = (
    "    hstack bad(width: 10) { view inner(width: 44, intrinsic: 10 x 10) }",
    "    hstack box(alignment: top) {\n        vstack eq(distribution: equalCentering, spacing: 10, height: 100) {\n"
    "            label ea(intrinsic: 10 x 20)\n            label ec(intrinsic: 10 x 60)\n"
    "            label ed(intrinsic: 10 x 40)\n        }\n    }")


def equal(n, variant):
    """The flat shape distributed fillEqually: every label as wide as the others."""
    return distributed("distribution: fillEqually", n, variant)


def spaced(n, variant):
    """The flat shape distributed equalSpacing: every gap as wide as the others."""
    return distributed("distribution: equalSpacing", n, variant)


def centred(n, variant):
    """The flat shape aligned center: each label as tall as it likes, in the row's middle."""
    return distributed("alignment: center", n, variant)


def distributed(attribute, n, variant):
    lines = [f"hstack main({attribute}, spacing: 2) {{"]
    lines += [f"    label v{i}(intrinsic: {size(i)})" for i in range(n)]
    return finish(lines, [f"v{i}" for i in range(n)], variant, *FLAT_EXTRAS)


def centres(n, variant):
    """The flat shape distributed equalCentering: its items' centres equally far apart."""
    return distributed("distribution: equalCentering", n, variant)


def narrow(n, variant):
    """The equal row pinned at 700 points: its conflict variant's fixed-width item conflicts with the
    whole row (every item's equal length, the chain and the pin)."""
    return distributed("width: 700, distribution: fillEqually", n, variant)


def tied(n, variant):
    lines = ["hstack main(distribution: fillProportionally, spacing: 2) {"]
    lines += [f"    label v{i}(intrinsic: {size(i)})" for i in range(n)]
    return finish(lines, [f"v{i}" for i in range(n)], variant, *FLAT_EXTRAS)


def free(n, variant):
    """One vstack of N views with a width and no height, distributed by `variant`, a distribution's name:
    every height is ambiguous, so the general solver takes the vertical axis and settles every view."""
    lines = [f"vstack free(distribution: {variant}) {{"]
    lines += [f"    view v{i}(intrinsic: 80 x none)" for i in range(n)]
    return "\n".join(lines + ["}"]) + "\n"


def stretched(n, variant):
    lines = [f"hstack outer(width: {60 * n}) {{", "    hstack main(distribution: fillProportionally, spacing: 2) {"]
    lines += [f"        label v{i}(intrinsic: {size(i)}{', hugging: 240' if i == n - 1 else ''})" for i in range(n)]
    lines += ["    }", "    view d(intrinsic: 100 x 12, hugging: 800)"]
    return finish(lines, [f"main.v{i}" for i in range(n)], variant, *FLAT_EXTRAS)


def nested(n, variant):
    lines = ["vstack main(spacing: 4) {"]
    paths = []
    sections(lines, paths, n, "    ", "")
    return finish(lines, paths, variant, *NESTED_EXTRAS)


def columns(n, variant):
    """Four nested layouts side by side in an hstack: four hubs (vstacks of sections) along the width."""
    lines = ["hstack main(spacing: 8) {"]
    paths = []
    for k in range(4):
        lines.append(f"    vstack col{k}(spacing: 4) {{")
        sections(lines, paths, n // 4, "        ", f"k{k}")
        lines.append("    }")
    return finish(lines, paths, variant, *NESTED_EXTRAS)


def sections(lines, paths, n, indent, tag):
    """Appends the nested shape's sections of columns of labels (about `n` labels, numbered on from
    `len(paths)`) at `indent`; `tag` keeps stack names apart when there are several."""
    per_column, per_section = (10, 10) if n >= 100 else (max(1, n // 2), 2)
    count = max(1, n // (per_column * per_section))
    distributions = ["fill", "equalSpacing", "fillEqually"]
    section_alignments = ["center", "top", "fill", "bottom"]
    column_alignments = ["leading", "center", "fill", "trailing"]
    for s in range(count):
        margins = ", margins: (4, 8)" if s % 3 == 0 else ""
        lines.append(f"{indent}hstack s{tag}{s}(distribution: {distributions[s % 3]}, alignment: {section_alignments[s % 4]}, spacing: 8{margins}) {{")
        for c in range(per_section):
            after = ", spacingAfter: 12" if c % 4 == 1 else ""
            lines.append(f"{indent}    vstack c{tag}{s}x{c}(alignment: {column_alignments[(s + c) % 4]}, spacing: 2{after}) {{")
            for _ in range(per_column):
                view = len(paths)
                lines.append(f"{indent}        label v{view}(intrinsic: {size(view)})")
                paths.append(f"v{view}")
            lines.append(f"{indent}    }}")
        lines.append(f"{indent}}}")


NESTED_EXTRAS = (
    "    vstack bad(height: 10) { view inner(height: 44, intrinsic: 10 x 10) }",
    "    vstack box(alignment: leading) {\n        hstack eq(distribution: equalCentering, spacing: 10, width: 100) {\n"
    "            label ea(intrinsic: 20 x 10)\n            label ec(intrinsic: 60 x 10)\n"
    "            label ed(intrinsic: 40 x 10)\n        }\n    }")


def finish(lines, paths, variant, conflict, squeezed):
    n = len(paths)
    if variant in ("constraint", "axes"):
        other = paths[min(n - 1, 150)] if len(paths) > 150 else paths[min(1, n - 1)]
        lines += ["    constraints {", f"        {paths[0]}.width == {other}.width"]
        if variant == "axes":
            lines.append(f"        {paths[min(3, n - 1)]}.height == {paths[min(n - 1, 250)]}.height")
        lines.append("    }")
    elif variant in ("spread", "near", "heights", "pinned", "aligned", "bounded", "across"):
        pairs = max(1, n // 200)
        stride = max(1, n // pairs)
        def partner(i):
            if variant in ("spread", "across"):
                return (i + n // 2) % n
            # Near: an eighth of the layout away, inside the same quarter (a column of the columns shape).
            return i + n // 8 if i % max(1, n // 4) < n // 8 else i - n // 8
        length = "height" if variant == "heights" else "width"
        def constraint(k):
            first, second = paths[(k * stride) % n], paths[partner((k * stride) % n)]
            if variant == "pinned":
                return f"{first}.width == {20 + k % 9}"
            if variant == "aligned":
                return f"{first}.leading == {second}.leading"
            if variant == "bounded":
                return f"{first}.width <= {second}.width - 2"
            if variant == "across":
                return f"{first}.height == {second}.width"
            return f"{first}.{length} == {second}.{length}"
        body = [f"        {constraint(k)}" for k in range(pairs)]
        lines += ["    constraints {"] + body + ["    }"]
    elif variant == "conflict":
        lines.append(conflict)
    elif variant == "ambiguous":
        lines.append("    view amb")
    elif variant == "squeezed":
        lines.append(squeezed)
    elif variant == "kept":
        lines.append("    hstack kept {\n        label k1(intrinsic: 20 x 10)\n"
                     "        label k2(width: 30, intrinsic: 20 x 10, hidden: true)\n        label k3(intrinsic: 30 x 12)\n    }")
    elif variant == "root":
        lines[0] = lines[0].replace("(spacing:", "(distribution: equalSpacing, spacing:")
        lines.append("    label gone(intrinsic: 20 x 10, hidden: true)")
    elif variant == "opaque":
        # A root whose hidden stack today's UIKit places with `>=` only: the stack and its insides
        # move together to where nothing decides them (the tree solver settles them).
        lines[0] = lines[0].replace("(spacing:", "(distribution: equalSpacing, spacing:")
        lines.append("    hstack gone(hidden: true) {\n        label g(intrinsic: 20 x 10)\n    }")
    elif variant == "centering":
        lines[0] = lines[0].replace("(spacing:", "(distribution: equalCentering, spacing:")
    elif variant in ("baseline", "lastbaseline"):
        name = "firstBaseline" if variant == "baseline" else "lastBaseline"
        for k, line in enumerate(lines):
            if line.lstrip().startswith("hstack"):
                line = re.sub(r"alignment: \w+, ", "", line).replace("(", f"(alignment: {name}, ", 1)
                if variant == "lastbaseline" and k == 0:
                    line = line.replace("(", "(height: 12, ", 1)
            elif line.lstrip().startswith("label") and line.endswith(")"):
                line = line[:-1] + f", {name}: {8 + k % 5})"
            lines[k] = line
    elif variant == "baselinerows":
        # Every tenth section's row aligned by last baselines, its labels given last baselines: each
        # column's last baseline is its last label's, which moves with the column's height.
        inside = False
        for k, line in enumerate(lines):
            section = re.match(r"\s*hstack s(?:k\d)?(\d+)\(", line)
            if section:
                inside = int(section.group(1)) % 10 == 0
                if inside:
                    line = re.sub(r"alignment: \w+", "alignment: lastBaseline", line)
            elif inside and line.lstrip().startswith("label") and line.endswith(")"):
                line = line[:-1] + f", lastBaseline: {8 + k % 5})"
            lines[k] = line
    elif variant in ("hidden", "toggles"):
        for k in range(12 if variant == "toggles" else 1):
            lines.append(f"    hstack toggles{k}(distribution: equalSpacing) {{\n        label t1x{k}(intrinsic: 20 x 10)\n"
                         f"        label t2x{k}(intrinsic: 20 x 10, hidden: true)\n        label t3x{k}(intrinsic: 30 x 12)\n    }}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def comparison_parser(ns, limit):
    """The arguments every comparison script takes: the binaries, the sizes, runs per binary and a time limit."""
    parser = argparse.ArgumentParser()
    parser.add_argument("new")
    parser.add_argument("old", nargs="?")
    parser.add_argument("--ns", default=ns)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--limit", type=float, default=limit)
    return parser


def binaries_of(args):
    return [("new", args.new)] + ([("old", args.old)] if args.old else [])


def run_limited(binary, arguments, limit):
    """Wall seconds, peak MB (getrusage of the child) and exit code of `binary arguments`; Nones past `limit`."""
    start = time.monotonic()
    process = subprocess.Popen([binary] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            return time.monotonic() - start, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)
        if time.monotonic() - start > limit:
            process.kill()
            process.wait()
            return None, None, None
        time.sleep(0.002)


def compare(binaries, arguments, args, skip):
    """Runs every binary on `arguments` `args.runs` times, interleaved. A binary that passes the limit joins
    `skip` (larger sizes are not tried). Returns per binary its median (seconds, MB) or None, the ratio cell
    (old / new, empty without an old binary) and the exit codes seen."""
    results = {name: [] for name, _ in binaries}
    exits = set()
    for _ in range(args.runs):
        for name, binary in binaries:
            if name in skip:
                continue
            seconds, mb, code = run_limited(binary, arguments, args.limit)
            results[name].append((seconds, mb))
            exits.add(code)
            if seconds is None:
                skip.add(name)
    medians = {}
    for name, _ in binaries:
        done = [r for r in results[name] if r[0] is not None]
        if name not in skip and done:
            medians[name] = (statistics.median(r[0] for r in done), statistics.median(r[1] for r in done))
    ratio = ""
    if args.old:
        if "new" in medians and "old" in medians:
            ratio = f"{medians['old'][0] / medians['new'][0]:.1f}x"
        elif "new" in medians:
            ratio = f">{args.limit / medians['new'][0]:.0f}x"
        ratio = f" | {ratio}"
    return medians, ratio, sorted(c for c in exits if c is not None)


def main():
    parser = comparison_parser(ns="300,1000,3000", limit=120)
    parser.add_argument("--shapes", default="flat,nested")
    parser.add_argument("--variants", default="plain,constraint,spread,conflict,ambiguous,squeezed")
    parser.add_argument("--width", type=float, help="time `layout --width W` (the root pinned there) instead of `check`")
    args = parser.parse_args()
    binaries = binaries_of(args)
    header = "| shape | variant | N | exit | " + " | ".join(f"{name} s | {name} MB" for name, _ in binaries)
    header += " | old / new |" if args.old else " |"
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    with tempfile.TemporaryDirectory() as directory:
        for shape in args.shapes.split(","):
            for variant in args.variants.split(","):
                skip = set()
                for n in map(int, args.ns.split(",")):
                    path = os.path.join(directory, f"{shape}-{variant}-{n}.stack")
                    with open(path, "w") as file:
                        file.write({"flat": flat, "nested": nested, "columns": columns, "equal": equal, "narrow": narrow, "spaced": spaced, "centred": centred, "centres": centres, "tied": tied, "stretched": stretched, "free": free}[shape](n, variant))
                    command = ["check", path] if args.width is None else ["layout", "--width", f"{args.width:g}", path]
                    medians, ratio, exits = compare(binaries, command, args, skip)
                    cells = []
                    for name, _ in binaries:
                        cells += [f"{medians[name][0]:.3f}", f"{medians[name][1]:.0f}"] if name in medians else [f">{args.limit:.0f}", "-"]
                    code = ",".join(str(c) for c in exits)
                    print(f"| {shape} | {variant} | {n} | {code} | " + " | ".join(cells) + ratio + " |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
