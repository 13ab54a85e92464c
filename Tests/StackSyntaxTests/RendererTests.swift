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
