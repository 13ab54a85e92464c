"""Shared fixtures for the editor tooling tests: the stackc binary, the repository, running stackc, and a
language-server session per recorded client (`client`).

The binary comes from the STACKC environment variable (.ci/run sets it after `swift build --product stackc`),
else from the usual build folders. Tests never build it themselves, and fail (not skip) without it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from stackc_binary import REPO, find_stackc  # noqa: E402

EDITOR_TESTS = Path(__file__).resolve().parent


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def stackc() -> Path:
    binary = find_stackc()
    if binary is None or not binary.is_file():
        pytest.fail("stackc binary not found: set STACKC or run `swift build --product stackc` first")
    return binary


@pytest.fixture(scope="session")
def run_stackc(stackc: Path):
    """Runs stackc with arguments from the repository root; returns the CompletedProcess."""

    def run(*arguments: str, stdin: str | None = None) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(stackc), *arguments],
            cwd=REPO,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "NO_COLOR": "1"},
        )

    return run


def samples(folder: str = "Samples") -> list[Path]:
    """The .stack files directly in a folder of the repository, sorted, as paths relative to it."""
    return sorted(path.relative_to(REPO) for path in (REPO / folder).glob("*.stack"))


def load_json(text: str):
    return json.loads(text)


# ---- Language-server sessions (test_lsp.py, test_lsp_features.py) ----

STACKC = find_stackc()
LSP_SERVER = [str(STACKC) if STACKC else "stackc", "lsp"]
# Every recorded client pytest-lsp ships, by its latest version.
LSP_CLIENTS = ["neovim", "visual-studio-code", "emacs"]
LSP_URI = "file:///tmp/stackc-lsp-test/main.stack"


def utf16_column(line: str, needle: str) -> int:
    """The UTF-16 column of `needle` in `line`, as LSP counts."""
    return len(line[: line.index(needle)].encode("utf-16-le")) // 2


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines()) if needle in line)


try:
    import pytest_lsp
    from lsprotocol import types
    from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
except ImportError:  # the language-server tests need it; the other editor tests do not
    pytest_lsp = None

if pytest_lsp is not None:

    @pytest_lsp.fixture(params=LSP_CLIENTS, config=ClientServerConfig(server_command=LSP_SERVER))
    async def client(request, lsp_client: LanguageClient):
        """A `stackc lsp` session initialized with one recorded client's capabilities."""
        if STACKC is None or not Path(STACKC).is_file():
            pytest.fail("stackc binary not found: set STACKC or run `swift build --product stackc` first")
        params = types.InitializeParams(capabilities=client_capabilities(request.param))
        lsp_client.initialize_result = await lsp_client.initialize_session(params)
        lsp_client.client_name = request.param
        yield
        await lsp_client.shutdown_session()

    async def open_document(client: LanguageClient, text: str, uri: str = LSP_URI) -> list[types.Diagnostic]:
        """Opens a document and waits for its diagnostics."""
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(uri=uri, language_id="stack", version=1, text=text)
            )
        )
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        return list(client.diagnostics[uri])

    def position(text: str, needle: str, offset: int = 0) -> types.Position:
        """The position of `needle` (plus `offset` UTF-16 units) in the first line that has it."""
        line = line_of(text, needle)
        return types.Position(line=line, character=utf16_column(text.splitlines()[line], needle) + offset)
