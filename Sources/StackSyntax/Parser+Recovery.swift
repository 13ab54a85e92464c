/// Error recovery: where the parser stops skipping, and where skipped tokens go.
///
/// A mistake inside a list (arguments, parameters, a parenthesized expression, a constraints block) must not
/// cost the rest of the block: a list ends at the first token that starts the next part of the file, even when
/// its `)` or `}` is missing. Those synchronisation points are tokens no list can contain (`{`, `}`, `let`,
/// `component`, `constraints`) and, at the start of a line, tokens that can only start an element
/// (`atElementOnNewLine`). Newlines are otherwise insignificant; recovery is the one place that reads them.
extension Parser {
    /// Whether token `position` is the first of its line: a newline (possibly inside a comment) lies between
    /// it and the token before. The first token of the file starts a line.
    func startsLine(_ position: Int) -> Bool {
        guard position > 0, position < tokens.count else { return true }
        let from = Int(tokens[position - 1].end)
        let to = Int(tokens[position].start)
        return from < to && file.bytes[from..<to].contains(0x0A)
    }

    /// Whether the token is one of `elementKeywords`.
    func isElementKeyword(_ token: Token) -> Bool {
        let start = Int(token.start)
        let length = Int(token.end) - start
        return token.kind == .identifier && Parser.elementKeywordBytes.contains { keyword in
            keyword.count == length && file.bytes[start..<start + length].elementsEqual(keyword)
        }
    }

    /// Whether the current token can only start an element on a new line, whatever precedes it:
    /// at the start of a line, a name followed by `(` or `{` (`label(`, `hstack {`), or a kind followed on
    /// the same line by an element name (`view box`, `Card c`). Outside constraints blocks (`inConstraints`), a
    /// value never reads that way in a file that checks (`let a =` then `b c` would make `c` an element of no
    /// known kind; a call such as `system(15)` is told apart by `atCallOnNewLine`), so stopping there changes
    /// how errors recover, never what a valid file means; the random
    /// formatter tests, which move line breaks anywhere, hold it to that. A lone `spacer` or `view` is not one:
    /// a constant may have that name, and `let a = 1 +` then `spacer` on the next line is valid. Nor is `w x h`:
    /// `x` is the size operator, not a name.
    func atElementOnNewLine() -> Bool {
        guard at(.identifier) else { return false }
        switch peek() {
        case .leftParen, .leftBrace:
            return startsLine(index)
        case .identifier:
            let name = tokens[index + 1]
            guard canNameElement(name), !(name.end - name.start == 1 && file.bytes[Int(name.start)] == UInt8(ascii: "x")) else {
                return false
            }
            return startsLine(index) && !startsLine(index + 1)
        default:
            return false
        }
    }

    /// Whether the current token, where a value may start, is a call on a new line (`font:` then `system(15)` on
    /// the next line), which `atElementOnNewLine` alone would take for an element: its name cannot be an
    /// element's kind (not an element keyword, not capitalized), its `(` follows directly, and no argument label
    /// (`text:`) comes after the `(`, so `lable(text: "x")` still recovers as a misspelt element.
    func atCallOnNewLine() -> Bool {
        guard at(.identifier), peek() == .leftParen, tokens[index + 1].start == current.end, canNameElement(current) else {
            return false
        }
        return !(peek(2) == .identifier && peek(3) == .colon)
    }

    /// Whether the current token starts the next part of the file, where a list whose `)` or `}` is missing
    /// ends: a token no list holds (`{`, `}`, `let`, `component`, `constraints`, end of file), an element on a
    /// new line (`atElementOnNewLine`), or an element keyword at the start of a line that is not an argument
    /// label (`image: icon`). `whereValueMayStart`: a lone keyword may be a constant's name there, so only an
    /// element on a new line counts.
    func atNextPart(whereValueMayStart: Bool = false) -> Bool {
        switch current.kind {
        case .leftBrace, .rightBrace, .letKeyword, .componentKeyword, .constraintsKeyword, .eof:
            return true
        case .identifier:
            guard peek() != .colon else { return false }
            return atElementOnNewLine() || (!whereValueMayStart && isElementKeyword(current) && startsLine(index))
        default:
            return false
        }
    }

    /// The tokens from `first` up to the current one, or `nil` when there are none.
    func skipped(since first: Int) -> UnexpectedTokens? {
        index > first ? UnexpectedTokens(tokens: Array(tokens[first..<index])) : nil
    }

    /// Skips tokens until one of `kinds` (or a closing brace or parenthesis) at the nesting where it starts,
    /// and returns what it skipped. Balanced parentheses and braces are skipped whole, so recovery does not stop
    /// inside them, but never an element on a new line. `inList` recovery (inside arguments, parameters and
    /// parentheses) also stops at the next part of the file (`atNextPart`), nested or not: a missing `)` costs
    /// one diagnostic, not the block after it.
    mutating func recover(to kinds: Set<TokenKind>, inList: Bool = false) -> UnexpectedTokens? {
        let first = index
        var nesting = 0
        while !at(.eof) {
            let kind = current.kind
            if nesting == 0 && (kinds.contains(kind) || kind == .rightBrace || kind == .rightParen) { break }
            if index > first || inList {
                if inList ? atNextPart() : atElementOnNewLine() { break }
            }
            switch kind {
            case .leftParen, .leftBrace: nesting += 1
            case .rightParen, .rightBrace: nesting -= 1
            default: break
            }
            advance()
        }
        return skipped(since: first)
    }

    /// Recovers inside a list (see `recover(to:inList:)`) and keeps what it skipped for the node being parsed.
    mutating func skipInList(to kinds: Set<TokenKind>) {
        if let skipped = recover(to: kinds, inList: true) { unexpected.append(skipped) }
    }

    /// Skips the current token (not the end of file) into the node being parsed: the progress step of a loop
    /// whose body consumed nothing.
    mutating func skipOne() {
        guard !at(.eof) else { return }
        unexpected.append(UnexpectedTokens(tokens: [advance()]))
    }

    /// The tokens skipped since `unexpected` held `mark` runs, removed from the parser for the node that holds them.
    mutating func takeUnexpected(since mark: Int) -> [UnexpectedTokens] {
        guard unexpected.count > mark else { return [] }
        let taken = Array(unexpected[mark...])
        unexpected.removeSubrange(mark...)
        return taken
    }
}
