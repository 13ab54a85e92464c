"""Grammar/stack.tmLanguage.json, tokenized by a TextMate engine (textmate-grammar-python, a port of
vscode-textmate), gives the right scopes. The truth is stackc's own syntax tree (`stackc ast --format json`):
every keyword, element kind, component, item name, attribute label, parameter, number, string, literal,
relation and comment the parser sees must carry the matching scope at its position, in every sample."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest
from textmate_grammar.parsers.base import LanguageParser

from conftest import REPO, samples

GRAMMAR_PATH = REPO / "Grammar" / "stack.tmLanguage.json"
logging.getLogger("textmate_grammar").setLevel(logging.ERROR)

# What each kind of syntax must be scoped as: any scope starting with one of the prefixes.
EXPECTED = {
    "let": ("keyword.other", "keyword.control", "storage.type"),
    "component": ("keyword.other", "keyword.control", "storage.type"),
    "constraints": ("keyword.other", "keyword.control"),
    "element kind": ("entity.name.type",),
    "component name": ("entity.name.type",),
    "item name": ("entity.name.tag", "variable"),
    "constant name": ("variable", "entity.name"),
    "attribute": ("variable.parameter", "support.type.property-name"),
    "parameter": ("variable.parameter",),
    "parameter type": ("entity.name.type", "support.type", "storage.type"),
    "number": ("constant.numeric",),
    "string": ("string.quoted.double",),
    "literal": ("constant.language",),
    "relation": ("keyword.operator",),
    "line comment": ("comment.line",),
    "block comment": ("comment.block",),
}

# A file with every construct, beside the samples: escapes, nested comments, tuples, priorities, dotted paths.
EVERYTHING = r'''// Every construct of the language.
/* a block /* nested */ comment */
let gap = 8 * 2 - 1.5 / 3
let big = (1, 2, 3, 4,)
let flag = true
component Card(title: String = "a \"quoted\" \\ title\n", size: Size = 10x20, shown: Bool = false) {
    vstack(spacing: gap, alignment: .center) {
        label caption(text: title, intrinsic: none x 20, hugging: defaultHigh, hidden: flag)
        image avatar(image: "🙂 日本", intrinsic: size)
    }
}
hstack root(margins: big, distribution: fillEqually) { Card first(title: "x") spacer
    view tail(width: 12.25, height: 0) /* after */
    constraints {
        first.caption.width >= 2 * tail.width + 4 @750 // priority
        tail.height <= 100 @ required
        tail.leading == first.trailing @defaultLow
    }
}
'''


@pytest.fixture(scope="module")
def grammar():
    return LanguageParser(json.loads(GRAMMAR_PATH.read_text(encoding="utf-8")))


def scopes_by_position(grammar, text: str) -> dict[tuple[int, int], list[str]]:
    """(0-based line, code-point column) → scopes, for every character the engine tokenized."""
    element = grammar.parse_string(text)
    assert element is not None, "the grammar tokenized nothing"
    positions: dict[tuple[int, int], list[str]] = {}
    for (line, column), content, scopes in element.flatten():
        for index in range(len(content)):
            positions[(line, column + index)] = scopes
    return positions


def position(data: bytes, offset: int) -> tuple[int, int]:
    """Byte offset → (0-based line, code-point column), as the engine counts."""
    before = data[:offset].decode("utf-8")
    line = before.count("\n")
    return line, len(before) - (before.rfind("\n") + 1)


def expectations(ast: dict) -> list[tuple[str, dict]]:
    """(what, range) for every node of the tree that has a scope to check."""
    found: list[tuple[str, dict]] = []

    def expression(node):
        if node is None:
            return
        kind = node["node"]
        if kind == "number":
            found.append(("number", node["range"]))
        elif kind == "string":
            found.append(("string", node["range"]))
        elif kind in ("bool", "none"):
            found.append(("literal", node["range"]))
        for key in ("base", "operand", "left", "right", "width", "height", "inner", "expression", "value"):
            if isinstance(node.get(key), dict) and "node" in node[key]:
                expression(node[key])
        for child in node.get("elements", []) or []:
            expression(child)

    def declaration(node):
        kind = node["node"]
        if kind == "let":
            found.append(("let", node["range"]))
            found.append(("constant name", node["name"]["range"]))
            expression(node["value"])
        elif kind == "component":
            found.append(("component", node["range"]))
            found.append(("component name", node["name"]["range"]))
            for parameter in node["parameters"]:
                found.append(("parameter", parameter["name"]["range"]))
                found.append(("parameter type", parameter["type"]["range"]))
                expression(parameter.get("default"))
            for member in node["body"]["members"]:
                declaration(member)
        elif kind == "element":
            found.append(("element kind", node["kind"]["range"]))
            if node.get("name"):
                found.append(("item name", node["name"]["range"]))
            for argument in node.get("arguments") or []:
                found.append(("attribute", argument["label"]["range"]))
                expression(argument["value"])
            if node.get("body"):
                for member in node["body"]["members"]:
                    declaration(member)
        elif kind == "constraints":
            found.append(("constraints", node["range"]))
            for constraint in node["constraints"]:
                expression(constraint["left"])
                expression(constraint["right"])
                expression(constraint.get("priority"))
                found.append(("relation", constraint.get("relationRange") or _relation_range(constraint)))

    for node in ast["declarations"]:
        declaration(node)
    for comment in ast["comments"]:
        found.append(("line comment" if comment["style"] == "line" else "block comment", comment["range"]))
    return [(what, range_) for what, range_ in found if range_ is not None]


def _relation_range(constraint: dict) -> dict | None:
    """The relation sits between the sides; the first non-space byte after the left side is checked."""
    return {"after": constraint["left"]["range"]["end"]}


def check_file(grammar, run_stackc, path: Path) -> tuple[list[str], dict[str, int]]:
    data = (REPO / path).read_bytes() if not path.is_absolute() else path.read_bytes()
    result = run_stackc("ast", "--format", "json", str(path))
    assert result.returncode in (0, 1), result.stderr
    ast = json.loads(result.stdout)
    scopes = scopes_by_position(grammar, data.decode("utf-8"))
    problems: list[str] = []
    counts: dict[str, int] = {}
    for what, range_ in expectations(ast):
        if "after" in range_:
            offset = range_["after"]
            while offset < len(data) and data[offset : offset + 1] in (b" ", b"\t", b"\n", b"\r"):
                offset += 1
        else:
            offset = range_["start"]
        at = position(data, offset)
        got = scopes.get(at, [])
        counts[what] = counts.get(what, 0) + 1
        if not any(scope.startswith(prefix) for scope in got for prefix in EXPECTED[what]):
            text = data[offset : offset + 20].decode("utf-8", "replace").split("\n")[0]
            problems.append(f"{path}:{at[0] + 1}:{at[1] + 1}: {what} {text!r} has scopes {got}")
    return problems, counts


@pytest.mark.parametrize("sample", samples(), ids=lambda path: path.stem)
def test_every_sample_is_scoped_like_the_parser_reads_it(grammar, run_stackc, sample):
    problems, counts = check_file(grammar, run_stackc, sample)
    assert problems == []
    assert counts.get("element kind", 0) > 0 and counts.get("attribute", 0) > 0 and counts.get("number", 0) > 0


def test_every_construct_is_scoped(grammar, run_stackc, tmp_path):
    path = tmp_path / "everything.stack"
    path.write_text(EVERYTHING, encoding="utf-8")
    assert run_stackc("check", str(path)).returncode == 0, run_stackc("check", str(path)).stderr
    problems, counts = check_file(grammar, run_stackc, path)
    assert problems == []
    # Every kind of expectation was exercised, so a change to the walk cannot silently weaken the test.
    assert set(counts) == set(EXPECTED), set(EXPECTED) - set(counts)


def test_error_samples_tokenize(grammar):
    """Broken files (unterminated strings and comments, junk) still tokenize, line by line."""
    for path in samples("Samples/errors"):
        assert scopes_by_position(grammar, (REPO / path).read_text(encoding="utf-8"))


def test_specific_scopes(grammar):
    text = 'let a = 1 // c\nhstack bar(spacing: 8, hidden: none) { label(text: "s\\n") }\n'
    scopes = scopes_by_position(grammar, text)

    def at(line: int, column: int) -> list[str]:
        return scopes.get((line, column), [])

    assert "keyword.other.let.stack" in at(0, 0)
    assert "comment.line.double-slash.stack" in at(0, 12)
    assert "entity.name.type.element.stack" in at(1, 0)
    assert "entity.name.tag.item.stack" in at(1, 7)
    assert "variable.parameter.attribute.stack" in at(1, 11)
    assert "constant.numeric.stack" in at(1, 20)
    assert "constant.language.stack" in at(1, 31)
    assert "constant.character.escape.stack" in at(1, 53)
    # A scope the grammar never gives is not found: the check can fail.
    assert "comment.line.double-slash.stack" not in at(1, 0)


def test_grammar_file_is_well_formed():
    grammar = json.loads(GRAMMAR_PATH.read_text(encoding="utf-8"))
    assert grammar["scopeName"] == "source.stack"
    assert grammar["fileTypes"] == ["stack"]
    # Every include points into the repository.
    text = GRAMMAR_PATH.read_text(encoding="utf-8")
    for include in {part.split('"')[0] for part in text.split('"include": "#')[1:]}:
        assert include in grammar["repository"], include
