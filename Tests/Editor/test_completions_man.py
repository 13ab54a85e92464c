"""Shell completions (`stackc completions bash|zsh|fish`) and the man page (`stackc man`), both made from the
option table the help text comes from: tested against the help text itself and by the shells and groff.

bash is always there. zsh, fish and groff are installed by .ci/run; elsewhere their tests skip with a message."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

COMMANDS = ["check", "ast", "ir", "fmt", "explain", "layout", "render", "lsp", "build", "completions", "man"]


def need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{tool} is missing: .ci/run installs it")
        pytest.skip(f"{tool} is not installed (.ci/run installs it in CI)")
    return path


def help_options(run_stackc, command: str) -> list[str]:
    """The long options listed in a command's OPTIONS section of --help."""
    text = run_stackc(command, "--help").stdout
    section = text.split("OPTIONS:\n", 1)[1]
    return re.findall(r"^  (?:-\w, )?(--[\w-]+)", section, re.MULTILINE)


@pytest.fixture(scope="module")
def bash_script(run_stackc, tmp_path_factory):
    result = run_stackc("completions", "bash")
    assert result.returncode == 0, result.stderr
    path = tmp_path_factory.mktemp("bash") / "stackc.bash"
    path.write_text(result.stdout, encoding="utf-8")
    return path


def complete_bash(script, words: list[str], cwd) -> list[str]:
    """Calls the completion function as bash does for `words` (the last is being completed)."""
    program = 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); _stackc; printf "%s\\n" "${COMPREPLY[@]}"'
    result = subprocess.run(["bash", "-c", program, "bash", str(script), *words], cwd=cwd, capture_output=True, text=True, check=True)
    return [line for line in result.stdout.splitlines() if line]


def test_help_lists_every_command(run_stackc):
    listed = re.findall(r"^  (\w+) ", run_stackc("--help").stdout.split("COMMANDS:\n")[1].split("\n\n")[0], re.MULTILINE)
    assert listed == COMMANDS


@pytest.mark.parametrize("words, expected", [
    (["stackc", "c"], ["check", "completions"]),
    (["stackc", "--gen"], ["--generate-completion-script"]),
    (["stackc", "--generate-completion-script", ""], ["bash", "zsh", "fish"]),
    (["stackc", "check", "--f"], ["--format", "--fix", "--font-file"]),
    (["stackc", "check", "--format", ""], ["text", "json", "sarif"]),
    (["stackc", "check", "--format", "=", "s"], ["sarif"]),  # --format=s: bash splits at '='
    (["stackc", "fmt", "--color", "a"], ["auto", "always"]),
    (["stackc", "ast", "--format", ""], ["text", "json"]),
    (["stackc", "build", "--platform", ""], ["uikit", "appkit"]),
    (["stackc", "fmt", "-"], ["-w", "--write", "--check", "--diff", "--config", "--no-config", "--color", "-h", "--help"]),
    (["stackc", "explain", "W10"], ["W101", "W102", "W103", "W104"]),
    (["stackc", "completions", ""], ["bash", "zsh", "fish"]),
    (["stackc", "layout", "--max-items", ""], []),
    (["stackc", "lsp", ""], []),
])
def test_bash_completes_commands_options_and_values(bash_script, tmp_path, words, expected):
    assert complete_bash(bash_script, words, tmp_path) == expected


def test_bash_completes_stack_files_and_folders_only_for_file_arguments(bash_script, tmp_path):
    (tmp_path / "layouts").mkdir()
    (tmp_path / "main.stack").write_text("vstack {}\n")
    (tmp_path / "notes.txt").write_text("x")
    (tmp_path / "out.json").write_text("{}")
    assert sorted(complete_bash(bash_script, ["stackc", "check", ""], tmp_path)) == ["layouts", "main.stack"]
    assert sorted(complete_bash(bash_script, ["stackc", "render", "-o", ""], tmp_path)) == ["layouts", "main.stack", "notes.txt", "out.json"]
    assert sorted(complete_bash(bash_script, ["stackc", "check", "--config", "o"], tmp_path)) == ["out.json"]


def test_bash_offers_every_option_the_help_lists(run_stackc, bash_script, tmp_path):
    for command in COMMANDS:
        options = complete_bash(bash_script, ["stackc", command, "--"], tmp_path)
        assert sorted(help_options(run_stackc, command)) == sorted(options), command


def test_bash_completion_registers_itself(bash_script):
    result = subprocess.run(["bash", "-c", 'source "$1"; complete -p stackc', "bash", str(bash_script)], capture_output=True, text=True)
    assert result.stdout.strip() == "complete -F _stackc stackc"


def test_generate_completion_script_is_the_same_as_completions(run_stackc):
    for shell in ["bash", "zsh", "fish"]:
        assert run_stackc("--generate-completion-script", shell).stdout == run_stackc("completions", shell).stdout
    assert run_stackc("--generate-completion-script=fish").stdout == run_stackc("completions", "fish").stdout
    wrong = run_stackc("completions", "tcsh")
    assert wrong.returncode == 2 and "expected one shell, bash, zsh or fish; got 'tcsh'" in wrong.stderr


def test_zsh_script_parses_and_registers(run_stackc, tmp_path):
    zsh = need("zsh")
    script = tmp_path / "_stackc"
    script.write_text(run_stackc("completions", "zsh").stdout, encoding="utf-8")
    subprocess.run([zsh, "-n", str(script)], check=True)
    registered = subprocess.run([zsh, "-f", "-c", f"autoload -U compinit && compinit -u -D && source {script} && print -r -- $_comps[stackc]"],
                                capture_output=True, text=True, cwd=tmp_path)
    assert registered.stdout.strip() == "_stackc", registered.stderr
    text = script.read_text(encoding="utf-8")
    assert text.startswith("#compdef stackc\n")
    # Each command's options, with the choices of those that have them.
    for command in COMMANDS:
        assert f"\n                {command})\n" in text, command
    assert "'--format=[text (default, swiftc-style on standard error), json or sarif (SARIF 2.1.0), both on standard output; README describes them]:format:(text json sarif)'" in text
    assert "'(-o --output)'{-o+,--output=}'[Where to write the SVG (default: standard output)]:path:_files'" in text


def fish_complete(fish: str, script, line: str, cwd) -> list[str]:
    result = subprocess.run([fish, "--no-config", "-c", f"source {script}; complete -C {line!r}"], capture_output=True, text=True, cwd=cwd, check=True)
    return [entry.split("\t")[0] for entry in result.stdout.splitlines()]


def test_fish_script_parses_and_completes(run_stackc, tmp_path):
    fish = need("fish")
    script = tmp_path / "stackc.fish"
    script.write_text(run_stackc("completions", "fish").stdout, encoding="utf-8")
    subprocess.run([fish, "--no-config", "-n", str(script)], check=True)
    assert sorted(fish_complete(fish, script, "stackc ", tmp_path)) == sorted(COMMANDS)
    assert fish_complete(fish, script, "stackc check --format ", tmp_path) == ["json", "sarif", "text"]
    assert fish_complete(fish, script, "stackc layout --color=n", tmp_path) == ["--color=never"]
    assert sorted(fish_complete(fish, script, "stackc fmt --", tmp_path)) == sorted(help_options(run_stackc, "fmt"))
    (tmp_path / "a.stack").write_text("vstack {}\n")
    (tmp_path / "b.txt").write_text("x")
    assert fish_complete(fish, script, "stackc check ", tmp_path) == ["a.stack"]


@pytest.fixture(scope="module")
def man_page(run_stackc, tmp_path_factory):
    result = run_stackc("man")
    assert result.returncode == 0, result.stderr
    path = tmp_path_factory.mktemp("man") / "stackc.1"
    path.write_text(result.stdout, encoding="utf-8")
    return path


def test_man_page_renders_without_warnings(man_page):
    groff = need("groff")
    result = subprocess.run([groff, "-man", "-Tutf8", "-ww", "-z", str(man_page)], capture_output=True, text=True)
    assert (result.returncode, result.stderr) == (0, "")


def test_man_page_has_every_command_and_option_of_the_help(run_stackc, man_page):
    man = need("man")
    rendered = subprocess.run([man, "-l", str(man_page)], capture_output=True, text=True,
                              env={**os.environ, "MANWIDTH": "100", "MAN_KEEP_FORMATTING": "0"}, check=True).stdout
    rendered = re.sub(".\b", "", rendered)  # overstrike bold, when man leaves it in
    assert rendered.startswith("STACKC(1)")
    commands = rendered.split("\nCOMMANDS\n", 1)[1].split("\nCONFIGURATION\n", 1)[0]
    for command in COMMANDS:
        match = re.search(rf"^   {command}\n(.*?)(?=^   \w+\n|\Z)", commands, re.MULTILINE | re.DOTALL)
        assert match, command
        section = match.group(1)
        for option in help_options(run_stackc, command):
            assert re.search(rf"^       (-\w, )?{option}\b", section, re.MULTILINE), (command, option)
    for option in ["--help", "--version", "--generate-completion-script", "--color"]:
        assert re.search(rf"^       (-\w, )?{option}\b", rendered.split("\nCOMMANDS\n")[0], re.MULTILINE), option
    for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "CONFIGURATION", "ENVIRONMENT", "EXIT STATUS"]:
        assert f"\n{section}\n" in rendered, section


def readme_block(repo, heading: str) -> list[str]:
    """The command lines of the first ```sh block after `heading` in README."""
    readme = (repo / "README.md").read_text(encoding="utf-8")
    start = readme.index("```sh\n", readme.index(heading)) + len("```sh\n")
    return [line.split("  #")[0].strip() for line in readme[start:readme.index("```", start)].splitlines() if line.strip()]


def test_readme_install_commands_put_each_file_where_its_tool_finds_it(stackc, repo, tmp_path):
    """README "Shell completions and man page": the install lines, run with HOME in a temporary folder."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "bin").mkdir()
    (home / "bin" / "stackc").symlink_to(stackc)
    env = {**os.environ, "HOME": str(home), "PATH": f"{home}/bin:{os.environ['PATH']}"}
    env.pop("XDG_DATA_HOME", None)
    env.pop("XDG_CONFIG_HOME", None)
    for line in readme_block(repo, "### Shell completions and man page"):
        subprocess.run(["bash", "-c", line], env=env, check=True, cwd=home)
    # man finds the page through the MANPATH the README gives.
    man = need("man")
    found = subprocess.run([man, "-w", "stackc"], env={**env, "MANPATH": f"{home}/.local/share/man:"}, capture_output=True, text=True)
    assert found.stdout.strip() == f"{home}/.local/share/man/man1/stackc.1", found.stderr
    # bash-completion's loader finds the script in the user's folder.
    loader = "/usr/share/bash-completion/bash_completion"
    if os.path.exists(loader) or os.environ.get("CI") == "true":
        loaded = subprocess.run(["bash", "-c", f"source {loader}; _completion_loader stackc; complete -p stackc"],
                                env=env, capture_output=True, text=True)
        assert loaded.stdout.strip() == "complete -F _stackc stackc", loaded.stderr
    # zsh autoloads _stackc from the fpath the README gives.
    zsh = need("zsh")
    registered = subprocess.run([zsh, "-f", "-c", "fpath=(~/.zfunc $fpath); autoload -U compinit && compinit -u -D && print -r -- $_comps[stackc]"],
                                env=env, capture_output=True, text=True)
    assert registered.stdout.strip() == "_stackc", registered.stderr
    # fish loads completions from ~/.config/fish/completions by itself.
    fish = need("fish")
    completed = subprocess.run([fish, "-c", "complete -C 'stackc chec'"], env=env, capture_output=True, text=True)
    assert completed.stdout.split("\t")[0] == "check", completed.stderr


def test_readme_quick_start_man_page(stackc, repo):
    """README Quick start: `stackc man | man -l -` shows the page."""
    man = need("man")
    shown = subprocess.run(f"'{stackc}' man | '{man}' -l -", shell=True, capture_output=True, text=True, env={**os.environ, "MANWIDTH": "80"})
    assert shown.returncode == 0 and shown.stdout.startswith("STACKC(1)"), shown.stderr
    assert "swift run stackc man | man -l -" in (repo / "README.md").read_text(encoding="utf-8")


def test_readme_sourcing_the_script_completes_in_the_current_shell(stackc, tmp_path):
    """README: `source <(stackc completions bash)`, or `zsh` after `compinit`, without installing anything."""
    env = {**os.environ, "PATH": f"{Path(stackc).parent}:{os.environ['PATH']}"}
    bash = subprocess.run(["bash", "-c", "source <(stackc completions bash); complete -p stackc"], env=env, capture_output=True, text=True)
    assert bash.stdout.strip() == "complete -F _stackc stackc", bash.stderr
    zsh = need("zsh")
    registered = subprocess.run([zsh, "-f", "-c", "autoload -U compinit && compinit -u -D; source <(stackc completions zsh); print -r -- $_comps[stackc]"],
                                env=env, capture_output=True, text=True, cwd=tmp_path)
    assert registered.stdout.strip() == "_stackc", registered.stderr
