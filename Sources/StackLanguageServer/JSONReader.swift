import StackSyntax

/// A JSON text that could not be read, with the byte offset where reading stopped.
public struct JSONReadError: Error, Hashable, Sendable {
    /// What was wrong.
    public var message: String
    /// The byte offset of the problem.
    public var offset: Int
}

/// A strict JSON reader (RFC 8259) producing `JSONValue`s, whose objects keep their members in
/// the order they were written. Total: any bytes either read or give a `JSONReadError`; nesting
/// deeper than `maximumDepth` is an error rather than a stack overflow.
public struct JSONReader {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    /// The literal text of the first number that is the value of a top-level `id` member.
    private var rawID: String?
    private var sawID = false

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Reads one JSON value from `bytes`; only whitespace may follow it.
    public static func read(_ bytes: [UInt8]) throws(JSONReadError) -> JSONValue {
        try readMessage(bytes).value
    }

    /// Reads one JSON value from `bytes`, with the literal text of its `id` member when that is a number
    /// (the first `id`, as `subscript(_:)` reads): a JSON-RPC response must echo the id exactly, and a
    /// `Double` does not keep every number's text (`1e400`, `12345678901234567890`, `1.50`).
    public static func readMessage(_ bytes: [UInt8]) throws(JSONReadError) -> (value: JSONValue, rawID: String?) {
        var reader = JSONReader(bytes)
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("unexpected text after the value") }
        return (value, reader.rawID)
    }

    /// Reads one JSON value from a string.
    public static func read(_ text: String) throws(JSONReadError) -> JSONValue {
        try read(Array(text.utf8))
    }

    private func error(_ message: String) -> JSONReadError { JSONReadError(message: message, offset: index) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func expect(_ literal: String) throws(JSONReadError) {
        for byte in literal.utf8 {
            guard current == byte else { throw error("invalid literal; expected '\(literal)'") }
            index += 1
        }
    }

    private mutating func readValue(depth: Int) throws(JSONReadError) -> JSONValue {
        guard depth < JSONReader.maximumDepth else { throw error("nesting too deep") }
        guard let byte = current else { throw error("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw error("unexpected character")
        }
    }

    private mutating func readObject(depth: Int) throws(JSONReadError) -> JSONValue {
        index += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try readString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            index += 1
            skipWhitespace()
            let valueStart = index
            members.append((key, try readValue(depth: depth + 1)))
            if depth == 0, key == "id", !sawID {
                sawID = true
                if case .number = members[members.count - 1].1 { rawID = String(decoding: bytes[valueStart..<index], as: UTF8.self) }
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func readArray(depth: Int) throws(JSONReadError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try readValue(depth: depth + 1))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func readNumber() throws(JSONReadError) -> Double {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, isDigit(first) else { throw error("expected a digit") }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            while let byte = current, isDigit(byte) { index += 1 }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let byte = current, isDigit(byte) else { throw error("expected a digit after '.'") }
            while let byte = current, isDigit(byte) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let byte = current, isDigit(byte) else { throw error("expected a digit in the exponent") }
            while let byte = current, isDigit(byte) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number") }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Reads a string. Its bytes are gathered (escapes as UTF-8) and decoded once: invalid UTF-8 becomes
    /// U+FFFD, and an escape always starts a whole sequence, so no bytes combine across one.
    private mutating func readString() throws(JSONReadError) -> String {
        index += 1
        var utf8: [UInt8] = []
        var runStart = index
        func flush(_ end: Int) {
            if end > runStart { utf8.append(contentsOf: bytes[runStart..<end]) }
        }
        while true {
            guard let byte = current else { throw error("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                if utf8.isEmpty {
                    let text = String(decoding: bytes[runStart..<index], as: UTF8.self)
                    index += 1
                    return text
                }
                flush(index)
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                flush(index)
                index += 1
                let scalar = try readEscape()
                UTF8.encode(scalar) { utf8.append($0) }
                runStart = index
            case 0..<0x20:
                throw error("control character in a string")
            default:
                index += 1
            }
        }
    }

    private mutating func readEscape() throws(JSONReadError) -> Unicode.Scalar {
        guard let byte = current else { throw error("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try readHex4()
            if (0xD800..<0xDC00).contains(unit) {
                // A high surrogate: a low one must follow to make one scalar; alone it becomes U+FFFD.
                let saved = index
                if current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    let low = try readHex4()
                    if (0xDC00..<0xE000).contains(low) {
                        let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        return Unicode.Scalar(value) ?? "\u{FFFD}"
                    }
                    index = saved
                }
                return "\u{FFFD}"
            }
            return Unicode.Scalar(unit) ?? "\u{FFFD}"
        default:
            index -= 1
            throw error("invalid escape")
        }
    }

    private mutating func readHex4() throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw error("unterminated \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}

extension JSONValue {
    /// The member named `key` of an object (the first, if repeated); nil for other values.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The string, for a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, for a number.
    public var doubleValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as an `Int`, for an integral number in range.
    public var intValue: Int? {
        guard case .number(let value) = self, value == value.rounded(), abs(value) < 9e15 else { return nil }
        return Int(value)
    }

    /// The Boolean, for `true` and `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, for an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
