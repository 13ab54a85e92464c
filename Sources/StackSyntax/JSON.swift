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
        var output = ""
        write(to: &output, pretty: pretty, indent: 0)
        return output
    }

    func write(to output: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += formatNumber(value)
        case .string(let value): writeString(value, to: &output)
        case .array(let values):
            if values.isEmpty { output += "[]"; return }
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                newline(&output, pretty: pretty, indent: indent + 1)
                value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            newline(&output, pretty: pretty, indent: indent)
            output += "]"
        case .object(let members):
            if members.isEmpty { output += "{}"; return }
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                newline(&output, pretty: pretty, indent: indent + 1)
                writeString(key, to: &output)
                output += pretty ? ": " : ":"
                value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            newline(&output, pretty: pretty, indent: indent)
            output += "}"
        }
    }

    func newline(_ output: inout String, pretty: Bool, indent: Int) {
        guard pretty else { return }
        output += indent < JSONValue.indents.count ? JSONValue.indents[indent] : "\n" + String(repeating: "  ", count: indent)
    }

    /// A line break and the indentation of each level, made once: building them per line was a third of
    /// writing a large document.
    private static let indents = (0..<32).map { "\n" + String(repeating: "  ", count: $0) }

    func writeString(_ value: String, to output: inout String) {
        // Most strings need no escapes: appended whole rather than a scalar at a time.
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output += "\""
            output += value
            output += "\""
            return
        }
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
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
