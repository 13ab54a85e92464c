import Foundation

/// A JSON value whose objects keep their keys in the order they were written, so every JSON
/// stackc prints is byte-identical from run to run (no `Dictionary` order leaks).
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.rendered() == b.rendered() }
    public func hash(into hasher: inout Hasher) { hasher.combine(rendered()) }

    /// The JSON text: compact, or indented by two spaces.
    public func rendered(pretty: Bool = false) -> String {
        var output: [UInt8] = []
        write(to: &output, pretty: pretty, indent: 0)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the JSON text as UTF-8 bytes: appending to a byte array costs a fraction of appending to a
    /// `String` (the syntax tree of a million declarations as JSON: about half the time).
    func write(to output: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null: output.append(text: "null")
        case .bool(let value): output.append(text: value ? "true" : "false")
        case .number(let value): output.append(text: formatNumber(value))
        case .string(let value): writeString(value, to: &output)
        case .array(let values):
            if values.isEmpty { output.append(text: "[]"); return }
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(&output, pretty: pretty, indent: indent + 1)
                value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            newline(&output, pretty: pretty, indent: indent)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { output.append(text: "{}"); return }
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(&output, pretty: pretty, indent: indent + 1)
                writeString(key, to: &output)
                output.append(text: pretty ? ": " : ":")
                value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            newline(&output, pretty: pretty, indent: indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    func newline(_ output: inout [UInt8], pretty: Bool, indent: Int) {
        guard pretty else { return }
        if indent < JSONValue.indents.count {
            output.append(contentsOf: JSONValue.indents[indent])
        } else {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
        }
    }

    /// A line break and the indentation of each level, made once.
    private static let indents: [[UInt8]] = (0..<32).map { [UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: 2 * $0) }

    func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most strings need no escapes: appended whole rather than a scalar at a time.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output.append(text: value)
            output.append(UInt8(ascii: "\""))
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output.append(text: "\\\"")
            case "\\": output.append(text: "\\\\")
            case "\n": output.append(text: "\\n")
            case "\r": output.append(text: "\\r")
            case "\t": output.append(text: "\\t")
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output.append(text: "\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: UTF8.encode(scalar) { output.append($0) }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

extension Array where Element == UInt8 {
    /// Appends a string's UTF-8 bytes.
    fileprivate mutating func append(text: String) {
        append(contentsOf: text.utf8)
    }
}

/// The shortest text that reads back as the same `Double`; integral values print without `.0`.
/// Non-finite values (which no phase should produce) print as `0` so output stays valid JSON.
public func formatNumber(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value == value.rounded(), abs(value) < 1e15 {
        let integer = Int64(value)
        return integer == 0 ? "0" : String(integer)
    }
    return String(value)
}
