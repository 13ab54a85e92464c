import StackSyntax
import StackText

/// A value an expression evaluates to, before an attribute gives it meaning.
enum Value: Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)
    /// `W x H`; `nil` is `none` (no intrinsic metric).
    case size(Double?, Double?)
    /// `(a, b, ...)` of numbers.
    case tuple([Double])
    /// `name(a, b)` with its arguments' values (a font: `system(15, semibold)`).
    indirect case call(String, [Value])
    /// A bare identifier that names no constant: an enum case or a priority name, decided by the attribute.
    case word(String)
    /// `none` alone.
    case none
    /// Evaluation failed and was already reported: accept silently to avoid cascades.
    case invalid

    /// How the value reads in a diagnostic.
    var typeDescription: String {
        switch self {
        case .number: "a number"
        case .string: "a string"
        case .bool: "a boolean"
        case .size: "a size"
        case .tuple(let values): "a tuple of \(values.count) numbers"
        case .word(let word): "'\(word)'"
        case .call(let name, _): "'\(name)(...)'"
        case .none: "'none'"
        case .invalid: "an invalid value"
        }
    }
}

/// The types attributes and component parameters have.
enum ValueType: String, CaseIterable {
    case number = "Number"
    case priority = "Priority"
    case string = "String"
    case bool = "Bool"
    case size = "Size"
    case insets = "Insets"
    case distribution = "Distribution"
    case alignment = "Alignment"
    case font = "Font"

    /// What the type reads as in "expected …".
    var expectation: String {
        switch self {
        case .number: "a number"
        case .priority: "a priority (1...1000, or required, defaultHigh, defaultLow, fittingSizeLevel)"
        case .string: "a string"
        case .bool: "true or false"
        case .size: "a size ('width x height', 'none' for a missing dimension)"
        case .insets: "insets (one number, '(vertical, horizontal)' or '(top, leading, bottom, trailing)')"
        case .distribution: "a distribution"
        case .alignment: "an alignment"
        case .font: "a font (a text style such as body or headline, system(size, weight) or custom(\"file\", size))"
        }
    }

    /// The cases an enum-valued type accepts, in UIKit's order.
    var cases: [String] {
        switch self {
        case .distribution: Distribution.allCases.map(\.rawValue)
        case .alignment: ["fill", "leading", "top", "center", "trailing", "bottom", "firstBaseline", "lastBaseline"]
        case .priority: ["required", "defaultHigh", "defaultLow", "fittingSizeLevel"]
        case .bool: ["true", "false"]
        case .font: TextStyle.allCases.map(\.rawValue) + ["system", "custom"]
        default: []
        }
    }
}

/// UIKit's named priorities.
let namedPriorities: [String: Double] = ["required": 1000, "defaultHigh": 750, "defaultLow": 250, "fittingSizeLevel": 50]
