// Degenerate steps of the primal simplex (`Tableau.optimize`).
//
// A step whose ratio test is 0 moves no value: the vertex stays where it is and only the basis
// changes. Any improving symbol may take such a step, and which one does not change the optimal face
// the objective ends on, only the basis it ends in (the stages read the face, not the basis). It does
// change what the step writes: the entering symbol's row goes into every row that mentions it. In an
// equalCentering row of labels with a view of no size, the largest cost at such a vertex belongs to a
// symbol that every gap row mentions, and each of those steps writes into all of them: at 3,000
// labels, half the pivots of the gaps' level, and nearly all the terms the solve writes. So where the
// largest cost's step would move nothing through a long column, the improving symbol that the fewest
// rows mention steps instead, when its column is shorter; while the same symbol keeps the largest
// cost and the row that blocked it still does, its column is not read again (the ratio test reads
// every row that mentions it, as long as the row of labels). Dantzig's rule still chooses every step
// that moves, and Bland's rule, after `SolverLimits.stallsBeforeBland` steps that do not move, still
// rules out cycling.

/// How many rows a degenerate step's entering symbol may be mentioned by before a sparser improving
/// symbol is looked for: below that, the look costs more than the step writes.
enum DegenerateSteps {
    static let denseColumn = 64
    /// Whether a sparser symbol steps; task-local so that tests can solve without and compare.
    @TaskLocal static var sparser = true

    /// The last symbol of the largest cost whose step moved nothing through a long column: the
    /// row that blocked it and how many rows mention it. While Dantzig's rule keeps choosing it and
    /// that row still blocks it, its column is not read again.
    typealias Blocked = (symbol: Int, slot: Int, rows: Int)
}

extension Tableau {
    /// A step of the primal simplex: the row that leaves (`slot`, -1 when none bounds the entering
    /// symbol), after how long a move (`ratio`), and the rows that mention the entering symbol.
    struct Step {
        var slot: Int
        var ratio: Double
        var column: [(slot: Int, coefficient: Double)]
    }

    /// The ratio test for `entering` moving in `direction` (1 grows, -1 falls): the restricted basic
    /// symbol that the move brings to zero first, the lowest id among the tightest.
    mutating func ratioTest(_ entering: Int, direction: Double) -> Step {
        var step = Step(slot: -1, ratio: .infinity, column: rowsContaining(entering))
        var bestBasic = Int.max
        for (slot, coefficient) in step.column {
            let basic = basicOf[slot]
            guard kinds[basic] != .external else { continue }
            // Restricted basic r = k + a * entering + ... reaches zero after a move of k / -(a * direction).
            let rate = coefficient * direction
            guard rate < -tolerance else { continue }
            let ratio = max(0, rows[slot].constant) / -rate
            if ratio < step.ratio - tolerance || (ratio <= step.ratio + tolerance && basic < bestBasic) {
                step.ratio = min(ratio, step.ratio)
                step.slot = slot
                bestBasic = basic
            }
        }
        return step
    }

    /// For a degenerate step through a column of `count` rows, the improving symbol of `costs` that
    /// the fewest rows mention and its step, when that column is shorter and a row bounds the move;
    /// else nil.
    mutating func sparserStep(than count: Int, costs: ReducedCosts) -> (symbol: Int, direction: Double, step: Step)? {
        guard DegenerateSteps.sparser, count > DegenerateSteps.denseColumn,
              let sparser = costs.sparsestImproving(fewerThan: count, rows: { columns[$0].count }) else { return nil }
        let other = ratioTest(sparser.symbol, direction: sparser.direction)
        guard other.slot >= 0, other.column.count < count else { return nil }
        return (sparser.symbol, sparser.direction, other)
    }

    /// `sparserStep` for `entering` again, without reading its column, where the row that blocked it
    /// last (`blocked`) still holds its move at 0: its step would move nothing again. Nil otherwise,
    /// and the ratio test reads the column.
    mutating func sparserStepPast(
        _ blocked: DegenerateSteps.Blocked?, entering: Int, direction: Double, costs: ReducedCosts
    ) -> (symbol: Int, direction: Double, step: Step)? {
        guard let blocked, blocked.symbol == entering, basicOf[blocked.slot] >= 0, kinds[basicOf[blocked.slot]] != .external
        else { return nil }
        let rate = rows[blocked.slot].coefficient(of: entering) * direction
        guard rate < -tolerance, max(0, rows[blocked.slot].constant) / -rate <= tolerance else { return nil }
        return sparserStep(than: blocked.rows, costs: costs)
    }
}
