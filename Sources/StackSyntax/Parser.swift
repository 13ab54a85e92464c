/// Parses a `.stack` file. Total: never throws, never traps; errors become diagnostics,
/// missing pieces become missing nodes, junk becomes error nodes.
///
/// One `parseX()` per production of `Grammar/stack.ebnf`, with the rule above it.
public struct Parser {
    /// Deeper nesting (blocks plus expression parentheses and prefix operators) is an error,
    /// never a stack overflow (Go's `maxNestLev`).
    public static let maximumNestingDepth = 256

    let file: SourceFile
    var tokens: ContiguousArray<Token>
    var index = 0
    var depth = 0
    var diagnostics: [Diagnostic] = []
    /// Set once the nesting limit is hit, so it is reported once, not once per level.
    var reportedNesting = false
    /// Runs of tokens skipped inside the node being parsed; the innermost node that can hold them
    /// (`ArgumentList`, `ComponentDecl`, `ConstraintsBlock`, `ConstantDecl`) takes them when it ends.
    var unexpected: [UnexpectedTokens] = []
    /// Inside a constraints block, where `b (c.width) == 3` and `b c.width == 3` are two valid constraints, so an
    /// identifier followed by `(` or a name is a value, never taken for an element (`atElementOnNewLine`).
    var inConstraints = false

    /// Parses a whole file.
    public static func parse(_ file: SourceFile) -> SyntaxTree {
        let lexed = Lexer.tokenize(file)
        var parser = Parser(file: file, tokens: lexed.tokens)
        let declarations = parser.parseFile()
        let diagnostics = (lexed.diagnostics + parser.diagnostics).sortedByLocation()
        return SyntaxTree(file: file, declarations: declarations, comments: lexed.comments, diagnostics: diagnostics)
    }

    /// Parses text; a convenience for tools and tests.
    public static func parse(_ text: String, path: String = "<input>") -> SyntaxTree {
        parse(SourceFile(path: path, text: text))
    }

    init(file: SourceFile, tokens: ContiguousArray<Token>) {
        self.file = file
        self.tokens = tokens
    }

    // MARK: Primitives

    /// The current token. The token array always ends with `.eof`, and `index` never passes it.
    var current: Token { tokens[index] }

    /// Whether the current token has this kind.
    func at(_ kind: TokenKind) -> Bool { tokens[index].kind == kind }

    /// The kind of the token `offset` ahead (`.eof` past the end).
    func peek(_ offset: Int = 1) -> TokenKind {
        let target = index + offset
        return target < tokens.count ? tokens[target].kind : .eof
    }

    /// The current token's text.
    func text(of token: Token) -> String { file.text(token.range) }

    /// Moves past the current token (never past `.eof`) and returns it.
    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[index]
        if token.kind != .eof { index += 1 }
        return token
    }

    /// Consumes the current token if it has this kind.
    mutating func eat(_ kind: TokenKind) -> Token? {
        at(kind) ? advance() : nil
    }

    /// Consumes a token of this kind, or reports it missing (with a fix-it inserting it) and consumes nothing.
    /// `context` completes the message: "expected ')' to end the argument list". It is an autoclosure because
    /// the token is almost always there: building the message eagerly cost ~10% of parsing (benchmark).
    @discardableResult
    mutating func expect(_ kind: TokenKind, _ context: @autoclosure () -> String, insert: String? = nil) -> Token? {
        if let token = eat(kind) { return token }
        let spelling = insert ?? String(kind.spelling.dropFirst().dropLast())
        reportExpected("\(kind.spelling) \(context())", fixIt: kind == .identifier ? nil : .replace(.empty(at: previousEnd), with: spelling, message: "insert '\(spelling)'"))
        return nil
    }

    /// Reports "expected X, found Y" at the current token.
    mutating func reportExpected(_ what: String, fixIt: FixIt? = nil) {
        // Past the nesting limit the rest of the file is skipped: what is missing then is not news.
        guard !reportedNesting else { return }
        // The lexer already reported an invalid character here or just before (`(a: 1 ] {`: one mistake), and an unterminated string swallowed what follows it.
        if current.kind == .invalid || (index > 0 && tokens[index - 1].kind == .invalid) { return }
        if index > 0, tokens[index - 1].kind == .string, !isTerminatedString(tokens[index - 1]) { return }
        // One diagnostic per place: a second "expected" at the same token is a consequence of the first.
        if let last = diagnostics.last, last.id == .expectedToken, last.range.start == (current.kind == .eof ? previousEnd : currentStart) {
            return
        }
        let token = current
        let found = token.kind == .eof ? "end of file" : "'\(text(of: token))'"
        let range = token.kind == .eof ? SourceRange.empty(at: previousEnd) : token.range
        diagnostics.append(Diagnostic(.expectedToken, "expected \(what), found \(found)", at: range, fixIts: fixIt.map { [$0] } ?? []))
    }

    /// Whether a string token ends with its closing quote (the lexer reported the ones that do not).
    func isTerminatedString(_ token: Token) -> Bool {
        token.end - token.start >= 2 && file.bytes[Int(token.end) - 1] == UInt8(ascii: "\"")
    }

    /// The end offset of the last consumed token (where a missing token belongs).
    var previousEnd: Int { index > 0 ? Int(tokens[index - 1].end) : 0 }

    /// The start offset of the current token.
    var currentStart: Int { Int(current.start) }

    /// Enters one level of nesting; false (and one diagnostic) when the limit is reached.
    mutating func enterNesting() -> Bool {
        guard depth < Parser.maximumNestingDepth else {
            if !reportedNesting {
                reportedNesting = true
                diagnostics.append(Diagnostic(
                    .nestingTooDeep, "nesting is deeper than \(Parser.maximumNestingDepth) levels", at: current.range))
            }
            return false
        }
        depth += 1
        return true
    }

    /// Leaves one level of nesting.
    mutating func leaveNesting() { depth -= 1 }

    /// Skips everything up to the end of the file after the nesting limit, keeping braces balanced is pointless then.
    /// `nil` when nothing is left.
    mutating func skipRest() -> UnexpectedTokens? {
        let first = index
        while !at(.eof) { advance() }
        return skipped(since: first)
    }

    /// Skips the rest of the file inside an expression, keeping what it skipped for the enclosing node.
    mutating func skipRestOfExpression() -> SourceRange {
        guard let skipped = skipRest() else { return .empty(at: currentStart) }
        unexpected.append(skipped)
        return skipped.range
    }
}
