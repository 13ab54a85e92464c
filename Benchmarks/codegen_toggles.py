#!/usr/bin/env python3
"""Whole-process timings of `stackc build` on layouts whose arranged items write `hidden:`.

Shapes: the solver workloads' *nested* layout (solver_workloads.py) with `hidden: false` on every
tenth label (one toggle per column), and the same with every section aligned by `firstBaseline`
(each column's baseline is its first visible label's, so a toggle changes its row's constraints and
the whole layout is lowered per combination). Each binary runs RUNS times per workload, interleaved
(solver_workloads.compare); the exit codes, the median wall time and the ratio old / new are printed.
A run over LIMIT seconds is stopped and shown as `>LIMIT`.

    python3 Benchmarks/codegen_toggles.py NEW_STACKC [OLD_STACKC] [--ns 1000,3000,10000] [--runs 3] [--limit 60]
"""

import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from solver_workloads import binaries_of, compare, comparison_parser, nested  # noqa: E402


def toggled(n, baselines):
    text = re.sub(r"(label v(\d+)\(intrinsic: [^)]*)\)",
                  lambda m: m.group(1) + (", hidden: false)" if int(m.group(2)) % 10 == 3 else ")"), nested(n, "plain"))
    if baselines:
        text = re.sub(r"alignment: (center|top|fill|bottom), spacing: 8", "alignment: firstBaseline, spacing: 8", text)
    return text


def main():
    args = comparison_parser(ns="1000,3000,10000", limit=60).parse_args()
    binaries = binaries_of(args)
    print("| workload | N | toggles | exit | " + " | ".join(f"{name} s" for name, _ in binaries) + (" | old / new |" if args.old else " |"))
    print("|---|---|---|---|" + "---|" * (len(binaries) + (1 if args.old else 0)))
    with tempfile.TemporaryDirectory() as directory:
        for baselines in (False, True):
            skip = set()
            for n in map(int, args.ns.split(",")):
                text = toggled(n, baselines)
                path = os.path.join(directory, f"toggles-{n}.stack")
                with open(path, "w") as file:
                    file.write(text)
                medians, ratio, exits = compare(binaries, ["build", path, "-o", path + ".swift"], args, skip)
                cells = [f"{medians[name][0]:.3f}" if name in medians else f">{args.limit:.0f}" for name, _ in binaries]
                workload = "baseline rows" if baselines else "columns"
                code = ",".join(str(c) for c in exits)
                print(f"| {workload} | {n} | {text.count('hidden:')} | {code} | " + " | ".join(cells) + ratio + " |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
