"""`stackc check --fix` on the hostile corpus of test_hostile_inputs.py: it never crashes or hangs, a file it
rewrites has no syntax errors (else it is left byte-identical), and a second --fix changes nothing."""

from __future__ import annotations

import random
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from stackc_process import run  # noqa: E402
from test_hostile_inputs import SECONDS, SEED, corpus  # noqa: E402

REWRITTEN: list[str] = []


def problems_of(name: str, path: Path, original: bytes) -> list[str]:
    found = []
    first = run(["check", "--fix", str(path)], timeout=SECONDS)
    if first.timed_out or first.returncode not in (0, 1, 2):
        return [f"{name}: first --fix: exit {first.returncode}, timed out {first.timed_out}\n  {first.describe()}"]
    if not first.err.rstrip("\n").splitlines()[-1].startswith("stackc check: applied "):
        found.append(f"{name}: no closing line\n  {first.describe()}")
    fixed = path.read_bytes()
    if fixed != original:
        REWRITTEN.append(name)
        # A rewritten file parses: `ast` reports syntax errors only.
        syntax = run(["ast", str(path)], timeout=SECONDS)
        if syntax.returncode != 0:
            found.append(f"{name}: rewritten with syntax errors\n  {syntax.describe()}")
    second = run(["check", "--fix", str(path)], timeout=SECONDS)
    if path.read_bytes() != fixed or "applied 0 fix-its to 0 files" not in second.err:
        found.append(f"{name}: a second --fix changed the file\n  {second.describe()}")
    return found


def test_fix_survives_the_hostile_corpus_and_is_idempotent(tmp_path):
    print(f"hostile corpus: seed {SEED} (STACKC_SEED={SEED} replays it)")
    inputs = corpus(random.Random(SEED))
    jobs = []
    for name, data in inputs:
        path = tmp_path / f"{name}.stack"
        path.write_bytes(data)
        jobs.append((name, path, data))
    with ThreadPoolExecutor(max_workers=2) as pool:
        found = [problem for problems in pool.map(lambda job: problems_of(*job), jobs) for problem in problems]
    assert found == [], "\n".join(found[:20])
    # The corpus's mutated samples have typos with fix-its: some files must have been fixed.
    print(f"{len(REWRITTEN)} of {len(inputs)} files rewritten")
    assert REWRITTEN
