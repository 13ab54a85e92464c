// Frame variables' rows sit out the optimisation (`Solver.minimiseLevelSums` to `breakTies`).
//
// A basic frame variable's row only reports its value: no ratio test reads it (a frame variable has
// no sign to keep), no objective mentions it, and no row mentions the variable while it is basic.
// Yet each pivot rewrites every row that mentions the entering symbol, and the row of a stack's
// length, the sum of its items' lengths, mentions every item's error symbols: in a
// fillProportionally row of 1,000 labels with 1% of them in user constraints (the `stretched`
// workload), the substitutions read and wrote 4.1e7 terms of frame variables' rows, and 1.5e6 with
// those rows set aside (1.27 s -> 0.89 s, the same 2,802 pivots). So, while the priority levels and
// ties are optimised, those rows are set aside as they stand, and each comes back afterwards
// written out afresh over the basis of then. A row set aside is an identity of the constraints (the
// variable equals its row's form wherever they hold), so it stays true while the basis changes, and
// writing it over today's basis gives the row the pivots would have kept.
//
// A row added meanwhile (a priority level's optional rows go in as the level comes, Solver.swift)
// reads a set-aside variable through its row, an identity over the basis of when it was set aside,
// and `add` then writes the result over today's basis: so no row mentions a set-aside variable.
//
// A question asked of the optimal face after the solve (HiddenMovements.swift, OptimalFace.swift) is
// an optimisation on a copy of the tableau, and it sets those rows aside the same way: its pivots walk
// the face, often many of them at a degenerate vertex, and none of them needs a frame variable's row.
//
// A restricted row that holds the same sum (an equalCentering stack's `length == 0` at 49) still
// takes every pivot: its symbol keeps its sign, so the ratio tests need it.

extension Tableau {
    /// Sets every basic frame variable's row aside (`restoreParked` brings them back). Until then
    /// those rows take no pivots (a frame variable that enters the basis meanwhile gets a row of its
    /// own in the tableau); `add` reads a set-aside variable through its row (`throughParked`), and
    /// so does `value(of:)`.
    mutating func parkExternalRows() {
        for slot in rows.indices where basicOf[slot] >= 0 && kinds[basicOf[slot]] == .external {
            let basic = basicOf[slot]
            if parkedIndex.isEmpty { parkedIndex = [Int](repeating: -1, count: kinds.count) }
            parkedIndex[basic] = parked.count
            parked.append((basic, removeRow(at: slot)))
        }
    }

    /// `expression` with every set-aside variable replaced by its row.
    func throughParked(_ expression: Row) -> Row {
        func isParked(_ symbol: Int) -> Bool { symbol < parkedIndex.count && parkedIndex[symbol] >= 0 }
        // Most rows mention no set-aside variable: those are not written again.
        guard expression.symbols.contains(where: isParked) else { return expression }
        return expression.replacing { symbol in
            symbol < parkedIndex.count && parkedIndex[symbol] >= 0 ? parked[parkedIndex[symbol]].row : nil
        }
    }

    /// `optimize`, with the frame variables' rows set aside for its pivots (`objective` mentions no
    /// basic frame variable). `restoring`: brings them back afterwards, for reading values; without
    /// it the tableau is left with them aside, for a caller that reads only the objective.
    mutating func optimizeAside(_ objective: inout Row, restoring: Bool) -> Bool {
        guard SolverLimits.parksFrameRows else { return optimize(&objective) }
        parkExternalRows()
        let optimal = optimize(&objective)
        if restoring { restoreParked() }
        return optimal
    }

    /// Brings back the rows `parkExternalRows` set aside, each written over the current basis, in the
    /// order they were set aside.
    mutating func restoreParked() {
        let rowsAside = parked
        parked = []
        parkedIndex = []
        for (basic, row) in rowsAside {
            _ = insertRow(substituted(row), basic: basic)
        }
    }
}
