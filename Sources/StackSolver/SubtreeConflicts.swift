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
        var kept = Array(ir.constraints.indices)
        var conflicts: [(broken: ConstraintSource, members: [ConstraintSource])] = []
        var groups: [SubtreeConflictGroup] = []
        while true {
            guard case .conflict(let node, let axis) = reason, !groups.contains(where: { $0.axis == axis }) else { return nil }
            var current = ir
            if kept.count < ir.constraints.count { current.constraints = kept.map { ir.constraints[$0] } }
            guard let search = Self.search(current, width: width, height: height, node: node, axis: axis) else { return nil }
            // Sources in `current` back to `ir`'s indices.
            func original(_ source: ConstraintSource) -> ConstraintSource {
                if case .constraint(let index) = source { return .constraint(kept[index]) }
                return source
            }
            conflicts += search.found.map { (original($0.broken), $0.members.map(original)) }
            groups.append(search.group)
            // Per constraint of `current`, whether the search broke it.
            var broken = [Bool](repeating: false, count: kept.count)
            for found in search.found {
                if case .constraint(let index) = found.broken, broken.indices.contains(index) { broken[index] = true }
            }
            kept = kept.indices.filter { !broken[$0] }.map { kept[$0] }
            var remaining = ir
            remaining.constraints = kept.map { ir.constraints[$0] }
            do throws(FallbackReason) {
                let layout = try StructuredLayout(ir: remaining)
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

    /// UIKit's recovery on `axis` of `ir`: the conflicts in the order found (sources of `ir`), the
    /// subtree whose constraints decided the answers (the root: all of them) and how many those
    /// are; nil when nothing conflicts.
    private static func search(_ ir: ConstraintIR, width: Double?, height: Double?, node: Int, axis: Axis)
        -> (found: [(broken: ConstraintSource, members: [ConstraintSource])], group: SubtreeConflictGroup)? {
        let externals = ir.items.count * FrameVariable.perItem
        // The axis's required constraints, as the general solver takes them (Solver's `axis`); the
        // search never looks at the optional ones.
        var all = linearize(ir, width: width, height: height, including: { $0.isRequired && Axis($0.first.attribute) == axis }).constraints
        all.removeAll { constraint in constraint.expression.symbols.contains { Axis(symbol: $0) != axis } }
        let local = localConstraints(all, ir: ir, node: node, axis: axis)
        let searched = local.map { mask in all.indices.filter { mask[$0] } } ?? Array(all.indices)
        let found = ConflictSearch(constraints: all, externals: externals).breakConflicts(among: searched)
        guard !found.isEmpty else { return nil }
        let group = SubtreeConflictGroup(node: local == nil ? 0 : node, axis: axis, constraints: searched.count)
        return (found.map { (all[$0.broken].source, $0.members.map { all[$0].source }) }, group)
    }

    /// Per constraint of `all` (required, on one axis), whether it is local to the subtree at `node`
    /// (over the subtree's items only), when the conditions at the top of this file hold; nil when
    /// they do not (or the subtree is the whole layout).
    private static func localConstraints(_ all: [LinearConstraint], ir: ConstraintIR, node: Int, axis: Axis) -> [Bool]? {
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
        var local = [Bool](repeating: false, count: all.count)
        var outside: [LinearConstraint] = []
        outside.reserveCapacity(all.count)
        // By index: `enumerated()` copies every constraint (a retain and a release of its arrays).
        for index in all.indices {
            let symbols = all[index].expression.symbols
            // A row without variables (`a.width == a.width + 5` in a hand-written IR) is nobody's.
            guard !symbols.isEmpty else { return nil }
            if symbols.allSatisfy({ inside[$0 / FrameVariable.perItem] }) {
                guard isTranslationInvariant(all[index].expression) else { return nil }
                local[index] = true
            } else if symbols.allSatisfy({ !inside[$0 / FrameVariable.perItem] || $0 == position || $0 == length }) {
                // The same terms (a row's are sorted and none is near zero) with the constant 0: the
                // arrays are shared, not built again.
                var homogeneous = all[index]
                homogeneous.expression.constant = 0
                homogeneous.isEquality = true
                outside.append(homogeneous)
            } else {
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
    private static func lengthIsFree(_ length: Int, under rows: [LinearConstraint], externals: Int) -> Bool {
        let rows = withoutFreeRows(rows, keeping: length, externals: externals)
        guard rows.contains(where: { $0.expression.symbols.contains(length) }) else { return true }
        let elimination = Elimination(rows, externals: externals)
        var tableau = Tableau(externals: externals)
        for row in elimination.constraints where tableau.addRequired(row) == .infeasible { return false }
        var movable = MovableNonbasics(symbols: tableau.kinds.count)
        let eliminated = elimination.backSubstitute(
            value: { tableau.value(of: $0) }, movement: { tableau.movement(of: $0, movable: &movable) })
        return !(eliminated.decided[length] ?? !tableau.canMove(length, movable: &movable))
    }
}

extension SubtreeConflicts {
    /// `rows` (homogeneous equalities) without those that decide nothing about the variables left.
    ///
    /// A row with a variable that no other row mentions (a label's height in its column's chain)
    /// holds whatever the row's other variables are, by choosing that one: dropping it leaves the
    /// other variables' solutions as they were. Dropping a row can leave another such variable, so
    /// rows go until none is left (`kept` never counts as one). A stack's outside rows nearly all go
    /// this way, in time linear in their size, and only what is left is eliminated. A variable tiny
    /// next to its row's others (Elimination.swift does not divide by it either) does not drop its
    /// row: the elimination judges that row as it judges every row.
    static func withoutFreeRows(_ rows: [LinearConstraint], keeping kept: Int, externals: Int) -> [LinearConstraint] {
        // Per symbol, the rows that mention it: `rowsOf[start[s]..<start[s + 1]]`.
        var start = [Int](repeating: 0, count: externals + 1)
        for row in rows {
            for symbol in row.expression.symbols where symbol < externals { start[symbol + 1] += 1 }
        }
        for symbol in 0..<externals { start[symbol + 1] += start[symbol] }
        var uses = (0..<externals).map { start[$0 + 1] - start[$0] }
        var fill = start
        var rowsOf = [Int](repeating: 0, count: start[externals])
        for (index, row) in rows.enumerated() {
            for symbol in row.expression.symbols where symbol < externals {
                rowsOf[fill[symbol]] = index
                fill[symbol] += 1
            }
        }
        var alive = [Bool](repeating: true, count: rows.count)
        var queue = (0..<externals).filter { uses[$0] == 1 && $0 != kept }
        while let symbol = queue.popLast() {
            guard uses[symbol] == 1, let index = rowsOf[start[symbol]..<start[symbol + 1]].first(where: { alive[$0] }) else { continue }
            let expression = rows[index].expression
            guard expression.symbols.allSatisfy({ $0 < externals }),
                  let position = expression.symbols.firstIndex(of: symbol) else { continue }
            let largest = expression.coefficients.reduce(0) { max($0, abs($1)) }
            guard abs(expression.coefficients[position]) >= 1e-3 * largest else { continue }
            alive[index] = false
            for other in expression.symbols {
                uses[other] -= 1
                if uses[other] == 1 && other != kept { queue.append(other) }
            }
        }
        return rows.indices.filter { alive[$0] }.map { rows[$0] }
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

