import StackSyntax

/// Evaluates expressions in attribute values, constant definitions and component arguments.
///
/// Expression trees are at most `Parser.maximumNestingDepth` deep, so plain recursion is safe here.
extension Checker {
    /// The value of an expression. `parameters` are the enclosing component's arguments.
    mutating func evaluate(_ expression: Expression, _ parameters: Parameters) -> Value {
        switch expression.kind {
        case .number(let value): return .number(value)
        case .string(let value): return .string(value)
        case .bool(let value): return .bool(value)
        case .none: return .none
        case .missing: return .invalid
        case .parenthesized(let inner): return evaluate(inner, parameters)
        case .identifier(let name): return lookup(name, at: expression.range, parameters)
        case .member:
            report(.invalidArithmetic, "anchors like 'a.width' are only allowed in a constraints block", at: expression.range)
            return .invalid
        case .negate(let operand):
            // Like the binary operators, negation takes priority names as their numbers.
            guard let value = numericOperand(evaluate(operand, parameters), at: operand.range) else { return .invalid }
            return .number(-value)
        case .binary(let op, let left, let right):
            let lhs = numericOperand(evaluate(left, parameters), at: left.range)
            let rhs = numericOperand(evaluate(right, parameters), at: right.range)
            guard let lhs, let rhs else { return .invalid }
            let result: Double
            switch op {
            case .add: result = lhs + rhs
            case .subtract: result = lhs - rhs
            case .multiply: result = lhs * rhs
            case .divide:
                guard rhs != 0 else {
                    report(.invalidArithmetic, "division by zero", at: expression.range)
                    return .invalid
                }
                result = lhs / rhs
            }
            guard result.isFinite, abs(result) < 1e12 else {
                report(.invalidArithmetic, "result is too large (magnitude 1e12 at most)", at: expression.range)
                return .invalid
            }
            return .number(result)
        case .size(let width, let height):
            let w = sizeDimension(evaluate(width, parameters), at: width.range)
            let h = sizeDimension(evaluate(height, parameters), at: height.range)
            guard let w, let h else { return .invalid }
            return .size(w, h)
        case .tuple(let elements):
            var numbers: [Double] = []
            for element in elements {
                guard let number = numericOperand(evaluate(element, parameters), at: element.range) else { return .invalid }
                numbers.append(number)
            }
            return .tuple(numbers)
        }
    }

    /// A constant, a parameter, or else a bare word (enum case or priority name, decided by the use).
    mutating func lookup(_ name: String, at range: SourceRange, _ parameters: Parameters) -> Value {
        // Outside components there are no parameters: skip hashing the name for them.
        if !parameters.values.isEmpty, let value = parameters.values[name] { return value }
        if constantDecls[name] != nil { return constantValue(name, at: range) }
        return .word(name)
    }

    /// Evaluates a top-level constant once; a constant that needs itself is an error, never a hang.
    mutating func constantValue(_ name: String, at use: SourceRange) -> Value {
        usedConstants.insert(name)
        if let value = constantValues[name] { return value }
        guard let decl = constantDecls[name] else { return .invalid }
        if evaluatingConstants.contains(name) {
            report(.cyclicConstant, "constant '\(name)' is defined in terms of itself", at: use,
                   notes: [DiagnosticNote("'\(name)' is declared here", at: decl.name.range)])
            constantValues[name] = .invalid
            return .invalid
        }
        evaluatingConstants.insert(name)
        let value = evaluate(decl.value, Parameters())
        evaluatingConstants.remove(name)
        if constantValues[name] == nil { constantValues[name] = value }
        return constantValues[name] ?? .invalid
    }

    /// A number for arithmetic; priority names count as their values.
    mutating func numericOperand(_ value: Value, at range: SourceRange) -> Double? {
        switch value {
        case .number(let number): return number
        case .word(let word):
            if let priority = namedPriorities[word] { return priority }
            reportUndefined(word, at: range)
            return nil
        case .invalid: return nil
        case let other:
            report(.invalidArithmetic, "expected a number, found \(other.typeDescription)", at: range)
            return nil
        }
    }

    /// One dimension of a size: a number, or `none`.
    mutating func sizeDimension(_ value: Value, at range: SourceRange) -> Double?? {
        if case .none = value { return .some(nil) }
        guard let number = numericOperand(value, at: range) else { return nil }
        return .some(number)
    }

    /// "undefined name 'x'" with a did-you-mean over constants and parameters in scope.
    mutating func reportUndefined(_ name: String, at range: SourceRange, parameters: Parameters = Parameters()) {
        let candidates = constantDecls.keys.sorted() + parameters.values.keys.sorted()
        if let suggestion = closestMatch(to: name, in: candidates) {
            report(.undefinedName, "undefined name '\(name)'; did you mean '\(suggestion)'?", at: range,
                   fixIts: [.replace(range, with: suggestion, message: "replace '\(name)' with '\(suggestion)'")])
        } else {
            report(.undefinedName, "undefined name '\(name)'", at: range)
        }
    }
}

/// The arguments of the component instance being expanded.
struct Parameters {
    var values: [String: Value] = [:]
}
