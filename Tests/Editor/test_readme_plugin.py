"""README "The build plugin": the manifest it shows is Samples/PluginDemo/Package.swift, byte for byte, so CI's
build and run of PluginDemo (.ci/run) builds the README's text. The dependency forms the README gives resolve in
a scratch copy of that manifest (`swift package describe` loads every manifest and checks the product
references, without building), and the form it warns about fails with the message it quotes.
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
DEMO = REPO / "Samples" / "PluginDemo"
# The manifest's dependency line, as PluginDemo writes it (a path relative to the demo).
PATH_DEPENDENCY = '    dependencies: [.package(name: "stackc", path: "../..")],\n'


def readme_block(marker: str) -> str:
    """The fenced code between `<!-- marker -->` and `<!-- /marker -->`, without the fences or their indentation."""
    match = re.search(rf"<!-- {marker} -->\n( *)```swift\n(.*?)\n\1```\n\1<!-- /{marker} -->", README, re.S)
    assert match, f"README has no <!-- {marker} --> block"
    indent = match.group(1)
    lines = match.group(2).split("\n")
    assert all(line.startswith(indent) for line in lines if line), marker
    return "\n".join(line[len(indent):] for line in lines) + "\n"


def test_readme_manifest_is_the_demo_manifest():
    shown = readme_block("plugin-manifest")
    assert shown == (DEMO / "Package.swift").read_text(encoding="utf-8")
    # The dependency line the other forms replace is there exactly once.
    assert shown.count(PATH_DEPENDENCY) == 1
    # What a consumer needs, in the text a reader copies.
    assert "platforms: [.macOS(.v13), .iOS(.v16)]" in shown
    assert '.product(name: "StackRuntime", package: "stackc")' in shown
    assert '.plugin(name: "StackcPlugin", package: "stackc")' in shown


def test_readme_platforms_are_stackcs():
    """The consumer's platforms are at least stackc's own (the README says which)."""
    own = re.search(r"platforms: \[(.*?)\]", (REPO / "Package.swift").read_text(encoding="utf-8")).group(1)
    shown = re.search(r"platforms: \[(.*?)\]", readme_block("plugin-manifest")).group(1)
    assert shown == own
    assert "declares macOS 13 and iOS 16" in README and own == ".macOS(.v13), .iOS(.v16)"


@pytest.fixture(scope="module")
def swift() -> str:
    found = shutil.which("swift")
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail("swift is not on PATH under CI")
        pytest.skip("swift is not installed")
    return found


def describe(swift: str, folder: Path, manifest: str) -> subprocess.CompletedProcess:
    """`swift package describe` on a package with this manifest and PluginDemo's sources and tests."""
    folder.mkdir(parents=True)
    shutil.copytree(DEMO / "Sources", folder / "Sources")
    shutil.copytree(DEMO / "Tests", folder / "Tests")
    (folder / "Package.swift").write_text(manifest, encoding="utf-8")
    return subprocess.run(
        # Nothing in the user's shared caches: a scratch package's clone and manifests stay in its folder.
        [swift, "package", "--disable-dependency-cache", "--manifest-cache", "local", "describe", "--type", "json"],
        cwd=folder, capture_output=True, text=True, timeout=600,
    )


def assert_uses_stackc(result: subprocess.CompletedProcess):
    assert result.returncode == 0, result.stderr
    description = json.loads(result.stdout[result.stdout.index("{"):])
    targets = {target["name"]: target for target in description["targets"]}
    assert targets["PluginDemo"]["product_dependencies"] == ["StackRuntime", "StackcPlugin"]


def manifest_with(dependency_line: str) -> str:
    return readme_block("plugin-manifest").replace(PATH_DEPENDENCY, dependency_line)


def test_named_path_dependency_resolves_from_any_folder_name(swift, tmp_path):
    # A checkout under another name: a symbolic link, so nothing is copied.
    checkout = tmp_path / "stackc-main"
    checkout.symlink_to(REPO, target_is_directory=True)
    line = PATH_DEPENDENCY.replace('"../.."', json.dumps(str(checkout)))
    result = describe(swift, tmp_path / "consumer", manifest_with(line))
    assert_uses_stackc(result)
    # `.package(name:path:)` is no deprecated form: SwiftPM says nothing about it.
    assert "warning" not in result.stderr.lower(), result.stderr


def test_unnamed_path_dependency_fails_as_readme_says(swift, tmp_path):
    checkout = tmp_path / "stackc-main"
    checkout.symlink_to(REPO, target_is_directory=True)
    line = f"    dependencies: [.package(path: {json.dumps(str(checkout))})],\n"
    result = describe(swift, tmp_path / "consumer", manifest_with(line))
    assert result.returncode != 0
    message = "unknown package 'stackc' in dependencies of target 'PluginDemo'"
    assert message in result.stderr
    assert f"`{message}`" in README


def test_url_dependency_resolves(swift, tmp_path):
    """The README's URL form, pointed at a local git repository of the same name with a main branch."""
    line = readme_block("plugin-dependency-url")
    assert line.startswith("    dependencies: [.package(url: ") and line.count("\n") == 1
    url = re.search(r'url: "([^"]+)"', line).group(1)
    assert url.endswith("/stackc.git")
    remote = tmp_path / "remote" / "stackc.git"
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True).stdout
    for name in filter(None, tracked.decode("utf-8").split("\0")):
        source = REPO / name
        if source.is_file():
            (remote / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, remote / name)
    git = ["git", "-c", "user.name=stackc tests", "-c", "user.email=tests@example.com"]
    subprocess.run([*git, "init", "--quiet", "--initial-branch=main"], cwd=remote, check=True)
    subprocess.run([*git, "add", "--all"], cwd=remote, check=True)
    subprocess.run([*git, "commit", "--quiet", "--message", "stackc"], cwd=remote, check=True)
    local = line.replace(url, remote.as_uri())
    result = describe(swift, tmp_path / "consumer", manifest_with(local))
    assert_uses_stackc(result)
    assert "warning" not in result.stderr.lower(), result.stderr
    # `name:` beside a URL works but is deprecated, as the README says.
    named = local.replace(".package(url: ", '.package(name: "stackc", url: ')
    result = describe(swift, tmp_path / "named", manifest_with(named))
    assert_uses_stackc(result)
    assert "'package(name:url:branch:)' is deprecated" in result.stderr
    assert "no `name:`, which SwiftPM deprecates beside a URL" in README
