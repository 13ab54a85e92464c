// An objective the current point already meets.
//
// A priority level's objective is a positive sum of slack and error symbols, each at least 0. Where
// every one of them is 0 already, the point is optimal and the level's optimal face is exactly "each
// of them is 0": no pivot can lower the sum, and freezing them at 0 narrows the face to it. The
// simplex would still pivot until no symbol looks improving, and at such a degenerate vertex its
// first entering symbol is the one that most rows mention (the largest cost): in an equalCentering
// stack of views with no height, the first gap's length, which every gap equality mentions, entering
// by the only row that bounds it, the stack's length, long as the stack. That one pivot moves nothing
// and writes the stack's row into every gap's row, the square of the stack.
//
// So an objective met at the current point is held there without the simplex: each of its symbols
// that is basic (at 0) leaves its row for the row's symbol that the fewest rows mention (Markowitz's
// rule; a pivot on a row at 0 moves no value, so any symbol may enter and the tableau stays
// feasible; a symbol within `tolerance` of 0 is put at exactly 0 first), and then all of them,
// nonbasic, are frozen. The face is the same as the simplex's, and the level's objective, written
// over the new basis, costs only frozen symbols, positively: an optimal stage for a kept solve's dual
// simplex (Stages.swift).
//
// An objective that reaches 0 while the simplex runs is met from then on, and every step the simplex
// would still take moves nothing: many of them at a degenerate vertex, in an equalCentering row of
// labels with a view of no size. So the simplex stops there (`Tableau.optimize` with `stopAtZero`)
// and the objective is held the same way. A hold that gives up may have pivoted first, so the
// simplex goes on from the objective written over the basis of then, never from the one before.

enum MetObjective {
    /// Whether a met objective is held without the simplex; task-local so that tests can solve with
    /// the simplex alone and compare.
    @TaskLocal static var holds = true
    /// The least coefficient a symbol enters a row by here: dividing the row by a smaller one would
    /// write coefficients past a million times the row's into every row that mentions the symbol.
    static let smallestPivot = 1e-6
}

extension Tableau {
    /// Whether `objective` (symbol, weight) weighs only slack and error symbols, positively, and met
    /// objectives are held (`MetObjective.holds`): its least value is 0, and it is met once it is 0.
    func isPositiveSum(_ objective: [(Int, Double)]) -> Bool {
        MetObjective.holds && !objective.isEmpty
            && objective.allSatisfy { (symbol, weight) in weight > 0 && (kinds[symbol] == .slack || kinds[symbol] == .error) }
    }

    /// Where `objective` (symbol, weight) weighs only slack and error symbols, positively, and each is at 0
    /// now, makes them nonbasic and frozen and returns true. Returns false where that does not apply,
    /// having changed at most the basis (by pivots that move nothing): a row of one of them where only
    /// frozen symbols and other symbols of `objective` could enter, or a pivot past the term or work limit.
    mutating func holdMetObjective(_ objective: [(Int, Double)]) -> Bool {
        guard isPositiveSum(objective), objective.allSatisfy({ abs(value(of: $0.0)) <= tolerance }) else { return false }
        let costed = objective.map(\.0).sorted()
        func isCosted(_ symbol: Int) -> Bool {
            var (low, high) = (0, costed.count)
            while low < high {
                let middle = (low + high) / 2
                if costed[middle] < symbol { low = middle + 1 } else { high = middle }
            }
            return low < costed.count && costed[low] == symbol
        }
        for (symbol, _) in objective {
            let slot = slotOf[symbol]
            guard slot >= 0 else { continue }
            var entering = -1
            var fewest = Int.max
            for (candidate, coefficient) in zip(rows[slot].symbols, rows[slot].coefficients)
            where abs(coefficient) > MetObjective.smallestPivot && !frozen[candidate] && !isCosted(candidate) {
                switch kinds[candidate] {
                case .external, .slack, .error:
                    // Symbols ascend in a row: the lowest id among equals.
                    if columns[candidate].count < fewest { (entering, fewest) = (candidate, columns[candidate].count) }
                case .parameter, .artificial:
                    continue
                }
            }
            guard entering >= 0 else {
                // Frozen symbols only: the row holds the symbol at 0 on the face already. An unfrozen
                // symbol of `objective` would leave a cost of the objective negative, and one below
                // `smallestPivot` is left to the simplex too.
                if rows[slot].symbols.contains(where: { !frozen[$0] }) { return false }
                continue
            }
            let fill = fewest * rows[slot].symbols.count
            guard terms + fill <= termLimit, written + fill <= workLimit else { return false }
            settleAtZero(symbol)
            pivot(entering: entering, slot: slot)
        }
        for (symbol, _) in objective where slotOf[symbol] < 0 { freeze(symbol) }
        return true
    }
}
