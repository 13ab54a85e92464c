#!/usr/bin/env python3
"""Whole-process latency of `stackc` subcommands on every sample (Samples/*.stack): what a user, the
build plugin or an editor's save hook waits for on files of ordinary size.

Each binary runs each subcommand on each sample RUNS times, interleaved with the other binary; the
figure per subcommand is the median over the samples of each sample's median wall time, with the
ratio old / new.

    python3 Benchmarks/cli_samples.py NEW_STACKC [OLD_STACKC] [--runs 7]
"""

import argparse
import glob
import os
import statistics
import subprocess
import time

COMMANDS = [
    ("check", ["check"]),
    ("check --device all", ["check", "--device", "all"]),
    ("layout", ["layout"]),
    ("render", ["render"]),
    ("build", ["build"]),
]


def wall(binary, arguments):
    start = time.monotonic()
    subprocess.run([binary] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("new")
    parser.add_argument("old", nargs="?")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    samples = sorted(glob.glob(os.path.join(root, "Samples", "*.stack")))
    binaries = [("new", args.new)] + ([("old", args.old)] if args.old else [])
    print("| command | " + " | ".join(f"{name} ms" for name, _ in binaries) + (" | old / new |" if args.old else " |"))
    print("|---|" + "---:|" * (len(binaries) + (1 if args.old else 0)))
    for name, arguments in COMMANDS:
        per_binary = {label: [] for label, _ in binaries}
        for sample in samples:
            times = {label: [] for label, _ in binaries}
            for _ in range(args.runs):
                for label, binary in binaries:
                    times[label].append(wall(binary, arguments + [sample]))
            for label in times:
                per_binary[label].append(statistics.median(times[label]))
        medians = {label: statistics.median(values) * 1000 for label, values in per_binary.items()}
        cells = [f"{medians[label]:.1f}" for label, _ in binaries]
        ratio = f" | {medians['old'] / medians['new']:.1f}x" if args.old else ""
        print(f"| {name} | " + " | ".join(cells) + ratio + " |", flush=True)


if __name__ == "__main__":
    main()
