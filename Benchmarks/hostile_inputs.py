#!/usr/bin/env python3
"""Issue 13's hostile inputs, measured: exit status, wall time and peak memory of each, for one or more stackc
binaries side by side (say, a release build of an older commit and of this one).

    python3 Benchmarks/hostile_inputs.py OLD/stackc NEW/stackc > table.md

Each input is generated into a temporary folder; each run has a time limit (--timeout, 120 s by default), past
which it is killed and shown as a time-out. Peak memory is GNU time's %M for the run (the maximum resident set of
stackc alone: ru_maxrss read from Python would include this script's own memory, which the child borrows until
its exec).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def bomb(levels: int, fanout: int) -> str:
    text = "component C0() { view(intrinsic: 1 x 1) }\n"
    for level in range(1, levels + 1):
        text += f"component C{level}() {{ vstack {{ " + f"C{level - 1}() " * fanout + "} }\n"
    return text + f"vstack {{ C{levels}() }}\n"


def cases() -> list[tuple[str, str, list[str], str | bytes]]:
    """(item, what, arguments with {f} for the input, input text)."""
    huge = "9" * 400
    return [
        ("1", "10,000 chained constants", ["check", "{f}"],
         "".join(f"let c{i} = c{i + 1}\n" for i in range(10_000)) + "let c10000 = 1\nvstack(spacing: c0) { view(width: 1, height: 1) }\n"),
        ("5", "bomb 6 levels x 10", ["check", "{f}"], bomb(6, 10)),
        ("5", "bomb 12 levels x 12", ["check", "{f}"], bomb(12, 12)),
        ("5", "bomb 1,999 x 1,999", ["check", "{f}"], bomb(2, 1999)),
        ("6", "10,000 `zz` on one line", ["check", "{f}"], "vstack { " + "zz " * 10_000 + "}\n"),
        ("6", "100,000 duplicate `width:`", ["check", "{f}"], "hstack { view(" + "width: 1, " * 100_000 + ") }\n"),
        ("6", "1,000,000 `}` on one line", ["check", "{f}"], "}" * 1_000_000 + "\n"),
        ("7", "10 MB name, 100 misspellings", ["check", "{f}"],
         "let " + "a" * 10_000_000 + " = 1\nlet gap = 1\n" + "".join(f"let c{i} = gpa + {i}\n" for i in range(100)) + "vstack(spacing: c0) { view }\n"),
        ("8", "400-digit intrinsic", ["check", "{f}"], f"hstack {{ view(intrinsic: {huge} x 10) }}\n"),
        ("8", "INF - INF in a constraint", ["ir", "{f}"],
         f"hstack {{ view a(intrinsic: 1 x 1) view b(intrinsic: 1 x 1)\n constraints {{ a.width == b.width + {huge} - {huge} }} }}\n"),
        ("8", "layout --width 1e16", ["layout", "--width", "1e16", str(REPO / "Samples/tip.stack")], ""),
        ("9", "layout of unknown-enum-case", ["layout", str(REPO / "Samples/errors/unknown-enum-case.stack")], ""),
        ("10", "200 nested components", ["check", "{f}"],
         "component C0() { view(intrinsic: 1 x 1) }\n"
         + "".join(f"component C{i}() {{ vstack {{ view(intrinsic: 1 x 1) C{i - 1}() }} }}\n" for i in range(1, 200)) + "vstack { C199() }\n"),
        ("10", "cycle of 10,000 components", ["check", "{f}"],
         "".join(f"component C{i}() {{ C{(i + 1) % 10_000}() }}\n" for i in range(10_000)) + "vstack { C0() }\n"),
        ("11", "ast --format json, 1,000,000 lets", ["ast", "--format", "json", "{f}"],
         "".join(f"let constant{i} = {i}\n" for i in range(1_000_000))),
        ("11", "layout, 100,000 roots", ["layout", "{f}"], "".join(f"hstack r{i} {{ view(intrinsic: 1 x 1) }}\n" for i in range(100_000))),
        ("11", "build, 100,000 roots", ["build", "{f}"], "".join(f"hstack r{i} {{ view(intrinsic: 1 x 1) }}\n" for i in range(100_000))),
        ("11", "check, 200 MB on one line", ["check", "{f}"], "hstack { " + "view " * 40_000_000 + "}\n"),
        ("12", "byte order mark", ["check", "{f}"], b"\xef\xbb\xbfvstack { view(intrinsic: 1 x 1) }\n"),
        ("12", "/dev/null", ["check", "/dev/null"], ""),
    ]


def measure(binary: str, arguments: list[str], timeout: float) -> str:
    with tempfile.NamedTemporaryFile("r") as report:
        started = time.monotonic()
        try:
            completed = subprocess.run(["/usr/bin/time", "-o", report.name, "-f", "%x %M", "timeout", "-s", "KILL", str(timeout),
                                        binary, *arguments], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
        finally:
            seconds = time.monotonic() - started
        text = report.read()
    fields = text.split()
    code, peak_kb = (int(fields[-2]), int(fields[-1])) if len(fields) >= 2 else (completed.returncode, 0)
    if "signal 9" in text or code == 137:
        return f"killed after {timeout:.0f} s"
    signal = re.search(r"terminated by signal (\d+)", text)
    shown = f"signal {signal.group(1)}" if signal else f"exit {code}"
    return f"{shown}, {seconds:.2f} s, {peak_kb // 1024} MB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--timeout", type=float, default=120)
    options = parser.parse_args()
    print("| item | input | " + " | ".join(options.binaries) + " |")
    print("|---|---|" + "---|" * len(options.binaries))
    with tempfile.TemporaryDirectory() as folder:
        for item, what, arguments, text in cases():
            path = Path(folder) / "input.stack"
            path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
            resolved = [part.replace("{f}", str(path)) for part in arguments]
            results = [measure(binary, resolved, options.timeout) for binary in options.binaries]
            print(f"| {item} | {what} | " + " | ".join(results) + " |", flush=True)


if __name__ == "__main__":
    main()
