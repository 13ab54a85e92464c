import Foundation

/// Random valid `.stack` programs, built from the grammar and the checker's rules, for property tests:
/// every program it writes must parse without a diagnostic and check without an error.
///
/// The generator knows the value of every expression it writes (it evaluates as it goes, with the same
/// `Double` operations in the same order as the checker), so it can keep sizes non-negative and priorities
/// in 1...1000 while still using arithmetic, constants and component parameters. A parameter's value is
/// not known where it is used, so every `Number` parameter receives a value in 0...100 and the body only
/// uses it where any such value is valid.
///
/// It lives in the test support library because both the syntax tests (parse, mutate) and the semantics
/// tests (check) use it; it produces text only and imports no compiler module.
public struct ProgramGenerator {
    /// One generated program.
    public struct Program: Sendable {
        /// The source text.
        public var text: String
        /// How many root layouts it declares (the checker's model must have as many).
        public var rootCount: Int
    }

    /// Shape limits; the defaults give programs of a few kilobytes.
    public struct Limits: Sendable {
        public var maximumDepth = 5
        public var maximumChildren = 4
        public var maximumRoots = 3
        public var maximumComponents = 4
        public var maximumConstants = 6

        public init() {}
    }

    var rng: SeededGenerator
    let limits: Limits
    var counter = 0
    var constants: [Constant] = []
    var components: [Component] = []

    /// Creates a generator; the same seed gives the same programs.
    public init(seed: UInt64, limits: Limits = Limits()) {
        rng = SeededGenerator(seed: seed)
        self.limits = limits
    }

    /// The next program.
    public mutating func program() -> Program {
        counter = 0
        constants = []
        components = []
        var pieces: [String] = []
        for _ in 0..<int(0...limits.maximumConstants) { pieces.append(constantDecl()) }
        for _ in 0..<int(0...limits.maximumComponents) { pieces.append(componentDecl()) }
        let rootCount = int(1...limits.maximumRoots)
        for _ in 0..<rootCount { pieces.append(root()) }
        // Uses may precede declarations (component defaults included): the checker reads every declaration first.
        pieces.shuffle(using: &rng)
        var text = chance(0.3) ? comment() + "\n" : ""
        for piece in pieces {
            text += piece + "\n"
            if chance(0.3) { text += comment() + "\n" }
            if chance(0.3) { text += "\n" }
        }
        return Program(text: text, rootCount: rootCount)
    }

    // MARK: Random primitives

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < probability }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    /// A fresh identifier: a realistic stem plus a counter, so names never collide with each other,
    /// with keywords, element kinds, anchors or the size operator `x`.
    mutating func freshName(_ stems: [String]) -> String {
        counter += 1
        return pick(stems) + String(counter)
    }

    // MARK: Comments and strings

    mutating func comment() -> String {
        let words = ["layout", "the toolbar", "keeps the avatar square", "é", "日本語", "🙂", "a * b / c", "x", "{ ( }", "\"quoted\"", "//"]
        var body = ""
        for _ in 0..<int(0...5) { body += " " + pick(words) }
        if chance(0.6) { return "//" + body }
        // Block comments nest, as in Swift.
        let inner = chance(0.2) ? " /* nested" + body + " */" : ""
        return "/*" + body + inner + (chance(0.3) ? "\n  second line" : "") + " */"
    }

    mutating func stringLiteral() -> String {
        let pieces = ["Safari", "Wi-Fi", "9:41 AM", " ", "é", "ü", "日本", "🙂", "−", "\\\"", "\\\\", "\\n", "\\t", "a", "Z", "0", "{", "}", "//", "/*", "x"]
        var body = ""
        for _ in 0..<int(0...4) { body += pick(pieces) }
        return "\"" + body + "\""
    }

    // MARK: Layout of argument lists

    /// `(a, b, c)` with optional trailing comma and comments between arguments.
    mutating func argumentList(_ arguments: [String], indent: String) -> String {
        guard !arguments.isEmpty else { return chance(0.2) ? "()" : "" }
        var text = "("
        for (index, argument) in arguments.enumerated() {
            if chance(0.05) { text += "/* c */ " }
            text += argument
            if index < arguments.count - 1 {
                text += ","
                if chance(0.08) {
                    text += " // between\n" + indent + "    "
                } else if chance(0.1) {
                    text += "\n" + indent + "    "
                } else {
                    text += " "
                }
            }
        }
        if chance(0.1) { text += "," }
        return text + ")"
    }
}

// MARK: - Values

extension ProgramGenerator {
    /// The types of component parameters (the checker's `ValueType`).
    enum ValueType: String, CaseIterable {
        case number = "Number", priority = "Priority", string = "String", bool = "Bool"
        case size = "Size", insets = "Insets", distribution = "Distribution", alignment = "Alignment"
    }

    /// A constant and what the generator knows about it.
    struct Constant {
        var name: String
        var type: ValueType
        /// For numbers: the value.
        var number: Double = 0
    }

    /// A component parameter.
    struct Parameter {
        var name: String
        var type: ValueType
        var hasDefault: Bool
    }

    /// A component and what instances must pass.
    struct Component {
        var name: String
        var parameters: [Parameter]
        /// Names the component's own scope declares (reachable as `instance.name` from outside).
        var innerNames: [String]
        /// The body root's own name: `instance.rootName` is the instance itself.
        var rootName: String?
    }

    /// A numeric expression with its value; `nil` when it uses a parameter (whose value lies in 0...100).
    struct NumberExpression {
        var text: String
        var value: Double?
        /// 0 sum, 1 product, 2 unary or primary: decides where parentheses are needed.
        var precedence: Int
        /// False when some step leaves the checker's range (magnitude 1e12), which it reports.
        var inRange = true
        /// A named priority alone (`defaultHigh`, `(defaultHigh)`): the checker reads it as a number only
        /// as an operand of `+ - * /`, not alone and not negated (see the report).
        var isBareWord = false
    }

    /// What a numeric position accepts.
    enum NumberRule {
        case any, nonNegative, priority, parameterRange
        func accepts(_ value: Double) -> Bool {
            switch self {
            // Realistic magnitudes, so that products of two values stay below the checker's 1e12.
            case .any: abs(value) < 1e5
            case .nonNegative: value >= 0 && value < 1e5
            case .priority: value >= 1 && value <= 1000
            case .parameterRange: value >= 0 && value <= 100
            }
        }
    }

    static let namedPriorities: [(String, Double)] = [("required", 1000), ("defaultHigh", 750), ("defaultLow", 250), ("fittingSizeLevel", 50)]
    static let distributions = ["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"]
    /// Alignments valid on both axes; constants and parameters use only these.
    static let axisNeutralAlignments = ["fill", "leading", "top", "center", "trailing", "bottom"]

    mutating func numberLiteral(_ rule: NumberRule) -> NumberExpression {
        switch rule {
        case .priority:
            let value = Double(int(1...1000))
            return NumberExpression(text: String(Int(value)), value: value, precedence: 2)
        case .parameterRange:
            let value = Double(int(0...100))
            return NumberExpression(text: String(Int(value)), value: value, precedence: 2)
        case .any, .nonNegative:
            if chance(0.25) {
                let text = "\(int(0...400)).\(pick(["5", "25", "125", "75", "0", "333"]))"
                return NumberExpression(text: text, value: Double(text)!, precedence: 2)
            }
            let value = int(0...400)
            return NumberExpression(text: String(value), value: Double(value), precedence: 2)
        }
    }

    /// A known-valued numeric expression for `rule` built from literals, constants, named priorities,
    /// negation, parentheses and `+ - * /`; falls back to a literal when the random one misses the rule.
    mutating func knownNumber(_ rule: NumberRule, depth: Int = 0) -> NumberExpression {
        for _ in 0..<4 {
            let candidate = randomNumber(depth: depth)
            if candidate.inRange, !candidate.isBareWord, let value = candidate.value, rule.accepts(value) { return candidate }
        }
        return numberLiteral(rule)
    }

    mutating func randomNumber(depth: Int) -> NumberExpression {
        let roll = depth >= 3 ? int(0...3) : int(0...9)
        switch roll {
        case 0, 1:
            return numberLiteral(.any)
        case 2:
            let numbers = constants.filter { $0.type == .number }
            guard !numbers.isEmpty else { return numberLiteral(.any) }
            let constant = pick(numbers)
            return NumberExpression(text: constant.name, value: constant.number, precedence: 2)
        case 3:
            let (name, value) = pick(Self.namedPriorities)
            return NumberExpression(text: name, value: value, precedence: 2, isBareWord: true)
        case 4:
            let inner = randomNumber(depth: depth + 1)
            return NumberExpression(text: "(" + inner.text + ")", value: inner.value, precedence: 2, inRange: inner.inRange,
                                    isBareWord: inner.isBareWord)
        case 5:
            let operand = randomNumber(depth: depth + 1)
            guard !operand.isBareWord else { return numberLiteral(.any) }
            let text = operand.precedence == 2 && !operand.text.hasPrefix("-") ? "-" + operand.text : "-(" + operand.text + ")"
            return NumberExpression(text: text, value: operand.value.map { -$0 }, precedence: 2, inRange: operand.inRange)
        default:
            return binary(randomNumber(depth: depth + 1), randomNumber(depth: depth + 1))
        }
    }

    /// `left op right` with the parentheses precedence needs; divisions by zero become multiplications.
    mutating func binary(_ left: NumberExpression, _ right: NumberExpression) -> NumberExpression {
        var op = pick(["+", "-", "*", "/"])
        if op == "/", abs(right.value ?? 0) < 0.01 { op = "*" }
        let precedence = op == "+" || op == "-" ? 0 : 1
        let leftText = left.precedence >= precedence ? left.text : "(" + left.text + ")"
        let rightText = right.precedence > precedence ? right.text : "(" + right.text + ")"
        var value: Double?
        if let a = left.value, let b = right.value {
            switch op {
            case "+": value = a + b
            case "-": value = a - b
            case "*": value = a * b
            default: value = a / b
            }
        }
        let inRange = left.inRange && right.inRange && (value.map { $0.isFinite && abs($0) < 1e12 } ?? true)
        return NumberExpression(text: leftText + " " + op + " " + rightText, value: value, precedence: precedence, inRange: inRange)
    }

    /// A numeric expression that may use the `Number` parameters in scope where that stays valid.
    mutating func number(_ rule: NumberRule, _ parameters: [Parameter]) -> String {
        let numeric = parameters.filter { $0.type == .number }
        if !numeric.isEmpty, chance(0.35) {
            let parameter = pick(numeric).name
            switch rule {
            case .priority:
                break
            case .parameterRange:
                return parameter
            case .nonNegative:
                switch int(0...2) {
                case 0: return parameter
                case 1: return parameter + " + " + numberLiteral(.nonNegative).text
                default: return numberLiteral(.parameterRange).text + " * " + parameter
                }
            case .any:
                let other = knownNumber(.any, depth: 2)
                let operand = NumberExpression(text: parameter, value: nil, precedence: 2)
                // Both sides may be `other`: then the product's size is known and must stay in range.
                let combined = binary(chance(0.5) ? operand : other, chance(0.5) ? other : operand)
                return combined.inRange && combined.value.map(NumberRule.any.accepts) ?? true ? combined.text : parameter
            }
        }
        return knownNumber(rule).text
    }

    /// A value of `type` for an attribute or argument, possibly a constant or a parameter of that type.
    /// `horizontal` allows the baseline alignments; `rule` refines numbers.
    mutating func value(_ type: ValueType, _ parameters: [Parameter], rule: NumberRule = .any, horizontal: Bool = false) -> String {
        let typed = parameters.filter { $0.type == type }
        if type != .number, !typed.isEmpty, chance(0.4) { return pick(typed).name }
        if type != .number, type != .priority, chance(0.2), let constant = constants.filter({ $0.type == type }).randomElement(using: &rng) {
            return constant.name
        }
        switch type {
        case .number:
            return number(rule, parameters)
        case .priority:
            if chance(0.3) { return pick(Self.namedPriorities).0 }
            if let constant = constants.filter({ $0.type == .number && NumberRule.priority.accepts($0.number) }).randomElement(using: &rng), chance(0.3) {
                return constant.name
            }
            return knownNumber(.priority).text
        case .string:
            return stringLiteral()
        case .bool:
            return chance(0.5) ? "true" : "false"
        case .size:
            let text = dimension(parameters) + " x " + dimension(parameters)
            return chance(0.05) ? "(" + text + ")" : text
        case .insets:
            switch int(0...2) {
            case 0: return number(.any, parameters)
            case 1: return "(" + number(.any, parameters) + ", " + number(.any, parameters) + ")"
            default: return "(" + (0..<4).map { _ in number(.any, parameters) }.joined(separator: ", ") + (chance(0.2) ? ",)" : ")")
            }
        case .distribution:
            return (chance(0.2) ? "." : "") + pick(Self.distributions)
        case .alignment:
            let cases = horizontal ? Self.axisNeutralAlignments + ["firstBaseline", "lastBaseline"] : Self.axisNeutralAlignments
            return (chance(0.2) ? "." : "") + pick(cases)
        }
    }

    /// One side of an intrinsic size: `none` or a non-negative number.
    mutating func dimension(_ parameters: [Parameter]) -> String {
        chance(0.15) ? "none" : number(.nonNegative, parameters)
    }

    /// `let name = value`, possibly in terms of earlier constants.
    mutating func constantDecl() -> String {
        let type = pick([ValueType.number, .number, .number, .string, .bool, .size, .insets, .distribution, .alignment])
        let name = freshName(["gap", "inset", "side", "unit", "pad", "tint", "mode"])
        var constant = Constant(name: name, type: type)
        let text: String
        if type == .number {
            let expression = knownNumber(.any)
            constant.number = expression.value ?? 0
            text = expression.text
        } else {
            text = value(type, [])
        }
        constants.append(constant)
        return "let " + name + " = " + text
    }
}

// MARK: - Elements

extension ProgramGenerator {
    /// The names a `constraints` block can see: one per root layout and per component body.
    final class Scope {
        struct Item {
            var name: String
            /// Named ancestors in the same scope, nearest last (`outer.inner.width` reaches `inner`).
            var ancestors: [String]
            /// For a component instance: the names inside it (`card.avatar.width`).
            var innerNames: [String]
            /// For a component instance: the inner name that denotes the instance itself.
            var rootName: String?
        }
        var items: [Item] = []
        /// Placeholders of `constraints` blocks, filled in once every name of the scope is known.
        var blocks: [String] = []
    }

    /// Where an element is being generated.
    struct Place {
        var scope: Scope
        var parameters: [Parameter]
        var depth: Int
        var indent: String
        /// Named ancestors in the scope.
        var ancestors: [String]
        /// Components an element here may instantiate (in a component body: only earlier ones, so no recursion).
        var componentLimit: Int
    }

    mutating func root() -> String {
        let scope = Scope()
        let place = Place(scope: scope, parameters: [], depth: 0, indent: "", ancestors: [], componentLimit: Int.max)
        let text = stack(place, named: chance(0.7))
        return fillConstraints(text, scope: scope, parameters: [], indent: "    ")
    }

    mutating func itemName(_ place: Place) -> String {
        let name = freshName(["title", "icon", "avatar", "row", "header", "detail", "badge", "content", "column", "item"])
        place.scope.items.append(Scope.Item(name: name, ancestors: place.ancestors, innerNames: []))
        return name
    }

    /// `hstack|vstack [name](attributes) { children }`
    mutating func stack(_ place: Place, named: Bool) -> String {
        let horizontal = chance(0.5)
        var text = horizontal ? "hstack" : "vstack"
        var ancestors = place.ancestors
        if named {
            let name = itemName(place)
            text += " " + name
            ancestors.append(name)
        }
        var arguments: [String] = []
        let p = place.parameters
        if chance(0.4) { arguments.append("distribution: " + value(.distribution, p)) }
        if chance(0.4) { arguments.append("alignment: " + value(.alignment, p, horizontal: horizontal)) }
        if chance(0.5) { arguments.append("spacing: " + number(.any, p)) }
        let hasMargins = chance(0.25)
        if hasMargins { arguments.append("margins: " + value(.insets, p)) }
        // `layoutMarginsRelative: false` beside margins is a warning; baselineRelative on an hstack an error.
        if chance(0.15) { arguments.append("layoutMarginsRelative: " + (hasMargins || chance(0.5) ? "true" : "false")) }
        if chance(0.15) { arguments.append("baselineRelative: " + (horizontal ? "false" : pick(["true", "false"]))) }
        arguments += commonAttributes(p)
        arguments.shuffle(using: &rng)
        text += argumentList(arguments, indent: place.indent)
        let inner = place.indent + "    "
        var members: [String] = []
        if place.depth < limits.maximumDepth {
            let count = int(0...max(0, limits.maximumChildren - place.depth / 2))
            let childPlace = Place(scope: place.scope, parameters: place.parameters, depth: place.depth + 1, indent: inner,
                                   ancestors: ancestors, componentLimit: place.componentLimit)
            for _ in 0..<count { members.append(child(childPlace)) }
        }
        if chance(0.2) {
            let placeholder = "\u{1}constraints\(place.scope.blocks.count)\u{1}"
            place.scope.blocks.append(placeholder)
            members.insert(placeholder, at: int(0...members.count))
        }
        if chance(0.2) { members.insert(comment(), at: int(0...members.count)) }
        if members.isEmpty { return text + (chance(0.5) ? " {}" : "") }
        if chance(0.1) {
            // Several members on one line are fine: whitespace is not significant.
            return text + " { " + members.filter { !$0.hasPrefix("//") && !$0.hasPrefix("\u{1}") }.joined(separator: "  ")
                + members.filter { $0.hasPrefix("//") || $0.hasPrefix("\u{1}") }.map { "\n" + inner + $0 }.joined()
                + "\n" + place.indent + "}"
        }
        return text + " {\n" + members.map { inner + $0 + "\n" }.joined() + place.indent + "}"
    }

    /// Attributes every element has.
    mutating func commonAttributes(_ p: [Parameter]) -> [String] {
        var arguments: [String] = []
        if chance(0.2) { arguments.append("width: " + number(.nonNegative, p)) }
        if chance(0.2) { arguments.append("height: " + number(.nonNegative, p)) }
        if chance(0.1) { arguments.append("hidden: " + value(.bool, p)) }
        if chance(0.15) { arguments.append("spacingAfter: " + number(.any, p)) }
        if chance(0.05) { arguments.append("type: " + value(.string, p)) }
        return arguments
    }

    mutating func child(_ place: Place) -> String {
        let available = min(place.componentLimit, components.count)
        switch int(0...9) {
        case 0...4: return leaf(place)
        case 5...7 where available > 0: return instance(place, available: available)
        default: return stack(place, named: chance(0.5))
        }
    }

    /// `view|label|image|button|spacer [name](attributes)`
    mutating func leaf(_ place: Place) -> String {
        let kind = pick(["view", "label", "label", "image", "button", "spacer"])
        var text = kind
        if chance(0.5) { text += " " + itemName(place) }
        let p = place.parameters
        var arguments: [String] = []
        if kind == "label" || kind == "button", chance(0.7) { arguments.append("text: " + value(.string, p)) }
        if kind == "image" || kind == "button", chance(0.6) { arguments.append("image: " + value(.string, p)) }
        if chance(0.6) { arguments.append("intrinsic: " + value(.size, p)) }
        for attribute in ["hugging", "horizontalHugging", "verticalHugging", "compression", "horizontalCompression", "verticalCompression"]
        where chance(0.1) {
            arguments.append(attribute + ": " + value(.priority, p))
        }
        if chance(0.2) { arguments.append("firstBaseline: " + number(.any, p)) }
        if chance(0.1) { arguments.append("lastBaseline: " + number(.any, p)) }
        arguments += commonAttributes(p)
        arguments.shuffle(using: &rng)
        return text + argumentList(arguments, indent: place.indent)
    }

    /// `Component [name](parameter: value, placement: value)`
    mutating func instance(_ place: Place, available: Int) -> String {
        let component = components[int(0...available - 1)]
        var text = component.name
        if chance(0.6) {
            let name = itemName(place)
            place.scope.items[place.scope.items.count - 1].innerNames = component.innerNames
            place.scope.items[place.scope.items.count - 1].rootName = component.rootName
            text += " " + name
        }
        var arguments: [String] = []
        for parameter in component.parameters where !parameter.hasDefault || chance(0.5) {
            arguments.append(parameter.name + ": " + argument(parameter.type, place.parameters))
        }
        arguments += commonAttributes(place.parameters).filter { !$0.hasPrefix("type:") }
        arguments.shuffle(using: &rng)
        return text + argumentList(arguments, indent: place.indent)
    }

    /// A value for a parameter: numbers in 0...100, sizes non-negative, alignments valid on both axes.
    mutating func argument(_ type: ValueType, _ parameters: [Parameter]) -> String {
        type == .number ? number(.parameterRange, parameters) : value(type, parameters)
    }

    /// `component Name(p: Type = default, ...) { element [constraints { }] }`
    mutating func componentDecl() -> String {
        let name = freshName(["Card", "Row", "Tile", "Badge", "App", "Cell", "Key"])
        var parameters: [Parameter] = []
        for _ in 0..<int(0...4) {
            let type = pick(ValueType.allCases)
            parameters.append(Parameter(name: freshName(["title", "amount", "tint", "mode", "flag", "caption", "weight"]), type: type,
                                        hasDefault: chance(0.4)))
        }
        let declared = parameters.map { parameter -> String in
            var text = parameter.name + ": " + parameter.type.rawValue
            if parameter.hasDefault { text += " = " + argument(parameter.type, []) }
            return text
        }
        let scope = Scope()
        let place = Place(scope: scope, parameters: parameters, depth: 1, indent: "    ", ancestors: [], componentLimit: components.count)
        // A named body root is visible to the component's own constraints, whatever the instance is called.
        var body: String
        switch int(0...9) {
        case 0: body = leaf(place)
        case 1 where !components.isEmpty: body = instance(place, available: components.count)
        default: body = stack(place, named: chance(0.3))
        }
        if chance(0.3) {
            let placeholder = "\u{1}constraints\(scope.blocks.count)\u{1}"
            scope.blocks.append(placeholder)
            body += "\n    " + placeholder
        }
        body = fillConstraints(body, scope: scope, parameters: parameters, indent: "        ")
        // A named body root reads `kind name…` and registered its name first.
        let words = body.split(separator: " ", maxSplits: 2)
        let written = words.count >= 2 ? String(words[1].prefix { $0.isLetter || $0.isNumber }) : ""
        let rootName = scope.items.first.map(\.name) == written ? written : nil
        components.append(Component(name: name, parameters: parameters, innerNames: scope.items.map(\.name), rootName: rootName))
        return "component " + name + argumentList(declared, indent: "").replacingEmpty() + " {\n    " + body + "\n}"
    }
}

extension String {
    /// A component declaration always has its parentheses.
    func replacingEmpty() -> String { isEmpty ? "()" : self }
}

// MARK: - Constraints

extension ProgramGenerator {
    static let sizeAnchors = ["width", "height"]
    static let horizontalAnchors = ["leading", "trailing", "left", "right", "centerX"]
    static let verticalAnchors = ["top", "bottom", "centerY", "firstBaseline", "lastBaseline"]

    /// Replaces the scope's placeholders with `constraints { }` blocks over the scope's final names.
    mutating func fillConstraints(_ text: String, scope: Scope, parameters: [Parameter], indent: String) -> String {
        var result = text
        for placeholder in scope.blocks {
            var lines: [String] = []
            if !scope.items.isEmpty {
                for _ in 0..<int(0...3) { lines.append(constraint(scope, parameters)) }
            }
            let block = "constraints {" + (lines.isEmpty ? "" : "\n" + lines.map { indent + $0 + "\n" }.joined() + String(indent.dropLast(4))) + "}"
            result = result.replacingOccurrences(of: placeholder, with: block)
        }
        return result
    }

    /// A reference to an item: `name`, `ancestor.name` or `instance.inner`.
    mutating func reference(_ scope: Scope) -> (text: String, identity: String) {
        let item = pick(scope.items)
        if !item.innerNames.isEmpty, chance(0.3) {
            let inner = pick(item.innerNames)
            return (item.name + "." + inner, inner == item.rootName ? item.name : item.name + "." + inner)
        }
        if let ancestor = item.ancestors.last, chance(0.3) {
            return (ancestor + "." + item.name, item.name)
        }
        return (item.name, item.name)
    }

    /// One constraint the checker accepts: compatible anchors, never an anchor against itself.
    mutating func constraint(_ scope: Scope, _ parameters: [Parameter]) -> String {
        let relation = pick(["==", "<=", ">="])
        var priority = ""
        if chance(0.4) { priority = (chance(0.5) ? " @" : " @ ") + value(.priority, parameters) }
        let first = reference(scope)
        let family = pick([Self.sizeAnchors, Self.horizontalAnchors, Self.verticalAnchors])
        let firstAnchor = pick(family)
        let left = first.text + "." + firstAnchor
        if family == Self.sizeAnchors, chance(0.3) {
            var constant = number(.any, parameters)
            // Newlines are not significant: a constraint starting with '-' would continue the previous one.
            if constant.hasPrefix("-") { constant = "(" + constant + ")" }
            return chance(0.7) ? left + " " + relation + " " + constant + priority : constant + " " + relation + " " + left + priority
        }
        let second = reference(scope)
        var secondAnchor = pick(family)
        if second.identity == first.identity, secondAnchor == firstAnchor {
            secondAnchor = family.first { $0 != firstAnchor } ?? secondAnchor
        }
        var right = second.text + "." + secondAnchor
        switch int(0...4) {
        case 0: right = pick(["2", "0.5", "1.5", "3"]) + " * " + right
        case 1: right = right + " * " + pick(["2", "0.5", "1.5"])
        case 2: right = right + " / " + pick(["2", "4"])
        default: break
        }
        if chance(0.5) { right += pick([" + ", " - "]) + knownNumber(.nonNegative, depth: 2).text }
        if chance(0.1) { right = "(" + right + ")" }
        return left + " " + relation + " " + right + priority
    }
}
