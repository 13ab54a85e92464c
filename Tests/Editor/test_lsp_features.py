"""End-to-end tests of the language server's navigation and editing features (references, highlights,
rename, semantic tokens, signature help, inlay hints of solved sizes, context-aware completion), run once
per recorded client capability set (Neovim, VS Code, Emacs) through the `client` fixture in conftest.py.

Every expected position, range and size is written by hand from the documents below: lines and UTF-16
columns counted in the text, sizes from the stack rules (a flat hstack of fixed intrinsic sizes).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import LSP_URI as URI, open_document  # noqa: E402

# Lines (0-based):            columns of the names used below (0-based, UTF-16)
DOC = """\
let gap = 8

component Badge(title: String = "", size: Number = 20) {
    label(text: title, intrinsic: size x size)
}

hstack main(spacing: gap, alignment: center) {
    label title(text: "Café 😀", intrinsic: 120 x 44)
    Badge badge(title: "n")
    view box(intrinsic: 30 x 10)
    constraints { box.height == badge.height }
}
"""
# line 0: gap 4-7                line 2: Badge 10-15, title 16-21, size 36-40
# line 3: title 16-21, size 34-38 and 41-45
# line 6: main 7-11, gap 21-24   line 7: title 10-15     line 8: Badge 4-9, badge 10-15, title 16-21
# line 9: box 9-12               line 10: box 18-21, badge 32-37


def rng(line: int, start: int, end: int, end_line: int | None = None) -> types.Range:
    return types.Range(start=types.Position(line=line, character=start),
                       end=types.Position(line=line if end_line is None else end_line, character=end))


def at(line: int, character: int) -> types.Position:
    return types.Position(line=line, character=character)


DOCUMENT = types.TextDocumentIdentifier(uri=URI)


async def references(client: LanguageClient, position: types.Position, include: bool) -> list[types.Range]:
    result = await client.text_document_references_async(
        types.ReferenceParams(text_document=DOCUMENT, position=position,
                              context=types.ReferenceContext(include_declaration=include)))
    assert all(location.uri == URI for location in result)
    return [location.range for location in result]


@pytest.mark.asyncio
async def test_capabilities_are_advertised(client: LanguageClient):
    capabilities = client.initialize_result.capabilities
    assert capabilities.references_provider
    assert capabilities.document_highlight_provider
    assert capabilities.inlay_hint_provider
    # prepareRename is offered only to clients that ask for it (Neovim and VS Code do, Emacs does not).
    if client.client_name == "emacs":
        assert capabilities.rename_provider is True
    else:
        assert capabilities.rename_provider.prepare_provider is True
    assert list(capabilities.signature_help_provider.trigger_characters) == ["(", ","]
    legend = capabilities.semantic_tokens_provider.legend
    assert list(legend.token_types) == ["keyword", "type", "class", "parameter", "variable", "property", "enumMember",
                                  "number", "string", "comment", "operator"]
    assert list(legend.token_modifiers) == ["declaration", "readonly"]


@pytest.mark.asyncio
async def test_references_of_items_constants_components_and_parameters(client: LanguageClient):
    assert await open_document(client, DOC) == []
    # An item: declared on line 9, used in the constraints block.
    assert await references(client, at(9, 10), True) == [rng(9, 9, 12), rng(10, 18, 21)]
    assert await references(client, at(10, 19), False) == [rng(10, 18, 21)]
    # A constant, from its use.
    assert await references(client, at(6, 22), True) == [rng(0, 4, 7), rng(6, 21, 24)]
    assert await references(client, at(6, 22), False) == [rng(6, 21, 24)]
    # A component, from an instance: the declaration and the instance's kind.
    assert await references(client, at(8, 5), True) == [rng(2, 10, 15), rng(8, 4, 9)]
    # A parameter, from an instance's argument label: declaration, use in the body, the label.
    assert await references(client, at(8, 17), True) == [rng(2, 16, 21), rng(3, 16, 21), rng(8, 16, 21)]
    assert await references(client, at(2, 37), True) == [rng(2, 36, 40), rng(3, 34, 38), rng(3, 41, 45)]
    # Nothing on a keyword, a number or an attribute label.
    assert await references(client, at(0, 1), True) == []
    assert await references(client, at(7, 45), True) == []
    assert await references(client, at(6, 14), True) == []


@pytest.mark.asyncio
async def test_document_highlight_marks_the_declaration_as_write(client: LanguageClient):
    await open_document(client, DOC)
    result = await client.text_document_document_highlight_async(
        types.DocumentHighlightParams(text_document=DOCUMENT, position=at(10, 33)))
    assert [(h.range, h.kind) for h in result] == [
        (rng(8, 10, 15), types.DocumentHighlightKind.Write),
        (rng(10, 32, 37), types.DocumentHighlightKind.Read),
    ]
    result = await client.text_document_document_highlight_async(
        types.DocumentHighlightParams(text_document=DOCUMENT, position=at(0, 0)))
    assert not result


def edits_of(client: LanguageClient, edit: types.WorkspaceEdit) -> list[tuple[types.Range, str]]:
    """The edits of a WorkspaceEdit in the form the client asked for (documentChanges when it supports them)."""
    if client.client_name == "neovim":
        assert edit.document_changes is None
        edits = edit.changes[URI]
    else:
        assert edit.changes is None
        (change,) = edit.document_changes
        assert change.text_document.uri == URI and change.text_document.version == 1
        edits = change.edits
    return [(e.range, e.new_text) for e in edits]


async def rename(client: LanguageClient, position: types.Position, name: str):
    return await client.text_document_rename_async(
        types.RenameParams(text_document=DOCUMENT, position=position, new_name=name))


@pytest.mark.asyncio
async def test_prepare_rename(client: LanguageClient):
    await open_document(client, DOC)

    async def prepare(position):
        return await client.text_document_prepare_rename_async(
            types.PrepareRenameParams(text_document=DOCUMENT, position=position))

    result = await prepare(at(6, 23))
    assert result.range == rng(6, 21, 24) and result.placeholder == "gap"
    assert (await prepare(at(9, 12))).range == rng(9, 9, 12)  # just after the item's name
    assert await prepare(at(0, 1)) is None  # `let`
    assert await prepare(at(7, 45)) is None  # a number
    assert await prepare(at(6, 14)) is None  # an attribute label


@pytest.mark.asyncio
async def test_rename_each_kind_of_name(client: LanguageClient):
    await open_document(client, DOC)
    assert edits_of(client, await rename(client, at(9, 10), "panel")) == [
        (rng(9, 9, 12), "panel"), (rng(10, 18, 21), "panel")]
    assert edits_of(client, await rename(client, at(2, 12), "Chip")) == [
        (rng(2, 10, 15), "Chip"), (rng(8, 4, 9), "Chip")]
    assert edits_of(client, await rename(client, at(3, 18), "caption")) == [
        (rng(2, 16, 21), "caption"), (rng(3, 16, 21), "caption"), (rng(8, 16, 21), "caption")]
    assert edits_of(client, await rename(client, at(0, 5), "spacing")) == [
        (rng(0, 4, 7), "spacing"), (rng(6, 21, 24), "spacing")]
    assert await rename(client, at(0, 1), "x2") is None


@pytest.mark.asyncio
@pytest.mark.parametrize("position, name, message", [
    (at(9, 10), "9lives", "'9lives' is not an identifier"),
    (at(9, 10), "let", "'let' is a keyword"),
    (at(9, 10), "label", "'label' is an element kind"),
    (at(0, 5), "x", "'x' is the size operator"),
    (at(9, 10), "title", "'title' is already declared in this scope (line 8)"),
    (at(2, 18), "size", "'size' is already declared in this scope (line 3)"),
    (at(0, 5), "Badge", "only component names start with an uppercase letter"),
    (at(2, 12), "chip", "a component name starts with an uppercase letter"),
])
async def test_rename_refuses_invalid_names(client: LanguageClient, position, name, message):
    await open_document(client, DOC)
    with pytest.raises(JsonRpcException) as raised:
        await rename(client, position, name)
    assert message in str(raised.value)


@pytest.mark.asyncio
async def test_rename_refuses_to_capture_a_use(client: LanguageClient):
    text = ("let pad = 4\n"
            "component Row(inset: Number) {\n"
            "    hstack(spacing: pad, margins: inset) { view(width: 1, height: 1) }\n"
            "}\n"
            "vstack main { Row row(inset: 2) }\n")
    await open_document(client, text)
    # Renaming `pad` to `inset` would make its use on line 3 name the parameter.
    with pytest.raises(JsonRpcException) as raised:
        await rename(client, at(0, 5), "inset")
    assert "changes what the name at 3:21 refers to" in str(raised.value)


SEMANTIC = 'let k = 2 // é\nhstack main(spacing: k) {\n    label t(text: "😀é", intrinsic: 10 x k)\n}\n'

# Decoded by hand: (line, start, length, type, modifiers) with types indexed in the legend above and
# modifiers 1 = declaration, 2 = readonly. "// é" is 4 UTF-16 units; the string "😀é" with its quotes 5.
SEMANTIC_TOKENS = [
    (0, 0, 3, 0, 0), (0, 4, 1, 4, 3), (0, 6, 1, 10, 0), (0, 8, 1, 7, 0), (0, 10, 4, 9, 0),
    (1, 0, 6, 1, 0), (1, 7, 4, 4, 1), (1, 12, 7, 5, 0), (1, 21, 1, 4, 2),
    (2, 4, 5, 1, 0), (2, 10, 1, 4, 1), (2, 12, 4, 5, 0), (2, 18, 5, 8, 0), (2, 25, 9, 5, 0),
    (2, 36, 2, 7, 0), (2, 39, 1, 10, 0), (2, 41, 1, 4, 2),
]


def relative(tokens, origin=(0, 0)) -> list[int]:
    """LSP's relative encoding of absolute tokens, written out independently of the server."""
    data, (line, start) = [], origin
    for token_line, token_start, length, kind, modifiers in tokens:
        delta = token_line - line
        data += [delta, token_start - start if delta == 0 else token_start, length, kind, modifiers]
        line, start = token_line, token_start
    return data


@pytest.mark.asyncio
async def test_semantic_tokens_full_and_range(client: LanguageClient):
    await open_document(client, SEMANTIC)
    full = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=DOCUMENT))
    assert list(full.data) == relative(SEMANTIC_TOKENS)
    ranged = await client.text_document_semantic_tokens_range_async(
        types.SemanticTokensRangeParams(text_document=DOCUMENT, range=rng(2, 0, 0, end_line=3)))
    assert list(ranged.data) == relative([t for t in SEMANTIC_TOKENS if t[0] == 2])


@pytest.mark.asyncio
async def test_signature_help_for_instances_and_elements(client: LanguageClient):
    text = DOC.replace('Badge badge(title: "n")', 'Badge badge(title: "n", )')
    await open_document(client, text)

    async def help_at(position):
        return await client.text_document_signature_help_async(
            types.SignatureHelpParams(text_document=DOCUMENT, position=position))

    result = await help_at(at(8, 16))  # just after `(`: the first parameter
    (signature,) = result.signatures
    assert signature.label == 'Badge(title: String = "", size: Number = 20)'
    # Every recorded client takes parameter labels as offsets into the signature's label.
    assert [tuple(p.label) for p in signature.parameters] == [(6, 24), (26, 43)]
    assert result.active_parameter == 0
    assert (await help_at(at(8, 28))).active_parameter == 1  # after `title: "n", `: the next one
    result = await help_at(at(9, 13))  # `view box(`
    assert result.signatures[0].label.startswith("view(intrinsic: Size, hugging: Priority, ")
    assert result.active_parameter == 0
    assert await help_at(at(0, 2)) is None


async def hints(client: LanguageClient, range_: types.Range) -> list[tuple[types.Position, str]]:
    result = await client.text_document_inlay_hint_async(types.InlayHintParams(text_document=DOCUMENT, range=range_))
    return [(hint.position, hint.label) for hint in result or []]


EVERYTHING = rng(0, 0, 0, end_line=100)


@pytest.mark.asyncio
async def test_inlay_hints_show_solved_sizes_and_follow_changes(client: LanguageClient):
    await open_document(client, DOC)
    # An hstack (spacing 8, centred) of 120 x 44, 20 x 20 (the badge's default size) and 30 x 10 whose
    # height the constraint makes the badge's: 120 + 8 + 20 + 8 + 30 = 186 wide, 44 high.
    assert await hints(client, EVERYTHING) == [
        (at(6, 11), "186×44"), (at(7, 15), "120×44"), (at(8, 15), "20×20"), (at(9, 12), "30×20")]
    assert await hints(client, rng(8, 0, 0, end_line=9)) == [(at(8, 15), "20×20")]
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[types.TextDocumentContentChangePartial(range=rng(7, 44, 47), text="100")]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert (await hints(client, EVERYTHING))[:2] == [(at(6, 11), "166×44"), (at(7, 15), "100×44")]
    # A layout that does not check solves nothing: no hints.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=3),
        content_changes=[types.TextDocumentContentChangePartial(range=rng(9, 9, 12), text="title")]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert await hints(client, EVERYTHING) == []


@pytest.mark.asyncio
async def test_inlay_hints_mark_undecided_dimensions(client: LanguageClient):
    await open_document(client, "hstack main {\n    label a(intrinsic: 10 x 10)\n    view b(height: 10)\n}\n")
    result = await client.text_document_inlay_hint_async(types.InlayHintParams(text_document=DOCUMENT, range=EVERYTHING))
    labels = [hint.label for hint in result]
    # b has no intrinsic width and no width: its width (so the stack's) is undecided; heights are 10.
    assert labels[1] == "10×10"
    assert labels[0].endswith("?×10") and labels[2].endswith("?×10")
    assert "do not decide its width" in result[2].tooltip


COMPLETION = """\
vstack main(alignment: ) {
    hstack row(alignment: , spacing: 4) {
        label a(text: "x", )
    }
    
}

"""


async def labels(client: LanguageClient, line: int, character: int) -> list[str]:
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=DOCUMENT, position=at(line, character)))
    items = result.items if isinstance(result, types.CompletionList) else result
    return [item.label for item in items]


@pytest.mark.asyncio
async def test_completion_offers_only_what_the_checker_accepts(client: LanguageClient):
    await open_document(client, COMPLETION)
    # A vstack aligns horizontally: no baselines, and the horizontal names; an hstack the vertical ones.
    assert await labels(client, 0, 23) == ["fill", "leading", "center", "trailing"]
    assert await labels(client, 1, 26) == ["fill", "top", "center", "bottom", "firstBaseline", "lastBaseline"]
    # Attributes not written yet; baselineRelative only on a vstack.
    row = await labels(client, 1, 15)
    assert "spacing" not in row and "alignment" not in row and "baselineRelative" not in row
    assert {"distribution", "margins", "width"} <= set(row)
    assert "baselineRelative" in await labels(client, 0, 12)
    label = await labels(client, 2, 27)
    assert "text" not in label and {"intrinsic", "hugging"} <= set(label)
    # A stack's body: elements and constraints, no top-level declarations.
    body = await labels(client, 4, 4)
    assert {"hstack", "vstack", "label", "view", "spacer", "constraints"} <= set(body)
    assert "let" not in body and "component" not in body
    # The top level: declarations and root stacks, no leaves or constraints.
    top = await labels(client, 6, 0)
    assert {"let", "component", "hstack", "vstack"} <= set(top)
    assert "label" not in top and "constraints" not in top


@pytest.mark.asyncio
async def test_new_requests_on_broken_documents_answer_without_crashing(client: LanguageClient):
    await open_document(client, 'hstack main(spacing: { label a(text: "é\n  Card c(\n}}} constraints {')
    for position in [at(0, 5), at(1, 12), at(2, 3), at(99, 0), at(0, 999)]:
        assert await references(client, position, True) is not None
        await client.text_document_document_highlight_async(
            types.DocumentHighlightParams(text_document=DOCUMENT, position=position))
        await client.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=DOCUMENT, position=position))
        await client.text_document_signature_help_async(types.SignatureHelpParams(text_document=DOCUMENT, position=position))
    assert await hints(client, EVERYTHING) == []
    tokens = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=DOCUMENT))
    assert len(tokens.data) % 5 == 0
    # A closed document: an error answer (invalid params), and the server goes on.
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=DOCUMENT))
    with pytest.raises(JsonRpcException) as raised:
        await references(client, at(0, 0), True)
    assert "not open" in str(raised.value)
    assert await open_document(client, DOC) == []
