#!/usr/bin/env python3
"""Whole-process timings of `stackc build` on layouts whose arranged items write `hidden:`.

Shapes: the solver workloads' *nested* layout (solver_workloads.py) with `hidden: false` on every
tenth label (one toggle per column), and the same with every section aligned by `firstBaseline`
(each column's baseline is its first visible label's, so a toggle changes its row's constraints and
the whole layout is lowered per combination). Each binary runs RUNS times per workload, interleaved;
the median wall time is printed with the ratio old / new. A run over LIMIT seconds is stopped.

    python3 Benchmarks/codegen_toggles.py NEW_STACKC [OLD_STACKC] [--ns 1000,3000,10000] [--runs 3] [--limit 60]
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from solver_workloads import nested  # noqa: E402


def toggled(n, baselines):
    text = re.sub(r"(label v(\d+)\(intrinsic: [^)]*)\)",
                  lambda m: m.group(1) + (", hidden: false)" if int(m.group(2)) % 10 == 3 else ")"), nested(n, "plain"))
    if baselines:
        text = re.sub(r"alignment: (center|top|fill|bottom), spacing: 8", "alignment: firstBaseline, spacing: 8", text)
    return text


def run(binary, path, limit):
    start = time.monotonic()
    try:
        subprocess.run([binary, "build", path, "-o", path + ".swift"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=limit, check=False)
    except subprocess.TimeoutExpired:
        return None
    return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("new")
    parser.add_argument("old", nargs="?")
    parser.add_argument("--ns", default="1000,3000,10000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--limit", type=float, default=60)
    args = parser.parse_args()
    binaries = [("new", args.new)] + ([("old", args.old)] if args.old else [])
    print("| workload | N | toggles | " + " | ".join(f"{name} s" for name, _ in binaries) + (" | old / new |" if args.old else " |"))
    print("|---|---|---|" + "---|" * (len(binaries) + (1 if args.old else 0)))
    with tempfile.TemporaryDirectory() as directory:
        for baselines in (False, True):
            skip = set()
            for n in map(int, args.ns.split(",")):
                text = toggled(n, baselines)
                path = os.path.join(directory, f"toggles-{n}.stack")
                with open(path, "w") as file:
                    file.write(text)
                times = {name: [] for name, _ in binaries}
                for _ in range(args.runs):
                    for name, binary in binaries:
                        if name in skip:
                            continue
                        seconds = run(binary, path, args.limit)
                        if seconds is None:
                            skip.add(name)
                        else:
                            times[name].append(seconds)
                medians = {name: statistics.median(t) for name, t in times.items() if t and name not in skip}
                cells = [f"{medians[name]:.3f}" if name in medians else f">{args.limit:.0f}" for name, _ in binaries]
                ratio = ""
                if args.old:
                    if "new" in medians and "old" in medians:
                        ratio = f" | {medians['old'] / medians['new']:.0f}x"
                    elif "new" in medians:
                        ratio = f" | >{args.limit / medians['new']:.0f}x"
                    else:
                        ratio = " | -"
                name = "baseline rows" if baselines else "columns"
                print(f"| {name} | {n} | {text.count('hidden:')} | " + " | ".join(cells) + ratio + " |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
