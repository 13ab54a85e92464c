import StackTestSupport
import Testing
@testable import StackSyntax

/// The kinds and texts of the tokens of `text`, without the final eof.
private func lex(_ text: String) -> (tokens: [(TokenKind, String)], diagnostics: [Diagnostic]) {
    let file = SourceFile(path: "t.stack", text: text)
    let output = Lexer.tokenize(file)
    #expect(output.tokens.last?.kind == .eof)
    return (output.tokens.dropLast().map { ($0.kind, file.text($0.range)) }, output.diagnostics)
}

@Test func lexesAnElementWithArguments() {
    let (tokens, diagnostics) = lex("hstack bar(spacing: 8.5, alignment: center) { }")
    #expect(diagnostics.isEmpty)
    #expect(tokens.map(\.0) == [.identifier, .identifier, .leftParen, .identifier, .colon, .number, .comma,
                                .identifier, .colon, .identifier, .rightParen, .leftBrace, .rightBrace])
    #expect(tokens[5].1 == "8.5")
}

@Test func lexesKeywordsAndOperators() {
    let (tokens, _) = lex("let component constraints true false none == <= >= = + - * / @ .")
    #expect(tokens.map(\.0) == [.letKeyword, .componentKeyword, .constraintsKeyword, .trueKeyword, .falseKeyword, .noneKeyword,
                                .equalEqual, .lessEqual, .greaterEqual, .assign, .plus, .minus, .star, .slash, .at, .dot])
}

@Test func keywordPrefixesAreIdentifiers() {
    let (tokens, _) = lex("lets nonex constraint truely")
    #expect(tokens.allSatisfy { $0.0 == .identifier })
}

@Test func sizeWithoutSpacesSplitsAroundX() {
    let (tokens, diagnostics) = lex("24x24 24 x 24")
    #expect(diagnostics.isEmpty)
    #expect(tokens.map(\.1) == ["24", "x", "24", "24", "x", "24"])
}

@Test func malformedNumberIsOneDiagnostic() {
    let (tokens, diagnostics) = lex("12px 1.2.3")
    #expect(diagnostics.map(\.id) == [.invalidNumber, .invalidNumber])
    #expect(tokens.map(\.0) == [.invalid, .invalid])
}

@Test func commentsAreKeptBesideTheTokens() {
    let file = SourceFile(path: "t.stack", text: "view // line\n/* block /* nested */ */ label")
    let output = Lexer.tokenize(file)
    #expect(output.comments.map { file.text($0.range) } == ["// line", "/* block /* nested */ */"])
    #expect(output.tokens.map(\.kind) == [.identifier, .identifier, .eof])
}

@Test func unterminatedStringAndComment() {
    let (_, strings) = lex("label(text: \"abc\n)")
    #expect(strings.map(\.id) == [.unterminatedString])
    #expect(strings.first?.fixIts.first?.edits.first?.replacement == "\"")
    let (_, comments) = lex("view /* never closed")
    #expect(comments.map(\.id) == [.unterminatedComment])
}

@Test func invalidCharactersAndUTF8() {
    let file = SourceFile(path: "t.stack", bytes: Array("view $ ".utf8) + [0xFF, 0x00, 0x20] + Array("é".utf8))
    let output = Lexer.tokenize(file)
    #expect(output.diagnostics.map(\.id) == [.invalidCharacter, .invalidUTF8, .invalidCharacter, .invalidCharacter])
    #expect(output.diagnostics[2].message == "invalid character 'U+0'")
    #expect(output.diagnostics[3].message == "invalid character 'é'")
}

@Test func lessThanAloneSuggestsLessEqual() {
    let (_, diagnostics) = lex("a.width < 3")
    #expect(diagnostics.first?.fixIts.first?.edits.first?.replacement == "<=")
}

@Test func stringsAcceptUTF8AndEscapes() {
    let tree = Parser.parse("label(text: \"Grüße \\\"du\\\" \\n\")")
    #expect(tree.diagnostics.isEmpty)
    guard case .element(let element) = tree.declarations.first,
          case .string(let value)? = element.arguments?.arguments.first?.value.kind else {
        Issue.record("expected a label with a string")
        return
    }
    #expect(value == "Grüße \"du\" \n")
}
