import StackIR

/// The six variables of every item, in their dense order: external symbol `6 * item + slot`.
enum FrameVariable: Int, CaseIterable {
    case x, y, width, height, firstBaseline, lastBaseline

    static let perItem = 6

    /// The symbol of this variable of `item`.
    func symbol(of item: Int) -> Int { item * FrameVariable.perItem + rawValue }
}

/// One term of a linear form: `coefficient * symbol`.
typealias LinearTerm = (symbol: Int, coefficient: Double)

/// `attribute` of `item` as a linear form over the item's variables (Auto Layout's geometry:
/// leading/left = x, trailing/right = x + width, centerX = x + width / 2, and the same vertically):
/// a position or length term, and the length term of an edge or centre.
func linearTerms(_ anchor: Anchor) -> (LinearTerm, LinearTerm?) {
    let item = anchor.item.index
    let x = FrameVariable.x.symbol(of: item)
    let y = FrameVariable.y.symbol(of: item)
    let width = FrameVariable.width.symbol(of: item)
    let height = FrameVariable.height.symbol(of: item)
    switch anchor.attribute {
    case .leading, .left: return ((x, 1), nil)
    case .trailing, .right: return ((x, 1), (width, 1))
    case .centerX: return ((x, 1), (width, 0.5))
    case .width: return ((width, 1), nil)
    case .top: return ((y, 1), nil)
    case .bottom: return ((y, 1), (height, 1))
    case .centerY: return ((y, 1), (height, 0.5))
    case .height: return ((height, 1), nil)
    case .firstBaseline: return ((FrameVariable.firstBaseline.symbol(of: item), 1), nil)
    case .lastBaseline: return ((FrameVariable.lastBaseline.symbol(of: item), 1), nil)
    }
}

/// One constraint reduced to `expression (== or >=) 0`.
struct LinearConstraint {
    /// `first - multiplier * second - constant`, negated for `<=`.
    var expression: Row
    var isEquality: Bool
    /// Clamped to `...1000`; 1000 means required.
    var priority: Double
    /// What it came from.
    var source: ConstraintSource
    /// For a required inequality written as an equality, `expr - slack == 0`: its slack symbol.
    var slack: Int? = nil

    /// The constraint without its term in `symbol`.
    func removing(_ symbol: Int) -> LinearConstraint {
        var result = self
        result.expression.remove(symbol)
        return result
    }
}

/// Where a solver constraint came from: the IR, or the root's placement and requested size.
public enum ConstraintSource: Hashable, Sendable, Comparable {
    /// The root's `x == 0`, `y == 0`, or size from `solve(_:width:height:)`.
    case rootPin(RootPin)
    /// `ir.constraints[index]`.
    case constraint(Int)
    /// The cost function of the subtree at `item`, standing for that subtree's own constraints in a
    /// joint solve (JointGroup.swift). A joint solve with a conflict is not used, so no finding names one.
    case costFunction(item: Int)
    /// The pin holding the free length of the stack at `item` while a joint solve walks it to where
    /// the layout takes it (HubWalk.swift). A joint solve with a conflict is not used, so no finding
    /// names one.
    case walkedLength(item: Int)
}

/// The constraints the solver adds for the root itself.
public enum RootPin: Int, Hashable, Sendable, Comparable {
    case x, y, width, height

    public static func < (a: RootPin, b: RootPin) -> Bool { a.rawValue < b.rawValue }
}

/// Why an IR constraint was left out of the solve.
public enum InvalidReason: String, Hashable, Sendable {
    /// An anchor names an item that does not exist.
    case unknownItem = "refers to an item that does not exist"
    /// The multiplier or constant is NaN, infinite or beyond 1e15.
    case nonFiniteNumber = "has a non-finite or out-of-range number"
    /// The priority is NaN or not positive.
    case invalidPriority = "has a priority that is not a positive number"
}

/// The largest magnitude a constant or multiplier may have; beyond it arithmetic loses all precision.
let largestMagnitude = 1e15

/// Reduces the IR's constraints (and the root pins) to linear rows; invalid ones are reported.
/// `including` picks the IR constraints to reduce by index (all by default; the others are left out).
func linearize(
    _ ir: ConstraintIR, width: Double?, height: Double?, including: (Int, IRConstraint) -> Bool = { _, _ in true }
) -> (constraints: [LinearConstraint], invalid: [(Int, InvalidReason)]) {
    guard !ir.items.isEmpty else {
        return ([], ir.constraints.indices.map { ($0, .unknownItem) })
    }
    var result = rootPins(width: width, height: height)
    var invalid: [(Int, InvalidReason)] = []
    var terms: [LinearTerm] = []
    for (index, constraint) in ir.constraints.enumerated() where including(index, constraint) {
        if let reason = invalidReason(constraint, items: ir.items.count) {
            invalid.append((index, reason))
            continue
        }
        result.append(linearized(constraint, index: index, terms: &terms))
    }
    return (result, invalid)
}

/// The root's placement at the origin and its requested size, as required rows.
func rootPins(width: Double?, height: Double?) -> [LinearConstraint] {
    var pins: [LinearConstraint] = []
    func pin(_ variable: FrameVariable, _ value: Double, _ which: RootPin) {
        let row = Row(constant: -value, terms: [(variable.symbol(of: 0), 1)])
        pins.append(LinearConstraint(expression: row, isEquality: true, priority: 1000, source: .rootPin(which)))
    }
    pin(.x, 0, .x)
    pin(.y, 0, .y)
    if let width, width.isFinite, abs(width) <= largestMagnitude { pin(.width, width, .width) }
    if let height, height.isFinite, abs(height) <= largestMagnitude { pin(.height, height, .height) }
    return pins
}

/// Why `constraint`, in an IR of `count` items, cannot be reduced to a row; nil when it can.
func invalidReason(_ constraint: IRConstraint, items count: Int) -> InvalidReason? {
    func known(_ anchor: Anchor) -> Bool { anchor.item.index >= 0 && anchor.item.index < count }
    func inRange(_ number: Double) -> Bool { number.isFinite && abs(number) <= largestMagnitude }
    guard known(constraint.first), constraint.second.map(known) ?? true else { return .unknownItem }
    guard inRange(constraint.constant), constraint.second == nil || inRange(constraint.multiplier) else { return .nonFiniteNumber }
    guard constraint.priority.isFinite || constraint.priority == .infinity, constraint.priority > 0 else { return .invalidPriority }
    return nil
}

/// The terms of `first - multiplier * second` over the anchors' variables, unsorted, in `terms`
/// (emptied first, its storage kept for the next constraint).
func frameTerms(of constraint: IRConstraint, into terms: inout [LinearTerm]) {
    terms.removeAll(keepingCapacity: true)
    func append(_ anchor: Anchor, times factor: Double) {
        let (first, second) = linearTerms(anchor)
        terms.append((first.symbol, factor * first.coefficient))
        if let second { terms.append((second.symbol, factor * second.coefficient)) }
    }
    append(constraint.first, times: 1)
    if let second = constraint.second { append(second, times: -constraint.multiplier) }
}

/// A valid constraint (`invalidReason` is nil), the IR's `index`th, as a row:
/// `first - multiplier * second - constant (relation) 0`. `terms`: scratch storage.
func linearized(_ constraint: IRConstraint, index: Int, terms: inout [LinearTerm]) -> LinearConstraint {
    frameTerms(of: constraint, into: &terms)
    var row = Row(constant: -constraint.constant, terms: terms)
    // a <= b  <=>  -(a - b) >= 0
    if constraint.relation == .lessThanOrEqual { row.scale(by: -1) }
    return LinearConstraint(
        expression: row, isEquality: constraint.relation == .equal,
        priority: min(constraint.priority, 1000), source: .constraint(index))
}

/// `constraints` with every required inequality `expr >= 0` written as `expr - slack == 0` over a
/// slack symbol of its own, numbered on from `first`; `count` of them.
func withSlacks(_ constraints: [LinearConstraint], from first: Int) -> (constraints: [LinearConstraint], count: Int) {
    var count = 0
    let result = constraints.map { constraint in
        guard !constraint.isEquality, constraint.priority >= 1000 else { return constraint }
        var written = constraint
        _ = written.expression.add(Row(constant: 0, terms: [(first + count, -1)]), times: 1)
        written.isEquality = true
        written.slack = first + count
        count += 1
        return written
    }
    return (result, count)
}
