"""`stackc fmt` and `stackc explain` as users and editors run them: exit codes, -w, --check, standard input."""

from __future__ import annotations

import shutil

from conftest import REPO, samples

UNFORMATTED = "hstack bar(spacing:8){view a(intrinsic:10x10) // keep me\nlabel b(text:\"x\",intrinsic: 40 x 20)}\n"
FORMATTED = 'hstack bar(spacing: 8) {\n    view a(intrinsic: 10 x 10) // keep me\n    label b(text: "x", intrinsic: 40 x 20)\n}\n'


def test_fmt_prints_the_formatted_file(run_stackc, tmp_path):
    path = tmp_path / "a.stack"
    path.write_text(UNFORMATTED, encoding="utf-8")
    result = run_stackc("fmt", str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout == FORMATTED
    assert path.read_text(encoding="utf-8") == UNFORMATTED  # printing never writes


def test_fmt_reads_standard_input(run_stackc):
    result = run_stackc("fmt", "-", stdin=UNFORMATTED)
    assert (result.returncode, result.stdout) == (0, FORMATTED)


def test_fmt_check_lists_unformatted_files(run_stackc, tmp_path):
    bad, good = tmp_path / "bad.stack", tmp_path / "good.stack"
    bad.write_text(UNFORMATTED, encoding="utf-8")
    good.write_text(FORMATTED, encoding="utf-8")
    result = run_stackc("fmt", "--check", str(good), str(bad))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [str(bad)]
    assert run_stackc("fmt", "--check", str(good)).returncode == 0


def test_fmt_write_rewrites_in_place_and_is_idempotent(run_stackc, tmp_path):
    path = tmp_path / "a.stack"
    path.write_text(UNFORMATTED, encoding="utf-8")
    result = run_stackc("fmt", "-w", str(path))
    assert (result.returncode, result.stdout) == (0, "")
    assert path.read_text(encoding="utf-8") == FORMATTED
    assert run_stackc("fmt", "--check", str(path)).returncode == 0


def test_fmt_refuses_files_that_do_not_parse(run_stackc, tmp_path):
    broken = tmp_path / "broken.stack"
    broken.write_text("vstack {\n    view(\n", encoding="utf-8")
    for arguments in (("fmt", str(broken)), ("fmt", "-w", str(broken)), ("fmt", "--check", str(broken))):
        result = run_stackc(*arguments)
        assert result.returncode == 1
        assert "error:" in result.stderr and "not formatted" in result.stderr
        assert result.stdout == ""
    assert broken.read_text(encoding="utf-8") == "vstack {\n    view(\n"


def test_fmt_usage_errors(run_stackc, tmp_path):
    assert run_stackc("fmt").returncode == 2
    assert run_stackc("fmt", "-w", "--check", "x.stack").returncode == 2
    assert run_stackc("fmt", str(tmp_path / "missing.stack")).returncode == 2


def test_fmt_keeps_every_sample_checking_clean(run_stackc, tmp_path):
    """Formatted samples still check without diagnostics (the Swift tests compare their IR)."""
    for sample in samples():
        copy = tmp_path / sample.name
        shutil.copy(REPO / sample, copy)
        assert run_stackc("fmt", "-w", str(copy)).returncode == 0
        result = run_stackc("check", str(copy))
        assert (result.returncode, result.stderr) == (0, ""), sample


def test_explain_prints_examples(run_stackc):
    result = run_stackc("explain", "E104")
    assert result.returncode == 0
    assert result.stdout.startswith("E104: unknown enum case\n")
    assert "Erroneous example:" in result.stdout and "Corrected:" in result.stdout
    assert run_stackc("explain", "e104").stdout == result.stdout
    assert run_stackc("explain", "110").stdout == run_stackc("explain", "E110").stdout != ""
    # E104 and W104 share the number: the bare digits name neither, and the message says why.
    shared = run_stackc("explain", "104")
    assert shared.returncode == 2
    assert "'104' is the number of E104 and W104" in shared.stderr


def test_explain_every_listed_id(run_stackc):
    listed = run_stackc("explain", "--list").stdout.splitlines()
    assert len(listed) >= 30
    for line in listed:
        code = line.split()[0]
        result = run_stackc("explain", code)
        assert result.returncode == 0 and result.stdout.startswith(code + ": "), code


def test_explain_unknown_code(run_stackc):
    result = run_stackc("explain", "E999")
    assert result.returncode == 2
    assert "E999" in result.stderr
    assert run_stackc("explain").returncode == 2
