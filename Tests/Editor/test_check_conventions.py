"""`stackc check` conventions swiftc and SwiftLint users expect: directories, --warnings-as-errors."""

from __future__ import annotations

import json
import os

CLEAN = "hstack bar(spacing: 8) {\n    view a(intrinsic: 10 x 10)\n}\n"
WARNING = "let unused = 1\n\nhstack bar {\n    view a(intrinsic: 10 x 10)\n}\n"
ERROR = "hstack bar {\n    vew a(intrinsic: 10 x 10)\n}\n"


def files_reported(stderr: str) -> list[str]:
    """The files named by diagnostics, in order of first appearance."""
    seen: list[str] = []
    for line in stderr.splitlines():
        if ": error:" in line or ": warning:" in line:
            path = line.split(":", 1)[0]
            if path not in seen:
                seen.append(path)
    return seen


def test_check_directory_finds_stack_files_below_it_in_path_order(run_stackc, tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "deep").mkdir(parents=True)
    (tmp_path / ".build").mkdir()
    (tmp_path / "b" / "z.stack").write_text(WARNING)
    (tmp_path / "a" / "deep" / "y.stack").write_text(WARNING)
    (tmp_path / "a" / "x.stack").write_text(WARNING)
    (tmp_path / "a" / "notes.txt").write_text("not a layout {")
    (tmp_path / ".build" / "generated.stack").write_text(ERROR)  # hidden: skipped
    os.symlink(tmp_path, tmp_path / "a" / "loop")  # a link to a parent: not followed
    result = run_stackc("check", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert files_reported(result.stderr) == [
        str(tmp_path / "a" / "deep" / "y.stack"),
        str(tmp_path / "a" / "x.stack"),
        str(tmp_path / "b" / "z.stack"),
    ]


def test_check_directory_and_files_mix_and_errors_give_exit_1(run_stackc, tmp_path):
    folder = tmp_path / "layouts"
    folder.mkdir()
    (folder / "bad.stack").write_text(ERROR)
    single = tmp_path / "single.stack"
    single.write_text(CLEAN)
    result = run_stackc("check", str(single), str(folder))
    assert result.returncode == 1
    assert files_reported(result.stderr) == [str(folder / "bad.stack")]


def test_check_empty_directory_says_so(run_stackc, tmp_path):
    result = run_stackc("check", str(tmp_path))
    assert result.returncode == 0
    assert f"no .stack files under '{tmp_path}'" in result.stderr


def test_check_unreadable_directory_is_an_io_error(run_stackc, tmp_path):
    if os.geteuid() == 0:
        # root reads any directory; a missing path is the I/O error everyone can produce.
        result = run_stackc("check", str(tmp_path / "missing"))
    else:
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0)
        result = run_stackc("check", str(locked))
        locked.chmod(0o755)
    assert result.returncode == 2
    assert "cannot read" in result.stderr


def test_warnings_as_errors_turns_warnings_into_errors(run_stackc, tmp_path):
    path = tmp_path / "w.stack"
    path.write_text(WARNING)
    plain = run_stackc("check", str(path))
    assert plain.returncode == 0 and "warning: constant 'unused' is never used [W101]" in plain.stderr
    strict = run_stackc("check", "--warnings-as-errors", str(path))
    assert strict.returncode == 1
    assert "error: constant 'unused' is never used [W101]" in strict.stderr
    as_json = run_stackc("check", "--warnings-as-errors", "--format", "json", str(path))
    assert as_json.returncode == 1
    assert [d["severity"] for d in json.loads(as_json.stdout)[0]["diagnostics"]] == ["error"]
    clean = tmp_path / "c.stack"
    clean.write_text(CLEAN)
    assert run_stackc("check", "--warnings-as-errors", str(clean)).returncode == 0


def test_readme_check_samples_directory(run_stackc, repo):
    """README: `stackc check Samples` checks every .stack file below Samples (the error samples give exit 1)."""
    result = run_stackc("check", "Samples")
    assert result.returncode == 1
    reported = files_reported(result.stderr)
    with_errors = [str(p.relative_to(repo)) for p in (repo / "Samples" / "errors").glob("*.stack")
                   if "error:" in run_stackc("check", str(p.relative_to(repo))).stderr]
    assert with_errors and set(with_errors) <= set(reported)
    assert reported == sorted(reported)


def test_color_option_overrides_the_terminal_and_no_color(run_stackc):
    """README: `--color always|never` overrides the terminal test and NO_COLOR (the fixture sets NO_COLOR=1)."""
    sample = "Samples/errors/unknown-enum-case.stack"
    assert "\x1b[" not in run_stackc("check", sample).stderr
    always = run_stackc("check", "--color", "always", sample)
    assert always.returncode == 1 and "\x1b[31merror:" in always.stderr
    assert "\x1b[" in run_stackc("layout", "--color=always", sample).stderr
    never = run_stackc("check", "--color", "never", sample)
    assert "\x1b[" not in never.stderr and never.stderr == run_stackc("check", sample).stderr
    wrong = run_stackc("check", "--color", "sometimes", sample)
    assert wrong.returncode == 2 and "expected auto, always, never" in wrong.stderr
