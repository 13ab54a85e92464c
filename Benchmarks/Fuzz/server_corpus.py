"""Seeds the language server fuzz corpus: for each sample, a session that opens it and asks about it,
framed as a client would send it, plus a few badly framed streams. Used by run.sh (FUZZ_TARGET=server)."""

import json
import sys
from pathlib import Path


def framed(message) -> bytes:
    body = json.dumps(message, ensure_ascii=False).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def session(text: str) -> bytes:
    uri = "file:///fuzz.stack"
    document = {"uri": uri}
    at = {"line": 1, "character": 4}
    messages = [
        {"jsonrpc": "2.0", "method": "textDocument/didOpen",
         "params": {"textDocument": {"uri": uri, "languageId": "stack", "version": 1, "text": text}}},
        {"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {"textDocument": document, "position": at}},
        {"jsonrpc": "2.0", "id": 2, "method": "textDocument/completion", "params": {"textDocument": document, "position": at}},
        {"jsonrpc": "2.0", "method": "textDocument/didChange",
         "params": {"textDocument": {"uri": uri, "version": 2},
                    "contentChanges": [{"range": {"start": at, "end": at}, "text": "x"}]}},
        {"jsonrpc": "2.0", "id": 3, "method": "textDocument/documentSymbol", "params": {"textDocument": document}},
    ]
    return b"".join(framed(message) for message in messages)


def main() -> None:
    samples, corpus = Path(sys.argv[1]), Path(sys.argv[2])
    corpus.mkdir(parents=True, exist_ok=True)
    for sample in sorted(samples.glob("*.stack")):
        (corpus / f"session-{sample.stem}").write_bytes(session(sample.read_text()))
    shutdown = framed({"jsonrpc": "2.0", "id": 9, "method": "shutdown"})
    bad = {
        "no-length": b"Content-Type: x\r\n\r\n{}" + shutdown,
        "short-length": b"Content-Length: 5\r\n\r\n" + shutdown[len(b"Content-Length: 41\r\n\r\n"):] + shutdown,
        "long-length": b"Content-Length: 500\r\n\r\n{}" + shutdown,
        "ids": framed({"jsonrpc": "2.0", "id": 1, "method": "x"}).replace(b'"id": 1', b'"id": 1e400'),
    }
    for name, data in bad.items():
        (corpus / f"framing-{name}").write_bytes(data)


if __name__ == "__main__":
    main()
