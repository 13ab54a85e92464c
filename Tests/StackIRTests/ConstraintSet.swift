@testable import StackIR

/// A constraint described by item names instead of ids, in a canonical orientation, so constraint
/// sets from different IRs (a fixture and the lowering) compare as unordered sets where
/// `a == m*b + c` and `b == (1/m)*a - c/m` (inequalities flipped as the algebra demands) are the
/// same constraint. Origins are ignored; category, relation, attributes, multiplier (1e-5,
/// relative), constant (1e-5) and priority are compared strictly.
struct NamedConstraint: CustomStringConvertible {
    var category: ConstraintCategory
    var first: String
    var firstAttribute: LayoutAttribute
    var relation: LayoutRelation
    var multiplier: Double
    var second: String?
    var secondAttribute: LayoutAttribute?
    var constant: Double
    var priority: Double

    init(_ constraint: IRConstraint, in ir: ConstraintIR) {
        category = constraint.category
        first = ir.name(of: constraint.first.item)
        firstAttribute = constraint.first.attribute
        relation = constraint.relation
        multiplier = constraint.multiplier
        second = constraint.second.map { ir.name(of: $0.item) }
        secondAttribute = constraint.second?.attribute
        constant = constraint.constant
        priority = constraint.priority
        canonicalize()
    }

    /// Puts the lexicographically smaller anchor first, solving for it when they are swapped.
    mutating func canonicalize() {
        guard let second, let secondAttribute, multiplier != 0 else { return }
        guard (second, secondAttribute.rawValue) < (first, firstAttribute.rawValue) else { return }
        // a R m*b + c  <=>  b R' (1/m)*a - c/m, with R' flipped when m > 0 (dividing by m < 0 flips back).
        let m = multiplier
        let flipped: LayoutRelation
        switch relation {
        case .equal: flipped = .equal
        case .lessThanOrEqual: flipped = m > 0 ? .greaterThanOrEqual : .lessThanOrEqual
        case .greaterThanOrEqual: flipped = m > 0 ? .lessThanOrEqual : .greaterThanOrEqual
        }
        (self.first, self.second) = (second, first)
        (self.firstAttribute, self.secondAttribute) = (secondAttribute, firstAttribute)
        relation = flipped
        multiplier = 1 / m
        constant = -constant / m
    }

    func matches(_ other: NamedConstraint) -> Bool {
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-5 * max(1, abs(a), abs(b)) }
        return category == other.category && first == other.first && firstAttribute == other.firstAttribute
            && relation == other.relation && second == other.second && secondAttribute == other.secondAttribute
            && close(multiplier, other.multiplier) && close(constant, other.constant)
            && abs(priority - other.priority) < 1e-9
    }

    var description: String {
        var text = "\(identifierPrefix)-\(category.rawValue) \(first).\(firstAttribute.rawValue) \(relation.rawValue) "
        if let second, let secondAttribute {
            text += "\(multiplier)*\(second).\(secondAttribute.rawValue) + \(constant)"
        } else {
            text += "\(constant)"
        }
        return text + " @\(priority)"
    }
}

/// The differences between two IRs' constraint sets (as multisets), empty when they agree.
struct ConstraintSetDifference: CustomStringConvertible {
    var missing: [NamedConstraint] = []
    var unexpected: [NamedConstraint] = []

    var isEmpty: Bool { missing.isEmpty && unexpected.isEmpty }

    var description: String {
        (missing.map { "missing:    \($0)" } + unexpected.map { "unexpected: \($0)" }).joined(separator: "\n")
    }
}

/// Compares `actual` against `expected` as unordered multisets of constraints (O(n²), test sizes).
func compareConstraintSets(expected: ConstraintIR, actual: ConstraintIR) -> ConstraintSetDifference {
    var remaining = actual.constraints.map { NamedConstraint($0, in: actual) }
    var difference = ConstraintSetDifference()
    for constraint in expected.constraints.map({ NamedConstraint($0, in: expected) }) {
        if let index = remaining.firstIndex(where: { $0.matches(constraint) }) {
            remaining.remove(at: index)
        } else {
            difference.missing.append(constraint)
        }
    }
    difference.unexpected = remaining
    return difference
}

/// The vertical mirror of an IR: leading<->top, trailing<->bottom, width<->height,
/// centerX<->centerY, hstack<->vstack. Baselines have no horizontal counterpart and stay as they are.
func mirrored(_ ir: ConstraintIR) -> ConstraintIR {
    func swap(_ attribute: LayoutAttribute) -> LayoutAttribute {
        switch attribute {
        case .leading: .top
        case .top: .leading
        case .trailing: .bottom
        case .bottom: .trailing
        case .width: .height
        case .height: .width
        case .centerX: .centerY
        case .centerY: .centerX
        case .left: .top
        case .right: .bottom
        case .firstBaseline, .lastBaseline: attribute
        }
    }
    var result = ir
    for index in result.items.indices {
        switch result.items[index].kind {
        case .hstack: result.items[index].kind = .vstack
        case .vstack: result.items[index].kind = .hstack
        default: break
        }
    }
    result.constraints = ir.constraints.map { constraint in
        var copy = constraint
        copy.first.attribute = swap(constraint.first.attribute)
        if let second = constraint.second { copy.second = Anchor(second.item, swap(second.attribute)) }
        return copy
    }
    return result
}
