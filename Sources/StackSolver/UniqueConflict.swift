/// The one minimal conflict of a set of required constraints, read off their rows' dependencies
/// instead of searched for a member at a time.
///
/// Constraints cannot hold together exactly when some combination `y` of their rows cancels every
/// variable and leaves a contradiction (Farkas: `y · rows == 0`, `y >= 0` on inequalities, `y ·
/// constants` of the wrong sign). Every such `y` lies in the space of combinations that cancel every
/// variable, the rows' left null space. Where that space is one line, every conflict's combination
/// is a multiple of one `y`: every subset that cannot hold contains `y`'s support, and the support is
/// the set's only minimal conflict. So it is the one the additive search finds (Conflicts.swift), which
/// there costs a bisection of feasibility checks per member: the square of the layout when the
/// conflict is a whole row (a fillEqually stack pinned too narrow for one fixed item).
///
/// The space comes from the elimination the feasibility checks use, with each row tagged by a marker
/// symbol of its own that is never eliminated. Once every variable is, the rows left are made of
/// markers alone, one per independent combination, and their coefficients are the combination.
extension ConflictSearch {
    /// The only minimal conflict among `members` and `pool` when their rows have one dependency, with
    /// `members` in it (every conflict among them has them); nil when there are more dependencies, or
    /// an elimination left a variable in (a coefficient too small to divide by).
    /// Ordered as `minimalConflict` grows its members: `members`, then the rest latest first.
    func uniqueConflict(members: [Int], pool: [Int]) -> [Int]? {
        let set = members + pool
        var (rows, symbols) = renumbered(set)
        for index in rows.indices {
            // Every row as an equality: `y` may take either sign on an inequality's row here, which
            // only makes the space larger, so one line still means one conflict.
            rows[index].isEquality = true
            rows[index].expression.symbols.append(symbols + index)
            rows[index].expression.coefficients.append(1)
        }
        let left = Elimination(rows, externals: symbols).constraints
        guard left.count == 1, let first = left.first?.expression.symbols.first, first >= symbols else { return nil }
        let positions = left[0].expression.symbols.map { $0 - symbols }
        guard positions.starts(with: members.indices) else { return nil }
        let conflict = members + positions.dropFirst(members.count).reversed().map { set[$0] }
        // Rounding can drop a member whose coefficient is tiny; then the support holds, and the
        // search decides.
        return feasible(conflict) ? nil : conflict
    }
}
