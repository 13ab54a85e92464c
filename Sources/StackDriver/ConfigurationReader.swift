import StackIR
import StackSyntax

/// Checks a `.stackc.json` document against what stackc knows, collecting every problem with its position:
/// an unknown key (with the key it most resembles), a value of the wrong type or out of range, an ID that is
/// not a warning. A file with any problem is not used at all, so a typo never silently changes nothing.
struct ConfigurationReader {
    private(set) var problems: [ConfigurationError.Problem] = []

    static let topLevelKeys = ["fmt", "disabled", "warningsAsErrors", "uikit"]
    static let formatKeys = ["indentWidth", "lineWidth"]

    mutating func read(_ document: LocatedJSON) -> ProjectConfiguration {
        var configuration = ProjectConfiguration()
        guard let members = members(of: document, what: "the configuration") else { return configuration }
        for member in members {
            switch member.key {
            case "fmt":
                configuration.formatStyle = formatStyle(member.value)
            case "disabled":
                configuration.disabledWarnings = disabledWarnings(member.value)
            case "warningsAsErrors":
                if case .bool(let value) = member.value.kind {
                    configuration.warningsAsErrors = value
                } else {
                    report("'warningsAsErrors' takes true or false, not \(member.value.description)", at: member.value.range)
                }
            case "uikit":
                if case .string(let text) = member.value.kind {
                    if let target = UIKitTarget(rawValue: text) {
                        configuration.uikit = target
                    } else {
                        report("'uikit' takes \"current\" or \"9\", not \"\(text)\"", at: member.value.range)
                    }
                } else {
                    report("'uikit' takes \"current\" or \"9\", not \(member.value.description)", at: member.value.range)
                }
            default:
                unknownKey(member.key, at: member.keyRange, known: Self.topLevelKeys, in: nil)
            }
        }
        return configuration
    }

    private mutating func formatStyle(_ value: LocatedJSON) -> StackFormatter.Style {
        var style = StackFormatter.Style.standard
        guard let members = members(of: value, what: "'fmt'") else { return style }
        for member in members {
            switch member.key {
            case "indentWidth":
                if let width = whole(member.value, key: "fmt.indentWidth", in: StackFormatter.Style.indentWidths) { style.indentWidth = width }
            case "lineWidth":
                if let width = whole(member.value, key: "fmt.lineWidth", in: StackFormatter.Style.lineWidths) { style.lineWidth = width }
            default:
                unknownKey(member.key, at: member.keyRange, known: Self.formatKeys, in: "fmt")
            }
        }
        return style
    }

    private mutating func disabledWarnings(_ value: LocatedJSON) -> [DiagnosticID] {
        guard case .array(let elements) = value.kind else {
            report("'disabled' takes an array of warning IDs such as [\"W101\"], not \(value.description)", at: value.range)
            return []
        }
        var ids: [DiagnosticID] = []
        for element in elements {
            guard case .string(let text) = element.kind else {
                report("'disabled' takes warning IDs as strings such as \"W101\", not \(element.description)", at: element.range)
                continue
            }
            guard let id = DiagnosticID(rawValue: text) ?? DiagnosticID(rawValue: text.uppercased()) else {
                let warnings = DiagnosticID.allCases.filter { $0.defaultSeverity == .warning }.map(\.rawValue).sorted()
                report("unknown diagnostic ID '\(text)'; the warnings are \(warnings.joined(separator: ", "))", at: element.range)
                continue
            }
            guard id.defaultSeverity == .warning else {
                report("'\(id.rawValue)' is an error; only warnings can be disabled", at: element.range)
                continue
            }
            ids.append(id)
        }
        return Array(Set(ids)).sorted()
    }

    // MARK: Helpers

    /// The members of an object, each key once; reports anything else.
    private mutating func members(of value: LocatedJSON, what: String) -> [(key: String, keyRange: SourceRange, value: LocatedJSON)]? {
        guard case .object(let members) = value.kind else {
            report("\(what) must be a JSON object, not \(value.description)", at: value.range)
            return nil
        }
        var seen: Set<String> = []
        return members.filter { member in
            guard seen.insert(member.key).inserted else {
                report("'\(member.key)' is given twice", at: member.keyRange)
                return false
            }
            return true
        }
    }

    private mutating func whole(_ value: LocatedJSON, key: String, in range: ClosedRange<Int>) -> Int? {
        guard case .number(let number) = value.kind, number == number.rounded(), abs(number) < 1e9,
              range.contains(Int(number)) else {
            report("'\(key)' takes a whole number from \(range.lowerBound) to \(range.upperBound), not \(shown(value))", at: value.range)
            return nil
        }
        return Int(number)
    }

    private func shown(_ value: LocatedJSON) -> String {
        if case .number(let number) = value.kind {
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        }
        return value.description
    }

    /// The names other formatters give the settings (swift-format, clang-format, Prettier, EditorConfig).
    static let otherNames = [
        "indent": "indentWidth", "indentation": "indentWidth", "indentsize": "indentWidth", "tabwidth": "indentWidth",
        "linelength": "lineWidth", "maxlinelength": "lineWidth", "columnlimit": "lineWidth", "printwidth": "lineWidth",
        "maxlinewidth": "lineWidth", "max_line_length": "lineWidth", "indent_size": "indentWidth",
    ]

    private mutating func unknownKey(_ key: String, at range: SourceRange, known: [String], in section: String?) {
        let place = section.map { " in '\($0)'" } ?? ""
        let closest = Self.otherNames[key.lowercased()].flatMap { known.contains($0) ? $0 : nil }
            ?? known.min { distance(key, $0) < distance(key, $1) }.flatMap { distance(key, $0) <= max(2, key.count / 3) ? $0 : nil }
        let hint = closest.map { "; did you mean '\($0)'?" } ?? ""
        let list = hint.isEmpty ? " (known keys: \(known.joined(separator: ", ")))" : ""
        report("unknown key '\(key)'\(place)\(hint)\(list)", at: range)
    }

    private mutating func report(_ message: String, at range: SourceRange) {
        problems.append(ConfigurationError.Problem(message: message, range: range))
    }

    /// Levenshtein distance over lowercased characters, so `indentwidth` suggests `indentWidth`.
    private func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return row[b.count]
    }
}
