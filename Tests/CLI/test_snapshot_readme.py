"""README's "Snapshot tests" section shows the code Samples/PluginDemo runs in CI (`swift test --package-path
Samples/PluginDemo` in .ci/run): the manifest's test target, the test, a snapshot it committed, and the
difference StackTestingTests expects, each found verbatim in those files.
"""

from __future__ import annotations

import re

from stackc_process import REPO

README = (REPO / "README.md").read_text(encoding="utf-8")
DEMO = REPO / "Samples" / "PluginDemo"


def section_blocks() -> list[str]:
    section = README.split("\n### Snapshot tests\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```[a-z]*\n(.*?)```", section, re.DOTALL)


def contiguous(needle: list[str], haystack: list[str]) -> bool:
    return any(haystack[i : i + len(needle)] == needle for i in range(len(haystack) - len(needle) + 1))


def stripped(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def test_the_manifest_snippet_is_the_demo_manifest():
    manifest, *_ = section_blocks()
    lines = stripped(manifest)
    assert lines[0] == "// Package.swift"
    assert contiguous(lines[1:], stripped((DEMO / "Package.swift").read_text(encoding="utf-8")))


def test_the_test_snippet_is_the_demo_test():
    test = section_blocks()[1]
    lines = stripped(test)
    assert lines[0] == "// Tests/PluginDemoTests/CardLayoutTests.swift"
    source = (DEMO / "Tests" / "PluginDemoTests" / "CardLayoutTests.swift").read_text(encoding="utf-8")
    assert contiguous(lines[1:], stripped(source))


def test_the_snapshot_shown_is_the_committed_one():
    snapshot = section_blocks()[2]
    committed = DEMO / "Tests" / "PluginDemoTests" / "__Snapshots__" / "CardLayoutTests" / "profile.320.txt"
    assert snapshot == committed.read_text(encoding="utf-8")


def test_the_difference_shown_is_the_one_the_tests_expect():
    difference = section_blocks()[3].splitlines()
    tests = stripped((REPO / "Tests" / "StackTestingTests" / "AssertLayoutTests.swift").read_text(encoding="utf-8"))
    assert difference[0].startswith("row.stack at width 150: 3 items differ from the snapshot ")
    assert contiguous([line.strip() for line in difference[1:]], tests)


def test_ci_runs_the_demo_tests():
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "swift test --skip-build --package-path Samples/PluginDemo" in ci
    assert "swift test --package-path Samples/PluginDemo" in README
