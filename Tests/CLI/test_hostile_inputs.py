"""Every subcommand on a generated corpus of hostile inputs, each run in a child process with limits on time
and memory. Whatever the input: the exit status is 0, 1 or 2; an exit 1 comes with a located error
(`path:line:col: error: ...`), an exit 2 with a message; JSON output parses; and nothing traps, hangs, overflows
its stack or runs away with memory.

The corpus is random but seeded: the seed is printed, STACKC_SEED=n replays it. It is small by default;
STACKC_LONG_TESTS=1 makes it much larger (more random files, and every size at full scale).

The limits are for a debug build, the one CI tests (a release build is 5 to 10 times faster).
"""

from __future__ import annotations

import json
import os
import random
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from stackc_process import LOCATED_ERROR, REPO, run  # noqa: E402

LONG = os.environ.get("STACKC_LONG_TESTS") == "1"
SEED = int(os.environ.get("STACKC_SEED", "20261123"))
# 120: `ast --format json` of a 2,000-deep file pretty-prints its 256 nested levels and every skipped token
# (about 90 MB) in about 35 s with a debug build on an idle 2-core machine.
SECONDS = 120
PEAK_MB = 1536
SAMPLES = sorted((REPO / "Samples").rglob("*.stack"))


def scale(default: int, long: int) -> int:
    return long if LONG else default


def bomb(levels: int, fanout: int) -> str:
    text = "component C0() { view(intrinsic: 1 x 1) }\n"
    for level in range(1, levels + 1):
        text += f"component C{level}() {{ vstack {{ " + f"C{level - 1}() " * fanout + "} }\n"
    return text + f"vstack {{ C{levels}() }}\n"


def corpus(rng: random.Random) -> list[tuple[str, bytes]]:
    """(name, bytes) for every class of hostile input."""
    items: list[tuple[str, str | bytes]] = []
    n = scale(2_000, 20_000)
    # Deep nesting of every construct.
    items += [
        ("deep-parentheses", "let x = " + "(" * n + "1" + ")" * n + "\nvstack(spacing: x) {}\n"),
        ("deep-blocks", "vstack {" * n + "}" * n),
        ("deep-unclosed-blocks", "vstack {" * n),
        ("deep-comments", "/*" * n + "x" + "*/" * n + "\nvstack {}\n"),
        ("deep-negation", "let x = " + "-" * n + "1\nvstack(spacing: x) {}\n"),
        ("long-sum", "let x = 1" + " + 1" * n + "\nvstack(spacing: x) {}\n"),
        ("long-member-chain", "hstack { view a\n constraints { a" + ".a" * n + ".width == 1 } }\n"),
        ("long-constraint-sum", "hstack { view a view b\n constraints { a.width == b.width" + " + 1" * n + " } }\n"),
        ("constant-chain", "".join(f"let c{i} = c{i + 1}\n" for i in range(n * 5)) + f"let c{n * 5} = 1\nvstack(spacing: c0) {{ view(width: 1, height: 1) }}\n"),
        ("constant-cycle", "".join(f"let c{i} = c{(i + 1) % n}\n" for i in range(n)) + "vstack(spacing: c0) {}\n"),
        ("component-chain", "".join(f"component C{i}() {{ C{i + 1}() }}\n" for i in range(n)) + f"component C{n}() {{ view }}\nvstack {{ C0() }}\n"),
        ("component-cycle", "".join(f"component C{i}() {{ C{(i + 1) % n}() }}\n" for i in range(n)) + "vstack { C0() }\n"),
        ("nested-stack-components", "component C0() { view }\n" + "".join(f"component C{i}() {{ vstack {{ view C{i - 1}() }} }}\n" for i in range(1, 200)) + "vstack { C199() }\n"),
        ("deep-tree", "vstack {" * 250 + "view(intrinsic: 1 x 1)" + "}" * 250),
    ]
    # Expansion bombs, small and large.
    items += [("bomb-6x10", bomb(6, 10)), ("bomb-12x12", bomb(12, 12)), ("bomb-2x1999", bomb(2, 1999)),
              ("bomb-64x2", bomb(64, 2)), ("bomb-3x10", bomb(3, 10))]
    # Huge and tiny numbers.
    items += [
        ("huge-intrinsic", "hstack { view(intrinsic: " + "9" * 400 + " x 10) }\n"),
        ("huge-priority", "hstack { view(intrinsic: 1 x 1, hugging: " + "9" * 400 + ") }\n"),
        ("huge-constraint", "hstack { view a(intrinsic: 1 x 1) view b(intrinsic: 1 x 1)\n constraints { a.width == b.width + " + "9" * 400 + " - " + "9" * 400 + " } }\n"),
        ("overflowing-arithmetic", "let a = 1000000000000\nlet b = a * a * a\nvstack(spacing: b) {}\n"),
        ("tiny-numbers", "hstack(spacing: 0." + "0" * 400 + "1) { view(intrinsic: 0.000000001 x 0.0000001) }\n"),
        ("largest-numbers", "hstack(spacing: 1000000000000) { view(intrinsic: 1000000000000 x 1000000000000) view(width: 1000000000000) }\n"),
        ("long-decimal", "hstack(spacing: 1." + "1" * 5000 + ") { view }\n"),
        ("division-by-zero", "let z = 0\nhstack(spacing: 1 / z) { view }\n"),
    ]
    # Long lines, many diagnostics, many roots.
    m = scale(10_000, 100_000)
    items += [
        ("unknown-elements-one-line", "vstack { " + "zz " * m + "}\n"),
        ("duplicate-arguments", "hstack { view(" + "width: 1, " * m + ") }\n"),
        ("closing-braces", "}" * (m * 10)),
        ("long-identifier", "let " + "a" * (m * 100) + " = 1\n" + "".join(f"let c{i} = gpa{i}\n" for i in range(100)) + "vstack { view }\n"),
        ("long-string", "hstack { label(text: \"" + "x" * (m * 100) + "\") }\n"),
        ("many-roots", "".join(f"hstack r{i} {{ view(intrinsic: 1 x 1) }}\n" for i in range(m // 4))),
        ("many-constants", "".join(f"let constant{i} = {i}\n" for i in range(m * 2))),
        ("non-ascii-long-line", "vstack { " + "é日 zz " * (m // 2) + "}\n"),
    ]
    # Bytes that are not text.
    items += [
        ("bom", b"\xef\xbb\xbfvstack { view(intrinsic: 1 x 1) }\n"),
        ("nul-bytes", b"vstack {\x00 view \x00}\n\x00"),
        ("invalid-utf8-comment", b"// \xff\xfe\nvstack { view }\n"),
        ("invalid-utf8-string", b"hstack { label(text: \"\xc3\x28\") }\n"),
        ("crlf", b"vstack {\r\n view(intrinsic: 1 x 1)\r\n}\r\n"),
        ("empty", b""),
    ]
    # Random bytes, truncated and mutated samples.
    for index in range(scale(6, 120)):
        items.append((f"random-bytes-{index}", bytes(rng.randrange(256) for _ in range(rng.randrange(1, 4096)))))
    alphabet = list(b"hstackvview{}()[]:,.=<>@+-*/ x0123456789\"\n") + [0xC3, 0xA9]
    for index in range(scale(6, 120)):
        items.append((f"random-tokens-{index}", bytes(rng.choice(alphabet) for _ in range(rng.randrange(1, 4096)))))
    for index in range(scale(8, 200)):
        sample = rng.choice(SAMPLES).read_bytes()
        cut = sample[: rng.randrange(len(sample) + 1)]
        items.append((f"truncated-{index}", cut))
        mutated = bytearray(sample)
        for _ in range(rng.randrange(1, 20)):
            mutated[rng.randrange(len(mutated))] = rng.randrange(256)
        items.append((f"mutated-{index}", bytes(mutated)))
    return [(name, value.encode("utf-8") if isinstance(value, str) else value) for name, value in items]


COMMANDS = [
    ["check"], ["check", "--format", "json"], ["ast"], ["ast", "--format", "json"], ["ir"], ["ir", "--format", "json"],
    ["layout"], ["layout", "--format", "json", "--width", "0,320"], ["render", "-o", "{out}.svg"], ["build", "-o", "{out}.swift"], ["fmt"],
]
JSON_OUTPUT = {("check", "--format", "json"), ("ast", "--format", "json"), ("ir", "--format", "json")}


def located_error(command: list[str], result) -> bool:
    """An error with a place: swiftc-style on standard error, or in `check --format json`'s diagnostics."""
    if command[:3] != ["check", "--format", "json"]:
        return bool(LOCATED_ERROR.search(result.err))
    try:
        files = json.loads(result.stdout)
    except ValueError:
        return False
    return any(d["severity"] == "error" and d["range"]["start"]["line"] >= 1 for f in files for d in f["diagnostics"])


def problems_of(name: str, path: Path, command: list[str]) -> list[str]:
    arguments = [part.replace("{out}", str(path.with_suffix(""))) for part in command] + [str(path)]
    result = run(arguments, timeout=SECONDS)
    found = []
    if result.timed_out:
        found.append("timed out")
    elif result.returncode not in (0, 1, 2):
        found.append(f"exit {result.returncode} (a signal or a trap)")
    elif result.returncode == 1 and not located_error(command, result):
        found.append("exit 1 without a located error")
    elif result.returncode == 2 and "error" not in result.err:
        found.append("exit 2 without a message")
    if result.peak_kb > PEAK_MB * 1024:
        found.append(f"peak memory {result.peak_kb // 1024} MB")
    if tuple(command) in JSON_OUTPUT and result.returncode in (0, 1) and result.stdout:
        try:
            json.loads(result.stdout)
        except ValueError as error:
            found.append(f"stdout is not JSON: {error}")
    TIMES.append((result.seconds, name, " ".join(command)))
    return [f"{name}: {' '.join(command)}: {problem}\n  {result.describe()}" for problem in found]


TIMES: list[tuple[float, str, str]] = []


def test_every_command_survives_the_hostile_corpus(tmp_path):
    print(f"hostile corpus: seed {SEED} (STACKC_SEED={SEED} replays it), long: {LONG}")
    rng = random.Random(SEED)
    inputs = corpus(rng)
    jobs = []
    for name, data in inputs:
        path = tmp_path / f"{name}.stack"
        path.write_bytes(data)
        jobs += [(name, path, command) for command in COMMANDS]
    with ThreadPoolExecutor(max_workers=2) as pool:
        found = [problem for problems in pool.map(lambda job: problems_of(*job), jobs) for problem in problems]
    print(f"hostile corpus: {len(inputs)} inputs, {len(jobs)} runs; slowest:")
    for seconds, name, command in sorted(TIMES, reverse=True)[:8]:
        print(f"  {seconds:6.2f} s  {name}: {command}")
    assert found == [], "\n".join(found[:20])
