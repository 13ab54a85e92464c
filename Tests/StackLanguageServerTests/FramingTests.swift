import StackSyntax
import Testing
@testable import StackLanguageServer

@Suite struct FramingTests {
    func drain(_ framer: inout MessageFramer) -> [MessageFramer.Item] {
        var items: [MessageFramer.Item] = []
        while let item = framer.next() { items.append(item) }
        return items
    }

    @Test func splitsMessagesArrivingInPieces() {
        let stream = framedMessage(#"{"a":"é"}"#) + framedMessage("[1]")
        for chunk in [1, 2, 3, 7, stream.count] {
            var framer = MessageFramer()
            var items: [MessageFramer.Item] = []
            var index = 0
            while index < stream.count {
                framer.append(stream[index..<min(index + chunk, stream.count)])
                items += drain(&framer)
                index += chunk
            }
            #expect(items == [.message(Array(#"{"a":"é"}"#.utf8)), .message(Array("[1]".utf8))])
        }
    }

    @Test func otherHeadersAndCaseAreAccepted() {
        var framer = MessageFramer()
        framer.append(Array("content-length:2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".utf8))
        #expect(drain(&framer) == [.message(Array("{}".utf8))])
    }

    @Test func malformedHeadersAreSkippedAndFramingRecovers() {
        var framer = MessageFramer()
        framer.append(Array("Content-Type: x\r\n\r\n".utf8))
        framer.append(Array("Content-Length: -4\r\n\r\n".utf8))
        framer.append(Array("Content-Length: abc\r\n\r\n".utf8))
        framer.append(Array("garbage line\r\n\r\n".utf8))
        framer.append(framedMessage("{}"))
        let items = drain(&framer)
        // Three bad headers; the garbage line after the third is skipped with it while resynchronising.
        #expect(items.count == 4)
        #expect(items.last == .message(Array("{}".utf8)))
        #expect(items.dropLast().allSatisfy { if case .malformedHeader = $0 { true } else { false } })
    }

    @Test func waitsForTheWholeBody() {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: 10\r\n\r\n12345".utf8))
        #expect(framer.next() == nil)
        framer.append(Array("67890".utf8))
        #expect(framer.next() == .message(Array("1234567890".utf8)))
    }

    @Test func randomStreamsNeverTrap() {
        var generator = SplitMix(seed: 3)
        let pieces = ["Content-Length: ", "12", "\r\n", "\n", "\r\n\r\n", "{}", ":", "x", "99999999999999999999"]
        for _ in 0..<500 {
            var framer = MessageFramer()
            for _ in 0..<Int(generator.next() % 20) {
                framer.append(Array(pieces[Int(generator.next() % UInt64(pieces.count))].utf8))
                _ = drain(&framer)
            }
        }
    }
}

@Suite struct CompletionContextTests {
    func context(_ text: String) -> CompletionContext {
        let marker = text.utf8.firstIndex(of: UInt8(ascii: "|"))!
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: marker)
        let source = text.replacingOccurrences(of: "|", with: "")
        return Analysis(file: SourceFile(path: "t", text: source)).completionContext(at: offset).0
    }

    @Test func contexts() {
        #expect(context("|") == .declaration(.file))
        #expect(context("hstack { lab| }") == .declaration(.stack(component: nil)))
        #expect(context("component C() { vstack { | } }") == .declaration(.stack(component: "C")))
        #expect(context("component C() { | }") == .declaration(.componentBody("C")))
        #expect(context("hstack { label a { | } }") == .declaration(.nothing))
        #expect(context("hstack { Card c { | } }") == .declaration(.nothing))
        #expect(context("hstack(|") == .attributeLabel(kind: "hstack", written: []))
        #expect(context("hstack main(spacing: 8, al|") == .attributeLabel(kind: "hstack", written: ["spacing"]))
        #expect(context("hstack main(|spacing: 8, alignment: fill)") == .attributeLabel(kind: "hstack", written: ["spacing", "alignment"]))
        #expect(context("hstack main(spac|ing: 8, alignment: fill)") == .attributeLabel(kind: "hstack", written: ["alignment"]))
        #expect(context("vstack { Card c(|) }") == .attributeLabel(kind: "Card", written: []))
        #expect(context("hstack(alignment: |") == .attributeValue(kind: "hstack", label: "alignment", afterDot: false))
        #expect(context("hstack(alignment: .ce|") == .attributeValue(kind: "hstack", label: "alignment", afterDot: true))
        #expect(context("hstack(margins: (1, |") == .expression)
        #expect(context("let x = |") == .expression)
        #expect(context("component C(a: |") == .parameterType)
        #expect(context("hstack { constraints { a.| } }") == .constraint(afterDot: true))
        #expect(context("hstack { constraints { | } }") == .constraint(afterDot: false))
        #expect(context("hstack { label(text: \"a|b\") }") == .none)
        #expect(context("hstack { // com|ment\n}") == .none)
        #expect(context("let |") == .none)
    }
}
