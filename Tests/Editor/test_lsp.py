"""End-to-end tests of `stackc lsp` with pytest-lsp, run once per recorded client capability set
(Neovim, VS Code, Emacs) that pytest-lsp ships: the server must answer each client in a form it accepts
(hierarchical symbols, Markdown or plain hovers, related information or notes folded into messages).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

sys.path.insert(0, str(Path(__file__).resolve().parent))
# The `client` fixture (one session per recorded client) is in conftest.py.
from conftest import LSP_SERVER as SERVER, LSP_URI as URI, REPO, STACKC, line_of, open_document, position, utf16_column  # noqa: E402

SOURCE = """\
let gap = 8

component Badge(title: String = "") {
    label(text: title, intrinsic: 20 x 20)
}

hstack main(spacing: gap, alignment: centre) {
    label title(text: "Café 😀 Grüße", intrinsc: 120 x 20)
    Badge badge(title: "n")
}
"""

CLEAN = SOURCE.replace("centre", "center").replace("intrinsc", "intrinsic")


@pytest.mark.asyncio
async def test_initialize(client: LanguageClient):
    result = client.initialize_result
    assert result.server_info.name == "stackc"
    capabilities = result.capabilities
    assert capabilities.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert capabilities.text_document_sync.open_close
    assert capabilities.hover_provider
    assert capabilities.document_symbol_provider
    assert capabilities.definition_provider
    assert capabilities.document_formatting_provider
    assert capabilities.completion_provider is not None
    assert capabilities.code_action_provider is not None
    assert capabilities.position_encoding in (None, types.PositionEncodingKind.Utf16)


@pytest.mark.asyncio
async def test_diagnostics_on_open_use_utf16_columns(client: LanguageClient):
    diagnostics = await open_document(client, SOURCE)
    by_code = {d.code: d for d in diagnostics}
    assert set(by_code) == {"E104", "E102"}, diagnostics
    line = SOURCE.splitlines()[line_of(SOURCE, "intrinsc")]
    unknown = by_code["E102"]
    # "Café 😀 Grüße" before it: é is one UTF-16 unit, the emoji two; a byte or character count would differ.
    assert unknown.range.start == types.Position(line=7, character=utf16_column(line, "intrinsc"))
    assert unknown.range.end.character == unknown.range.start.character + len("intrinsc")
    assert utf16_column(line, "intrinsc") != len(line[: line.index("intrinsc")].encode("utf-8"))
    assert unknown.severity == types.DiagnosticSeverity.Error
    assert unknown.source == "stackc"
    assert by_code["E104"].range.start == types.Position(line=6, character=37)


@pytest.mark.asyncio
async def test_diagnostics_after_incremental_and_full_changes(client: LanguageClient):
    await open_document(client, CLEAN)
    assert list(client.diagnostics[URI]) == []
    # Incremental: insert a misspelt attribute after the non-ASCII string.
    line = line_of(CLEAN, "Grüße")
    at = position(CLEAN, "intrinsic: 120")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(range=types.Range(start=at, end=at), text="hugging: hihg, ")
            ],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    diagnostics = client.diagnostics[URI]
    assert len(diagnostics) == 1, diagnostics
    assert diagnostics[0].range.start == types.Position(line=line, character=at.character + len("hugging: "))

    # Full: replace the whole text with one that has a syntax error on line 2.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=3),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text='vstack {\n    label "ü" }\n')],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    diagnostics = client.diagnostics[URI]
    assert diagnostics and diagnostics[0].range.start.line == 1
    assert all(d.code.startswith("E0") for d in diagnostics)


@pytest.mark.asyncio
async def test_solver_findings_are_published(client: LanguageClient):
    text = "hstack main {\n    label a\n    view b(width: 10)\n    constraints { b.width == 20 }\n}\n"
    diagnostics = await open_document(client, text)
    codes = {d.code for d in diagnostics}
    assert "E201" in codes, diagnostics
    assert "W201" in codes, diagnostics
    conflict = next(d for d in diagnostics if d.code == "E201")
    if client.client_name == "emacs":
        # Emacs 29 does not show related information: notes are folded into the message.
        assert conflict.related_information is None
    else:
        assert conflict.related_information


@pytest.mark.asyncio
async def test_document_symbols(client: LanguageClient):
    await open_document(client, CLEAN)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )
    # Every recorded client supports hierarchical symbols.
    assert [s.name for s in symbols] == ["gap", "Badge", "main"]
    main = symbols[2]
    assert main.kind == types.SymbolKind.Namespace
    assert [c.name for c in main.children] == ["title", "badge"]
    assert main.children[0].detail == "label"
    assert main.selection_range.start == types.Position(line=6, character=7)
    badge = symbols[1]
    assert badge.kind == types.SymbolKind.Class
    assert [c.name for c in badge.children] == ["title", "label"]


@pytest.mark.asyncio
async def test_hover_shows_attributes_and_frame(client: LanguageClient):
    await open_document(client, CLEAN)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=position(CLEAN, "title(", 2))
    )
    assert hover is not None
    value = hover.contents.value
    assert hover.contents.kind == types.MarkupKind.Markdown
    assert "main.title" in value
    assert "120 × 20" in value  # its solved frame
    assert "horizontalHugging" in value  # resolved (defaulted) attributes
    # On a constant use: its declaration.
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=URI), position=position(CLEAN, "gap,", 1))
    )
    assert "let gap = 8" in hover.contents.value


@pytest.mark.asyncio
async def test_completion(client: LanguageClient):
    text = "hstack main(alignment: ) {\n    label a()\n    \n}\nlet k = 3\n"
    await open_document(client, text)

    async def labels(line: int, character: int) -> list[str]:
        result = await client.text_document_completion_async(
            types.CompletionParams(
                text_document=types.TextDocumentIdentifier(uri=URI),
                position=types.Position(line=line, character=character),
            )
        )
        items = result.items if isinstance(result, types.CompletionList) else result
        return [item.label for item in items]

    enum_cases = await labels(0, 23)
    assert {"fill", "center", "firstBaseline"} <= set(enum_cases)
    assert "k" not in enum_cases
    attributes = await labels(1, 12)
    assert {"intrinsic", "text", "hugging", "width"} <= set(attributes)
    assert "alignment" not in attributes
    declarations = await labels(2, 4)
    assert {"hstack", "vstack", "label", "spacer"} <= set(declarations)


@pytest.mark.asyncio
async def test_formatting(client: LanguageClient):
    messy = "hstack   main(spacing:8){label a(intrinsic:10 x 10)\n}\n"
    await open_document(client, messy)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=URI),
            options=types.FormattingOptions(tab_size=4, insert_spaces=True),
        )
    )
    assert edits, "expected the formatter's edits"
    formatted = edits[0].new_text
    assert formatted != messy
    assert formatted == subprocess.run(
        [str(STACKC), "fmt", "-"], input=messy, capture_output=True, text=True, check=True
    ).stdout


@pytest.mark.asyncio
async def test_code_actions_are_fix_its(client: LanguageClient):
    diagnostics = await open_document(client, SOURCE)
    unknown = next(d for d in diagnostics if d.code == "E102")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=URI),
            range=unknown.range,
            context=types.CodeActionContext(diagnostics=[unknown]),
        )
    )
    assert len(actions) == 1
    action = actions[0]
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.title == "replace 'intrinsc' with 'intrinsic'"
    (edit,) = action.edit.changes[URI]
    assert edit.new_text == "intrinsic"
    assert edit.range == unknown.range  # UTF-16 columns after the non-ASCII string


@pytest.mark.asyncio
async def test_definition(client: LanguageClient):
    await open_document(client, CLEAN)
    uses = {
        "Badge badge": types.Position(line=2, character=10),  # component Badge
        "gap,": types.Position(line=0, character=4),  # let gap
        "title,": types.Position(line=2, character=16),  # the parameter title
    }
    for needle, declaration in uses.items():
        result = await client.text_document_definition_async(
            types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=URI), position=position(CLEAN, needle, 1))
        )
        location = result[0] if isinstance(result, list) else result
        assert location.uri == URI
        assert location.range.start == declaration, needle


@pytest.mark.asyncio
async def test_shutdown_and_exit(client: LanguageClient):
    assert await client.shutdown_async(None) is None
    client.exit(None)
    assert await client._server.wait() == 0
    client.capabilities = None  # the fixture's teardown has nothing left to shut down


# ---- Without a client library: framing errors, and the latency figure ----


class RawServer:
    """The server over pipes, speaking bytes, for the tests the client library cannot express."""

    def __init__(self):
        self.process = subprocess.Popen(SERVER, stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send_bytes(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict):
        body = json.dumps(message).encode()
        self.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def read(self) -> dict:
        length = None
        while True:
            line = self.process.stdout.readline()
            assert line, "the server closed its output"
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def read_until(self, predicate) -> dict:
        while True:
            message = self.read()
            if predicate(message):
                return message


def test_malformed_input_gets_errors_not_crashes():
    server = RawServer()
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    assert "capabilities" in server.read()["result"]
    body = b"{this is not json"
    server.send_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    assert server.read()["error"]["code"] == -32700
    server.send_bytes(b"Content-Type: nothing\r\n\r\n")  # no length: skipped, reported in the log
    assert server.read()["method"] == "window/logMessage"
    assert server.read() == {"jsonrpc": "2.0", "id": None,
                             "error": {"code": -32700, "message": "badly framed message: missing Content-Length header"}}
    server.send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/unknown", "params": {}})
    assert server.read()["error"]["code"] == -32601
    server.send({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": {"position": "x"}})
    assert server.read()["error"]["code"] == -32602
    server.send({"jsonrpc": "2.0", "id": 4, "method": "textDocument/hover",
                 "params": {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}}})
    assert server.read()["error"]["code"] == -32602  # not open
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": URI, "languageId": "stack", "version": 1, "text": "hstack {}"}}})
    server.read_until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    server.send({"jsonrpc": "2.0", "id": 5, "method": "textDocument/hover",
                 "params": {"textDocument": {"uri": URI}, "position": {"line": 999, "character": -5}}})
    assert "result" in server.read()
    server.send({"jsonrpc": "2.0", "id": 6, "method": "shutdown"})
    assert server.read() == {"jsonrpc": "2.0", "id": 6, "result": None}
    server.send({"jsonrpc": "2.0", "method": "exit"})
    assert server.process.wait(timeout=10) == 0


def large_document(lines: int = 5000) -> str:
    """About `lines` lines: many roots of nested stacks, with constants and a component."""
    parts = ["let gap = 8", "component Row(title: String) {", "    hstack(spacing: gap) {",
             '        label(text: title, intrinsic: 80 x 20)', "        spacer", "    }", "}"]
    index = 0
    while len(parts) < lines - 10:
        parts += [
            f"vstack screen{index}(spacing: gap, alignment: fill) {{",
            f'    label title(text: "Écran {index} 😀", intrinsic: 200 x 24)',
            "    hstack toolbar(spacing: 4, alignment: center) {",
            "        image icon(intrinsic: 24 x 24)",
            "        label name(intrinsic: 120 x 20)",
            "        spacer",
            "    }",
            '    Row row(title: "x")',
            "    view box(height: 40)",
            "}",
        ]
        index += 1
    return "\n".join(parts) + "\n"


def test_latency_from_change_to_diagnostics_on_a_5000_line_file():
    text = large_document()
    assert len(text.splitlines()) >= 4990
    server = RawServer()
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    server.read_until(lambda m: m.get("id") == 1)
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    started = time.perf_counter()
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": URI, "languageId": "stack", "version": 1, "text": text}}})
    first = server.read_until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    open_seconds = time.perf_counter() - started
    assert first["params"]["diagnostics"] == []
    timings = []
    line = 1 + 7  # the first "Écran" label, after the component; character 9 is just after "label"
    for version in range(2, 12):
        # Typing: insert one character, then delete it, alternating; every other change is an error.
        broken = version % 2 == 0
        change = ({"range": {"start": {"line": line, "character": 9}, "end": {"line": line, "character": 9}}, "text": "x"}
                  if broken else
                  {"range": {"start": {"line": line, "character": 9}, "end": {"line": line, "character": 10}}, "text": ""})
        started = time.perf_counter()
        server.send({"jsonrpc": "2.0", "method": "textDocument/didChange",
                     "params": {"textDocument": {"uri": URI, "version": version}, "contentChanges": [change]}})
        published = server.read_until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        timings.append(time.perf_counter() - started)
        assert published["params"]["version"] == version
        assert bool(published["params"]["diagnostics"]) == broken
    server.send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    server.read_until(lambda m: m.get("id") == 2)
    server.send({"jsonrpc": "2.0", "method": "exit"})
    server.process.wait(timeout=10)
    timings.sort()
    median = timings[len(timings) // 2]
    report = (f"5,000-line file: open→diagnostics {open_seconds * 1000:.0f} ms; change→diagnostics "
              f"median {median * 1000:.0f} ms, max {timings[-1] * 1000:.0f} ms ({os.environ.get('STACKC', STACKC)})")
    print(report)
    (REPO / ".build-lsp-latency.txt").write_text(report + "\n") if os.environ.get("STACKC_LSP_LATENCY_FILE") else None
    # Generous: CI machines are shared; a debug build is several times slower than a release one.
    assert median < 10.0, report
