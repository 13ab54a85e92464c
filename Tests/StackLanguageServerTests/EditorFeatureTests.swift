import StackSyntax
import Testing
@testable import StackLanguageServer

/// Semantic token encoding, what completion learns from the checker, signature help and inlay hints.
@Suite struct SemanticTokenTests {
    @Test func encodingSplitsMultilineTokensAndCountsUTF16() {
        // "/* é\n😀 */ let\n": the comment is bytes 0..<13 (é is 2 bytes, 😀 4), `let` 14..<17.
        let file = SourceFile(path: "t.stack", text: "/* é\n😀 */ let\n")
        let mapper = PositionMapper(file)
        let tokens = [
            SemanticToken(range: SourceRange(start: 0, end: 13), type: SemanticLegend.comment),
            SemanticToken(range: SourceRange(start: 14, end: 17), type: SemanticLegend.keyword),
        ]
        // Line 0: "/* é" is 4 UTF-16 units; line 1: "😀 */" is 5 (the emoji is 2), then `let` at column 6.
        #expect(encodeSemanticTokens(tokens, mapper: mapper) == [0, 0, 4, 9, 0, 1, 0, 5, 9, 0, 0, 6, 3, 0, 0])
        // A range selects the tokens it overlaps; the first is relative to the start of the file.
        #expect(encodeSemanticTokens(tokens, mapper: mapper, in: SourceRange(start: 14, end: 17)) == [1, 6, 3, 0, 0])
        #expect(encodeSemanticTokens(tokens, mapper: mapper, in: SourceRange(start: 6, end: 8)) == [0, 0, 4, 9, 0, 1, 0, 5, 9, 0])
        // An empty line inside a token gives no zero-length token.
        let gap = SourceFile(path: "t.stack", text: "/*\n\nx*/")
        #expect(encodeSemanticTokens([SemanticToken(range: SourceRange(start: 0, end: 7), type: 9)], mapper: PositionMapper(gap))
                == [0, 0, 2, 9, 0, 2, 0, 3, 9, 0])
    }

    @Test func namesAreClassifiedByWhatTheyResolveTo() {
        let text = "component Card(w: Number) { view(width: w) }\nvstack main(alignment: center) { Card c(w: 1)  constraints { c.width == 2 @ required } }\n"
        let analysis = Analysis(file: SourceFile(path: "t.stack", text: text))
        let tokens = analysis.semanticTokens()
        func token(_ needle: String, occurrence: Int = 0) -> (Int, Int)? {
            var start = text.startIndex
            for _ in 0..<occurrence { start = text.index(after: text.range(of: needle, range: start..<text.endIndex)!.lowerBound) }
            let offset = text.utf8.distance(from: text.startIndex, to: text.range(of: needle, range: start..<text.endIndex)!.lowerBound)
            return tokens.first { $0.range.start == offset }.map { ($0.type, $0.modifiers) }
        }
        #expect(token("Card")! == (SemanticLegend.class, SemanticLegend.declaration))
        #expect(token("Card", occurrence: 1)! == (SemanticLegend.class, 0))
        #expect(token("w:")! == (SemanticLegend.parameter, SemanticLegend.declaration))
        #expect(token("Number")! == (SemanticLegend.type, 0))
        #expect(token("view")! == (SemanticLegend.type, 0))
        #expect(token("width")! == (SemanticLegend.property, 0))
        #expect(token("w)")! == (SemanticLegend.parameter, 0))
        #expect(token("center")! == (SemanticLegend.enumMember, 0))
        #expect(token("w: 1")! == (SemanticLegend.parameter, 0))  // an instance's argument label
        #expect(token("c.")! == (SemanticLegend.variable, 0))
        #expect(token(".width")?.0 == nil)
        #expect(token("width ==")! == (SemanticLegend.property, 0))
        #expect(token("@")! == (SemanticLegend.operator, 0))
        #expect(token("required")! == (SemanticLegend.enumMember, 0))
        // Sorted and never overlapping.
        #expect(zip(tokens, tokens.dropFirst()).allSatisfy { $0.range.end <= $1.range.start })
    }
}

@Suite struct CompletionValidityTests {
    @Test func alignmentsAndAttributesFollowTheChecker() {
        #expect(CheckerProbe.alignments[.vstack] == ["fill", "leading", "center", "trailing"])
        #expect(CheckerProbe.alignments[.hstack] == ["fill", "top", "center", "bottom", "firstBaseline", "lastBaseline"])
        #expect(CheckerProbe.attributes[.hstack]?.contains("baselineRelative") == false)
        #expect(CheckerProbe.attributes[.hstack]?.contains("distribution") == true)
        #expect(CheckerProbe.attributes[.vstack]?.contains("baselineRelative") == true)
        #expect(CheckerProbe.attributes[.label]?.contains("text") == true)
        #expect(CheckerProbe.attributes[.view]?.contains("text") == false)
    }

    @Test func valuesAreOfferedOnlyWhereTheirTypeIsAccepted() {
        #expect(CheckerProbe.acceptingTypes["Number"] == ["Number", "Priority", "Insets"])
        #expect(CheckerProbe.acceptingTypes["String"] == ["String"])
        #expect(CheckerProbe.acceptingTypes["Size"] == ["Size"])
        #expect(CheckerProbe.acceptingTypes["Insets"] == ["Insets"])
        let text = """
            let n = 4
            let m = n * 2
            let s = "a"
            let z = 1 x 2
            let w = defaultHigh
            component C(p: Number, q: String) {
                hstack(spacing: , margins: ) { label(text: , hugging: ) }
            }

            """
        #expect(labels(text, line: 6, character: 20) == ["p", "n", "m"])  // spacing:
        #expect(labels(text, line: 6, character: 31) == ["p", "n", "m"])  // margins: a number is all four insets
        #expect(labels(text, line: 6, character: 47) == ["q", "s"])       // text:
        #expect(labels(text, line: 6, character: 58)                      // hugging: the names, then values
                == ["required", "defaultHigh", "defaultLow", "fittingSizeLevel", "p", "n", "m", "w"])
        // In a constraint, numbers only.
        #expect(labels("let n = 4\nlet s = \"a\"\nhstack { view v  constraints { v.width ==  } }\n", line: 2, character: 42) == ["v", "n"])
    }

    func labels(_ text: String, line: Int, character: Int) -> [String] {
        let harness = Harness()
        harness.open(text)
        return harness.at("textDocument/completion", line: line, character: character)["result"]?["items"]?.arrayValue?
            .compactMap { $0["label"]?.stringValue } ?? []
    }

    /// A font is a text style, `system(...)` or `custom(...)`, and the last two are offered beside the styles.
    @Test func fontsOfferTheirCallsBesideTheStyles() {
        let offered = labels("vstack { label(text: \"x\", font: ) }\n", line: 0, character: 32)
        #expect(offered.prefix(3) == ["largeTitle", "title1", "title2"])
        #expect(offered.contains("system") && offered.contains("custom"))
    }

    @Test func componentsThatWouldRecurseAreNotOffered() {
        let text = "component A() {\n    \n}\ncomponent B() { vstack { A() } }\ncomponent C() { label() }\nvstack main {\n    \n}\n\n"
        let inA = labels(text, line: 1, character: 4)
        #expect(inA.contains("vstack") && inA.contains("label"))
        #expect(!inA.contains("A") && !inA.contains("B") && inA.contains("C"))
        #expect(!inA.contains("let") && !inA.contains("component"))
        let inMain = labels(text, line: 6, character: 4)
        #expect(inMain.contains("A") && inMain.contains("B") && inMain.contains("C") && inMain.contains("constraints"))
        // At the top level a root must be a stack: B's body is one, C's is a label.
        let top = labels(text, line: 8, character: 0)
        #expect(top.contains("B") && !top.contains("C") && top.contains("let") && top.contains("hstack") && !top.contains("view"))
    }

    @Test func placesWhereLittleOrNothingIsValid() {
        // A component body with its element written: only constraints may follow.
        #expect(labels("component A() {\n    vstack { }\n    \n}\n", line: 2, character: 4) == ["constraints"])
        // A leaf's block and an instance's block take nothing.
        #expect(labels("hstack { label a {  } }\n", line: 0, character: 18).isEmpty)
        #expect(labels("component A() { vstack { } }\nhstack { A a {  } }\n", line: 1, character: 14).isEmpty)
    }
}

@Suite struct SignatureAndHintTests {
    @Test func activeParameterFollowsTheLabel() {
        let text = "hstack { label(text: \"é\", intrinsic: 1 x 1) }"
        let analysis = Analysis(file: SourceFile(path: "t.stack", text: text))
        let offset = text.utf8.count - 6  // inside `1 x 1`
        guard let (signature, active) = analysis.signature(at: offset) else {
            Issue.record("no signature")
            return
        }
        #expect(signature.label.hasPrefix("label(intrinsic: Size, hugging: Priority"))
        #expect(active.map { signature.parameters[$0].name } == "intrinsic")
        #expect(analysis.signature(at: 3) == nil)
    }

    @Test func inlayHintsAreRefreshedWhenAnsweredBeforeTheCompile() {
        let harness = BackgroundHarness(waitLimit: .zero, capabilities: #"{"workspace": {"inlayHint": {"refreshSupport": true}, "semanticTokens": {"refreshSupport": true}}}"#)
        harness.open("file:///a.stack", "hstack main { label a(intrinsic: 10 x 4) }")
        let request = #"{"jsonrpc":"2.0","id":ID,"method":"textDocument/inlayHint","params":{"textDocument":{"uri":"file:///a.stack"},"range":{"start":{"line":0,"character":0},"end":{"line":1,"character":0}}}}"#
        harness.send(request.replacingOccurrences(of: "ID", with: "1"))
        harness.send(request.replacingOccurrences(of: "ID", with: "3"))
        harness.send(#"{"jsonrpc":"2.0","id":4,"method":"textDocument/semanticTokens/full","params":{"textDocument":{"uri":"file:///a.stack"}}}"#)
        harness.server.expireWaitingRequests()
        #expect(harness.response(1)?["result"]?.isNull == true)
        harness.runJob()
        // One refresh per view, however many requests were answered early.
        let refreshes = harness.sent.compactMap { $0["method"]?.stringValue }.filter { $0.hasPrefix("workspace/") }
        #expect(refreshes == ["workspace/inlayHint/refresh", "workspace/semanticTokens/refresh"])
        let refresh = harness.sent.filter { $0["method"]?.stringValue == "workspace/inlayHint/refresh" }
        #expect(refresh.first?["id"]?.stringValue != nil)
        harness.send(request.replacingOccurrences(of: "ID", with: "2"))
        #expect(harness.response(2)?["result"]?.arrayValue?.compactMap { $0["label"]?.stringValue } == ["10×4", "10×4"])
        // The client's answer to the refresh is taken without a reply.
        let count = harness.sent.count
        harness.send(#"{"jsonrpc":"2.0","id":"\#(refresh.first?["id"]?.stringValue ?? "")","result":null}"#)
        #expect(harness.sent.count == count)
    }

    @Test func noRefreshForAClientWithoutIt() {
        let harness = BackgroundHarness(waitLimit: .zero)
        harness.open("file:///a.stack", "hstack main { label a(intrinsic: 10 x 4) }")
        harness.send(#"{"jsonrpc":"2.0","id":1,"method":"textDocument/inlayHint","params":{"textDocument":{"uri":"file:///a.stack"},"range":{"start":{"line":0,"character":0},"end":{"line":1,"character":0}}}}"#)
        harness.server.expireWaitingRequests()
        harness.runJob()
        #expect(!harness.sent.contains { $0["method"]?.stringValue == "workspace/inlayHint/refresh" })
    }
}
