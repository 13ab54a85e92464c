import Testing
@testable import StackSyntax

@Test func rendersLikeSwiftc() {
    let file = SourceFile(path: "card.stack", text: "hstack(alignment: centre) {\n}\n")
    let diagnostic = Diagnostic(.unknownEnumCase, "unknown alignment 'centre'; did you mean 'center'?",
                                at: SourceRange(start: 18, end: 24),
                                fixIts: [.replace(SourceRange(start: 18, end: 24), with: "center", message: "replace 'centre' with 'center'")])
    #expect(DiagnosticRenderer().render(diagnostic, in: file) == """
        card.stack:1:19: error: unknown alignment 'centre'; did you mean 'center'? [E104]
        1 | hstack(alignment: centre) {
          |                   ^~~~~~
        fix-it: replace 'centre' with 'center'

        """)
}

@Test func columnsCountCharactersNotBytes() {
    let file = SourceFile(path: "t.stack", text: "label(text: \"日本語\", widht: 3)")
    let offset = Array("label(text: \"日本語\", ".utf8).count
    #expect(file.location(of: offset) == StackSyntax.SourceLocation(line: 1, column: 20))
    #expect(file.utf16Column(of: offset) == 19)
    let rendered = DiagnosticRenderer().render(Diagnostic(.unknownAttribute, "x", at: SourceRange(start: offset, end: offset + 5)), in: file)
    #expect(rendered.contains("t.stack:1:20: error: x [E102]"))
    #expect(rendered.contains("  | " + String(repeating: " ", count: 19) + "^~~~~"))
}

@Test func notesRenderWithTheirOwnLocation() {
    let file = SourceFile(path: "t.stack", text: "view a\nview a\n")
    let diagnostic = Diagnostic(.duplicateName, "duplicate item name 'a'", at: SourceRange(start: 12, end: 13),
                                notes: [DiagnosticNote("first declared here", at: SourceRange(start: 5, end: 6))])
    let lines = DiagnosticRenderer().render(diagnostic, in: file).split(separator: "\n")
    #expect(lines.first == "t.stack:2:6: error: duplicate item name 'a' [E107]")
    #expect(lines.contains("t.stack:1:6: note: first declared here"))
}

@Test func colouredOutputOnlyWhenAsked() {
    let file = SourceFile(path: "t.stack", text: "x")
    let diagnostic = Diagnostic(.unknownElement, "m", at: SourceRange(start: 0, end: 1))
    #expect(!DiagnosticRenderer(colored: false).render(diagnostic, in: file).contains("\u{1B}"))
    #expect(DiagnosticRenderer(colored: true).render(diagnostic, in: file).contains("\u{1B}[31merror:"))
}

@Test func lineLookupIsABinarySearchThatHandlesEveryOffset() {
    let file = SourceFile(path: "t", text: "a\n\nbc\r\nd")
    #expect((0...file.bytes.count).map { file.location(of: $0).line } == [1, 1, 2, 3, 3, 3, 3, 4, 4])
    #expect(file.lineText(2) == "bc")
    #expect(file.offset(of: StackSyntax.SourceLocation(line: 3, column: 2)) == 4)
}

@Test func jsonIsDeterministicAndEscaped() {
    let value = JSONValue.object([("b", .number(1.5)), ("a", .array([.string("q\"\n\u{01}"), .null, .bool(true), .number(-3)]))])
    #expect(value.rendered() == #"{"b":1.5,"a":["q\"\n\u0001",null,true,-3]}"#)
}

@Test func aLongLineShowsAWindowAroundTheRange() {
    // 10,000 unknown elements on one line: each excerpt is a window, never the whole line.
    let text = "vstack { " + String(repeating: "zz ", count: 10_000) + "}\n"
    let file = SourceFile(path: "long.stack", text: text)
    let offset = 9 + 3 * 5_000
    let rendered = DiagnosticRenderer().render(Diagnostic(.unknownElement, "unknown element 'zz'", at: SourceRange(start: offset, end: offset + 2)), in: file)
    let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "long.stack:1:\(offset + 1): error: unknown element 'zz' [E101]")
    let window = "..." + String(String(repeating: "zz ", count: 5_000).suffix(40)) + "zz" + String(repeating: " zz", count: 14).prefix(40) + "..."
    #expect(lines[1] == "1 | " + window)
    #expect(lines[2] == "  | " + String(repeating: " ", count: 43) + "^~")
    // Short lines are shown whole, as before any window.
    let short = SourceFile(path: "s.stack", text: "vstack { zz }\n")
    #expect(DiagnosticRenderer().excerpt(SourceRange(start: 9, end: 11), in: short) == "1 | vstack { zz }\n  |          ^~\n")
}

@Test func aWindowCountsCharactersNotBytes() {
    let text = String(repeating: "é", count: 200) + " zz " + String(repeating: "日", count: 200)
    let file = SourceFile(path: "u.stack", text: text)
    let offset = 400 + 1
    let excerpt = DiagnosticRenderer().excerpt(SourceRange(start: offset, end: offset + 2), in: file)
    #expect(excerpt == "1 | ..." + String(repeating: "é", count: 39) + " zz " + String(repeating: "日", count: 39) + "...\n"
                     + "  | " + String(repeating: " ", count: 43) + "^~\n")
}

@Test func renderingStopsAfterTheFirstHundredDiagnostics() {
    let file = SourceFile(path: "many.stack", text: String(repeating: "x\n", count: 250))
    let diagnostics = (0..<250).map { Diagnostic(.unknownElement, "unknown element 'x'", at: SourceRange(start: 2 * $0, end: 2 * $0 + 1)) }
    let rendered = DiagnosticRenderer().render(diagnostics, in: file)
    #expect(rendered.components(separatedBy: "error: unknown element").count - 1 == DiagnosticRenderer.maximumShown)
    #expect(rendered.hasSuffix("many.stack: note: 150 more diagnostics not shown\n"))
    #expect(rendered.contains("many.stack:100:1: error"))
    #expect(!rendered.contains("many.stack:101:1: error"))
}

@Test func theLocationCacheAgreesWithTheFile() {
    // Columns counted on from the previous offset must equal columns counted from the line start,
    // in ascending order (diagnostics) and in any order (notes pointing back).
    let text = "vstack { é日 zz 😀 x\n\tGrüße zz\r\n" + String(repeating: "ab é ", count: 50) + "\nlast"
    let file = SourceFile(path: "u.stack", text: text)
    let boundaries = (0...file.bytes.count).filter { $0 == file.bytes.count || file.bytes[$0] & 0xC0 != 0x80 }
    let ascending = LocationCache(file: file)
    for offset in boundaries {
        #expect(ascending.location(of: offset) == file.location(of: offset), "offset \(offset)")
    }
    let shuffled = LocationCache(file: file)
    for offset in boundaries.reversed() + boundaries.filter({ $0 % 3 == 0 }) {
        #expect(shuffled.location(of: offset) == file.location(of: offset), "offset \(offset)")
    }
}
