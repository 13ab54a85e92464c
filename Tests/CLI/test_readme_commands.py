"""README's Quick start, run as written: every `swift run stackc ...` line (through the built binary),
its exit status, and the frames the README says the first command prints."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest

from stackc_process import find_stackc

REPO = Path(__file__).resolve().parents[2]


def quick_start() -> str:
    readme = (REPO / "README.md").read_text()
    return readme.split("## Quick start\n", 1)[1].split("\n## ", 1)[0]


def commands() -> list[str]:
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", quick_start(), re.S):
        for line in block.splitlines():
            command = line.split("  #", 1)[0].strip()
            if command.startswith("swift run stackc"):
                lines.append(command)
    return lines


def run(command: str, cwd: Path) -> subprocess.CompletedProcess:
    stackc = shlex.quote(str(find_stackc()))
    shell = command.replace("swift run stackc", stackc, 1)
    return subprocess.run(["bash", "-c", shell], cwd=cwd, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "MANPAGER": "cat", "PAGER": "cat"})


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    (tmp_path / "Samples").symlink_to(REPO / "Samples")
    return tmp_path


def test_quick_start_has_its_commands():
    assert len(commands()) >= 9
    assert commands()[0] == "swift run stackc layout Samples/springboard.stack"


@pytest.mark.parametrize("command", commands())
def test_quick_start_command_runs(workdir, command):
    if "| man" in command and subprocess.run(["bash", "-c", "command -v man"], capture_output=True).returncode != 0:
        if os.environ.get("CI") == "true":
            pytest.fail("man is not installed: .ci/run installs it")
        pytest.skip("man is not installed")
    result = run(command, workdir)
    # The one sample of a mistake exits 1; everything else succeeds.
    expected = 1 if "Samples/errors/" in command else 0
    assert result.returncode == expected, result.stderr
    if "-o " in command:
        output = workdir / command.split("-o ", 1)[1].split()[0]
        assert output.is_file() and output.stat().st_size > 0


def test_first_command_prints_what_readme_shows(workdir):
    shown = quick_start().split("The first command prints", 1)[1].split("```\n", 1)[1].split("```", 1)[0]
    printed = run(commands()[0], workdir).stdout.splitlines()
    for line in shown.splitlines():
        if line.strip() != "...":
            assert line.rstrip() in [p.rstrip() for p in printed], line


def ir_section() -> str:
    readme = (REPO / "README.md").read_text()
    return readme.split("## The constraint IR (`stackc ir`)\n", 1)[1].split("\n## ", 1)[0]


def test_ir_item_lines_are_what_stackc_ir_prints(tmp_path):
    shown = ir_section().split("so the IR alone is the whole layout:\n\n```\n", 1)[1].split("```", 1)[0]
    items = [line for line in shown.splitlines() if line.startswith("item ")]
    assert len(items) == 3
    (tmp_path / "apps.stack").write_text(
        "hstack main(alignment: center) {\n  label a(intrinsic: 10 x 10)\n  view b(hidden: true, intrinsic: 10 x 10)\n}\n")
    result = subprocess.run([str(find_stackc()), "ir", "apps.stack"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    printed = result.stdout.splitlines()
    for line in items:
        assert line in printed, line


def test_ir_json_items_have_the_fields_shown(tmp_path):
    shown = ir_section().split("```json\n", 1)[1].split("```", 1)[0]
    (tmp_path / "apps.stack").write_text("vstack main {\n  hstack top(alignment: center) {\n    label time(intrinsic: 10 x 10)\n  }\n}\n")
    result = subprocess.run([str(find_stackc()), "ir", "--format", "json", "apps.stack"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    import json
    assert json.loads(result.stdout)["uikit"] == "current"
    items = {item["name"]: item for item in json.loads(result.stdout)["items"]}
    for key in re.findall(r'"(\w+)":', shown.split('"constraints"', 1)[0]):
        if key in ("root", "uikit", "items"):
            continue
        assert key in items["main.top"] or key in items["main.top"]["arrangement"], key
    assert items["main.top"]["arrangement"] == {"axis": "horizontal", "distribution": "fill", "alignment": "center",
                                                "baselineRelative": False, "layoutMarginsRelative": False}
    assert items["main.top.time"]["arrangement"] is None and items["main.top.time"]["hidden"] is False


def block_after(marker: str) -> str:
    readme = (REPO / "README.md").read_text()
    return readme.split(marker, 1)[1].split("```", 2)[1].split("\n", 1)[1]


def check_output(path: str) -> str:
    result = subprocess.run([str(find_stackc()), "check", "--color", "never", path], cwd=REPO, capture_output=True, text=True, timeout=60)
    return result.stderr


def test_tour_checks_clean(tmp_path):
    tour = block_after("## A tour of the language\n")
    (tmp_path / "tour.stack").write_text(tour)
    result = subprocess.run([str(find_stackc()), "check", str(tmp_path / "tour.stack")], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stderr == "", result.stderr


@pytest.mark.parametrize("marker,path", [
    ("Diagnostics look like swiftc's, so Xcode, SwiftPM and editors pick them up:", "Samples/errors/unknown-enum-case.stack"),
    ("checks the same file clean:\n", "Samples/errors/ios9/hidden-with-height.stack"),
])
def test_diagnostics_shown_are_what_check_prints(marker, path):
    shown = block_after(marker)
    printed = check_output(path).splitlines()
    for line in shown.splitlines():
        assert line.rstrip() in [p.rstrip() for p in printed], line


def test_generated_swift_shown_is_from_tip(tmp_path):
    shown = block_after("From `Samples/tip.stack`:")
    result = subprocess.run([str(find_stackc()), "build", "Samples/tip.stack"], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    generated = [line.strip() for line in result.stdout.splitlines()]
    # The README abridges (`/* ... */`, `...`): every other line is generated as shown.
    for line in shown.splitlines():
        if line.strip() and "/*" not in line and "..." not in line:
            assert line.strip() in generated, line
