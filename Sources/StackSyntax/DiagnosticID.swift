/// Every diagnostic stackc can produce, with a stable code.
///
/// Codes never change meaning once released: editors, CI filters and `stackc explain` rely on them.
/// `E0xx` lexical and syntax errors, `E1xx` checker errors, `E2xx` layout (solver) errors, `W…` warnings.
public enum DiagnosticID: String, Sendable, CaseIterable, Comparable {
    // Lexer
    case invalidCharacter = "E001"
    case unterminatedString = "E002"
    case unterminatedComment = "E003"
    case invalidUTF8 = "E004"
    case invalidNumber = "E005"
    case invalidEscape = "E006"
    // Parser
    case expectedToken = "E010"
    case unexpectedToken = "E011"
    case nestingTooDeep = "E012"
    // Checker
    case unknownElement = "E101"
    case unknownAttribute = "E102"
    case wrongValueType = "E103"
    case unknownEnumCase = "E104"
    case priorityOutOfRange = "E105"
    case negativeSize = "E106"
    case duplicateName = "E107"
    case unknownComponent = "E108"
    case unknownParameter = "E109"
    case missingArgument = "E110"
    case recursiveComponent = "E111"
    case undefinedName = "E112"
    case baselineAlignmentOnVerticalStack = "E113"
    case baselineRelativeOnHorizontalStack = "E114"
    case duplicateAttribute = "E115"
    case misplacedDeclaration = "E116"
    case invalidArithmetic = "E117"
    case cyclicConstant = "E118"
    case duplicateDeclaration = "E119"
    case invalidConstraint = "E120"
    case childrenOnLeaf = "E121"
    case componentBodyShape = "E122"
    case expansionTooLarge = "E123"
    case unreadableFontFile = "E124"
    // Layout
    case unsatisfiableConstraints = "E201"
    // Warnings
    case ambiguousLayout = "W201"
    case negativeFrame = "W202"
    case truncatedText = "W203"
    case unusedConstant = "W101"
    case attributeHasNoEffect = "W102"
    case unusedParameter = "W103"
    case parameterShadowsConstant = "W104"

    /// Errors stop code generation; warnings do not.
    public var defaultSeverity: Severity {
        rawValue.hasPrefix("W") ? .warning : .error
    }

    /// A one-line summary, used by `stackc explain` and editors.
    public var title: String {
        switch self {
        case .invalidCharacter: "invalid character"
        case .unterminatedString: "unterminated string literal"
        case .unterminatedComment: "unterminated block comment"
        case .invalidUTF8: "invalid UTF-8"
        case .invalidNumber: "malformed number"
        case .invalidEscape: "invalid escape sequence in string"
        case .expectedToken: "expected a token that is missing"
        case .unexpectedToken: "unexpected token"
        case .nestingTooDeep: "nesting too deep"
        case .unknownElement: "unknown element kind"
        case .unknownAttribute: "unknown attribute"
        case .wrongValueType: "value has the wrong type"
        case .unknownEnumCase: "unknown enum case"
        case .priorityOutOfRange: "priority outside 1...1000"
        case .negativeSize: "negative size"
        case .duplicateName: "duplicate item name in one scope"
        case .unknownComponent: "unknown component"
        case .unknownParameter: "unknown component parameter"
        case .missingArgument: "missing required argument"
        case .recursiveComponent: "recursive component"
        case .undefinedName: "undefined name"
        case .baselineAlignmentOnVerticalStack: "baseline alignment on a vertical stack"
        case .baselineRelativeOnHorizontalStack: "baselineRelative on a horizontal stack"
        case .duplicateAttribute: "attribute given twice"
        case .misplacedDeclaration: "declaration in the wrong place"
        case .invalidArithmetic: "invalid arithmetic"
        case .cyclicConstant: "constant defined in terms of itself"
        case .duplicateDeclaration: "constant or component declared twice"
        case .invalidConstraint: "invalid constraint"
        case .childrenOnLeaf: "children on a leaf element"
        case .componentBodyShape: "component body must be one element"
        case .expansionTooLarge: "layout too large after expanding components"
        case .unreadableFontFile: "font file missing or unreadable"
        case .unsatisfiableConstraints: "required constraints cannot all hold"
        case .ambiguousLayout: "ambiguous layout"
        case .negativeFrame: "solved size below zero"
        case .truncatedText: "text truncated"
        case .unusedConstant: "unused constant"
        case .attributeHasNoEffect: "attribute has no effect"
        case .unusedParameter: "unused component parameter"
        case .parameterShadowsConstant: "component parameter shadows a constant"
        }
    }

    public static func < (a: DiagnosticID, b: DiagnosticID) -> Bool { a.rawValue < b.rawValue }
}
