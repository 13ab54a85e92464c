import StackIR

/// Required conflicts broken as UIKit breaks them, searched for inside the subtree where the
/// structured solver met them when that gives the same answers, then the layout without the broken
/// constraints solved by the structured solver rather than the general one.
///
/// UIKit's recovery (ConflictSearch) asks one question many times: can these required constraints
/// hold together? Over a whole axis each answer costs a tableau of the whole layout. When the
/// subtree at `node` meets the rest of the layout only through its position and length along the
/// axis, and the rest can give it any length, the constraints outside the subtree never change an
/// answer:
/// - every required constraint on the axis is either *local* (its variables all belong to the
///   subtree's items) or *outside* (no variable of the subtree but the node's position and length);
/// - the local constraints are unchanged by moving the whole subtree along the axis (positions enter
///   each one with coefficients summing to zero), so a local solution can be shifted to any position;
/// - the outside constraints, all read as homogeneous equalities, do not decide the node's length
///   (`e_length` is not in their row space), and they can all hold (checked at the end: the structured
///   solver solves the layout without the broken constraints, so everything else holds). Then for
///   every length there are outside solutions, for every subset of the outside constraints too.
/// So a set of required constraints can hold exactly when its local part can. The search over the
/// whole axis then only ever breaks local constraints and takes local members; and a local
/// constraint that shares no variable with the members inside the subtree (only through the outside)
/// cannot change an answer either, since what it joins is feasible without them. So the same search
/// (ConflictSearch) over the local constraints alone, in order, breaks the same constraints with the
/// same minimal sets, at the subtree's cost. Where the conditions fail (or the conflict is the root's),
/// it runs over the whole axis, as the general solver runs it.
///
/// Each axis with a conflict is searched once; conflicts on both axes are reported in the order of
/// their broken constraints, as one search over both axes reports them (the axes share no variable).
struct SubtreeConflicts {
    /// The solution: the structured solver's frames, the conflicts found, the broken constraints.
    var solution: LayoutSolution
    /// The structured solve of the layout without the broken constraints (for the report).
    var layout: StructuredLayout
    /// Per subtree searched: its node, the axis and how many required constraints decided the answers.
    var groups: [SubtreeConflictGroup]
    /// The conflicts found, in the order of their broken constraints.
    private var conflicts: [(broken: ConstraintSource, members: [ConstraintSource])] = []
    /// Whether the root's width and height were pinned: a pin is an outside constraint of every search.
    private var pinned = (width: false, height: false)

    /// Nil when the search breaks nothing, or the layout without the broken constraints is not the
    /// structured solver's (ambiguous, or declined for another reason); the caller then solves as before.
    init?(ir: ConstraintIR, width: Double?, height: Double?, first: FallbackReason) {
        // Some constraint relates the two axes: one search per axis would not be the whole search.
        for constraint in ir.constraints {
            if let second = constraint.second, Axis(second.attribute) != Axis(constraint.first.attribute) { return nil }
        }
        var reason = first
        // Per constraint of `ir`, whether a search broke it.
        var broken = [Bool](repeating: false, count: ir.constraints.count)
        var conflicts: [(broken: ConstraintSource, members: [ConstraintSource])] = []
        var groups: [SubtreeConflictGroup] = []
        while true {
            guard case .conflict(let node, let axis) = reason, !groups.contains(where: { $0.axis == axis }) else { return nil }
            guard let search = Self.search(ir, without: broken, width: width, height: height, node: node, axis: axis) else { return nil }
            conflicts += search.found
            groups.append(search.group)
            for found in search.found {
                if case .constraint(let index) = found.broken, broken.indices.contains(index) { broken[index] = true }
            }
            do throws(FallbackReason) {
                let layout = try StructuredLayout(ir: ir, without: broken)
                let frames = try layout.frames(width: width, height: height)
                conflicts.sort { $0.broken < $1.broken }
                self.conflicts = conflicts
                pinned = (width != nil, height != nil)
                self.layout = layout
                self.groups = groups
                solution = Self.withConflicts(frames, conflicts, ir: ir)
                return
            } catch {
                reason = error
            }
        }
    }

    /// `frames` of the layout without the broken constraints, with `conflicts` reported.
    private static func withConflicts(
        _ frames: LayoutSolution, _ conflicts: [(broken: ConstraintSource, members: [ConstraintSource])], ir: ConstraintIR
    ) -> LayoutSolution {
        var solution = frames
        solution.findings = conflicts.map { .conflict(members: $0.members, broken: $0.broken, ir: ir) } + solution.findings
        solution.brokenConstraints = conflicts.compactMap {
            if case .constraint(let index) = $0.broken { return index }
            return nil
        }.sorted()
        return solution
    }

    /// The layout at another root size with the same pins, when every search stayed inside its
    /// subtree: such a search reads the pins only as homogeneous outside constraints, so it breaks the
    /// same constraints at every size, and only the structured solve of the rest changes. Nil when a
    /// search ran over a whole axis (its answers may depend on the size), a pin appears or goes away,
    /// or the structured solver declines the rest at the new size.
    func resized(ir: ConstraintIR, width: Double?, height: Double?) -> LayoutSolution? {
        guard groups.allSatisfy({ $0.node != 0 }), pinned == (width != nil, height != nil),
              let frames = try? layout.frames(width: width, height: height) else { return nil }
        return Self.withConflicts(frames, conflicts, ir: ir)
    }

    /// UIKit's recovery on `axis` of `ir` without the constraints `broken` already: the conflicts in
    /// the order found (sources of `ir`), the subtree whose constraints decided the answers (the
    /// root: all of them) and how many those are; nil when nothing conflicts.
    static func search(_ ir: ConstraintIR, without broken: [Bool], width: Double?, height: Double?, node: Int, axis: Axis)
        -> (found: [(broken: ConstraintSource, members: [ConstraintSource])], group: SubtreeConflictGroup)? {
        // The axis's required constraints, as the general solver takes them (Solver's `axis`); the
        // search never looks at the optional ones.
        func onAxis(_ index: Int, _ constraint: IRConstraint) -> Bool {
            !broken[index] && constraint.isRequired && Axis(constraint.first.attribute) == axis
        }
        let local = localConstraints(ir, width: width, height: height, node: node, axis: axis, including: onAxis)
        let searched = local ?? linearize(ir, width: width, height: height, including: onAxis).constraints.filter { constraint in
            constraint.expression.symbols.allSatisfy { Axis(symbol: $0) == axis }
        }
        let found = ConflictSearch(constraints: searched, externals: ir.items.count * FrameVariable.perItem)
            .breakConflicts(among: Array(searched.indices))
        guard !found.isEmpty else { return nil }
        let group = SubtreeConflictGroup(node: local == nil ? 0 : node, axis: axis, constraints: searched.count)
        return (found.map { (searched[$0.broken].source, $0.members.map { searched[$0].source }) }, group)
    }

    /// The required constraints `including` picks that are local to the subtree at `node` (over the
    /// subtree's items only), as rows in the IR's order, when the conditions at the top of this file
    /// hold; nil when they do not (or the subtree is the whole layout).
    ///
    /// Every other constraint is outside, nearly the whole layout: each is read as terms only
    /// (`SparseRows`), and only those the free rows leave become rows (`lengthIsFree`).
    private static func localConstraints(
        _ ir: ConstraintIR, width: Double?, height: Double?, node: Int, axis: Axis, including: (Int, IRConstraint) -> Bool
    ) -> [LinearConstraint]? {
        let count = ir.items.count
        guard node > 0, node < count else { return nil }
        // The subtree's items: the node and what it owns, transitively (owners come first in the IR).
        var inside = [Bool](repeating: false, count: count)
        inside[node] = true
        for item in node + 1..<count {
            if let owner = ir.items[item].owner?.index, owner >= node, owner < item, inside[owner] { inside[item] = true }
        }
        let position = axis.position.symbol(of: node)
        let length = axis.length.symbol(of: node)
        var local: [LinearConstraint] = []
        // The outside constraints, all read as homogeneous equalities: the root's pins on this axis
        // (the root is outside), then the IR's in order.
        var outside = SparseRows()
        for pin in rootPins(width: width, height: height) where pin.expression.symbols.allSatisfy({ Axis(symbol: $0) == axis }) {
            outside.append(pin)
        }
        var terms: [LinearTerm] = []
        for (index, constraint) in ir.constraints.enumerated() where including(index, constraint) {
            guard invalidReason(constraint, items: count) == nil else { continue }
            frameTerms(of: constraint, into: &terms)
            // a <= b  <=>  -(a - b) >= 0, as `linearized` writes it.
            if constraint.relation == .lessThanOrEqual { for term in terms.indices { terms[term].coefficient = -terms[term].coefficient } }
            outside.append(terms, source: .constraint(index))
            let symbols = outside.symbols[outside.terms(outside.count - 1)]
            // A row without variables (`a.width == a.width + 5` in a hand-written IR) is nobody's.
            guard !symbols.isEmpty else { return nil }
            if symbols.allSatisfy({ inside[$0 / FrameVariable.perItem] }) {
                outside.removeLast()
                let row = linearized(constraint, index: index, terms: &terms)
                guard isTranslationInvariant(row.expression) else { return nil }
                local.append(row)
            } else if !symbols.allSatisfy({ !inside[$0 / FrameVariable.perItem] || $0 == position || $0 == length }) {
                // A constraint reaches into the subtree from outside (a user constraint, a baseline).
                return nil
            }
        }
        return lengthIsFree(length, under: outside, externals: count * FrameVariable.perItem) ? local : nil
    }

    /// Whether moving every position along the row's axis by the same amount leaves it unchanged.
    private static func isTranslationInvariant(_ row: Row) -> Bool {
        var shift = 0.0
        var scale = 0.0
        for (symbol, coefficient) in zip(row.symbols, row.coefficients) {
            let slot = symbol % FrameVariable.perItem
            guard slot != FrameVariable.width.rawValue, slot != FrameVariable.height.rawValue else { continue }
            shift += coefficient
            scale += abs(coefficient)
        }
        return abs(shift) <= 1e-12 * max(1, scale)
    }

    /// Whether homogeneous equalities `rows` leave `length` free: some solution of theirs moves it.
    private static func lengthIsFree(_ length: Int, under rows: SparseRows, externals: Int) -> Bool {
        let left = rows.withoutFreeRows(keeping: length, externals: externals)
        guard left.contains(where: { rows.symbols[rows.terms($0)].contains(length) }) else { return true }
        let elimination = Elimination(left.map(rows.constraint), externals: externals)
        var tableau = Tableau(externals: externals)
        for row in elimination.constraints where tableau.addRequired(row) == .infeasible { return false }
        var movable = MovableNonbasics(symbols: tableau.kinds.count)
        let eliminated = elimination.backSubstitute(
            value: { tableau.value(of: $0) }, movement: { tableau.movement(of: $0, movable: &movable) })
        return !(eliminated.decided[length] ?? !tableau.canMove(length, movable: &movable))
    }
}

/// One subtree whose required conflicts were searched inside it (SubtreeConflicts.swift).
public struct SubtreeConflictGroup: Hashable, Sendable {
    /// The subtree's root (an IR item); 0, the root, when the search took the whole axis.
    public var node: Int
    public var axis: Axis
    /// How many required constraints decided the search's answers: the subtree's own.
    public var constraints: Int
}

