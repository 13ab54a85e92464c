import StackSyntax

/// A JSON value with the byte range it was read from, so that a problem in a configuration file can be
/// reported at its line and column (Foundation's `JSONDecoder` says only which key path is wrong).
struct LocatedJSON {
    /// The value itself; an object's members keep the file's order.
    enum Kind {
        case object([(key: String, keyRange: SourceRange, value: LocatedJSON)])
        case array([LocatedJSON])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    var kind: Kind
    var range: SourceRange

    /// What the value is, for messages: "a string", "an object".
    var description: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// A syntax error in the JSON text.
    struct SyntaxError: Error {
        var message: String
        var range: SourceRange
    }

    /// Reads a whole JSON document (RFC 8259: one value, surrounded by whitespace only). A byte order mark,
    /// which some editors write, is skipped.
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> LocatedJSON {
        var reader = LocatedJSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.position == bytes.count else {
            throw SyntaxError(message: "unexpected text after the JSON value", range: reader.here)
        }
        return value
    }
}

/// The recursive-descent reader behind `LocatedJSON.parse`; nesting is limited, so no file overflows the stack.
private struct LocatedJSONReader {
    let bytes: [UInt8]
    var position = 0

    /// Far more nesting than any configuration has; deeper input is an error, never a stack overflow.
    static let maximumDepth = 64

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var here: SourceRange { SourceRange(start: position, end: min(position + 1, bytes.count)) }

    mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private func error(_ message: String) -> LocatedJSON.SyntaxError {
        LocatedJSON.SyntaxError(message: message, range: here)
    }

    private var found: String {
        guard position < bytes.count else { return "end of file" }
        let byte = bytes[position]
        return byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    mutating func value(depth: Int) throws(LocatedJSON.SyntaxError) -> LocatedJSON {
        guard depth < LocatedJSONReader.maximumDepth else { throw error("JSON nested more than \(LocatedJSONReader.maximumDepth) levels deep") }
        guard position < bytes.count else { throw error("expected a JSON value, found end of file") }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""):
            let text = try string()
            return LocatedJSON(kind: .string(text), range: SourceRange(start: start, end: position))
        case UInt8(ascii: "t"): return try word("true", .bool(true))
        case UInt8(ascii: "f"): return try word("false", .bool(false))
        case UInt8(ascii: "n"): return try word("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("expected a JSON value, found \(found)")
        }
    }

    private mutating func word(_ text: String, _ kind: LocatedJSON.Kind) throws(LocatedJSON.SyntaxError) -> LocatedJSON {
        let start = position
        let utf8 = Array(text.utf8)
        guard bytes.count - position >= utf8.count, Array(bytes[position..<position + utf8.count]) == utf8 else {
            throw error("expected a JSON value, found \(found)")
        }
        position += utf8.count
        return LocatedJSON(kind: kind, range: SourceRange(start: start, end: position))
    }

    private mutating func number() throws(LocatedJSON.SyntaxError) -> LocatedJSON {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let numberBytes = Set(Array("0123456789.eE+-".utf8))
        while position < bytes.count, numberBytes.contains(bytes[position]) { position += 1 }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        let range = SourceRange(start: start, end: position)
        guard let value = Double(text), value.isFinite, !text.hasPrefix("."), !text.hasPrefix("-.") else {
            throw LocatedJSON.SyntaxError(message: "malformed number '\(text)'", range: range)
        }
        return LocatedJSON(kind: .number(value), range: range)
    }

    private mutating func string() throws(LocatedJSON.SyntaxError) -> String {
        position += 1  // the opening quote
        var scalars = String.UnicodeScalarView()
        var chunkStart = position
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[chunkStart..<end], as: UTF8.self).unicodeScalars)
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                flush(position)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("control character in a string (write it as an escape such as \\n)") }
            if byte == UInt8(ascii: "\\") {
                flush(position)
                position += 1
                guard position < bytes.count else { break }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard bytes.count - position >= 4, let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16) else {
                        throw error("expected four hexadecimal digits after \\u")
                    }
                    position += 4
                    // Surrogate pairs are not worth decoding in a configuration: they become U+FFFD.
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default:
                    position -= 1
                    throw error("invalid escape '\\\(found.trimmingQuotes)' in a string")
                }
                chunkStart = position
                continue
            }
            position += 1
        }
        throw error("unterminated string")
    }

    private mutating func array(depth: Int) throws(LocatedJSON.SyntaxError) -> LocatedJSON {
        let start = position
        position += 1
        var elements: [LocatedJSON] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return LocatedJSON(kind: .array([]), range: SourceRange(start: start, end: position))
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth + 1))
            skipWhitespace()
            guard position < bytes.count else { throw error("expected ',' or ']' to end the array, found end of file") }
            if bytes[position] == UInt8(ascii: "]") { break }
            guard bytes[position] == UInt8(ascii: ",") else { throw error("expected ',' or ']' in an array, found \(found)") }
            position += 1
        }
        position += 1
        return LocatedJSON(kind: .array(elements), range: SourceRange(start: start, end: position))
    }

    private mutating func object(depth: Int) throws(LocatedJSON.SyntaxError) -> LocatedJSON {
        let start = position
        position += 1
        var members: [(key: String, keyRange: SourceRange, value: LocatedJSON)] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return LocatedJSON(kind: .object([]), range: SourceRange(start: start, end: position))
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes, found \(found)")
            }
            let keyStart = position
            let key = try string()
            let keyRange = SourceRange(start: keyStart, end: position)
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':' after the key, found \(found)") }
            position += 1
            skipWhitespace()
            members.append((key, keyRange, try value(depth: depth + 1)))
            skipWhitespace()
            guard position < bytes.count else { throw error("expected ',' or '}' to end the object, found end of file") }
            if bytes[position] == UInt8(ascii: "}") { break }
            guard bytes[position] == UInt8(ascii: ",") else { throw error("expected ',' or '}' in an object, found \(found)") }
            position += 1
        }
        position += 1
        return LocatedJSON(kind: .object(members), range: SourceRange(start: start, end: position))
    }
}

private extension String {
    var trimmingQuotes: String {
        hasPrefix("'") && hasSuffix("'") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
