import StackSyntax
import Testing
@testable import StackLanguageServer

@Suite struct PositionTests {
    // "é" is 2 UTF-8 bytes and 1 UTF-16 unit; "😀" 4 bytes and 2 units; "日" 3 bytes and 1 unit.
    let file = SourceFile(path: "t.stack", text: "ab\né😀x\r\n日\n")

    @Test func offsetsToPositions() {
        let mapper = PositionMapper(file)
        #expect(mapper.position(of: 0) == LSPPosition(line: 0, character: 0))
        #expect(mapper.position(of: 2) == LSPPosition(line: 0, character: 2))
        #expect(mapper.position(of: 3) == LSPPosition(line: 1, character: 0))
        #expect(mapper.position(of: 5) == LSPPosition(line: 1, character: 1))   // after é
        #expect(mapper.position(of: 9) == LSPPosition(line: 1, character: 3))   // after 😀
        #expect(mapper.position(of: 10) == LSPPosition(line: 1, character: 4))  // after x
        #expect(mapper.position(of: 12) == LSPPosition(line: 2, character: 0))
        #expect(mapper.position(of: 15) == LSPPosition(line: 2, character: 1))
        #expect(mapper.position(of: 16) == LSPPosition(line: 3, character: 0))
        // Inside a character: its start. Out of range: clamped.
        #expect(mapper.position(of: 7) == LSPPosition(line: 1, character: 1))
        #expect(mapper.position(of: -4) == LSPPosition(line: 0, character: 0))
        #expect(mapper.position(of: 1000) == LSPPosition(line: 3, character: 0))
    }

    @Test func positionsToOffsets() {
        let mapper = PositionMapper(file)
        #expect(mapper.offset(of: LSPPosition(line: 1, character: 1)) == 5)
        #expect(mapper.offset(of: LSPPosition(line: 1, character: 3)) == 9)
        // The middle of a surrogate pair rounds down to the scalar's start.
        #expect(mapper.offset(of: LSPPosition(line: 1, character: 2)) == 5)
        // Past the end of a line: the line's end, before "\r\n".
        #expect(mapper.offset(of: LSPPosition(line: 1, character: 99)) == 10)
        #expect(mapper.offset(of: LSPPosition(line: 0, character: 99)) == 2)
        // Past the last line, negative values: clamped.
        #expect(mapper.offset(of: LSPPosition(line: 9, character: 0)) == 16)
        #expect(mapper.offset(of: LSPPosition(line: -1, character: 5)) == 0)
        #expect(mapper.offset(of: LSPPosition(line: 2, character: -3)) == 12)
    }

    @Test func roundTripsEveryCharacterBoundary() {
        let text = "let é = 1\nhstack(alignment: centre) { label \"😀 日本\" }\n\n  x"
        let source = SourceFile(path: "t", text: text)
        let mapper = PositionMapper(source)
        var offset = 0
        for character in text {
            let position = mapper.position(of: offset)
            #expect(mapper.offset(of: position) == offset)
            offset += character.utf8.count
        }
    }

    @Test func invalidUTF8CountsOneUnitPerByte() {
        let source = SourceFile(path: "t", bytes: [0x61, 0xFF, 0xC3, 0x62, 0x0A])
        let mapper = PositionMapper(source)
        #expect(mapper.position(of: 3) == LSPPosition(line: 0, character: 3))
        #expect(mapper.offset(of: LSPPosition(line: 0, character: 2)) == 2)
    }

    @Test func uris() {
        #expect(TextDocument.path(of: "file:///tmp/a%20b/%C3%A9.stack") == "/tmp/a b/é.stack")
        #expect(TextDocument.uri(ofPath: "/tmp/a b/é.stack") == "file:///tmp/a%20b/%C3%A9.stack")
        #expect(TextDocument.path(of: "untitled:1") == "untitled:1")
    }
}

@Suite struct IncrementalEditTests {
    func change(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int, _ text: String) -> TextChange {
        TextChange(range: LSPRange(start: LSPPosition(line: startLine, character: startCharacter),
                                   end: LSPPosition(line: endLine, character: endCharacter)), text: text)
    }

    @Test func replacesAfterNonASCII() {
        var document = TextDocument(uri: "file:///t.stack", version: 1, text: "label \"😀é\" x\nview")
        // Columns after the emoji count it as two units: "x" is at character 12.
        document.apply([change(0, 12, 0, 13, "yz")])
        #expect(document.text == "label \"😀é\" yz\nview")
        document.apply([change(0, 7, 0, 9, "日")])
        #expect(document.text == "label \"日é\" yz\nview")
    }

    @Test func appliesChangesInOrder() {
        var document = TextDocument(uri: "file:///t.stack", version: 1, text: "a\nb\nc")
        document.apply([change(1, 0, 1, 1, "B1\nB2"), change(3, 0, 3, 1, "C"), change(0, 1, 0, 1, "!")])
        #expect(document.text == "a!\nB1\nB2\nC")
    }

    @Test func deletesAcrossLinesAndInsertsAtEnd() {
        var document = TextDocument(uri: "file:///t.stack", version: 1, text: "héllo\nwörld\n")
        document.apply([change(0, 2, 1, 2, "")])
        #expect(document.text == "hérld\n")
        document.apply([change(5, 0, 5, 0, "end")])
        #expect(document.text == "hérld\nend")
    }

    @Test func fullReplacementAndOutOfRangeRanges() {
        var document = TextDocument(uri: "file:///t.stack", version: 1, text: "abc")
        document.apply([TextChange(range: nil, text: "x😀y")])
        #expect(document.text == "x😀y")
        // An end before the start, and positions past the end, never trap.
        document.apply([change(0, 3, 0, 1, "-")])
        #expect(document.text == "x😀-y")
        document.apply([change(40, 2, 50, 9, "!")])
        #expect(document.text == "x😀-y!")
    }

    @Test func randomEditsMatchAStringModel() {
        var generator = SplitMix(seed: 11)
        let pieces = ["a", "é", "😀", "\n", "日", " ", "\r\n", "xyz"]
        // The model: Unicode scalars; lines split at "\n" (a "\r" before it is not part of the line).
        var model: [Unicode.Scalar] = []
        var document = TextDocument(uri: "file:///t.stack", version: 0, text: "")
        for _ in 0..<400 {
            var lineStarts = [0]
            for (index, scalar) in model.enumerated() where scalar == "\n" { lineStarts.append(index + 1) }
            func randomPosition() -> (LSPPosition, Int) {
                let line = Int(generator.next() % UInt64(lineStarts.count))
                var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : model.count
                if end > lineStarts[line], model[end - 1] == "\r" { end -= 1 }
                let index = lineStarts[line] + Int(generator.next() % UInt64(end - lineStarts[line] + 1))
                let character = model[lineStarts[line]..<index].reduce(0) { $0 + $1.utf16.count }
                return (LSPPosition(line: line, character: character), index)
            }
            var (start, lower) = randomPosition()
            var (end, upper) = randomPosition()
            if upper < lower { swap(&start, &end); swap(&lower, &upper) }
            let text = (0..<Int(generator.next() % 3)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            model.replaceSubrange(lower..<upper, with: Array(text.unicodeScalars))
            document.apply([TextChange(range: LSPRange(start: start, end: end), text: text)])
            let expected = String(String.UnicodeScalarView(model))
            #expect(document.text == expected)
            if document.text != expected { break }
        }
    }
}
