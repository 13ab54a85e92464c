import StackSemantics
import StackSyntax

/// What a bracket still open before the cursor opened, read from the tokens (robust to the half-typed
/// text that completion and signature help see, where the tree is mid-recovery).
enum OpenBracket: Equatable {
    /// An element's argument list: `kind(`; `paren` indexes the `(` in the scan's tokens.
    case arguments(kind: String, paren: Int)
    /// A component declaration's parameter list.
    case parameters
    /// Parentheses in an expression (a tuple, a group).
    case expression
    /// A block: an element's body (`element` is its kind), a component's body, or a block of unknown owner.
    case block(BlockOwner)
    /// A `constraints { }` block.
    case constraints
}

/// What a block's members belong to.
enum BlockOwner: Equatable {
    case element(String)
    case component(String)
    case unknown
}

/// The tokens around a cursor.
struct CursorScan {
    /// Every token of the file but `eof`.
    let tokens: [Token]
    /// How many of `tokens` lie wholly before the cursor (a word the cursor ends does not).
    let beforeCount: Int
    /// The start of the word under the cursor (the offset itself when none).
    let wordStart: Int
    /// Whether the cursor is inside a string or another token that is not a word.
    let insideOtherToken: Bool
    /// The brackets open at the cursor, outermost first.
    let open: [OpenBracket]
    /// The cursor's byte offset.
    let offset: Int
    private let file: SourceFile

    init(_ file: SourceFile, at offset: Int) {
        self.file = file
        self.offset = offset
        tokens = Lexer.tokenize(file).tokens.filter { $0.kind != .eof }
        var count = 0
        var wordStart = offset
        var inside = false
        for token in tokens {
            let range = token.range
            if range.end < offset || (range.end == offset && !CursorScan.isWord(token)) {
                count += 1
            } else {
                if range.start < offset {
                    if CursorScan.isWord(token) { wordStart = range.start } else { inside = true }
                }
                break
            }
        }
        beforeCount = count
        self.wordStart = wordStart
        insideOtherToken = inside
        open = CursorScan.openBrackets(Array(tokens.prefix(count)), file: file)
    }

    /// The tokens before the cursor.
    var before: ArraySlice<Token> { tokens.prefix(beforeCount) }

    func text(_ token: Token) -> String { file.text(token.range) }

    static func isWord(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .letKeyword, .componentKeyword, .constraintsKeyword, .trueKeyword, .falseKeyword, .noneKeyword: true
        default: false
        }
    }

    /// An element kind or a (capitalized) component name.
    static func isKindWord(_ word: String) -> Bool {
        ElementKind(rawValue: word) != nil || word.first?.isUppercase == true
    }

    private static func openBrackets(_ before: [Token], file: SourceFile) -> [OpenBracket] {
        var open: [OpenBracket] = []
        var lastClosed: OpenBracket?
        let text = { (token: Token) in file.text(token.range) }
        for (index, token) in before.enumerated() {
            let previous = index > 0 ? before[index - 1] : nil
            let beforePrevious = index > 1 ? before[index - 2] : nil
            switch token.kind {
            case .leftParen:
                let atBlockLevel: Bool = switch open.last {
                case nil, .block?: true
                default: false
                }
                if beforePrevious?.kind == .componentKeyword {
                    open.append(.parameters)
                } else if atBlockLevel, let previous, previous.kind == .identifier {
                    let word = text(previous)
                    let kind = isKindWord(word) || beforePrevious?.kind != .identifier ? word : text(beforePrevious!)
                    open.append(.arguments(kind: kind, paren: index))
                } else {
                    open.append(.expression)
                }
            case .leftBrace:
                open.append(blockOpened(after: previous, beforePrevious, lastClosed: lastClosed, before: before, index: index, text: text))
            case .rightParen, .rightBrace:
                lastClosed = open.popLast()
            default:
                break
            }
        }
        return open
    }

    private static func blockOpened(after previous: Token?, _ beforePrevious: Token?, lastClosed: OpenBracket?,
                                    before: [Token], index: Int, text: (Token) -> String) -> OpenBracket {
        switch previous?.kind {
        case .constraintsKeyword?:
            return .constraints
        case .rightParen?:
            if case .arguments(let kind, _)? = lastClosed { return .block(.element(kind)) }
            if case .parameters? = lastClosed {
                // `component Name ( … ) {`: the name is two tokens before the matching `(`.
                var depth = 0
                for position in stride(from: index - 1, through: 0, by: -1) {
                    if before[position].kind == .rightParen { depth += 1 }
                    if before[position].kind == .leftParen {
                        depth -= 1
                        if depth == 0 {
                            return .block(position > 0 ? .component(text(before[position - 1])) : .unknown)
                        }
                    }
                }
            }
            return .block(.unknown)
        case .identifier?:
            let word = text(previous!)
            if isKindWord(word) { return .block(.element(word)) }
            if let beforePrevious, beforePrevious.kind == .identifier { return .block(.element(text(beforePrevious))) }
            return .block(.unknown)
        default:
            return .block(.unknown)
        }
    }

    /// The labels written in the argument list whose `(` is `tokens[paren]`, but one the cursor is in or ends
    /// (being typed or replaced).
    func writtenLabels(paren: Int) -> Set<String> {
        var labels = Set<String>()
        var depth = 0
        var index = paren + 1
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .leftParen:
                depth += 1
            case .rightParen:
                if depth == 0 { return labels }
                depth -= 1
            case .leftBrace, .rightBrace:
                return labels
            case .identifier where depth == 0 && index + 1 < tokens.count && tokens[index + 1].kind == .colon:
                if !(token.range.start < offset && offset <= token.range.end) { labels.insert(text(token)) }
            default:
                break
            }
            index += 1
        }
        return labels
    }
}
