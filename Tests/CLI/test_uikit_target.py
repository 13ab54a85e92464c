"""`--uikit current|9` and `.stackc.json`'s "uikit" (README "Which UIKit"): the IR names its target, the frames and
the generated Swift follow it, the command line wins over the configuration, and a wrong value is a usage error.
Expected values are worked by hand from uikit-current.md §4 (code-created stacks have margins 0 today) and seed
000 §3.2 (8 on iOS 9/10), and §2.3 (a hidden item's own height wins over its collapse at 999.999 today)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from stackc_process import find_stackc

REPO = Path(__file__).resolve().parents[2]
MARGINS = "hstack m(layoutMarginsRelative: true) {\n    view a(intrinsic: 10 x 10)\n}\n"


def stackc(*arguments: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(find_stackc()), *arguments], capture_output=True, text=True, timeout=120, cwd=cwd)


def frames(*arguments: str, cwd: Path | None = None) -> dict[str, tuple[float, float, float, float]]:
    result = stackc("layout", "--format", "json", *arguments, cwd=cwd)
    assert result.returncode == 0, result.stderr
    return {f["item"]: (f["x"], f["y"], f["width"], f["height"]) for f in json.loads(result.stdout)["frames"]}


def test_default_margins_follow_the_target(tmp_path):
    path = tmp_path / "m.stack"
    path.write_text(MARGINS)
    # Today: no margins, so the stack is its view's size; iOS 9: 8 on every side.
    assert frames(str(path))["m"] == (0, 0, 10, 10)
    assert frames("--uikit", "current", str(path))["m.a"] == (0, 0, 10, 10)
    assert frames("--uikit", "9", str(path))["m"] == (0, 0, 26, 26)
    assert frames("--uikit", "9", str(path))["m.a"] == (8, 8, 10, 10)


def test_ir_names_its_target(tmp_path):
    path = tmp_path / "m.stack"
    path.write_text(MARGINS)
    assert "\nuikit current\n" in stackc("ir", str(path)).stdout
    assert "\nuikit 9\n" in stackc("ir", "--uikit", "9", str(path)).stdout
    assert json.loads(stackc("ir", "--format", "json", "--uikit", "9", str(path)).stdout)["uikit"] == "9"
    # The margins guide's constraints carry the target's default margins.
    assert "m#margins.top == m.top + 8 @1000" in stackc("ir", "--uikit", "9", str(path)).stdout
    assert "m#margins.top == m.top @1000" in stackc("ir", str(path)).stdout


def test_generated_swift_follows_the_target(tmp_path):
    path = tmp_path / "m.stack"
    path.write_text(MARGINS)
    old = stackc("build", "--uikit", "9", str(path), "-o", "-")
    new = stackc("build", str(path), "-o", "-")
    assert old.returncode == 0 and new.returncode == 0
    assert "constant: 8)" in old.stdout and "constant: 8)" not in new.stdout


def test_the_folder_configuration_and_the_command_line():
    sample = "Samples/errors/ios9/hidden-with-height.stack"
    # The folder's .stackc.json lowers for iOS 9, where hiding a view with a required height conflicts.
    old = stackc("check", sample, cwd=REPO)
    assert old.returncode == 1 and "[E201]" in old.stdout + old.stderr
    # --uikit wins over the configuration: today the view's height wins over its collapse, and nothing conflicts.
    new = stackc("check", "--uikit", "current", sample, cwd=REPO)
    assert new.returncode == 0, new.stdout + new.stderr
    assert new.stdout == "" and new.stderr == ""


def test_today_a_hidden_view_keeps_its_height_and_takes_no_room(tmp_path):
    path = tmp_path / "h.stack"
    path.write_text("vstack list(spacing: 10) {\n    view a(intrinsic: 100 x 20)\n"
                    "    view b(height: 44, intrinsic: 100 x none, hidden: true)\n    view c(intrinsic: 100 x 30)\n}\n")
    f = frames(str(path))
    # c sits a full spacing below a; the hidden b keeps its 44 points, placed half a spacing below a (§2.3).
    assert f["list.a"] == (0, 0, 100, 20)
    assert f["list.c"] == (0, 30, 100, 30)
    assert f["list.b"] == (0, 25, 100, 44)
    assert f["list"] == (0, 0, 100, 60)


def test_wrong_values_are_usage_errors(tmp_path):
    path = tmp_path / "m.stack"
    path.write_text(MARGINS)
    result = stackc("layout", "--uikit", "10", str(path))
    assert result.returncode == 2
    assert "invalid value '10' for '--uikit'; expected current, 9" in result.stderr
    (tmp_path / ".stackc.json").write_text('{"uikit": "ios9"}\n')
    result = stackc("check", str(path))
    assert result.returncode == 2
    assert ".stackc.json:1:11: error: 'uikit' takes \"current\" or \"9\", not \"ios9\"" in result.stderr
