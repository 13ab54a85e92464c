"""The programs the editor tests run (Neovim, Vim, Node.js), and how test_vim.py and test_neovim_lsp.py run
Neovim and Vim: headless, README's setup snippets with the real runtime folder, an isolated home, and a script
that writes its findings as JSON.

The programs are required under CI (.ci/run installs Debian's; its Neovim, 0.7.2, is the oldest version README
supports) and skipped elsewhere when they are missing.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import REPO

README = (REPO / "README.md").read_text(encoding="utf-8")
RUNTIME = REPO / "Editors" / "vim"
PLACEHOLDER = "/path/to/stackc/Editors/vim"


def readme_block(marker: str, language: str) -> str:
    match = re.search(rf"<!-- {marker} -->\n```{language}\n(.*?)```\n<!-- /{marker} -->", README, re.S)
    assert match, f"README has no <!-- {marker} --> block"
    block = match.group(1)
    assert block.count(PLACEHOLDER) == 1, "the snippet names the runtime folder once, as a placeholder"
    return block.replace(PLACEHOLDER, str(RUNTIME))


def tool(name: str) -> str:
    """The program's path; a failure under CI (.ci/run installs it), a skip elsewhere when it is missing."""
    found = shutil.which(name)
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{name} is not installed under CI (.ci/run installs it from Debian)")
        pytest.skip(f"{name} is not installed")
    return found


def run_editor(name: str, init: Path, script: Path, files: list[Path], home: Path, path: str | None = None):
    """Starts the editor headless with `init` as its only configuration, opens `files`, sources `script`
    (which writes its findings and quits)."""
    env = {
        **os.environ,
        "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data"),
        "XDG_STATE_HOME": str(home / "state"), "XDG_CACHE_HOME": str(home / "cache"),
    }
    if path is not None:
        env["PATH"] = path
    if name == "nvim":
        command = [tool("nvim"), "--headless", "--clean", "-u", str(init), "-i", "NONE", "-n"]
    else:
        command = [tool("vim"), "-N", "-u", str(init), "-i", "NONE", "-n", "-es"]
    source = "luafile" if script.suffix == ".lua" else "source"
    command += ["-c", f"{source} {script}", *map(str, files)]
    return subprocess.run(command, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)


def script(tmp_path: Path, name: str, body: str, variables: dict[str, Path]) -> Path:
    """A Vim script (or, named *.lua, a Lua script) that first sets the global variables `g:key`."""
    assign = "vim.g.{} = {}" if name.endswith(".lua") else "let g:{} = {}"
    lines = [assign.format(key, json.dumps(str(value))) for key, value in variables.items()]
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n" + body, encoding="utf-8")
    return path


def read_result(path: Path, run: subprocess.CompletedProcess) -> dict:
    assert path.is_file(), f"the editor wrote no result (exit {run.returncode}): {run.stdout} {run.stderr}"
    result = json.loads(path.read_text(encoding="utf-8"))
    assert "error" not in result, result["error"]
    return result
