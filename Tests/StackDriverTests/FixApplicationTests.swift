import StackDriver
import StackSyntax
import Testing

// `stackc check --fix`: which fix-its apply together, and the file that results.

private func fix(_ start: Int, _ end: Int, _ replacement: String, id: DiagnosticID = .unknownEnumCase) -> Diagnostic {
    let range = SourceRange(start: start, end: end)
    return Diagnostic(id, "problem", at: range, fixIts: [.replace(range, with: replacement, message: "fix")])
}

private func applied(_ diagnostics: [Diagnostic], to text: String) -> (String, Int) {
    let result = FixApplication.applyOnce(diagnostics, to: Array(text.utf8))
    return (String(decoding: result.bytes, as: UTF8.self), result.applied)
}

@Test func separateEditsAllApply() {
    #expect(applied([fix(0, 3, "ABC"), fix(4, 7, "DEF")], to: "abc def") == ("ABC DEF", 2))
}

@Test func touchingRangesBothApply() {
    #expect(applied([fix(0, 3, "X"), fix(3, 6, "Y")], to: "abcdef") == ("XY", 2))
    // An insertion at the end of a replaced range touches it without overlapping.
    #expect(applied([fix(0, 3, "X"), fix(3, 3, "+")], to: "abcdef") == ("X+def", 2))
}

@Test func overlappingEditsFirstWins() {
    // Sorted by position: the edit of 0..<4 comes first; 2..<6 shares bytes 2 and 3 with it and is left.
    #expect(applied([fix(2, 6, "Y"), fix(0, 4, "X")], to: "abcdefgh") == ("Xefgh", 1))
    // Two insertions at one place: which goes first is undefined, so only the first applies.
    // (Diagnostics at one place are ordered by ID: E104 before E109.)
    #expect(applied([fix(1, 1, "2", id: .unknownParameter), fix(1, 1, "1")], to: "ab") == ("a1b", 1))
    // An insertion strictly inside a replaced range.
    #expect(applied([fix(0, 4, "X"), fix(2, 2, "!")], to: "abcdef") == ("Xef", 1))
}

@Test func theSameEditFromTwoDiagnosticsAppliesOnce() {
    #expect(applied([fix(0, 1, "Z"), fix(0, 1, "Z", id: .unknownAttribute)], to: "abc") == ("Zbc", 1))
}

@Test func alternativesAndMalformedFixItsDoNotApply() {
    let range = SourceRange(start: 0, end: 1)
    let alternatives = Diagnostic(.unknownElement, "problem", at: range,
                                  fixIts: [.replace(range, with: "x", message: "x"), .replace(range, with: "y", message: "y")])
    #expect(applied([alternatives], to: "abc") == ("abc", 0))
    #expect(FixApplication.reasonNotApplicable(alternatives, in: Array("abc".utf8)) == "2 alternative fix-its; choose one in an editor")
    #expect(applied([fix(2, 9, "x")], to: "abc") == ("abc", 0))  // past the end
    let selfOverlapping = Diagnostic(.unknownElement, "problem", at: range, fixIts: [
        FixIt("both", edits: [TextEdit(range: SourceRange(start: 0, end: 2), replacement: "x"), TextEdit(range: SourceRange(start: 1, end: 3), replacement: "y")]),
    ])
    #expect(applied([selfOverlapping], to: "abcd") == ("abcd", 0))
}

@Test func passesApplyWhatTheNextCheckStillSuggests() {
    // Both the typo and the duplicate are fixed, over as many passes as it takes.
    let file = SourceFile(path: "a.stack", text: "hstack(alignment: centre, alignment: centre) {\n    view(intrinsic: 10 x 10)\n}\n")
    let result = FixApplication(file: file)
    #expect(result.changed && result.applied == 2)
    #expect(String(decoding: result.bytes, as: UTF8.self) == "hstack(alignment: center, ) {\n    view(intrinsic: 10 x 10)\n}\n")
    // Fixing the result again changes nothing.
    #expect(FixApplication(file: SourceFile(path: "a.stack", bytes: result.bytes)).applied == 0)
}

@Test func syntaxErrorsThatRemainMeanNothingIsWritten() {
    // The string's closing quote is a fix-it; the stray '$' has none, so the file keeps a syntax error.
    let file = SourceFile(path: "a.stack", text: "vstack {\n    label(text: \"Hello)\n    $\n}\n")
    let result = FixApplication(file: file)
    #expect(!result.changed && result.bytes == file.bytes && result.refusal == "its fix-its leave syntax errors")
    // A missing brace is a syntax error its fix-it removes: that file is fixed.
    let brace = FixApplication(file: SourceFile(path: "b.stack", text: "vstack {\n    view(intrinsic: 1 x 1)\n"))
    #expect(brace.changed && String(decoding: brace.bytes, as: UTF8.self) == "vstack {\n    view(intrinsic: 1 x 1)}\n")
}
