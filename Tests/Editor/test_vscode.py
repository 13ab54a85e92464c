"""Editors/vscode, the VS Code extension: its manifest, grammar and language configuration load and agree with each
other and with the language; the grammar is Grammar/'s, byte for byte; the indentation rules indent every sample
as `stackc fmt` does; extension.js runs in Node against stand-ins for `vscode` and `vscode-languageclient`
(npm's registry is not reachable from CI, so nothing here needs `npm install`).
"""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess

from textmate_grammar.parsers.base import LanguageParser

from conftest import REPO, samples
from editor_programs import tool

EXTENSION = REPO / "Editors" / "vscode"
MANIFEST = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
logging.getLogger("textmate_grammar").setLevel(logging.ERROR)


def language() -> dict:
    [only] = MANIFEST["contributes"]["languages"]
    return only


def grammar_entry() -> dict:
    [only] = MANIFEST["contributes"]["grammars"]
    return only


def configuration() -> dict:
    return json.loads((EXTENSION / language()["configuration"]).read_text(encoding="utf-8"))


def scopes(text: str) -> dict[tuple[int, int], list[str]]:
    """(0-based line, column) → the scopes the extension's grammar gives the character there."""
    grammar = LanguageParser(json.loads((EXTENSION / grammar_entry()["path"]).read_text(encoding="utf-8")))
    element = grammar.parse_string(text)
    assert element is not None, "the grammar tokenized nothing"
    found: dict[tuple[int, int], list[str]] = {}
    for (line, column), content, names in element.flatten():
        for index in range(len(content)):
            found[(line, column + index)] = names
    return found


def test_manifest_names_files_that_exist():
    named = [MANIFEST["main"], language()["configuration"], grammar_entry()["path"]]
    for relative in named:
        assert relative.startswith("./"), relative
        assert (EXTENSION / relative).is_file(), relative
        # Inside the extension's folder: a packaged extension holds nothing else.
        assert (EXTENSION / relative).resolve().is_relative_to(EXTENSION.resolve()), relative
    assert MANIFEST["dependencies"] == {"vscode-languageclient": "^9.0.1"}
    # vscode-languageclient 9 needs VS Code 1.82.
    assert MANIFEST["engines"]["vscode"] == "^1.82.0"


def test_language_and_grammar_agree():
    grammar = json.loads((EXTENSION / grammar_entry()["path"]).read_text(encoding="utf-8"))
    assert language()["id"] == grammar_entry()["language"] == "stack"
    assert grammar_entry()["scopeName"] == grammar["scopeName"] == "source.stack"
    assert language()["extensions"] == [f".{extension}" for extension in grammar["fileTypes"]]
    assert MANIFEST["activationEvents"] == [f"onLanguage:{language()['id']}"]


def test_grammar_is_the_repositorys():
    copy = (EXTENSION / grammar_entry()["path"]).read_bytes()
    original = (REPO / "Grammar" / "stack.tmLanguage.json").read_bytes()
    assert copy == original, "cp Grammar/stack.tmLanguage.json Editors/vscode/syntaxes/stack.tmLanguage.json"


def test_grammar_tokenizes_a_sample():
    text = 'let gap = 8 // c\nhstack bar(spacing: gap) { label title(text: "x") }\n'
    found = scopes(text)
    assert "keyword.other.let.stack" in found[(0, 0)]
    assert "constant.numeric.stack" in found[(0, 10)]
    assert "comment.line.double-slash.stack" in found[(0, 13)]
    assert "entity.name.type.element.stack" in found[(1, 0)]
    assert "entity.name.tag.item.stack" in found[(1, 7)]
    assert "variable.parameter.attribute.stack" in found[(1, 11)]
    assert "string.quoted.double.stack" in found[(1, 45)]
    assert all(scope.endswith(".stack") or scope == "source.stack" for names in found.values() for scope in names)


def test_comment_tokens_are_the_languages():
    comments = configuration()["comments"]
    assert comments == {"lineComment": "//", "blockComment": ["/*", "*/"]}
    # What the editor inserts when it toggles a comment, the grammar reads as a comment.
    line = f"{comments['lineComment']} hstack bar\n"
    assert all("comment.line.double-slash.stack" in scopes(line)[(0, column)] for column in range(len(line) - 1))
    opening, closing = comments["blockComment"]
    block = f"{opening} hstack bar {closing}\n"
    assert all("comment.block.stack" in scopes(block)[(0, column)] for column in range(len(block) - 1))
    # And stackc accepts it as one.
    assert "hstack" not in re.sub(r"//.*|/\*.*?\*/", "", line + block)


def test_brackets_and_pairs():
    config = configuration()
    assert config["brackets"] == [["{", "}"], ["(", ")"]]
    closing = {pair["open"]: pair["close"] for pair in config["autoClosingPairs"]}
    assert closing == {"{": "}", "(": ")", '"': '"', "/*": " */"}
    word = re.compile(config["wordPattern"])
    assert [match.group() for match in word.finditer("label title2(width: -12.5, x: _a)")] == [
        "label", "title2", "width", "-12.5", "x", "_a",
    ]


def indent_as_vscode(lines: list[str], keep: set[int], rules: dict) -> list[str]:
    """VS Code's indentation rules, line by line as Enter and paste apply them: one level more after a line
    matching increaseIndentPattern, one less on a line matching decreaseIndentPattern."""
    increase = re.compile(rules["increaseIndentPattern"])
    decrease = re.compile(rules["decreaseIndentPattern"])
    output: list[str] = []
    level = 0
    for number, line in enumerate(lines):
        text = line.strip()
        if number in keep:
            output.append(line)
            continue
        if decrease.search(text):
            level -= 1
        output.append("    " * max(level, 0) + text if text else "")
        if increase.search(text):
            level += 1
    return output


def test_indentation_rules_indent_as_stackc_fmt(run_stackc, tmp_path):
    rules = configuration()["indentationRules"]
    checked = 0
    for sample in samples():
        formatted = run_stackc("fmt", str(sample))
        assert formatted.returncode == 0, formatted.stderr
        path = tmp_path / sample.name
        path.write_text(formatted.stdout, encoding="utf-8")
        ast = json.loads(run_stackc("ast", "--format", "json", str(path)).stdout)
        data = formatted.stdout.encode("utf-8")
        keep = set()  # lines that start inside a block comment keep their author's indentation
        for comment in ast["comments"]:
            keep.update(range(data[: comment["range"]["start"]].count(b"\n") + 1,
                              data[: comment["range"]["end"]].count(b"\n") + 1))
        lines = formatted.stdout.rstrip("\n").split("\n")
        assert indent_as_vscode(lines, keep, rules) == lines, sample
        checked += 1
    assert checked > 5
    # A bracket in a comment or in the middle of a line opens nothing.
    assert indent_as_vscode(["// {", "label a(text: \"(\")", "view"], set(), rules) == ["// {", 'label a(text: "(")', "view"]


def node() -> str:
    return tool("node")


def test_extension_js_parses():
    result = subprocess.run([node(), "--check", str(EXTENSION / MANIFEST["main"])], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# Loads extension.js with `vscode` and `vscode-languageclient/node` replaced by recording stand-ins, activates it,
# changes the path setting, runs the restart command, makes the next start fail, deactivates; prints what happened.
HARNESS = r'''
const Module = require("module");
const events = [];
const commands = {};
const listeners = [];
let settings = { path: "stackc" };
let failNextStart = false;
const vscode = {
  workspace: {
    getConfiguration: (section) => ({ get: (key) => { events.push(["get", section, key]); return settings[key]; } }),
    onDidChangeConfiguration: (listener) => { listeners.push(listener); return { dispose() {} }; },
  },
  commands: { registerCommand: (name, run) => { commands[name] = run; return { dispose() {} }; } },
  window: { showErrorMessage: (message) => { events.push(["error", message]); } },
};
class LanguageClient {
  constructor(id, name, server, client) { events.push(["create", id, name, server, client]); }
  start() {
    if (failNextStart) { failNextStart = false; return Promise.reject(new Error("spawn nowhere ENOENT")); }
    events.push(["start"]); return Promise.resolve();
  }
  stop() { events.push(["stop"]); return Promise.resolve(); }
}
const load = Module._load;
Module._load = function (request, ...rest) {
  if (request === "vscode") return vscode;
  if (request === "vscode-languageclient/node") return { LanguageClient };
  return load.call(this, request, ...rest);
};
const extension = require(process.argv[2]);
(async () => {
  const context = { subscriptions: [] };
  await extension.activate(context);
  events.push(["subscriptions", context.subscriptions.length, Object.keys(commands)]);
  settings = { path: "~/bin/stackc" };
  for (const listener of listeners) await listener({ affectsConfiguration: (key) => key === "stackc.path" });
  for (const listener of listeners) await listener({ affectsConfiguration: (key) => key === "editor.tabSize" });
  failNextStart = true;
  await commands["stackc.restartServer"]();
  await extension.deactivate();
  console.log(JSON.stringify({ events, home: require("os").homedir() }));
})().catch((error) => { console.log(JSON.stringify({ failure: String(error.stack || error) })); });
'''


def test_extension_starts_and_restarts_the_server(tmp_path):
    harness = tmp_path / "harness.js"
    harness.write_text(HARNESS, encoding="utf-8")
    result = subprocess.run([node(), str(harness), str(EXTENSION / MANIFEST["main"])],
                            capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert "failure" not in report, report["failure"]
    events = [event for event in report["events"] if event[0] != "get"]
    selector = {"documentSelector": [{"language": language()["id"]}]}
    home_stackc = os.path.join(report["home"], "bin/stackc")
    assert events[:3] == [
        ["create", "stackc", "stackc", {"command": "stackc", "args": ["lsp"]}, selector],
        ["start"],
        ["subscriptions", 2, [command["command"] for command in MANIFEST["contributes"]["commands"]]],
    ]
    # The path setting changes: the server restarts with the new executable, `~/` expanded. Other settings: nothing.
    assert events[3:6] == [["stop"], ["create", "stackc", "stackc", {"command": home_stackc, "args": ["lsp"]}, selector],
                           ["start"]]
    # The restart command; this start fails: one message naming the executable and the setting, no client left.
    assert events[6:8] == [["stop"], ["create", "stackc", "stackc", {"command": home_stackc, "args": ["lsp"]}, selector]]
    assert events[8][0] == "error" and f"`{home_stackc} lsp`" in events[8][1] and "stackc.path" in events[8][1]
    # Deactivating with no running client stops nothing.
    assert events[9:] == []
    # Every setting the code reads is one the manifest declares.
    declared = set(MANIFEST["contributes"]["configuration"]["properties"])
    read = {f"{event[1]}.{event[2]}" for event in report["events"] if event[0] == "get"}
    assert read and read <= declared


def test_readme_points_at_the_extension():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("**VS Code**"):readme.index("## Project layout")]
    assert "Editors/vscode" in section
    guide = (EXTENSION / "README.md").read_text(encoding="utf-8")
    assert f"code --install-extension {MANIFEST['name']}-{MANIFEST['version']}.vsix" in guide
    assert "cp Grammar/stack.tmLanguage.json Editors/vscode/syntaxes/stack.tmLanguage.json" in guide
    for setting in MANIFEST["contributes"]["configuration"]["properties"]:
        assert f"`{setting}`" in guide, setting
