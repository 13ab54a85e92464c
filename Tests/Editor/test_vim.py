"""Editors/vim, loaded by README's Vim setup (`.vimrc` lines) in headless Neovim and Vim.

- Highlighting: syntax/stack.vim gives hand-chosen tokens of a sample the expected syntax group and the standard
  group it links to (`synID`, `synIDattr`); the filetype and ftplugin settings are those README promises.
- Indentation: `gg=G` on every sample with its indentation removed gives back `stackc fmt`'s output.
- Agreement: every character the syntax file highlights, Grammar/stack.tmLanguage.json scopes alike, and the
  words it knows (keywords, element kinds, enum cases, anchors, priorities) are the language's.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from textmate_grammar.parsers.base import LanguageParser

from conftest import REPO, samples
from editor_programs import read_result, readme_block, run_editor, script
from test_textmate import scopes_by_position

# A sample with every kind of token, and what each chosen token must be: (line, token, occurrence in the line,
# syntax group, the standard group it links to; "" for no highlighting).
SAMPLE = r'''// A sample. TODO: more
/* a block /* nested */ still comment */
let gap = 8 * 2 - 1.5 / 3
component Card(title: String = "a \"q\" \q", size: Size = 10x20, shown: Bool = false) {
    vstack(spacing: gap, alignment: .center) {
        label caption(text: title, intrinsic: none x 20, hugging: defaultHigh, hidden: true)
        image avatar(image: "🙂 日本", intrinsic: size)
    }
}
hstack root(distribution: fillEqually) { Card first(title: "x") spacer
    view tail(width: 12.25) /* after */
    label open(text: "unterminated
    constraints {
        first.caption.width >= 2 * tail.width + 4 @750 // priority
        tail.height <= 100 @ required
    }
}
'''

EXPECTED = [
    (1, "//", 1, "stackLineComment", "Comment"),
    (1, "TODO", 1, "stackTodo", "Todo"),
    (2, "still", 1, "stackBlockComment", "Comment"),  # after the nested comment's end: block comments nest
    (2, "*/", 2, "stackBlockComment", "Comment"),
    (3, "let", 1, "stackKeyword", "Keyword"),
    (3, "gap", 1, "stackConstantName", "Identifier"),
    (3, "=", 1, "stackOperator", "Operator"),
    (3, "8", 1, "stackNumber", "Number"),
    (3, "*", 1, "stackOperator", "Operator"),
    (3, "1.5", 1, "stackNumber", "Number"),
    (3, "5", 1, "stackNumber", "Number"),  # the fraction is part of the number
    (3, "/", 1, "stackOperator", "Operator"),
    (4, "component", 1, "stackKeyword", "Keyword"),
    (4, "Card", 1, "stackTypeName", "Type"),
    (4, "title", 1, "stackAttribute", "Label"),
    (4, "String", 1, "stackTypeName", "Type"),
    (4, '"a', 1, "stackString", "String"),
    (4, '\\"', 1, "stackEscape", "SpecialChar"),
    (4, "\\q", 1, "stackBadEscape", "Error"),
    (4, "10", 1, "stackNumber", "Number"),
    (4, "x", 1, "stackOperator", "Operator"),  # 10x20: the lexer ends the number at the x
    (4, "20", 1, "stackNumber", "Number"),
    (4, "false", 1, "stackBoolean", "Boolean"),
    (5, "vstack", 1, "stackElement", "Structure"),
    (5, "spacing", 1, "stackAttribute", "Label"),
    (5, "gap", 1, "", ""),  # a constant used as a value
    (5, ".center", 1, "stackEnumCase", "Constant"),
    (6, "label", 1, "stackElement", "Structure"),
    (6, "caption", 1, "stackItemName", "Identifier"),
    (6, "title", 1, "", ""),  # a parameter used as a value
    (6, "none", 1, "stackNone", "Constant"),
    (6, "x 20", 1, "stackOperator", "Operator"),
    (6, "defaultHigh", 1, "stackPriority", "Constant"),
    (6, "true", 1, "stackBoolean", "Boolean"),
    (7, "image", 1, "stackElement", "Structure"),
    (7, "image", 2, "stackAttribute", "Label"),  # an element kind as an attribute label
    (7, "日本", 1, "stackString", "String"),
    (10, "hstack", 1, "stackElement", "Structure"),
    (10, "root", 1, "stackItemName", "Identifier"),
    (10, "fillEqually", 1, "stackEnumCase", "Constant"),
    (10, "Card", 1, "stackTypeName", "Type"),
    (10, "first", 1, "stackItemName", "Identifier"),
    (10, "spacer", 1, "stackElement", "Structure"),
    (11, "12.25", 1, "stackNumber", "Number"),
    (11, "after", 1, "stackBlockComment", "Comment"),
    (12, "unterminated", 1, "stackString", "String"),
    (13, "constraints", 1, "stackKeyword", "Keyword"),  # the string ended with its line
    (14, "first", 1, "", ""),
    (14, "caption", 1, "stackMember", "Identifier"),
    (14, "width", 1, "stackAnchor", "Function"),
    (14, ">=", 1, "stackRelation", "Operator"),
    (14, "tail", 1, "", ""),
    (14, "@", 1, "stackOperator", "Operator"),
    (14, "750", 1, "stackNumber", "Number"),
    (14, "priority", 1, "stackLineComment", "Comment"),
    (15, "<=", 1, "stackRelation", "Operator"),
    (15, "required", 1, "stackPriority", "Constant"),
]

HIGHLIGHT_SCRIPT = r'''
try
  let s:positions = json_decode(join(readfile(g:stack_positions), "\n"))
  let s:found = []
  for [s:line, s:column] in s:positions
    let s:id = synID(s:line, s:column, 1)
    let s:name = synIDattr(s:id, "name")
    let s:link = s:name ==# "" ? "" : matchstr(execute("highlight " . s:name), 'links to \zs\w\+')
    call add(s:found, [s:name, s:link])
  endfor
  let s:result = {"filetype": &filetype, "syntax": get(b:, "current_syntax", ""), "found": s:found,
        \ "commentstring": &commentstring, "shiftwidth": shiftwidth(), "expandtab": &expandtab}
catch
  let s:result = {"error": v:exception . " at " . v:throwpoint}
endtry
call writefile([json_encode(s:result)], g:stack_result)
qall!
'''


def byte_column(line: str, token: str, occurrence: int) -> int:
    """The 1-based byte column of the nth occurrence of token in line (Vim counts bytes)."""
    index = -1
    for _ in range(occurrence):
        index = line.index(token, index + 1)
    return len(line[:index].encode("utf-8")) + 1


def vim_setup(tmp_path: Path) -> Path:
    init = tmp_path / "vimrc"
    init.write_text(readme_block("vim-setup", "vim"), encoding="utf-8")
    return init


@pytest.mark.parametrize("name", ["nvim", "vim"])
def test_highlight_groups(name, tmp_path):
    source = tmp_path / "sample.stack"
    source.write_text(SAMPLE, encoding="utf-8")
    lines = SAMPLE.split("\n")
    positions = [[number, byte_column(lines[number - 1], token, nth)] for number, token, nth, _, _ in EXPECTED]
    (tmp_path / "positions.json").write_text(json.dumps(positions), encoding="utf-8")
    check = script(tmp_path, "check.vim", HIGHLIGHT_SCRIPT,
                   {"stack_positions": tmp_path / "positions.json", "stack_result": tmp_path / "result.json"})
    run = run_editor(name, vim_setup(tmp_path), check, [source], tmp_path / "home")
    result = read_result(tmp_path / "result.json", run)
    assert (result["filetype"], result["syntax"]) == ("stack", "stack")
    assert (result["commentstring"], result["shiftwidth"], result["expandtab"]) == ("// %s", 4, 1)
    wrong = [
        f"line {number} {token!r} #{nth}: {found} (expected {[group, link]})"
        for (number, token, nth, group, link), found in zip(EXPECTED, result["found"])
        if found != [group, link]
    ]
    assert wrong == []


INDENT_SCRIPT = r'''
try
  normal! gg=G
  call writefile(getline(1, "$"), g:stack_output)
  let s:result = {"indented": 1}
catch
  let s:result = {"error": v:exception . " at " . v:throwpoint}
endtry
call writefile([json_encode(s:result)], g:stack_result)
qall!
'''


def inside_block_comments(run_stackc, path: Path, text: str) -> set[int]:
    """0-based numbers of the lines that start inside a block comment (their indentation is the author's)."""
    ast = json.loads(run_stackc("ast", "--format", "json", str(path)).stdout)
    data = text.encode("utf-8")
    lines: set[int] = set()
    for comment in ast["comments"]:
        first = data[: comment["range"]["start"]].count(b"\n")
        last = data[: comment["range"]["end"]].count(b"\n")
        lines.update(range(first + 1, last + 1))
    return lines


@pytest.mark.parametrize("name", ["nvim", "vim"])
def test_indentation_is_stackc_fmts(name, run_stackc, tmp_path):
    cases = [*samples(), "multiline"]
    checked = 0
    for case in cases:
        if case == "multiline":
            # Arguments on their own lines, as fmt writes a long argument list, and a closer starting a line.
            path = tmp_path / "multiline.stack"
            path.write_text(
                "hstack root(margins: (1, 2, 3, 4), distribution: fillEqually, spacing: 8, alignment: center, "
                "layoutMarginsRelative: true, baselineRelative: false, width: 300) {\n"
                "label a(text: \"{ (\") // {\n}\n",
                encoding="utf-8",
            )
        else:
            path = REPO / case
        formatted = run_stackc("fmt", str(path))
        assert formatted.returncode == 0, formatted.stderr
        expected = formatted.stdout
        source = tmp_path / f"in-{checked}.stack"
        formatted_path = tmp_path / f"fmt-{checked}.stack"
        formatted_path.write_text(expected, encoding="utf-8")
        keep = inside_block_comments(run_stackc, formatted_path, expected)
        stripped = [line if number in keep else line.lstrip() for number, line in enumerate(expected.split("\n"))]
        assert stripped != expected.split("\n"), f"{case} has nothing to indent"
        source.write_text("\n".join(stripped), encoding="utf-8")
        output = tmp_path / f"out-{checked}.stack"
        check = script(tmp_path, f"indent-{checked}.vim", INDENT_SCRIPT,
                       {"stack_output": output, "stack_result": tmp_path / f"result-{checked}.json"})
        run = run_editor(name, vim_setup(tmp_path), check, [source], tmp_path / "home")
        read_result(tmp_path / f"result-{checked}.json", run)
        assert output.read_text(encoding="utf-8") == expected.rstrip("\n") + "\n", case
        checked += 1
    assert checked == len(cases) > 5


def vim_alternatives(group: str) -> set[str]:
    """The words of a `syntax keyword` group, or the `\\%(a\\|b\\)` alternatives of a `syntax match` group."""
    text = (REPO / "Editors" / "vim" / "syntax" / "stack.vim").read_text(encoding="utf-8")
    words: set[str] = set()
    for line in text.splitlines():
        parts = line.split()
        if len(parts) > 3 and parts[:3] == ["syntax", "keyword", group]:
            words.update(parts[3:])
        elif len(parts) > 3 and parts[:3] == ["syntax", "match", group]:
            # The first group of alternatives (a group without `\|` is a lookbehind).
            groups = [group for group in re.findall(r"\\%\(([^()]*?)\\\)", line) if "\\|" in group]
            words.update(groups[0].split("\\|"))
    assert words, group
    return words


def listed(message: str) -> set[str]:
    """The quoted words after 'expected' in a stackc diagnostic."""
    return set(re.findall(r"'(\w+)'", message.split("expected", 1)[1]))


def test_syntax_file_knows_the_languages_words(run_stackc, tmp_path):
    """The words the syntax file highlights are the language's: keywords and element kinds from
    Grammar/stack.ebnf, enum cases and anchors as stackc's own diagnostics list them, priority names from the
    checker's table."""
    ebnf = (REPO / "Grammar" / "stack.ebnf").read_text(encoding="utf-8")

    def rule(name: str) -> set[str]:
        return set(re.findall(r'"(\w+)"', re.search(rf"^{name}\s*=(.*?);", ebnf, re.M | re.S).group(1)))

    assert vim_alternatives("stackKeyword") | vim_alternatives("stackBoolean") | vim_alternatives("stackNone") \
        == rule("keyword")
    assert vim_alternatives("stackElement") == rule("elementKeyword")

    path = tmp_path / "words.stack"
    path.write_text("hstack a(alignment: middle, distribution: spread) {\n    view b(width: 3)\n"
                    "    constraints {\n        b.middle == a.width\n    }\n}\n", encoding="utf-8")
    errors = [line for line in run_stackc("check", str(path)).stderr.splitlines() if ": error: " in line]
    alignment = listed(next(line for line in errors if "unknown alignment" in line))
    distribution = listed(next(line for line in errors if "unknown distribution" in line))
    anchors = listed(next(line for line in errors if "unknown anchor" in line))
    assert vim_alternatives("stackEnumCase") == alignment | distribution
    assert vim_alternatives("stackAnchor") == anchors

    value_swift = (REPO / "Sources" / "StackSemantics" / "Value.swift").read_text(encoding="utf-8")
    priorities = set(re.findall(r'"(\w+)"', re.search(r"case \.priority: \[(.*?)\]", value_swift).group(1)))
    assert vim_alternatives("stackPriority") == priorities == {"required", "defaultHigh", "defaultLow", "fittingSizeLevel"}


# What each syntax group of the Vim file must be in the TextMate grammar: any scope starting with one of these.
TEXTMATE = {
    "stackLineComment": ("comment.line",),
    "stackBlockComment": ("comment.block",),
    "stackTodo": ("comment",),
    "stackKeyword": ("keyword.other",),
    "stackElement": ("entity.name.type.element",),
    "stackTypeName": ("entity.name.type",),
    "stackItemName": ("entity.name.tag",),
    "stackConstantName": ("variable.other.constant",),
    "stackAttribute": ("variable.parameter",),
    "stackMember": ("variable.other.member",),
    "stackAnchor": ("variable.other.member",),
    "stackEnumCase": ("variable.other", "punctuation.accessor"),
    "stackPriority": ("support.constant.priority",),
    "stackBoolean": ("constant.language",),
    "stackNone": ("constant.language",),
    "stackNumber": ("constant.numeric",),
    "stackString": ("string.quoted.double",),
    "stackEscape": ("constant.character.escape",),
    "stackBadEscape": ("invalid.illegal",),
    "stackOperator": ("keyword.operator",),
    "stackRelation": ("keyword.operator.relation",),
}

EVERY_GROUP_SCRIPT = r'''
try
  let s:groups = []
  for s:line in range(1, line("$"))
    call add(s:groups, map(range(1, strlen(getline(s:line))), 'synIDattr(synID(s:line, v:val, 1), "name")'))
  endfor
  let s:result = {"groups": s:groups}
catch
  let s:result = {"error": v:exception . " at " . v:throwpoint}
endtry
call writefile([json_encode(s:result)], g:stack_result)
qall!
'''


def test_vim_and_textmate_highlight_alike(tmp_path):
    """Every character the Vim syntax highlights, the TextMate grammar scopes as the same kind of thing."""
    source = tmp_path / "sample.stack"
    source.write_text(SAMPLE, encoding="utf-8")
    check = script(tmp_path, "groups.vim", EVERY_GROUP_SCRIPT, {"stack_result": tmp_path / "result.json"})
    run = run_editor("nvim", vim_setup(tmp_path), check, [source], tmp_path / "home")
    groups = read_result(tmp_path / "result.json", run)["groups"]
    grammar = LanguageParser(json.loads((REPO / "Grammar" / "stack.tmLanguage.json").read_text(encoding="utf-8")))
    scopes = scopes_by_position(grammar, SAMPLE)
    problems: list[str] = []
    seen: set[str] = set()
    for number, line in enumerate(SAMPLE.split("\n")[: len(groups)]):
        byte = 0
        for column, character in enumerate(line):
            group = groups[number][byte]  # a character's first byte
            byte += len(character.encode("utf-8"))
            if not group:
                continue
            seen.add(group)
            got = scopes.get((number, column), [])
            if not any(scope.startswith(prefix) for scope in got for prefix in TEXTMATE[group]):
                problems.append(f"{number + 1}:{column + 1} {character!r}: {group} but {got}")
    assert problems == []
    # The sample exercises every group of the syntax file.
    assert seen == set(TEXTMATE)
