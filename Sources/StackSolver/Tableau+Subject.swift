// Which symbol a new row is solved for (`Tableau.add`): the choice keeps rows short, and the
// tableau feasible.

extension Tableau {
    /// The symbol to solve `row` (a new row, its constant nonnegative) for, nil when phase one must
    /// add it: an external symbol if it has one, unless that would write more than `subjectFill`
    /// terms into the rows that mention it (then `marker` or `other`, as below, where they can take
    /// it) or a restricted row mentions it (then as below, without it). Else, for a required equality
    /// at zero (no `marker`: a row elimination merged, as `gap2.height == gap1.height` becomes
    /// `slack2 == slack1`), any restricted symbol, which is then basic at zero, so no value moves and
    /// no phase one runs; else `marker` or `other` (fresh restricted symbols of this constraint) if
    /// that keeps the tableau feasible.
    ///
    /// Among candidates of a kind, the one fewest rows mention, now and in the solve (`mentions`): its
    /// definition then fills in the fewest rows, so a chain of equalities added in order stays a set
    /// of short rows instead of rows that each grow with the chain (Markowitz's rule). Among equals,
    /// the highest id: IR order follows the arranged order, so that is the symbol furthest along a
    /// chain, which a stack's long row is best solved for (an item's length there would carry the
    /// long row into every row its own constraints add later).
    mutating func subject(of row: Row, marker: Int?, other: Int?) -> Int? {
        func sparsest(_ eligible: (Int) -> Bool) -> Int? {
            var best: Int?
            var bestRows = Int.max
            for symbol in row.symbols where eligible(symbol) {
                let rows = columns[symbol].count + (symbol < mentions.count ? mentions[symbol] : 0)
                if rows <= bestRows { (best, bestRows) = (symbol, rows) }
            }
            return best
        }
        // A fresh restricted symbol of this constraint can take the row where its coefficient is
        // negative: its value is then the row's nonnegative constant over the coefficient.
        let own = [marker, other].compactMap { $0 }.first { row.coefficient(of: $0) < 0 }
        if let external = sparsest({ kinds[$0] == .external }) {
            // Solved for the external, the row would fill in every row that mentions it (a length
            // every share or gap of a stack is measured against): the constraint's own restricted
            // symbol takes the row instead, and no other row changes.
            if let own, columns[external].count * (row.symbols.count - 1) > subjectFill { return own }
            // A restricted row mentions the external when an earlier row went to its own symbol
            // instead (so kiwi's invariant, that no restricted row mentions a nonbasic external,
            // does not hold here): the external's new value would move that row's constant, maybe
            // below zero. Phase one moves it by pivots that keep every row feasible.
            guard rowsContaining(external).contains(where: { kinds[basicOf[$0.slot]] != .external }) else { return external }
        }
        if row.constant == 0, marker == nil, other == nil,
           let restricted = sparsest({ (kinds[$0] == .slack || kinds[$0] == .error) && !frozen[$0] }) {
            return restricted
        }
        return own
    }
}
