"""Where the stackc binary under test is, for every Python test folder (Tests/Editor, Tests/CLI).

The STACKC environment variable names it (.ci/run sets it after `swift build --product stackc`); else the
usual build folders are searched. Tests never build it themselves.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def find_stackc() -> Path | None:
    configured = os.environ.get("STACKC")
    if configured:
        return Path(configured)
    for folder in (".build", ".build-editor"):
        for configuration in ("debug", "release"):
            candidate = REPO / folder / configuration / "stackc"
            if candidate.is_file():
                return candidate
    return None
