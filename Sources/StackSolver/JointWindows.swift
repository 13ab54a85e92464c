import StackIR

// A joint problem enters each hanging unit's cost function by a window of its pieces around where the
// unit's length is expected (JointGroup.swift). The functions, the constraints kept as written and the
// bundles do not depend on where the windows are, so a kept solve whose answer leaves its windows
// (KeptSolve.swift) enters new ones from the same entries, around its answer (or the last one, where
// the move cannot be made inside them), instead of solving the layout afresh.

/// How many pieces of each cost function a joint solve enters at first on each side of where the
/// stacks alone put the unit's length. Most lengths move little from there, so the joint problem stays
/// small; an answer that reaches the end of a window is solved again with wider ones (`jointSolve`).
/// Task-local so that tests can change it.
enum JointWindow {
    @TaskLocal static var pieces = 1
    /// The same for a solve kept for resizes (KeptSolve.swift): wider windows keep the lengths of
    /// nearby root sizes inside them, at a first solve that grows with the pieces entered.
    @TaskLocal static var keptPieces = 16
}

/// How a joint solve's windows grow over its rounds (`jointRounds`): the pieces each way, and how many
/// times they widened and moved.
struct WindowGrowth {
    /// How many times a round widens only the windows whose lengths reached an end
    /// (`JointPart.moveWindows`), before every window widens.
    static let spreads = 4

    var window: Int?
    var widenings = 0
    var moves = 0
    var spreads = 0

    /// Every window four times wider; past 64 pieces, all of them.
    mutating func widen() {
        window = window.flatMap { $0 < 64 ? 4 * $0 : nil }
        widenings += 1
    }

    /// The round's window, for the windows whose lengths reached an end to widen from, counted as a
    /// widening; nil past `spreads` of them, or with every piece.
    mutating func spread() -> Int? {
        guard let window, spreads < Self.spreads else { return nil }
        (spreads, widenings) = (spreads + 1, widenings + 1)
        return window
    }
}

/// A bundle's function (JointBundles.swift) as a joint problem enters it: the unit that names its
/// row, the linear form of the length it is a function of, and its pieces in ascending order.
struct JointEntry {
    var root: Int
    var function: CostFunction
    var form: [LinearTerm]
    var start: Double
    var ascending: [(end: Double, slope: Slope)]

    /// Where to enter the pieces from: `length` (nil: the function's anchor) within the function's domain.
    func centre(near length: Double?, axis: Axis) throws(JointDecline) -> Double {
        let centre = min(max(start, length ?? function.anchor), ascending.last?.end ?? start)
        // No finite place to start from: the stacks alone leave its length open.
        guard centre.isFinite else { throw .stacksAlone(.ambiguous(node: root, axis: axis)) }
        return centre
    }
}

extension JointProblem {
    /// `kept`'s problem with its windows of `window` pieces each way (per entry, `spans` where given)
    /// entered around `centres` (per entry, a length), at root size `width` x `height`, without hubs:
    /// what a kept solve whose answer left its windows solves next, and a round whose windows were
    /// moved to where a relaxation or the last answer put the lengths (`jointRounds`).
    init(recentring kept: JointProblem, centres: [Double], shape: JointShape, model: StructuredModel, width: Double?,
         height: Double?, axis: Axis, window: Int? = JointWindow.keptPieces, spans: [Int]? = nil) throws(JointDecline) {
        (merges, leader, placed, placedAcross) = (kept.merges, kept.leader, kept.placed, kept.placedAcross)
        (entries, written) = (kept.entries, kept.written.map { $0.pinned(width: width, height: height) })
        try enterWindows(
            centres: centres, window: window, spans: spans, hubs: [], shape: shape, model: model, width: width,
            height: height, axis: axis)
    }

    /// Enters each entry's pieces around its centre (`JointEntry.centre`), at most
    /// `window` each way (all when nil), or as many as the entry's `spans` says, then the stacks' gap rows, the pins' parameters (the root's,
    /// then each hub's at its length) and the constraints as written.
    mutating func enterWindows(
        centres: [Double], window: Int?, spans: [Int]? = nil, hubs pins: [(hub: Int, length: Double)], shape: JointShape, model: StructuredModel,
        width: Double?, height: Double?, axis: Axis
    ) throws(JointDecline) {
        let externals = shape.unit.count * FrameVariable.perItem
        for (index, (entry, wanted)) in zip(entries, centres).enumerated() {
            let centre = try entry.centre(near: wanted, axis: axis)
            var terms = entry.form
            let (low, high) = enterPieces(
                of: entry, centre: centre, window: window.map { max(spans?[index] ?? $0, $0) }, externals: externals, terms: &terms)
            if high != nil || low != nil { windows.append((index, entry.form, low, high)) }
            constraints.append(LinearConstraint(
                expression: Row(constant: -centre, terms: terms), isEquality: true, priority: 1000,
                source: .costFunction(item: entry.root)))
        }
        constraints += shape.gapBounds(model: model, axis: axis) + shape.equalRunLengths(model: model, axis: axis)
        var written = written
        if let root = addParameter(to: &written, axis: axis, width: width, height: height, symbol: externals + pieces) {
            parameters.append(root)
        }
        for pin in pins {
            parameters.append(addWalkedPin(
                to: &written, item: pin.hub, axis: axis, length: pin.length, symbol: externals + pieces + parameters.count))
            hubs.append(pin.hub)
        }
        // The pieces' rows go in first: each has its length to solve for, and so the rows as written
        // find more of their subjects already placed (fewer phase-one searches; nested spread at
        // N = 10,000: 21 s -> 6.5 s). The tie rule follows IR order, not this one.
        constraints += written
        let placed = placed, leader = leader
        solved = (0..<shape.unit.count).map { item in
            let unit = shape.unit[item]
            guard shape.gapUnit[item] < 0, !placed[item] else { return false }
            return unit < 0 || (shape.units[unit].count == 1 && shape.units[unit][0] == item && leader[item] < 0)
        }
        solving = solved
        for gaps in shape.gaps { if let first = gaps.first { solving[first] = true } }
        numbering = JointNumbering(
            count: shape.unit.count, constraints: constraints, kept: solving,
            forms: interface(of: shape, axis: axis).flatMap { $0 })
    }

    /// Enters `entry`'s pieces outwards from `centre`, at most `window` each way (all when nil), as
    /// restricted symbols after `externals` that `terms` adds rightwards and subtracts leftwards.
    /// Returns the ends of the window where pieces were left out.
    private mutating func enterPieces(
        of entry: JointEntry, centre: Double, window: Int?, externals: Int, terms: inout [LinearTerm]
    ) -> (low: Double?, high: Double?) {
        let (ascending, start) = (entry.ascending, entry.start)
        // Rightwards the cost grows at the slope; leftwards (outwards) at minus the slope. With a
        // window, only its first pieces each way: the length cannot leave them (see `insideWindows`).
        let limit = window ?? Int.max
        // Each piece with how wide it may grow outwards up to the domain's end, for `openingWindows`.
        let domainEnd = ascending.last?.end ?? start
        var right: [(width: Double, end: Double, slope: Slope, toDomainEnd: Double)] = []
        for (k, piece) in ascending.enumerated() where piece.end > centre && right.count <= limit {
            let from = max(k == 0 ? start : ascending[k - 1].end, centre)
            if piece.end - from > 0 { right.append((piece.end - from, piece.end, piece.slope, domainEnd - from)) }
        }
        var left: [(width: Double, end: Double, slope: Slope, toDomainEnd: Double)] = []
        for k in ascending.indices.reversed() where left.count <= limit {
            let from = k == 0 ? start : ascending[k - 1].end
            let to = min(ascending[k].end, centre)
            if to - from > 0 { left.append((to - from, from, ascending[k].slope, to - start)) }
        }
        let cutRight = right.count > limit, cutLeft = left.count > limit
        let high = cutRight ? right[limit - 1].end : nil
        let low = cutLeft ? left[limit - 1].end : nil
        for (sign, side, cut) in [(1.0, right, cutRight), (-1.0, left, cutLeft)] {
            for (k, piece) in side.prefix(limit).enumerated() {
                let symbol = externals + pieces
                pieces += 1
                terms.append((symbol, -sign))
                if piece.width.isFinite {
                    if cut && k == limit - 1 { windowEnds.append((constraints.count, piece.toDomainEnd)) }
                    constraints.append(LinearConstraint(
                        expression: Row(constant: piece.width, terms: [(symbol, -1)]), isEquality: false, priority: 1000,
                        source: .costFunction(item: entry.root)))
                }
                for i in 0..<Int(piece.slope.levels.count) {
                    let term = piece.slope.levels.term(i, entry.function.extra)
                    costs.append(LevelCost(priority: term.priority, symbol: symbol, coefficient: sign * term.coefficient))
                }
                if let tie = piece.slope.tie {
                    tieCosts.append(TieCost(
                        priority: tie.priority, index: tie.index, symbol: symbol, coefficient: sign * piece.slope.tieSign))
                }
            }
        }
        return (low, high)
    }

    /// Each entry's length, by `value` per symbol.
    func lengths(_ value: (Int) -> Double) -> [Double] {
        entries.map { entry in entry.form.reduce(0) { $0 + $1.coefficient * value($1.symbol) } }
    }

    /// Each entry's length in `solution`'s frames.
    func lengths(in solution: LayoutSolution) -> [Double] {
        lengths { symbol in
            let frame = solution.frames[symbol / FrameVariable.perItem]
            return switch FrameVariable(rawValue: symbol % FrameVariable.perItem) {
            case .x: frame.x
            case .y: frame.y
            case .width: frame.width
            case .height: frame.height
            default: 0
            }
        }
    }

    /// Whether every windowed unit's length is strictly inside its window. Then the answer is the one
    /// with every piece: each priority level and each tie step is a convex problem, whose optimum over
    /// the window is, away from the window's ends, a local and so a global optimum over everything. At
    /// an end the pieces beyond might do better, and the caller solves again with wider windows.
    func insideWindows(_ value: (Int) -> Double) -> Bool {
        windows.allSatisfy { Self.inside($0, value) }
    }

    private static func inside(
        _ window: (entry: Int, length: [LinearTerm], low: Double?, high: Double?), _ value: (Int) -> Double
    ) -> Bool {
        let length = window.length.reduce(0) { $0 + $1.coefficient * value($1.symbol) }
        func away(from end: Double?) -> Bool {
            guard let end else { return true }
            return abs(length - end) > 1e-7 * max(1, abs(end))
        }
        return away(from: window.low) && away(from: window.high)
    }

    /// Per entry, whether its length is at an end of its window, where `insideWindows` fails.
    func atWindowEnds(_ value: (Int) -> Double) -> [Bool] {
        var ends = [Bool](repeating: false, count: entries.count)
        for window in windows where !Self.inside(window, value) { ends[window.entry] = true }
        return ends
    }

    /// This problem with each window's last piece grown to its function's domain end (`windowEnds`),
    /// at the piece's slope: a relaxation of the problem with every piece, over the same lengths, whose
    /// costs beyond the windows are no higher (a convex function's slopes only grow outwards). So it
    /// answers whether the required rows can hold at all: a conflict in it is one with every piece,
    /// not one with the windows' ends; and solved to optimality, it puts the lengths where they can
    /// go, inside their domains (`relaxedLengths`).
    func openingWindows() -> JointProblem {
        var open = self
        var kept = [Bool](repeating: true, count: constraints.count)
        for end in windowEnds {
            if end.toDomainEnd.isFinite {
                open.constraints[end.constraint].expression.constant = end.toDomainEnd
            } else {
                kept[end.constraint] = false
            }
        }
        open.constraints = open.constraints.indices.filter { kept[$0] }.map { open.constraints[$0] }
        open.windowEnds = []
        return open
    }
}

extension LinearConstraint {
    /// A root pin's row at root size `width` x `height` (`rootPins`); any other row unchanged.
    func pinned(width: Double?, height: Double?) -> LinearConstraint {
        let value: Double?
        switch source {
        case .rootPin(.width): value = width
        case .rootPin(.height): value = height
        default: return self
        }
        guard let value else { return self }
        var pin = self
        pin.expression.constant = -value
        return pin
    }
}

/// Where `problem` (of the parts' `problems`, joined when more than one) with its windows' last pieces
/// grown to their domains' ends (`openingWindows`, a relaxation) puts each part's entries' lengths at
/// its levels' optimum: where a joint solve whose windows conflict moves them (`jointRounds`). Nil
/// where it stops at its limit.
/// Throws `.conflict` where the relaxation conflicts too: then so does the problem with every piece,
/// whatever the windows, and the group declines at once rather than widening to every piece first.
func relaxedLengths(_ problem: JointProblem, of problems: [JointProblem], ir: ConstraintIR) throws(JointDecline)
    -> [[Double]]? {
    var relaxed = problem.openingWindows().solver(ir)
    guard !relaxed.conflicted else { throw .conflict }
    relaxed.minimiseLevelSums()
    guard !relaxed.tableau.hitPivotLimit else { return nil }
    let value = problem.values(in: relaxed)
    return problems.map { $0.lengths(value) }
}
