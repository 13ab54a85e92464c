import StackSyntax
import Testing
@testable import StackLanguageServer

/// Drives a `LanguageServer` in memory and records what it sends.
final class Harness {
    var sent: [JSONValue] = []
    let formatter: LanguageServer.Formatter?
    lazy var server = LanguageServer(formatter: formatter) { [unowned self] in self.sent.append($0) }
    private var nextID = 1

    init(initialize: Bool = true, formatter: LanguageServer.Formatter? = nil) {
        self.formatter = formatter
        if initialize {
            _ = request("initialize", #"{"capabilities": {"textDocument": {"publishDiagnostics": {"relatedInformation": true}, "hover": {"contentFormat": ["markdown"]}, "documentSymbol": {"hierarchicalDocumentSymbolSupport": true}}}}"#)
            notify("initialized", "{}")
        }
    }

    func request(_ method: String, _ params: String) -> JSONValue {
        let id = nextID
        nextID += 1
        server.receive(Array(#"{"jsonrpc": "2.0", "id": \#(id), "method": "\#(method)", "params": \#(params)}"#.utf8))
        return sent.last { $0["id"]?.intValue == id } ?? .null
    }

    func notify(_ method: String, _ params: String) {
        server.receive(Array(#"{"jsonrpc": "2.0", "method": "\#(method)", "params": \#(params)}"#.utf8))
    }

    func open(_ text: String, uri: String = "file:///t.stack") {
        notify("textDocument/didOpen", JSONValue.object([("textDocument", .object([
            ("uri", .string(uri)), ("languageId", .string("stack")), ("version", .number(1)), ("text", .string(text)),
        ]))]).rendered())
    }

    /// Flushes and returns the last diagnostics published for `uri`.
    func diagnostics(uri: String = "file:///t.stack") -> [JSONValue] {
        server.flush()
        let published = sent.last { $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri }
        return published?["params"]?["diagnostics"]?.arrayValue ?? []
    }

    func at(_ method: String, line: Int, character: Int, uri: String = "file:///t.stack") -> JSONValue {
        request(method, #"{"textDocument": {"uri": "\#(uri)"}, "position": {"line": \#(line), "character": \#(character)}}"#)
    }
}

@Suite struct ServerTests {
    @Test func malformedMessagesGetErrorsNotTraps() {
        let harness = Harness(initialize: false)
        harness.server.receive(Array("{not json".utf8))
        #expect(harness.sent.last?["error"]?["code"]?.intValue == -32700)
        harness.server.receive(Array("[1, 2]".utf8))
        #expect(harness.sent.last?["error"]?["code"]?.intValue == -32600)
        harness.server.receive(Array(#"{"jsonrpc": "2.0", "id": {}, "method": "x"}"#.utf8))
        #expect(harness.sent.last?["error"]?["code"]?.intValue == -32600)
        // Before initialize.
        #expect(harness.request("textDocument/hover", "{}")["error"]?["code"]?.intValue == -32002)
        _ = harness.request("initialize", "{}")
        #expect(harness.request("initialize", "{}")["error"]?["code"]?.intValue == -32600)
        #expect(harness.request("no/such/method", "{}")["error"]?["code"]?.intValue == -32601)
        #expect(harness.request("textDocument/hover", "{}")["error"]?["code"]?.intValue == -32602)
        #expect(harness.request("textDocument/hover", #"{"textDocument": {"uri": "file:///nope"}, "position": {"line": 0, "character": 0}}"#)["error"]?["code"]?.intValue == -32602)
        // String IDs are echoed.
        harness.server.receive(Array(#"{"jsonrpc": "2.0", "id": "abc", "method": "shutdown"}"#.utf8))
        #expect(harness.sent.last?["id"]?.stringValue == "abc")
        #expect(harness.request("textDocument/hover", "{}")["error"]?["code"]?.intValue == -32600)
        harness.notify("exit", "null")
        #expect(harness.server.exitCode == 0)
    }

    @Test func exitWithoutShutdownIsOne() {
        let harness = Harness()
        harness.notify("exit", "{}")
        #expect(harness.server.exitCode == 1)
    }

    @Test func diagnosticsUseUTF16Columns() {
        let harness = Harness()
        harness.open("hstack(alignment: centre) { label(text: \"😀é\", alignment: x) }\n")
        let diagnostics = harness.diagnostics()
        #expect(diagnostics.count == 2)
        #expect(diagnostics.first?["code"]?.stringValue == "E104")
        #expect(diagnostics.first?["range"]?["start"]?["character"]?.intValue == 18)
        // "alignment" on the label comes after an emoji (2 units) and é (1 unit): byte 50, UTF-16 column 47.
        #expect(diagnostics.last?["code"]?.stringValue == "E102")
        #expect(diagnostics.last?["range"]?["start"]?["character"]?.intValue == 47)
    }

    @Test func changesCoalesceUntilFlush() {
        let harness = Harness()
        harness.open("hstack { label(intrinsic: 1 x 1) }")
        #expect(harness.diagnostics().isEmpty)
        let before = harness.sent.count
        for (index, text) in ["x", "y", "z"].enumerated() {
            harness.notify("textDocument/didChange", #"{"textDocument": {"uri": "file:///t.stack", "version": \#(index + 2)}, "contentChanges": [{"range": {"start": {"line": 0, "character": \#(14 + index)}, "end": {"line": 0, "character": \#(14 + index)}}, "text": "\#(text)"}]}"#)
        }
        #expect(harness.sent.count == before)
        #expect(harness.server.text(of: "file:///t.stack") == "hstack { labelxyz(intrinsic: 1 x 1) }")
        let diagnostics = harness.diagnostics()
        #expect(harness.sent.count == before + 1)
        #expect(diagnostics.first?["code"]?.stringValue == "E101")
        #expect(harness.sent.last?["params"]?["version"]?.intValue == 4)
    }

    @Test func symbolsHoverDefinitionCompletion() {
        let harness = Harness()
        harness.open("""
            let gap = 8
            component Card(title: String) {
                vstack { label t(text: title) }
            }
            hstack main(spacing: gap) {
                label a(intrinsic: 40 x 20)
                Card c(title: "x")
            }
            """)
        let symbols = harness.request("textDocument/documentSymbol", #"{"textDocument": {"uri": "file:///t.stack"}}"#)["result"]?.arrayValue ?? []
        #expect(symbols.map { $0["name"]?.stringValue } == ["gap", "Card", "main"])
        #expect(symbols[2]["children"]?.arrayValue?.map { $0["name"]?.stringValue } == ["a", "c"])

        let hover = harness.at("textDocument/hover", line: 5, character: 11)["result"]?["contents"]?["value"]?.stringValue ?? ""
        #expect(hover.contains("main.a"))
        // The row is as tall as the card's label "x" in body (17 pt): Inter's line, 3408 of 2816 units to the
        // em, is 20.574 pt, 20.667 on a 3x pixel grid.
        #expect(hover.contains("frame: `x 0, y 0, 40 × 20.667`"))

        let definition = harness.at("textDocument/definition", line: 4, character: 22)["result"]
        #expect(definition?["range"]?["start"]?["line"]?.intValue == 0)
        #expect(definition?["range"]?["start"]?["character"]?.intValue == 4)
        let component = harness.at("textDocument/definition", line: 6, character: 5)["result"]
        #expect(component?["range"]?["start"]?["line"]?.intValue == 1)
        let parameter = harness.at("textDocument/definition", line: 2, character: 31)["result"]
        #expect(parameter?["range"]?["start"]?["character"]?.intValue == 15)

        func labels(_ line: Int, _ character: Int) -> [String] {
            harness.at("textDocument/completion", line: line, character: character)["result"]?["items"]?.arrayValue?
                .compactMap { $0["label"]?.stringValue } ?? []
        }
        // Attributes already written in the list (the cursor is before them) are not offered again.
        #expect(labels(4, 12).contains("distribution"))      // hstack main(|spacing: gap
        #expect(!labels(4, 12).contains("spacing"))
        #expect(!labels(4, 12).contains("intrinsic"))
        #expect(labels(5, 12).contains("hugging"))           // label a(|intrinsic: 40 x 20
        #expect(!labels(5, 12).contains("intrinsic"))
        #expect(labels(6, 11) == ["width", "height", "hidden", "spacingAfter"])
        #expect(labels(4, 22).contains("gap"))               // spacing: |gap
        #expect(labels(7, 1).contains("hstack"))
        #expect(labels(7, 1).contains("Card"))
    }
}

@Suite struct ServerRobustnessTests {
    /// Random requests with random positions over random edits of a real sample: every request is
    /// answered (result or error) and nothing traps.
    @Test func randomSessionsNeverTrap() {
        var generator = SplitMix(seed: 5)
        let harness = Harness(formatter: LanguageServer.defaultFormatter)
        let base = """
            let gap = 8
            component Card(title: String = "é", align: Alignment = center) {
                vstack(alignment: align) { label t(text: title) }
            }
            hstack main(spacing: gap, alignment: centre) {
                label a(text: "😀", intrinsic: 40 x 20)
                Card c(title: "x")
                constraints { a.width == c.width + gap @750 }
            }
            """
        harness.open(base)
        let methods = ["textDocument/hover", "textDocument/completion", "textDocument/definition",
                       "textDocument/documentSymbol", "textDocument/codeAction", "textDocument/formatting",
                       "textDocument/references", "textDocument/documentHighlight", "textDocument/prepareRename",
                       "textDocument/rename", "textDocument/semanticTokens/full", "textDocument/semanticTokens/range",
                       "textDocument/signatureHelp", "textDocument/inlayHint"]
        let snippets = ["", "x", "(", ")", "{", "}", ":", ".", "\"", "😀", "\n", "/*", "label", "Card c(", "alignment: ", "@", "x"]
        for step in 0..<600 {
            let line = Int(generator.next() % 14) - 2
            let character = Int(generator.next() % 70) - 3
            let position = #"{"line": \#(line), "character": \#(character)}"#
            if generator.next() % 3 == 0 {
                let text = snippets[Int(generator.next() % UInt64(snippets.count))]
                let end = #"{"line": \#(line + Int(generator.next() % 2)), "character": \#(character + Int(generator.next() % 4))}"#
                let change = JSONValue.object([("range", (try? JSONReader.read(#"{"start": \#(position), "end": \#(end)}"#)) ?? .null),
                                               ("text", .string(text))]).rendered()
                harness.notify("textDocument/didChange", #"{"textDocument": {"uri": "file:///t.stack", "version": \#(step + 2)}, "contentChanges": [\#(change)]}"#)
                if generator.next() % 4 == 0 { _ = harness.diagnostics() }
            } else {
                let method = methods[Int(generator.next() % UInt64(methods.count))]
                let response = harness.request(method, #"{"textDocument": {"uri": "file:///t.stack"}, "position": \#(position), "range": {"start": \#(position), "end": \#(position)}, "context": {"diagnostics": [], "includeDeclaration": true}, "newName": "y", "options": {"tabSize": 4, "insertSpaces": true}}"#)
                #expect(response["result"] != nil || response["error"] != nil)
            }
        }
    }
}

@Suite struct DiagnosticLimitTests {
    /// More than a thousand errors on one line: at most 1,000 published, then one counting the rest.
    @Test func publishedDiagnosticsAreCapped() {
        let harness = Harness()
        let text = "hstack { " + String(repeating: "label(bogus: 1) ", count: 1_050) + "}"
        harness.open(text)
        let diagnostics = harness.diagnostics()
        #expect(diagnostics.count == Analysis.maximumPublishedDiagnostics + 1)
        #expect(diagnostics.last?["message"]?.stringValue == "50 more diagnostics not shown")
        #expect(diagnostics.last?["range"]?["start"]?["character"]?.intValue == 9 + 1_000 * 16 + 6)
        #expect(diagnostics.first?["range"]?["start"]?["character"]?.intValue == 15)
    }
}
