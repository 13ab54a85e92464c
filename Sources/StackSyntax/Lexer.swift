/// Turns bytes into tokens. Total: every byte sequence lexes; bad bytes become `.invalid` tokens with a diagnostic.
///
/// The lexer scans raw UTF-8 bytes (never `Character`): identifiers are ASCII, and non-ASCII text is
/// only allowed inside strings and comments.
public struct Lexer {
    /// The result of lexing one file.
    public struct Output: Sendable {
        /// Tokens, ending with exactly one `.eof`.
        public var tokens: ContiguousArray<Token>
        /// Comments, in source order.
        public var comments: [Comment]
        /// Lexical errors.
        public var diagnostics: [Diagnostic]
    }

    /// Files larger than this are refused up front: offsets are 32-bit.
    public static let maximumFileSize = Int(Int32.max) - 1

    /// Lexes a whole file.
    public static func tokenize(_ file: SourceFile) -> Output {
        var output = Output(tokens: [], comments: [], diagnostics: [])
        guard file.bytes.count <= maximumFileSize else {
            output.diagnostics.append(Diagnostic(.invalidCharacter, "file is too large (2 GiB at most)", at: .empty(at: 0)))
            output.tokens.append(Token(kind: .eof, start: 0, end: 0))
            return output
        }
        output.tokens.reserveCapacity(file.bytes.count / 4 + 1)
        file.bytes.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(bytes: buffer)
            scanner.run(into: &output)
        }
        return output
    }
}

/// The byte-level scanning loop.
private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private func peek(_ offset: Int = 0) -> UInt8 {
        let index = position + offset
        return index < bytes.count ? bytes[index] : 0
    }

    mutating func run(into output: inout Lexer.Output) {
        let count = bytes.count
        // A UTF-8 byte order mark says nothing in a UTF-8 file: skipped, as swiftc does.
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        while true {
            // Whitespace.
            while position < count {
                let byte = bytes[position]
                if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D { position += 1 } else { break }
            }
            guard position < count else { break }
            let start = position
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
                position += 1
                while position < count, isIdentifierByte(bytes[position]) { position += 1 }
                output.tokens.append(Token(kind: keyword(start, position), start: start, end: position))
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                scanNumber(start: start, into: &output)
            case UInt8(ascii: "\""):
                scanString(start: start, into: &output)
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while position < count, bytes[position] != 0x0A { position += 1 }
                output.comments.append(Comment(style: .line, range: SourceRange(start: start, end: position)))
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                scanBlockComment(start: start, into: &output)
            default:
                scanPunctuation(start: start, into: &output)
            }
        }
        output.tokens.append(Token(kind: .eof, start: count, end: count))
    }

    private func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
        default: false
        }
    }

    /// Keywords matched by length and bytes, without building a String.
    private func keyword(_ start: Int, _ end: Int) -> TokenKind {
        func matches(_ word: StaticString) -> Bool {
            guard word.utf8CodeUnitCount == end - start else { return false }
            return word.withUTF8Buffer { word in
                for index in 0..<word.count where word[index] != bytes[start + index] { return false }
                return true
            }
        }
        switch (end - start, bytes[start]) {
        case (3, UInt8(ascii: "l")): return matches("let") ? .letKeyword : .identifier
        case (4, UInt8(ascii: "t")): return matches("true") ? .trueKeyword : .identifier
        case (4, UInt8(ascii: "n")): return matches("none") ? .noneKeyword : .identifier
        case (5, UInt8(ascii: "f")): return matches("false") ? .falseKeyword : .identifier
        case (9, UInt8(ascii: "c")): return matches("component") ? .componentKeyword : .identifier
        case (11, UInt8(ascii: "c")): return matches("constraints") ? .constraintsKeyword : .identifier
        default: return .identifier
        }
    }

    /// `digits [ "." digits ]`. A trailing letter or second dot is reported here, once, as a malformed number.
    private mutating func scanNumber(start: Int, into output: inout Lexer.Output) {
        let count = bytes.count
        while position < count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        if position + 1 < count, bytes[position] == UInt8(ascii: "."), bytes[position + 1] &- UInt8(ascii: "0") < 10 {
            position += 1
            while position < count, bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        }
        // `12px` or `1.2.3`: swallow the rest so the parser sees one bad number, not a cascade.
        // A lone `x` directly after digits is the size operator (`24x24`), not part of the number.
        var malformed = false
        while position < count {
            let byte = bytes[position]
            let isSizeX = byte == UInt8(ascii: "x") && !(position + 1 < count && isIdentifierByte(bytes[position + 1]) && bytes[position + 1] &- UInt8(ascii: "0") >= 10)
            if isSizeX && !malformed {
                output.tokens.append(Token(kind: .number, start: start, end: position))
                output.tokens.append(Token(kind: .identifier, start: position, end: position + 1))
                position += 1
                return
            }
            if isIdentifierByte(byte) || (byte == UInt8(ascii: ".") && position + 1 < count && bytes[position + 1] &- UInt8(ascii: "0") < 10) {
                malformed = true
                position += 1
            } else {
                break
            }
        }
        if malformed {
            output.diagnostics.append(Diagnostic(.invalidNumber, "malformed number", at: SourceRange(start: start, end: position)))
            output.tokens.append(Token(kind: .invalid, start: start, end: position))
        } else {
            output.tokens.append(Token(kind: .number, start: start, end: position))
        }
    }

    /// `"…"` on one line, with `\"`, `\\`, `\n`, `\t` escapes. UTF-8 inside is validated.
    private mutating func scanString(start: Int, into output: inout Lexer.Output) {
        let count = bytes.count
        position += 1
        while position < count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                output.tokens.append(Token(kind: .string, start: start, end: position))
                return
            }
            if byte == 0x0A { break }
            if byte == UInt8(ascii: "\\") {
                let next = peek(1)
                switch next {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "t"):
                    position += 2
                default:
                    let end = next == 0x0A || position + 1 >= count ? position + 1 : position + 2
                    output.diagnostics.append(Diagnostic(
                        .invalidEscape, "invalid escape sequence in string; use \\\", \\\\, \\n or \\t",
                        at: SourceRange(start: position, end: end)))
                    position = end
                }
                continue
            }
            if byte >= 0x80 {
                let length = validUTF8Length(at: position)
                if length == 0 {
                    reportInvalidUTF8(at: position, into: &output)
                    position += 1
                } else {
                    position += length
                }
                continue
            }
            position += 1
        }
        output.diagnostics.append(Diagnostic(
            .unterminatedString, "unterminated string literal", at: SourceRange(start: start, end: position),
            fixIts: [.replace(.empty(at: position), with: "\"", message: "insert '\"'")]))
        output.tokens.append(Token(kind: .string, start: start, end: position))
    }

    /// `/* … */`, nesting allowed as in Swift.
    private mutating func scanBlockComment(start: Int, into output: inout Lexer.Output) {
        let count = bytes.count
        position += 2
        var depth = 1
        while position < count {
            if bytes[position] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                position += 2
                depth -= 1
                if depth == 0 { break }
            } else if bytes[position] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                position += 2
                depth += 1
            } else {
                position += 1
            }
        }
        if depth > 0 {
            output.diagnostics.append(Diagnostic(
                .unterminatedComment, "unterminated block comment", at: SourceRange(start: start, end: start + 2),
                fixIts: [.replace(.empty(at: count), with: "*/", message: "insert '*/'")]))
        }
        output.comments.append(Comment(style: .block, range: SourceRange(start: start, end: position)))
    }

    private mutating func scanPunctuation(start: Int, into output: inout Lexer.Output) {
        let byte = bytes[position]
        let next = peek(1)
        var kind: TokenKind
        var length = 1
        switch byte {
        case UInt8(ascii: "("): kind = .leftParen
        case UInt8(ascii: ")"): kind = .rightParen
        case UInt8(ascii: "{"): kind = .leftBrace
        case UInt8(ascii: "}"): kind = .rightBrace
        case UInt8(ascii: ","): kind = .comma
        case UInt8(ascii: ":"): kind = .colon
        case UInt8(ascii: "."): kind = .dot
        case UInt8(ascii: "@"): kind = .at
        case UInt8(ascii: "+"): kind = .plus
        case UInt8(ascii: "-"): kind = .minus
        case UInt8(ascii: "*"): kind = .star
        case UInt8(ascii: "/"): kind = .slash
        case UInt8(ascii: "="):
            if next == UInt8(ascii: "=") { kind = .equalEqual; length = 2 } else { kind = .assign }
        case UInt8(ascii: "<") where next == UInt8(ascii: "="): kind = .lessEqual; length = 2
        case UInt8(ascii: ">") where next == UInt8(ascii: "="): kind = .greaterEqual; length = 2
        default:
            kind = .invalid
            length = byte >= 0x80 ? max(1, validUTF8Length(at: position)) : 1
            if byte >= 0x80, validUTF8Length(at: position) == 0 {
                reportInvalidUTF8(at: position, into: &output)
            } else {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<position + length]), as: UTF8.self)
                let shown = byte < 0x20 || byte == 0x7F ? "U+" + String(byte, radix: 16, uppercase: true) : text
                var fixIts: [FixIt] = []
                if byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") {
                    fixIts.append(.replace(SourceRange(start: position, end: position + 1), with: text + "=", message: "use '\(text)='"))
                }
                output.diagnostics.append(Diagnostic(
                    .invalidCharacter, "invalid character '\(shown)'", at: SourceRange(start: position, end: position + length), fixIts: fixIts))
            }
        }
        position += length
        output.tokens.append(Token(kind: kind, start: start, end: position))
    }

    private func reportInvalidUTF8(at offset: Int, into output: inout Lexer.Output) {
        output.diagnostics.append(Diagnostic(.invalidUTF8, "invalid UTF-8 byte 0x\(String(bytes[offset], radix: 16, uppercase: true))", at: SourceRange(start: offset, end: offset + 1)))
    }

    /// The length of the well-formed UTF-8 sequence at `offset`, or 0.
    private func validUTF8Length(at offset: Int) -> Int {
        let lead = bytes[offset]
        let length: Int
        let minimum: UInt32
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(lead & 0x07)
        default: return 0
        }
        guard offset + length <= bytes.count else { return 0 }
        for index in 1..<length {
            let byte = bytes[offset + index]
            guard byte & 0xC0 == 0x80 else { return 0 }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return 0 }
        return length
    }
}
