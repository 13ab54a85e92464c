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
            guard NumberRange.contains(result) else {
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
        case .call(let callee, let arguments):
            var values: [Value] = []
            for argument in arguments {
                let value = evaluate(argument, parameters)
                if value == .invalid { return .invalid }
                values.append(value)
            }
            return .call(callee.text, values)
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
        // A chain `let c0 = c1`, `let c1 = c2`, ... is as long as the file: evaluating it by recursion
        // would take a stack frame per constant. The constants it needs are evaluated first, deepest
        // first, so each evaluation below finds its dependencies done and recurses no further than its
        // own expression (whose depth the parser bounds).
        // `name` counts as in progress meanwhile, so a dependency that needs it reports the cycle.
        evaluatingConstants.insert(name)
        for dependency in constantsNeeded(by: name) where constantValues[dependency] == nil {
            evaluateConstant(dependency)
        }
        evaluatingConstants.remove(name)
        if constantValues[name] == nil { evaluateConstant(name) }
        return constantValues[name] ?? .invalid
    }

    /// Evaluates one constant's expression, marking it as in progress so that a use of itself is a cycle.
    private mutating func evaluateConstant(_ name: String) {
        guard let decl = constantDecls[name] else { return }
        evaluatingConstants.insert(name)
        let value = evaluate(decl.value, Parameters())
        evaluatingConstants.remove(name)
        if constantValues[name] == nil { constantValues[name] = value }
    }

    /// The unevaluated constants that `name` needs, directly or not, each after those it needs itself
    /// (a depth-first post-order on an explicit stack). A dependency on a constant still on the path is
    /// a cycle: it is left out here, and the evaluation reports it where the use is.
    private func constantsNeeded(by name: String) -> [String] {
        var order: [String] = []
        var visited: Set<String> = [name]
        // Each entry: a constant and the constants its expression names, consumed from the end.
        var path: [(name: String, pending: [String])] = [(name, constantReferences(name).reversed())]
        while !path.isEmpty {
            guard let next = path[path.count - 1].pending.popLast() else {
                let finished = path.removeLast().name
                if !path.isEmpty { order.append(finished) }
                continue
            }
            guard constantValues[next] == nil, !evaluatingConstants.contains(next), visited.insert(next).inserted else { continue }
            path.append((next, constantReferences(next).reversed()))
        }
        return order
    }

    /// The names of constants that a constant's expression uses, in source order.
    private func constantReferences(_ name: String) -> [String] {
        guard let decl = constantDecls[name] else { return [] }
        var names: [String] = []
        var expressions = [decl.value]
        while let expression = expressions.popLast() {
            switch expression.kind {
            case .identifier(let identifier) where constantDecls[identifier] != nil: names.append(identifier)
            case .parenthesized(let inner), .negate(let inner): expressions.append(inner)
            case .binary(_, let left, let right), .size(let left, let right): expressions += [right, left]
            case .tuple(let elements), .call(_, let elements): expressions += elements.reversed()
            default: break
            }
        }
        return names
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
        let nearest = [closestMatch(to: name, in: constantDecls.keys), closestMatch(to: name, in: parameters.values.keys)]
        if let suggestion = closestMatch(to: name, in: nearest.compactMap { $0 }) {
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
