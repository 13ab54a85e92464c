/// The syntax tree of one `.stack` file: every declaration as written, missing pieces marked,
/// skipped tokens kept where they interrupted the tree (`Declaration.error` and the `unexpected` lists,
/// see ``UnexpectedTokens``), comments kept beside the tree. A file with syntax errors still has every
/// element the parser could read: it recovers at the next `{`, `}`, declaration keyword or element on a new line.
public struct SyntaxTree: Sendable {
    /// The source the tree was parsed from.
    public var file: SourceFile
    /// Top-level declarations in source order.
    public var declarations: [Declaration]
    /// Every comment, in source order (the formatter puts them back by position).
    public var comments: [Comment]
    /// Lexical and syntax errors, in source order.
    public var diagnostics: [Diagnostic]
}

/// A name as written. `isMissing` marks a name the parser expected but did not find.
public struct Identifier: Hashable, Sendable {
    public var text: String
    public var range: SourceRange
    public var isMissing: Bool

    /// Creates an identifier.
    public init(_ text: String, range: SourceRange, isMissing: Bool = false) {
        self.text = text
        self.range = range
        self.isMissing = isMissing
    }
}

/// Anything that may appear at the top level or in a block.
public enum Declaration: Hashable, Sendable {
    case constant(ConstantDecl)
    case component(ComponentDecl)
    case element(ElementSyntax)
    case constraints(ConstraintsBlock)
    /// Tokens the parser skipped to recover, where a declaration was expected.
    case error(UnexpectedTokens)

    /// The range the declaration covers.
    public var range: SourceRange {
        switch self {
        case .constant(let decl): decl.range
        case .component(let decl): decl.range
        case .element(let element): element.range
        case .constraints(let block): block.range
        case .error(let skipped): skipped.range
        }
    }
}

/// Tokens the parser skipped to recover from a syntax error (swift-syntax's `UnexpectedNodesSyntax`): kept in
/// the tree at the node they interrupted, so a file with a syntax error keeps its structure and every byte of
/// it is accounted for. Never empty; each run of skipped tokens has been diagnosed.
public struct UnexpectedTokens: Hashable, Sendable {
    /// The skipped tokens, in source order.
    public var tokens: [Token]
    /// From the start of the first skipped token to the end of the last.
    public var range: SourceRange

    /// Creates a run of skipped tokens; the parser never makes an empty one.
    init(tokens: [Token]) {
        self.tokens = tokens
        self.range = SourceRange(start: Int(tokens.first?.start ?? 0), end: Int(tokens.last?.end ?? 0))
    }
}

/// `let name = expression`
public struct ConstantDecl: Hashable, Sendable {
    public var name: Identifier
    public var value: Expression
    public var range: SourceRange
    /// Tokens skipped inside the value (junk in its parentheses), in source order.
    public var unexpected: [UnexpectedTokens] = []
}

/// `component Name(param: Type = default, ...) { element }`
public struct ComponentDecl: Hashable, Sendable {
    public var name: Identifier
    public var parameters: [Parameter]
    /// The members of the body; a valid component has exactly one element.
    public var body: Block
    public var range: SourceRange
    /// Tokens skipped in the parameter list, in source order.
    public var unexpected: [UnexpectedTokens] = []
}

/// `name: Type [= default]`
public struct Parameter: Hashable, Sendable {
    public var name: Identifier
    public var type: Identifier
    public var defaultValue: Expression?
    public var range: SourceRange
}

/// `kind [name] [(arguments)] [{ members }]`: a stack, a leaf, or a component instance.
public struct ElementSyntax: Hashable, Sendable {
    /// `hstack`, `label`, … or a component name.
    public var kind: Identifier
    public var name: Identifier?
    public var arguments: ArgumentList?
    public var body: Block?
    public var range: SourceRange
}

/// `( label: value, ... )`
public struct ArgumentList: Hashable, Sendable {
    public var arguments: [Argument]
    public var range: SourceRange
    /// Tokens skipped between or inside the arguments, in source order.
    public var unexpected: [UnexpectedTokens] = []
}

/// `label: value`
public struct Argument: Hashable, Sendable {
    public var label: Identifier
    public var value: Expression
    public var range: SourceRange
}

/// `{ members }`
public struct Block: Hashable, Sendable {
    public var members: [Declaration]
    public var range: SourceRange
}

/// `constraints { first == second * m + c @priority ... }`
public struct ConstraintsBlock: Hashable, Sendable {
    public var constraints: [ConstraintSyntax]
    public var range: SourceRange
    /// Tokens skipped between or inside the constraints, in source order.
    public var unexpected: [UnexpectedTokens] = []
}

/// `left relation right [@ priority]`, sides as general expressions; the checker reads them as linear forms.
public struct ConstraintSyntax: Hashable, Sendable {
    public enum Relation: String, Hashable, Sendable {
        case equal = "==", lessThanOrEqual = "<=", greaterThanOrEqual = ">="
    }
    public var left: Expression
    public var relation: Relation
    public var relationRange: SourceRange
    public var right: Expression
    public var priority: Expression?
    public var range: SourceRange
}

/// An expression with its range.
public struct Expression: Hashable, Sendable {
    /// Only the cases that hold expressions are `indirect`: with the whole enum indirect, every number and
    /// identifier was a heap box of its own (three allocations for `10 x 20`, now one).
    public enum Kind: Hashable, Sendable {
        case number(Double)
        case string(String)
        case bool(Bool)
        /// `none`: no intrinsic metric in a size.
        case none
        case identifier(String)
        /// `base.name`
        indirect case member(Expression, Identifier)
        indirect case negate(Expression)
        indirect case binary(BinaryOperator, Expression, Expression)
        /// `width x height`
        indirect case size(Expression, Expression)
        /// `(a, b, ...)` with two or more elements; one element in parentheses is `parenthesized`.
        case tuple([Expression])
        indirect case parenthesized(Expression)
        /// `name(a, b)`: a value built from arguments, such as `system(15, semibold)` for a font.
        case call(Identifier, [Expression])
        /// The parser expected an expression and found none (already diagnosed).
        case missing
    }

    /// `+ - * /`
    public enum BinaryOperator: String, Hashable, Sendable {
        case add = "+", subtract = "-", multiply = "*", divide = "/"
    }

    public var kind: Kind
    public var range: SourceRange

    /// Creates an expression.
    public init(_ kind: Kind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}
