"""Shared fixtures for the editor tooling tests: the stackc binary, the repository, and running stackc.

The binary comes from the STACKC environment variable (.ci/run sets it after `swift build --product stackc`),
else from the usual build folders. Tests never build it themselves, and fail (not skip) without it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from stackc_binary import REPO, find_stackc  # noqa: E402

EDITOR_TESTS = Path(__file__).resolve().parent


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def stackc() -> Path:
    binary = find_stackc()
    if binary is None or not binary.is_file():
        pytest.fail("stackc binary not found: set STACKC or run `swift build --product stackc` first")
    return binary


@pytest.fixture(scope="session")
def run_stackc(stackc: Path):
    """Runs stackc with arguments from the repository root; returns the CompletedProcess."""

    def run(*arguments: str, stdin: str | None = None) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(stackc), *arguments],
            cwd=REPO,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "NO_COLOR": "1"},
        )

    return run


def samples(folder: str = "Samples") -> list[Path]:
    """The .stack files directly in a folder of the repository, sorted, as paths relative to it."""
    return sorted(path.relative_to(REPO) for path in (REPO / folder).glob("*.stack"))


def load_json(text: str):
    return json.loads(text)
