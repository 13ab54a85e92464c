"""`stackc fmt --diff`: a unified diff that turns each file into its formatted text."""

from __future__ import annotations

import random
import re

from conftest import REPO, samples

HUNK = re.compile(r"^@@ -(\d+),(\d+) \+(\d+),(\d+) @@$")


def apply(original: str, diff: str) -> str:
    """Applies a unified diff to `original` the way patch(1) does, checking every context and removed line."""
    old = original.splitlines(keepends=True)
    lines = diff.splitlines(keepends=True)
    assert lines[0].startswith("--- ") and lines[1].startswith("+++ ")
    result: list[str] = []
    position = 0  # next unread line of `old`
    index = 2
    while index < len(lines):
        match = HUNK.match(lines[index].rstrip("\n"))
        assert match, lines[index]
        old_start, old_count, _, new_count = map(int, match.groups())
        start = old_start - 1 if old_count else old_start
        assert start >= position
        result += old[position:start]
        position = start
        index += 1
        seen_old = seen_new = 0
        while index < len(lines) and not lines[index].startswith("@@"):
            mark, text = lines[index][0], lines[index][1:]
            index += 1
            if index < len(lines) and lines[index] == "\\ No newline at end of file\n":
                text = text[:-1]
                index += 1
            if mark in " -":
                assert old[position] == text, (old[position], text)
                position += 1
                seen_old += 1
            if mark in " +":
                result.append(text)
                seen_new += 1
        assert (seen_old, seen_new) == (old_count, new_count)
    return "".join(result + old[position:])


def test_diff_of_a_formatted_file_is_empty(run_stackc):
    for sample in samples():
        result = run_stackc("fmt", "--diff", str(sample))
        assert (result.returncode, result.stdout) == (0, ""), sample


def test_diff_turns_the_file_into_its_formatted_text(run_stackc, tmp_path):
    rng = random.Random(1)
    print("seed 1")
    for sample in samples():
        text = (REPO / sample).read_text(encoding="utf-8")
        lines = text.splitlines(keepends=True)
        for trial in range(6):
            # Unformat a few lines: strip indentation, squeeze spaces, join with the next line.
            mangled = list(lines)
            for _ in range(rng.randint(1, 4)):
                at = rng.randrange(len(mangled))
                choice = rng.randrange(3)
                if choice == 0:
                    mangled[at] = mangled[at].lstrip(" ")
                elif choice == 1:
                    mangled[at] = mangled[at].replace(": ", ":")
                elif at + 1 < len(mangled) and "//" not in mangled[at]:
                    mangled[at:at + 2] = [mangled[at].rstrip("\n") + " " + mangled[at + 1]]
            source = "".join(mangled)
            if trial == 5:
                source = source.rstrip("\n")  # no final newline
            path = tmp_path / sample.name
            path.write_text(source, encoding="utf-8")
            formatted = run_stackc("fmt", str(path))
            diff = run_stackc("fmt", "--diff", str(path))
            assert diff.returncode == 0, diff.stderr
            if formatted.stdout == source:
                assert diff.stdout == ""
                continue
            assert diff.stdout.startswith(f"--- {path}\n+++ {path}\n@@ -")
            assert apply(source, diff.stdout) == formatted.stdout, (sample, trial)


def test_diff_with_check_exits_1_and_relative_paths_get_git_prefixes(run_stackc, tmp_path):
    path = tmp_path / "u.stack"
    path.write_text("hstack bar(spacing:8){view a(intrinsic:10x10)}\n", encoding="utf-8")
    assert run_stackc("fmt", "--diff", "--check", str(path)).returncode == 1
    assert run_stackc("fmt", "--diff", "--check", "Samples/tabbar.stack").returncode == 0
    relative = run_stackc("fmt", "--diff", "-", stdin="vstack{view(intrinsic:1x1)}\n")
    assert relative.stdout.startswith("--- a/<stdin>\n+++ b/<stdin>\n@@ -1,1 +1,3 @@\n")
    both = run_stackc("fmt", "-w", "--diff", str(path))
    assert both.returncode == 2 and "'-w' and '--diff' cannot be used together" in both.stderr


def test_a_minified_file_diffs_as_one_hunk_without_quadratic_work(run_stackc, tmp_path):
    """More changed lines than the comparison follows: one hunk replacing the middle, still exact."""
    source = "hstack main(spacing:2){" + "".join(f"label v{i}(intrinsic:10x10) " for i in range(3000)) + "}\n"
    path = tmp_path / "minified.stack"
    path.write_text(source, encoding="utf-8")
    diff = run_stackc("fmt", "--diff", str(path))
    assert diff.returncode == 0, diff.stderr
    assert diff.stdout.count("\n@@ ") + diff.stdout.startswith("@@") <= 1
    assert apply(source, diff.stdout) == run_stackc("fmt", str(path)).stdout


def test_git_apply_takes_the_diff_of_a_relative_path(stackc, tmp_path):
    """README: with a relative path the diff has git's a/ and b/ prefixes, so `git apply` applies it."""
    import shutil
    import subprocess

    git = shutil.which("git")
    assert git, "git is needed to clone the repository, so it is on every machine that runs these tests"
    source = "hstack bar(spacing:8){view a(intrinsic:10x10) // keep me\nlabel b(text:\"x\",intrinsic: 40 x 20)}\n"
    (tmp_path / "u.stack").write_text(source, encoding="utf-8")
    subprocess.run([git, "init", "-q"], cwd=tmp_path, check=True)
    diff = subprocess.run([str(stackc), "fmt", "--diff", "u.stack"], cwd=tmp_path, capture_output=True, text=True, check=True)
    subprocess.run([git, "apply", "-"], cwd=tmp_path, input=diff.stdout, text=True, check=True)
    formatted = subprocess.run([str(stackc), "fmt", "-"], input=source, capture_output=True, text=True, check=True)
    assert (tmp_path / "u.stack").read_text(encoding="utf-8") == formatted.stdout
