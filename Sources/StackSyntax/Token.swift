/// The kinds of token the lexer produces.
public enum TokenKind: UInt8, Sendable, CaseIterable {
    case identifier
    case number
    case string
    // Keywords
    case letKeyword, componentKeyword, constraintsKeyword, trueKeyword, falseKeyword, noneKeyword
    // Punctuation
    case leftParen, rightParen, leftBrace, rightBrace, comma, colon, dot, at
    case assign, equalEqual, lessEqual, greaterEqual
    case plus, minus, star, slash
    /// Bytes that start no token; the lexer has reported them.
    case invalid
    /// The end of the file; always the last token.
    case eof

    /// How the token reads in a diagnostic ("'}'", "identifier").
    public var spelling: String {
        switch self {
        case .identifier: "identifier"
        case .number: "number"
        case .string: "string"
        case .letKeyword: "'let'"
        case .componentKeyword: "'component'"
        case .constraintsKeyword: "'constraints'"
        case .trueKeyword: "'true'"
        case .falseKeyword: "'false'"
        case .noneKeyword: "'none'"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .leftBrace: "'{'"
        case .rightBrace: "'}'"
        case .comma: "','"
        case .colon: "':'"
        case .dot: "'.'"
        case .at: "'@'"
        case .assign: "'='"
        case .equalEqual: "'=='"
        case .lessEqual: "'<='"
        case .greaterEqual: "'>='"
        case .plus: "'+'"
        case .minus: "'-'"
        case .star: "'*'"
        case .slash: "'/'"
        case .invalid: "invalid character"
        case .eof: "end of file"
        }
    }
}

/// One token: a kind and a byte range. Text is sliced from the source on demand.
public struct Token: Hashable, Sendable {
    public var kind: TokenKind
    /// Offset of the first byte.
    public var start: Int32
    /// Offset one past the last byte.
    public var end: Int32

    /// Creates a token.
    @inlinable public init(kind: TokenKind, start: Int, end: Int) {
        self.kind = kind
        self.start = Int32(truncatingIfNeeded: start)
        self.end = Int32(truncatingIfNeeded: end)
    }

    /// The token's byte range.
    public var range: SourceRange { SourceRange(start: Int(start), end: Int(end)) }
}

/// A comment, kept beside the tree (as Go's `ast.File.Comments`) so the formatter can put it back.
public struct Comment: Hashable, Sendable {
    /// `//` or `/* */`.
    public enum Style: Sendable { case line, block }
    public var style: Style
    /// The whole comment, delimiters included.
    public var range: SourceRange

    /// Creates a comment.
    public init(style: Style, range: SourceRange) {
        self.style = style
        self.range = range
    }
}
