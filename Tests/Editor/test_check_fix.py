"""`stackc check --fix`: every diagnostic's fix-it applied in place, atomically, then what remains reported.

The expected file contents are written out by hand from each sample's diagnostics (README "Fixing files").
Overlapping fix-its are covered by Tests/StackDriverTests/FixApplicationTests.swift: no two diagnostics of
the checker suggest edits to the same bytes, so only hand-made diagnostics can overlap.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess

from conftest import REPO

SAMPLES = REPO / "Samples" / "errors"

# Each sample with a fix-it, and its text once --fix has run.
FIXED = {
    "unknown-enum-case.stack": (
        "// Enum cases are UIKit's Swift names.\n"
        "hstack(alignment: center, distribution: evenly) {\n"
        "    view(intrinsic: 10 x 10)\n"
        "}\n"
    ),
    "wrong-type.stack": (
        "// Values of the wrong type.\n"
        'vstack(spacing: "8", hidden: 1) {\n'
        '    label(text: "title", intrinsic: 40 x none)\n'
        "}\n"
    ),
    "priority-out-of-range.stack": (
        "// UIKit priorities run from 1 to 1000.\n"
        "hstack {\n"
        "    view a(intrinsic: 10 x 10, hugging: 1000)\n"
        "    view b(intrinsic: 10 x 10)\n"
        "    constraints {\n"
        "        a.width == b.width @1\n"
        "    }\n"
        "}\n"
    ),
    "unknown-parameter.stack": (
        "component Avatar(size: Number) {\n"
        "    image(intrinsic: size x size)\n"
        "}\n"
        "\n"
        "hstack {\n"
        "    Avatar(size: 40)\n"
        "}\n"
    ),
    # A syntax error whose fix-it removes it: the file is rewritten.
    "missing-brace.stack": (
        "// The closing brace of the stack is missing.\n"
        "vstack {\n"
        "    hstack {\n"
        "        view(intrinsic: 10 x 10)\n"
        "    }}\n"
    ),
    "unknown-element.stack": (
        "// A typo in an element kind.\n"
        "vstack {\n"
        "    label title(intrinsic: 100 x 20)\n"
        "}\n"
    ),
    "children-on-leaf.stack": (
        "vstack {\n"
        "    label title \n"
        "}\n"
    ),
}


def copy_samples(folder, names):
    for name in names:
        shutil.copyfile(SAMPLES / name, folder / name)


def snapshot(folder):
    return {path.name: (path.stat().st_ino, path.stat().st_mtime_ns, path.read_bytes()) for path in sorted(folder.iterdir())}


def test_fix_applies_each_samples_fix_its_and_reports_what_remains(run_stackc, tmp_path):
    names = [*FIXED, "unterminated-string.stack", "conflict.stack"]
    copy_samples(tmp_path, names)
    result = run_stackc("check", "--fix", str(tmp_path))
    for name, expected in FIXED.items():
        assert (tmp_path / name).read_text(encoding="utf-8") == expected, name
    # The unterminated string's fix-it closes the string at the end of its line; the parser then misses the
    # label's ')', whose fix-it the next pass applies: the file parses, so it is written.
    assert (tmp_path / "unterminated-string.stack").read_text(encoding="utf-8") == 'vstack {\n    label(text: "Hello)")\n}\n'
    # No fix-it: unchanged.
    assert (tmp_path / "conflict.stack").read_bytes() == (SAMPLES / "conflict.stack").read_bytes()
    # What remains is reported as by a plain check: the errors without fix-its.
    assert "unknown distribution 'evenly'" in result.stderr
    assert "expected a number for 'spacing', found a string [E103]" in result.stderr
    assert "unknown alignment 'centre'" not in result.stderr
    assert result.stderr.endswith("stackc check: applied 11 fix-its to 8 files\n")
    assert result.returncode == 1


def test_fix_exits_0_when_no_errors_remain(run_stackc, tmp_path):
    copy_samples(tmp_path, ["unknown-parameter.stack", "unknown-element.stack"])
    result = run_stackc("check", "--fix", str(tmp_path / "unknown-parameter.stack"), str(tmp_path / "unknown-element.stack"))
    assert result.returncode == 0, result.stderr
    assert result.stderr.endswith("stackc check: applied 2 fix-its to 2 files\n")
    assert run_stackc("check", str(tmp_path)).returncode == 0


def test_a_second_fix_changes_nothing(run_stackc, tmp_path):
    copy_samples(tmp_path, [*FIXED, "unterminated-string.stack"])
    run_stackc("check", "--fix", str(tmp_path))
    before = snapshot(tmp_path)
    again = run_stackc("check", "--fix", str(tmp_path))
    assert again.stderr.endswith("stackc check: applied 0 fix-its to 0 files\n")
    # Not even rewritten with the same bytes: the same inode and modification time.
    assert snapshot(tmp_path) == before


def test_files_without_fixes_are_not_rewritten(run_stackc, tmp_path):
    clean = tmp_path / "clean.stack"
    clean.write_text("hstack bar(spacing: 8) {\n    view a(intrinsic: 10 x 10)\n}\n", encoding="utf-8")
    copy_samples(tmp_path, ["conflict.stack"])
    before = snapshot(tmp_path)
    result = run_stackc("check", "--fix", str(tmp_path))
    assert result.returncode == 1  # the conflict has no fix-it
    assert snapshot(tmp_path) == before
    assert sorted(os.listdir(tmp_path)) == ["clean.stack", "conflict.stack"]  # no temporary file left


def test_a_syntax_error_without_fix_it_keeps_the_other_fixes_from_applying(run_stackc, tmp_path):
    path = tmp_path / "broken.stack"
    source = "vstack {\n    lable(intrinsic: 1 x 1)\n    view(intrinsic: 1 x 1) $\n}\n"
    path.write_text(source, encoding="utf-8")
    result = run_stackc("check", "--fix", str(path))
    assert result.returncode == 1
    assert path.read_text(encoding="utf-8") == source
    assert "invalid character '$' [E001]" in result.stderr
    assert f"{path}:2:5: note: fix-it not applied for [E101]: the file has syntax errors without fix-its" in result.stderr
    assert result.stderr.endswith("applied 0 fix-its to 0 files\n")


def test_a_read_only_file_is_an_io_error_and_stays_intact(run_stackc, tmp_path):
    copy_samples(tmp_path, ["unknown-element.stack", "unknown-parameter.stack"])
    locked = tmp_path / "unknown-element.stack"
    locked.chmod(0o444)
    try:
        result = run_stackc("check", "--fix", str(tmp_path))
        assert result.returncode == 2, result.stderr
        assert f"stackc: error: cannot write '{locked}': permission denied; the file is unchanged" in result.stderr
        # Its diagnostics are those of the file as it is, with no note blaming anything else.
        assert "unknown element 'lable'" in result.stderr and "note: fix-it not applied" not in result.stderr
        assert locked.read_bytes() == (SAMPLES / "unknown-element.stack").read_bytes()
        assert stat.S_IMODE(locked.stat().st_mode) == 0o444
        # The other file is fixed all the same.
        assert "Avatar(size: 40)" in (tmp_path / "unknown-parameter.stack").read_text(encoding="utf-8")
        assert result.stderr.endswith("stackc check: applied 1 fix-it to 1 file\n")
        assert sorted(os.listdir(tmp_path)) == ["unknown-element.stack", "unknown-parameter.stack"]
    finally:
        locked.chmod(0o644)


def test_fix_with_json_reports_what_remains_and_refuses_standard_input(run_stackc, tmp_path):
    copy_samples(tmp_path, ["unknown-enum-case.stack"])
    result = run_stackc("check", "--fix", "--format", "json", str(tmp_path / "unknown-enum-case.stack"))
    assert result.returncode == 1
    assert [d["id"] for d in json.loads(result.stdout)[0]["diagnostics"]] == ["E104"]
    assert "center, distribution: evenly" in (tmp_path / "unknown-enum-case.stack").read_text(encoding="utf-8")
    piped = run_stackc("check", "--fix", "-", stdin="vstack {}\n")
    assert piped.returncode == 2 and "standard input cannot be fixed" in piped.stderr


def test_readme_fix_command(stackc, tmp_path):
    """README "Fixing files": `stackc check --fix Layouts/`, on a folder of two samples."""
    copy_samples(tmp_path, ["unknown-element.stack", "unknown-enum-case.stack"])
    (tmp_path / "Layouts").mkdir()
    for path in tmp_path.glob("*.stack"):
        path.rename(tmp_path / "Layouts" / path.name)
    result = subprocess.run([str(stackc), "check", "--fix", "Layouts/"],
                            cwd=tmp_path, capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"})
    assert result.returncode == 1  # 'evenly' has no fix-it
    assert result.stderr.startswith("Layouts/unknown-enum-case.stack:2:41: error: unknown distribution 'evenly'")
    assert result.stderr.endswith("stackc check: applied 2 fix-its to 2 files\n")
    assert (tmp_path / "Layouts" / "unknown-element.stack").read_text(encoding="utf-8") == FIXED["unknown-element.stack"]
    assert (tmp_path / "Layouts" / "unknown-enum-case.stack").read_text(encoding="utf-8") == FIXED["unknown-enum-case.stack"]


def test_fmt_write_does_not_replace_a_read_only_file_either(run_stackc, tmp_path):
    """README "Limits": a read-only target is never replaced, even by root (which rename(2) would not stop)."""
    path = tmp_path / "u.stack"
    source = "vstack{view(intrinsic:1x1)}\n"
    path.write_text(source, encoding="utf-8")
    path.chmod(0o444)
    try:
        result = run_stackc("fmt", "-w", str(path))
        assert (result.returncode, result.stderr) == (2, f"stackc: error: cannot write '{path}': permission denied; the file is unchanged\n")
        assert path.read_text(encoding="utf-8") == source
    finally:
        path.chmod(0o644)
