import StackSyntax

/// One side of a constraint read as a linear form: `coefficient * anchor + constant`.
struct LinearSide {
    var anchor: (node: Int, attribute: AnchorAttribute)?
    var coefficient: Double = 0
    var constant: Double = 0
}

extension Checker {
    /// Resolves the constraints of a complete scope into `userConstraints`.
    mutating func resolveConstraints(in scope: Scope) {
        let pending = scope.pending
        scope.pending = []
        for (constraint, parameters) in pending {
            if let resolved = resolve(constraint, in: scope, parameters) {
                userConstraints.append(resolved)
            }
        }
    }

    /// `left relation right @priority` → `first.a relation m * second.b + c`, the anchor on the left.
    mutating func resolve(_ constraint: ConstraintSyntax, in scope: Scope, _ parameters: Parameters) -> UserConstraint? {
        guard var left = linear(constraint.left, scope, parameters),
              var right = linear(constraint.right, scope, parameters) else { return nil }
        var relation: Relation
        switch constraint.relation {
        case .equal: relation = .equal
        case .lessThanOrEqual: relation = .lessThanOrEqual
        case .greaterThanOrEqual: relation = .greaterThanOrEqual
        }
        if left.anchor == nil {
            guard right.anchor != nil else {
                report(.invalidConstraint, "a constraint must relate at least one anchor, like 'avatar.width'", at: constraint.range)
                return nil
            }
            swap(&left, &right)
            relation = relation.flipped
        }
        guard let first = left.anchor, left.coefficient != 0 else {
            report(.invalidConstraint, "the anchor cancels out of this constraint", at: constraint.range)
            return nil
        }
        // a·x + c0 ⋈ m·y + c1   ⇔   x ⋈ (m/a)·y + (c1 − c0)/a   (flipped when a < 0)
        let scale = left.coefficient
        if scale < 0 { relation = relation.flipped }
        let multiplier = right.anchor == nil ? 0 : right.coefficient / scale
        let constant = (right.constant - left.constant) / scale
        var priority = 1000.0
        if let expression = constraint.priority {
            guard case .number(let value)? = coerce(evaluate(expression, parameters), to: .priority, for: "the constraint", at: expression.range) else {
                return nil
            }
            priority = value
        }
        if let second = right.anchor {
            guard compatible(first.attribute, second.attribute) else {
                report(.invalidConstraint,
                       "cannot relate '\(first.attribute.rawValue)' to '\(second.attribute.rawValue)': anchors must both be sizes, or positions on the same axis",
                       at: constraint.range)
                return nil
            }
            if second.node == first.node, second.attribute == first.attribute, multiplier == 1 {
                report(.invalidConstraint, "the constraint relates an anchor to itself", at: constraint.range)
                return nil
            }
        } else if !first.attribute.isSize {
            report(.invalidConstraint,
                   "'\(first.attribute.rawValue)' is a position; relate it to another anchor (only width and height take a constant alone)",
                   at: constraint.range)
            return nil
        }
        return UserConstraint(
            first: first.node, firstAttribute: first.attribute, relation: relation, multiplier: right.anchor == nil ? 1 : multiplier,
            second: right.anchor?.node, secondAttribute: right.anchor?.attribute, constant: constant, priority: priority,
            origin: constraint.range)
    }

    /// Reads an expression as `coefficient * anchor + constant`; `nil` once reported.
    mutating func linear(_ expression: Expression, _ scope: Scope, _ parameters: Parameters) -> LinearSide? {
        switch expression.kind {
        case .member(let base, let member):
            guard let node = item(base, scope) else { return nil }
            guard let attribute = AnchorAttribute.byName.lookup(member.text) else {
                let names = AnchorAttribute.allCases.map(\.rawValue)
                let suggestion = closestMatch(to: member.text, in: names)
                report(.invalidConstraint, "unknown anchor '\(member.text)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; expected \(listing(names))"),
                       at: member.range, fixIts: suggestion.map { [.replace(member.range, with: $0, message: "replace with '\($0)'")] } ?? [])
                return nil
            }
            return LinearSide(anchor: (node, attribute), coefficient: 1, constant: 0)
        case .parenthesized(let inner):
            return linear(inner, scope, parameters)
        case .negate(let operand):
            guard var side = linear(operand, scope, parameters) else { return nil }
            side.coefficient = -side.coefficient
            side.constant = -side.constant
            return side
        case .binary(let op, let lhs, let rhs):
            guard let a = linear(lhs, scope, parameters), let b = linear(rhs, scope, parameters) else { return nil }
            guard let side = combine(op, a, b, expression, rhs) else { return nil }
            guard NumberRange.contains(side.coefficient), NumberRange.contains(side.constant) else {
                report(.invalidArithmetic, "result is too large (magnitude 1e12 at most)", at: expression.range)
                return nil
            }
            return side
        case .identifier(let name) where scope.names[name] != nil && parameters.values[name] == nil && constantDecls[name] == nil:
            report(.invalidConstraint, "'\(name)' is an item; use one of its anchors, like '\(name).width'", at: expression.range,
                   fixIts: [.replace(.empty(at: expression.range.end), with: ".width", message: "insert '.width'")])
            return nil
        default:
            let value = evaluate(expression, parameters)
            guard let number = numericOperand(value, at: expression.range) else { return nil }
            return LinearSide(anchor: nil, coefficient: 0, constant: number)
        }
    }

    /// `a op b` for two linear sides, or nil (reported) when the result is not linear in one anchor.
    private mutating func combine(_ op: Expression.BinaryOperator, _ a: LinearSide, _ b: LinearSide, _ expression: Expression, _ rhs: Expression) -> LinearSide? {
        switch op {
        case .add, .subtract:
            let sign: Double = op == .add ? 1 : -1
            if a.anchor != nil, b.anchor != nil {
                report(.invalidConstraint, "each side of a constraint can refer to one anchor", at: expression.range)
                return nil
            }
            return LinearSide(anchor: a.anchor ?? b.anchor, coefficient: a.anchor != nil ? a.coefficient : sign * b.coefficient,
                              constant: a.constant + sign * b.constant)
        case .multiply:
            if a.anchor != nil, b.anchor != nil {
                report(.invalidConstraint, "anchors cannot be multiplied together", at: expression.range)
                return nil
            }
            let (scaled, factor) = a.anchor != nil ? (a, b.constant) : (b, a.constant)
            return LinearSide(anchor: scaled.anchor, coefficient: scaled.coefficient * factor, constant: scaled.constant * factor)
        case .divide:
            guard b.anchor == nil else {
                report(.invalidConstraint, "cannot divide by an anchor", at: rhs.range)
                return nil
            }
            guard b.constant != 0 else {
                report(.invalidArithmetic, "division by zero", at: expression.range)
                return nil
            }
            return LinearSide(anchor: a.anchor, coefficient: a.coefficient / b.constant, constant: a.constant / b.constant)
        }
    }

    /// The node a (possibly dotted) item reference names: `avatar`, or `card.avatar` into a component instance
    /// or a named stack's descendants.
    mutating func item(_ expression: Expression, _ scope: Scope) -> Int? {
        switch expression.kind {
        case .identifier(let name):
            if let node = scope.names[name] { return node }
            let suggestion = closestMatch(to: name, in: scope.names.keys)
            report(.undefinedName, "no item named '\(name)' in this scope" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                   at: expression.range, fixIts: suggestion.map { [.replace(expression.range, with: $0, message: "replace with '\($0)'")] } ?? [])
            return nil
        case .member(let base, let member):
            guard let parent = item(base, scope) else { return nil }
            if let inner = scope.instances[parent], let node = inner.names[member.text] { return node }
            if let node = scope.names[member.text], isDescendant(node, of: parent) { return node }
            report(.undefinedName, "'\(nodes[parent].name)' has no item named '\(member.text)'", at: member.range)
            return nil
        default:
            report(.invalidConstraint, "expected an anchor like 'avatar.width'", at: expression.range)
            return nil
        }
    }

    func isDescendant(_ node: Int, of ancestor: Int) -> Bool {
        var current = nodes[node].parent
        while let index = current {
            if index == ancestor { return true }
            current = nodes[index].parent
        }
        return false
    }

    /// Sizes relate to sizes (on any axis); positions relate to positions on the same axis.
    func compatible(_ a: AnchorAttribute, _ b: AnchorAttribute) -> Bool {
        if a.isSize || b.isSize { return a.isSize && b.isSize }
        return a.isHorizontal == b.isHorizontal
    }
}

extension Relation {
    /// The relation with its sides swapped.
    var flipped: Relation {
        switch self {
        case .equal: .equal
        case .lessThanOrEqual: .greaterThanOrEqual
        case .greaterThanOrEqual: .lessThanOrEqual
        }
    }
}
