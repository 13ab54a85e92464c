/// What the rows of a set of required constraints say about its conflicts, read off one elimination
/// instead of searched with a feasibility check per candidate.
///
/// Constraints cannot hold together exactly when some combination `y` of their rows cancels every
/// variable and leaves a contradiction (Farkas: `y · rows == 0`, `y >= 0` on inequalities, `y ·
/// constants` of the wrong sign). Every such `y` lies in the space of combinations that cancel every
/// variable, the rows' left null space. So:
/// - Where that space is empty, the rows are independent: some point meets every one of them at
///   equality, and the set holds.
/// - Among constraints in order, a prefix holds the combinations that end in it. In echelon form
///   (each combination ending at a constraint no other ends at), those are the basis's first few, so
///   a prefix can only start to fail at an end: a handful of ends to bisect instead of every
///   constraint. And up to the earliest end the prefix holds one combination and its multiples: if
///   that one proves a contradiction, its end is the first constraint that fails, and its support is
///   the only minimal conflict there, without a feasibility check at all.
/// - Where the space is one line, every conflict's combination is a multiple of one `y`: every subset
///   that cannot hold contains `y`'s support, which is the set's only minimal conflict, and so the one
///   the additive search would find (Conflicts.swift) with a bisection per member: the square of the
///   layout when the conflict is a whole row (a fillEqually stack pinned too narrow for one fixed item).
///
/// The space comes from the elimination the feasibility checks use, with each row tagged by a marker
/// symbol of its own that is never eliminated. Once every variable is, the rows left are made of
/// markers alone, one per independent combination, and their coefficients are the combination.
extension ConflictSearch {
    /// The most combinations put into echelon form; past them the search bisects every constraint.
    static let combinationsWorthAnEchelon = 16

    /// A basis of the combinations of the rows of `set` that cancel every variable, each a row over
    /// positions in `set`; nil when an elimination left a variable in (a coefficient too small to
    /// divide by), and the rows do not say.
    func dependencies(of set: [Int]) -> [Row]? {
        var (rows, symbols) = renumbered(set)
        for index in rows.indices {
            // Every row as an equality: `y` may take either sign on an inequality's row here, which
            // only makes the space larger, so it still holds every conflict's combination.
            rows[index].isEquality = true
            rows[index].expression.symbols.append(symbols + index)
            rows[index].expression.coefficients.append(1)
        }
        var combinations: [Row] = []
        for row in Elimination(rows, externals: symbols).constraints {
            guard let first = row.expression.symbols.first, first >= symbols else { return nil }
            combinations.append(Row(
                constant: 0,
                terms: zip(row.expression.symbols, row.expression.coefficients).map { ($0 - symbols, $1) }))
        }
        return combinations
    }

    /// `combinations` in echelon form by their ends, the earliest end first: each ends where no other
    /// does, so the combinations a prefix holds are those that end in it. Nil when rounding leaves two
    /// the same.
    func echelon(_ combinations: [Row]) -> [Row]? {
        var remaining = combinations
        var result: [Row] = []
        while let latest = remaining.indices.max(by: { remaining[$0].symbols.last! < remaining[$1].symbols.last! }) {
            let pivot = remaining.remove(at: latest)
            let end = pivot.symbols.last!
            for index in remaining.indices where remaining[index].symbols.last == end {
                let factor = -remaining[index].coefficients.last! / pivot.coefficients.last!
                _ = remaining[index].add(pivot, times: factor, removing: end)
                guard !remaining[index].isEmpty else { return nil }
            }
            result.append(pivot)
        }
        return result.reversed()
    }

    /// Whether the combination `y` of the rows of `set` proves that they cannot hold (Farkas): with
    /// one sign it is nonnegative on every inequality's row, and its constant comes out negative by more
    /// than a millionth of its largest coefficient. When it does not, the feasibility check decides,
    /// and so it does on a conflict by less, as it always has.
    func proves(_ y: Row, in set: [Int]) -> Bool {
        var sign = 0.0
        var constant = 0.0
        var largest = 0.0
        for (position, coefficient) in zip(y.symbols, y.coefficients) {
            let constraint = constraints[set[position]]
            constant += coefficient * constraint.expression.constant
            largest = max(largest, abs(coefficient))
            guard constraint.slack != nil || !constraint.isEquality else { continue }
            if sign == 0 {
                sign = coefficient > 0 ? 1 : -1
            } else if sign * coefficient < 0 {
                return false
            }
        }
        if sign == 0 { sign = constant > 0 ? -1 : 1 }
        return sign * constant < -1e-6 * largest
    }

    /// Where the earliest of the rows' combinations proves a conflict: its end, the first of `set` that
    /// cannot hold with those before it; its support, the only minimal conflict up to there (a prefix
    /// holds only the combinations that end in it), ordered as `minimalConflict` grows its members;
    /// and the combinations of `set` without that end, so that the next question needs no elimination.
    /// Nil when it does not, or the rows do not say.
    func earliestConflict(in set: [Int], combinations: [Row]?) -> (end: Int, members: [Int], others: [Row])? {
        guard let combinations, combinations.count <= Self.combinationsWorthAnEchelon,
            var others = echelon(combinations), let first = others.first, proves(first, in: set)
        else { return nil }
        let end = first.symbols.last!
        others.removeFirst()
        for index in others.indices {
            // Every other ends later; with the end's row gone, what it held of it goes with `first`.
            let coefficient = others[index].coefficient(of: end)
            if coefficient != 0 {
                _ = others[index].add(first, times: -coefficient / first.coefficients.last!, removing: end)
            }
            others[index].symbols = others[index].symbols.map { $0 > end ? $0 - 1 : $0 }
        }
        return (end, first.symbols.reversed().map { set[$0] }, others)
    }

    /// The only minimal conflict among `members` and `pool` (which cannot hold together) when the
    /// rows' `combinations` are one, with `members` in it (every conflict among them has them); nil
    /// when they are not, or it does not prove the conflict. Ordered as `minimalConflict` grows its
    /// members: `members`, then the rest latest first.
    func uniqueConflict(members: [Int], pool: [Int], combinations: [Row]?) -> [Int]? {
        guard let combinations, combinations.count == 1 else { return nil }
        let positions = combinations[0].symbols
        let set = members + pool
        guard positions.starts(with: members.indices), proves(combinations[0], in: set) else { return nil }
        return members + positions.dropFirst(members.count).reversed().map { set[$0] }
    }
}
