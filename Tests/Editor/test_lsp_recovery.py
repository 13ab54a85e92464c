"""`stackc lsp` while someone types: a file with a syntax error keeps its structure (the parser recovers at the
next part of the file), so document symbols, hover and completion keep working, and formatting leaves the file
alone. Run once per recorded client capability set, as test_lsp.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import find_stackc  # noqa: E402

STACKC = find_stackc()
SERVER = [str(STACKC) if STACKC else "stackc", "lsp"]
CLIENTS = ["neovim", "visual-studio-code", "emacs"]
URI = "file:///tmp/stackc-lsp-recovery/main.stack"

# The example: the ')' of the stack's arguments is missing, and a line of the body is still empty.
MISSING_PAREN = """\
vstack v(spacing: 8 {
    label title(text: "Hi")

    view box(width: 10, height: 10)
}
hstack after {
    spacer
}
"""

# A label whose ')' is missing, in the middle of a body.
LABEL_PAREN = """\
vstack v {
    label title(text: "Hi"
    view box(width: 10, height: 10)
}
"""


@pytest_lsp.fixture(params=CLIENTS, config=ClientServerConfig(server_command=SERVER))
async def client(request, lsp_client: LanguageClient):
    if STACKC is None or not Path(STACKC).is_file():
        pytest.fail("stackc binary not found: set STACKC or run `swift build --product stackc` first")
    params = types.InitializeParams(capabilities=client_capabilities(request.param))
    lsp_client.initialize_result = await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


async def open_document(client: LanguageClient, text: str) -> list[types.Diagnostic]:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=URI, language_id="stack", version=1, text=text)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return list(client.diagnostics[URI])


async def symbols(client: LanguageClient) -> list[types.DocumentSymbol]:
    return await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )


async def completion_labels(client: LanguageClient, line: int, character: int) -> set[str]:
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=URI),
            position=types.Position(line=line, character=character),
        )
    )
    items = result.items if isinstance(result, types.CompletionList) else result
    return {item.label for item in items or []}


@pytest.mark.asyncio
async def test_one_diagnostic_for_the_missing_paren(client: LanguageClient):
    diagnostics = await open_document(client, MISSING_PAREN)
    errors = [d for d in diagnostics if d.severity == types.DiagnosticSeverity.Error]
    assert [d.code for d in errors] == ["E010"]
    assert errors[0].message.startswith("expected ')' to end the arguments of vstack")
    # At the '{' on the first line, not at the end of the file.
    assert errors[0].range.start == types.Position(line=0, character=20)


@pytest.mark.asyncio
async def test_symbols_keep_the_children(client: LanguageClient):
    await open_document(client, MISSING_PAREN)
    found = await symbols(client)
    assert [s.name for s in found] == ["v", "after"]
    assert [c.name for c in found[0].children] == ["title", "box"]
    assert found[0].children[1].detail == "view"
    assert [c.detail for c in found[1].children] == ["spacer"]


@pytest.mark.asyncio
async def test_symbols_after_a_label_without_its_paren(client: LanguageClient):
    await open_document(client, LABEL_PAREN)
    found = await symbols(client)
    assert [s.name for s in found] == ["v"]
    assert [c.name for c in found[0].children] == ["title", "box"]


@pytest.mark.asyncio
async def test_completion_inside_the_body(client: LanguageClient):
    await open_document(client, MISSING_PAREN)
    # On the empty line of the body: element kinds, as in any body.
    declarations = await completion_labels(client, 2, 4)
    assert {"hstack", "vstack", "label", "spacer", "constraints"} <= declarations
    # In the arguments of a child: the attributes a view takes, but not those it already has.
    attributes = await completion_labels(client, 3, len("    view box("))
    assert {"intrinsic", "hugging", "hidden"} <= attributes
    assert not {"text", "width", "height"} & attributes


# Typing inside an argument list whose ')' is not there yet: (text, line, character, labels that must be offered).
UNFINISHED_ARGUMENTS = [
    ("vstack v(spac {\n    view a\n}\n", 0, len("vstack v(spac"), {"spacing", "alignment"}),
    ("vstack v(spacing: 8, {\n    view a\n}\n", 0, len("vstack v(spacing: 8, "), {"alignment", "distribution"}),
    ("vstack v {\n    label t(\n    view a\n}\n", 1, len("    label t("), {"text", "intrinsic"}),
    ("vstack v(alignment: \n    view a\n}\n", 0, len("vstack v(alignment: "), {"center", "leading"}),
]


@pytest.mark.asyncio
@pytest.mark.parametrize("text,line,character,wanted", UNFINISHED_ARGUMENTS)
async def test_completion_in_unfinished_arguments(client: LanguageClient, text, line, character, wanted):
    await open_document(client, text)
    assert wanted <= await completion_labels(client, line, character)


@pytest.mark.asyncio
async def test_hover_on_a_child(client: LanguageClient):
    await open_document(client, MISSING_PAREN)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=URI),
            position=types.Position(line=3, character=len("    view b")),
        )
    )
    assert hover is not None
    assert "box" in hover.contents.value


@pytest.mark.asyncio
async def test_formatting_returns_no_edits(client: LanguageClient):
    await open_document(client, MISSING_PAREN)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=URI),
            options=types.FormattingOptions(tab_size=4, insert_spaces=True),
        )
    )
    assert not edits


def test_fmt_leaves_a_file_with_syntax_errors_untouched(run_stackc, tmp_path):
    path = tmp_path / "typing.stack"
    path.write_text(MISSING_PAREN)
    result = run_stackc("fmt", "-w", str(path))
    assert result.returncode == 1
    assert "expected ')' to end the arguments of vstack, found '{' [E010]" in result.stderr
    assert "has syntax errors; not formatted" in result.stderr
    assert result.stdout == ""
    assert path.read_text() == MISSING_PAREN


def test_the_readme_ast_examples(run_stackc, repo):
    """README "The syntax tree": each `$ stackc ast ...` line prints exactly the outline below it."""
    readme = (repo / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The syntax tree (`stackc ast`)", 1)[1].split("\n## ", 1)[0]
    block = section.split("```\n", 2)[1].split("```", 1)[0]
    examples = [part for part in block.split("$ stackc ") if part]
    assert len(examples) == 2
    for example in examples:
        command, _, expected = example.partition("\n")
        result = run_stackc(*command.split())
        assert result.returncode == 1, command
        assert result.stdout == expected, command
        assert "error:" in result.stderr
