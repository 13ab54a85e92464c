"""`stackc lsp` never goes deaf: after each badly framed message or hostile payload, sent as raw bytes,
the server still answers a valid request (`shutdown`, with its id echoed exactly) within a time limit.

Every wait is bounded by a deadline; a server that stops answering fails the test rather than hanging it.
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from conftest import find_stackc  # noqa: E402

STACKC = find_stackc()
URI = "file:///tmp/stackc-robustness/a.stack"
OTHER_URI = "file:///tmp/stackc-robustness/b.stack"
# Generous for a debug build on a shared machine; a deaf server never answers at all.
ANSWER_SECONDS = 10.0


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def encode(message: dict) -> bytes:
    return json.dumps(message).encode()


class Server:
    """`stackc lsp` over pipes. A thread frames its output into a queue, so every read has a deadline."""

    def __init__(self):
        if STACKC is None or not Path(STACKC).is_file():
            pytest.fail("stackc binary not found: set STACKC or run `swift build --product stackc` first")
        self.process = subprocess.Popen([str(STACKC), "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.bodies: queue.Queue[bytes | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    self.bodies.put(None)
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("latin-1").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            self.bodies.put(stream.read(length or 0))

    def send_bytes(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict):
        self.send_bytes(frame(encode(message)))

    def wait_for(self, predicate, seconds: float = ANSWER_SECONDS) -> tuple[dict, bytes]:
        """The first message (decoded, raw) that satisfies `predicate`, within `seconds`."""
        deadline = time.monotonic() + seconds
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                pytest.fail(f"no matching message from the server within {seconds} s")
            try:
                raw = self.bodies.get(timeout=remaining)
            except queue.Empty:
                continue
            if raw is None:
                pytest.fail("the server closed its output")
            message = json.loads(raw)
            if predicate(message):
                return message, raw

    def initialize(self):
        self.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
        self.wait_for(lambda m: m.get("id") == 1)
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

    def expect_shutdown_answered(self, id_text: str = "4242", seconds: float = ANSWER_SECONDS):
        """Sends `shutdown` with the id written as `id_text`; its response must echo those exact bytes."""
        self.send_bytes(frame(b'{"jsonrpc":"2.0","id":%s,"method":"shutdown"}' % id_text.encode()))
        expected = b'{"jsonrpc":"2.0","id":%s,"result":null}' % id_text.encode()
        _, raw = self.wait_for(lambda m: "result" in m and "method" not in m and m.get("id") is not None, seconds)
        assert raw == expected
        self.send({"jsonrpc": "2.0", "method": "exit"})
        assert self.process.wait(timeout=ANSWER_SECONDS) == 0

    def close(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=ANSWER_SECONDS)


@pytest.fixture
def server():
    server = Server()
    server.initialize()
    yield server
    server.close()


BODY = encode({"jsonrpc": "2.0", "id": 77, "method": "textDocument/unknown", "params": {}})

FRAMINGS = {
    "no Content-Length": b"Content-Type: x\r\n\r\n" + BODY,
    "length too small": b"Content-Length: 7\r\n\r\n" + BODY,
    "length one short": b"Content-Length: %d\r\n\r\n" % (len(BODY) - 1) + BODY,
    "length too large": b"Content-Length: %d\r\n\r\n" % (len(BODY) + 500) + BODY,
    "length one long": b"Content-Length: %d\r\n\r\n" % (len(BODY) + 1) + BODY,
    "negative length": b"Content-Length: -5\r\n\r\n" + BODY,
    "non-numeric length": b"Content-Length: twelve\r\n\r\n" + BODY,
    "length 10^12": b"Content-Length: 1000000000000\r\n\r\n" + BODY,
    "length over the limit, body streamed": b"Content-Length: 70000000\r\n\r\n" + b"x" * (4 << 20),
    "header line without a colon": b"Content-Length 12\r\n\r\n" + BODY,
    "junk line": b"hello there\r\n\r\n",
    "junk without line breaks": b"\x00\xff{}[]" * 1000,
    "a cut header line": b"Content-Length: 5\r\nX-Note: abc",
}


@pytest.mark.parametrize("data", FRAMINGS.values(), ids=FRAMINGS.keys())
def test_badly_framed_message_does_not_make_the_server_deaf(server: Server, data: bytes):
    server.send_bytes(data)
    server.expect_shutdown_answered()


PAYLOADS = {
    "invalid JSON": b"{this is not json",
    "100,000 open brackets": b"[" * 100_000,
    "100,000 nested objects": b'{"a":' * 100_000,
    "a 2 MB string": encode({"jsonrpc": "2.0", "id": 5, "method": "x/y", "params": {"s": "é" * (1 << 20)}}),
    "unknown method": encode({"jsonrpc": "2.0", "id": 6, "method": "no/such/method", "params": {}}),
    "params of the wrong type": encode({"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": "x"}),
    "didOpen text not a string": encode({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                                         "params": {"textDocument": {"uri": URI, "text": 5}}}),
    "didChange changes not an array": encode({"jsonrpc": "2.0", "method": "textDocument/didChange",
                                              "params": {"textDocument": {"uri": URI}, "contentChanges": "x"}}),
    "method not a string": encode({"jsonrpc": "2.0", "id": 8, "method": 12}),
    "id an object": b'{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}',
    "not an object": b"[1,2,3]",
    "rename without newName": encode({"jsonrpc": "2.0", "id": 9, "method": "textDocument/rename",
                                      "params": {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}}}),
    "rename to a number": encode({"jsonrpc": "2.0", "id": 10, "method": "textDocument/rename",
                                  "params": {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}, "newName": 5}}),
    "inlay hints without a range": encode({"jsonrpc": "2.0", "id": 11, "method": "textDocument/inlayHint",
                                           "params": {"textDocument": {"uri": URI}}}),
    "semantic tokens of no document": encode({"jsonrpc": "2.0", "id": 12, "method": "textDocument/semanticTokens/full",
                                              "params": {}}),
    "references with a position of strings": encode({"jsonrpc": "2.0", "id": 13, "method": "textDocument/references",
                                                     "params": {"textDocument": {"uri": URI}, "position": {"line": "a", "character": []}}}),
}


@pytest.mark.parametrize("body", PAYLOADS.values(), ids=PAYLOADS.keys())
def test_hostile_payload_is_answered_and_the_server_goes_on(server: Server, body: bytes):
    server.send_bytes(frame(body))
    server.expect_shutdown_answered()


@pytest.mark.parametrize("id_text", ["1e400", "12345678901234567890", "-0", "1.50", '"x\\u00e9"', "123456789012345678901234567890"])
def test_request_ids_are_echoed_exactly(server: Server, id_text: str):
    if id_text.startswith('"'):
        server.send_bytes(frame(b'{"jsonrpc":"2.0","id":%s,"method":"shutdown"}' % id_text.encode()))
        _, raw = server.wait_for(lambda m: "result" in m)
        assert raw == '{"jsonrpc":"2.0","id":"xé","result":null}'.encode()
        return
    server.expect_shutdown_answered(id_text)


def test_long_one_line_document_with_thousands_of_errors(server: Server):
    text = "hstack { " + ('label(text: "' + "x" * 78 + '", bogus: 1) ') * 2884 + "}"
    assert len(text) > 299_000
    started = time.monotonic()
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": URI, "languageId": "stack", "version": 1, "text": text}}})
    published, _ = server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics", seconds=60)
    elapsed = time.monotonic() - started
    diagnostics = published["params"]["diagnostics"]
    assert len(diagnostics) == 1001
    assert diagnostics[-1]["message"] == "1884 more diagnostics not shown"
    print(f"300 KB one-line document, 2,884 errors: diagnostics published after {elapsed:.2f} s")
    assert elapsed < 30, elapsed
    server.expect_shutdown_answered()


def expansion_bomb() -> str:
    """Components nested 6 levels, 10 instances each: a million labels when expanded."""
    lines = ["component C0() {", "    label(intrinsic: 1 x 1)", "}"]
    for level in range(1, 7):
        lines += [f"component C{level}() {{", "    vstack {"]
        lines += [f"        C{level - 1} i{index}()" for index in range(10)]
        lines += ["    }", "}"]
    lines += ["hstack main {", "    C6 root()", "}"]
    return "\n".join(lines) + "\n"


def test_server_answers_while_an_expansion_bomb_compiles(server: Server):
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": OTHER_URI, "languageId": "stack", "version": 1,
                                             "text": "hstack main { label a(intrinsic: 10 x 10) }\n"}}})
    server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": URI, "languageId": "stack", "version": 1, "text": expansion_bomb()}}})
    time.sleep(0.5)  # the bomb is compiling by now
    started = time.monotonic()
    server.send({"jsonrpc": "2.0", "id": 30, "method": "textDocument/hover",
                 "params": {"textDocument": {"uri": OTHER_URI}, "position": {"line": 0, "character": 15}}})
    hover, _ = server.wait_for(lambda m: m.get("id") == 30, seconds=5)
    assert "main.a" in hover["result"]["contents"]["value"]
    server.send({"jsonrpc": "2.0", "id": 31, "method": "textDocument/documentSymbol",
                 "params": {"textDocument": {"uri": URI}}})
    # A request on the compiling document waits a bounded time, then gets null (or its result).
    symbols, _ = server.wait_for(lambda m: m.get("id") == 31, seconds=10)
    assert "result" in symbols
    server.expect_shutdown_answered(seconds=5)
    assert time.monotonic() - started < 15


NEW_REQUESTS = ["textDocument/references", "textDocument/documentHighlight", "textDocument/prepareRename", "textDocument/rename",
                "textDocument/semanticTokens/full", "textDocument/semanticTokens/range", "textDocument/signatureHelp",
                "textDocument/inlayHint"]


def test_new_requests_at_hostile_positions_are_answered(server: Server):
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": URI, "languageId": "stack", "version": 1,
                                             "text": 'hstack main(spacing: { label a(text: "é😀\n  Card c(\n}}} constraints {'}}})
    server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    positions = [{"line": -1, "character": -1}, {"line": 0, "character": 10**9}, {"line": 10**9, "character": 0},
                 {"line": 0, "character": 36}]
    next_id = 100
    for method in NEW_REQUESTS:
        for position in positions:
            next_id += 1
            server.send({"jsonrpc": "2.0", "id": next_id, "method": method, "params": {
                "textDocument": {"uri": URI}, "position": position, "newName": "z", "context": {"includeDeclaration": True},
                "range": {"start": position, "end": {"line": 0, "character": 0}}}})
            answer, _ = server.wait_for(lambda m, wanted=next_id: m.get("id") == wanted)
            assert "result" in answer or "error" in answer
    server.expect_shutdown_answered()
