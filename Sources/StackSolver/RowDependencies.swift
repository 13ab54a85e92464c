// What the rows of a set of required constraints say about its conflicts, read off one elimination
// instead of searched with a feasibility check per candidate.
//
// Constraints cannot hold together exactly when some combination `y` of their rows cancels every
// variable and leaves a contradiction (Farkas: `y · rows == 0`, `y >= 0` on inequalities, `y ·
// constants` of the wrong sign). Every such `y` lies in the space of combinations that cancel every
// variable, the rows' left null space. So:
// - Where that space is empty, the rows are independent: some point meets every one of them at
//   equality, and the set holds.
// - Among constraints in order, a prefix holds the combinations that end in it. In echelon form
//   (each combination ending at a constraint no other ends at), those are the basis's first few, so
//   a prefix can only start to fail at an end: a handful of ends to bisect instead of every
//   constraint. And up to the earliest end the prefix holds one combination and its multiples: if
//   that one proves a contradiction, its end is the first constraint that fails, and its support is
//   the only minimal conflict there, without a feasibility check at all.
// - Where the space is one line, every conflict's combination is a multiple of one `y`: every subset
//   that cannot hold contains `y`'s support, which is the set's only minimal conflict, and so the one
//   the additive search would find (Conflicts.swift) with a bisection per member: the square of the
//   layout when the conflict is a whole row (a fillEqually stack pinned too narrow for one fixed item).
//
// The space comes from the elimination the feasibility checks use, with each row tagged by a marker
// symbol of its own that is never eliminated. Once every variable is, the rows left are made of
// markers alone, one per independent combination, and their coefficients are the combination.

/// One combination of a set's rows that cancels every variable: its coefficients over positions in the
/// set, and its last position (where, among the constraints in order, it is complete).
struct Combination {
    var row: Row
    var end: Int

    /// Nil for an empty row, which is no combination.
    init?(_ row: Row) {
        guard let end = row.symbols.last else { return nil }
        (self.row, self.end) = (row, end)
    }
}

extension ConflictSearch {
    /// The most terms `echelon` writes while it reduces combinations that end at the same place; past
    /// them the search bisects every constraint. Combinations of a stack layout's rows are short (a
    /// chain between two anchors), so this bounds only a set whose dependencies fill in.
    static let echelonTerms = 1 << 18

    /// A basis of the combinations of the rows of `set` that cancel every variable; nil when an
    /// elimination left a variable in (a coefficient too small to divide by), and the rows do not say.
    func dependencies(of set: [Int]) -> [Combination]? {
        var (rows, symbols) = renumbered(set)
        for index in rows.indices {
            // Every row as an equality: `y` may take either sign on an inequality's row here, which
            // only makes the space larger, so it still holds every conflict's combination.
            rows[index].isEquality = true
            rows[index].expression.symbols.append(symbols + index)
            rows[index].expression.coefficients.append(1)
        }
        var combinations: [Combination] = []
        for row in Elimination(rows, externals: symbols).constraints {
            guard let first = row.expression.symbols.first, first >= symbols,
                let combination = Combination(Row(
                    constant: 0,
                    terms: zip(row.expression.symbols, row.expression.coefficients).map { ($0 - symbols, $1) }))
            else { return nil }
            combinations.append(combination)
        }
        return combinations
    }

    /// `combinations` in echelon form by their ends, the earliest end first: each ends where no other
    /// does, so the combinations a prefix holds are those that end in it. Nil when rounding leaves two
    /// the same, or the reductions would write more than `echelonTerms` terms.
    ///
    /// The latest end goes first, and of the combinations ending there the first given is the pivot;
    /// the others lose their term there to it and end earlier. A heap keeps them in that order, so
    /// the work is in the reductions, not in finding the next pivot.
    func echelon(_ combinations: [Combination]) -> [Combination]? {
        struct Entry: Comparable {
            var end: Int
            var index: Int
            static func < (a: Entry, b: Entry) -> Bool { a.end != b.end ? a.end > b.end : a.index < b.index }
        }
        var remaining = combinations
        var queue = MinHeap<Entry>()
        for (index, combination) in combinations.enumerated() { queue.push(Entry(end: combination.end, index: index)) }
        var result: [Combination] = []
        var written = 0
        while let top = queue.pop() {
            let pivot = remaining[top.index]
            while let next = queue.first, next.end == top.end {
                _ = queue.pop()
                guard let reduced = pivot.removed(from: remaining[next.index]) else { return nil }
                written += reduced.row.symbols.count
                guard written <= Self.echelonTerms else { return nil }
                remaining[next.index] = reduced
                queue.push(Entry(end: reduced.end, index: next.index))
            }
            result.append(pivot)
        }
        return result.reversed()
    }

    /// The end of the first combination in echelon form, among those that end in `pool`, that proves
    /// that `base` and `pool` cannot hold (Farkas), and what must hold for that end to be where the
    /// first of them fails: `shared`, sets of constraints that must each hold alone for the prefix
    /// before the end to hold. Nil when none proves.
    ///
    /// The prefix holds when no combination of the ones before proves a conflict. A combination of
    /// equalities alone that cancels to 0 = 0 adds none, whatever multiple of it is taken: it has no
    /// sign to keep and no constant. Nor do ones that mention inequalities, each failing to prove,
    /// when no two of them share an inequality: a sum of them keeps each one's signs on its own
    /// inequalities, so it proves only if one of its terms does. The ones that end in `base`, which
    /// holds, prove nothing alone, and count among them. Where some share inequalities, the same goes
    /// for the groups that sharing joins: a sum proves only if its part in one group does, and none
    /// does where that group's constraints can hold together (`shared`, one set per group).
    func firstProof(_ echelon: [Combination], base: [Int], pool: [Int]) -> (end: Int, shared: [[Int]])? {
        let set = base + pool
        // The combinations before the proving one, grouped by the inequalities they share.
        var groups = DisjointSets(count: 0)
        var owner: [Int: Int] = [:]
        for (k, combination) in echelon.enumerated() {
            if combination.end >= base.count, proves(combination.row, in: set) {
                var members: [Int: [Int]] = [:]
                for j in 0..<k { members[groups.find(j), default: []].append(j) }
                let shared = members.values.filter { $0.count > 1 }.map { combinations in
                    Array(Set(combinations.flatMap { echelon[$0].row.symbols.map { set[$0] } })).sorted()
                }
                return (combination.end, shared.sorted { $0.lexicographicallyPrecedes($1) })
            }
            groups.append()
            for position in combination.row.symbols {
                let constraint = constraints[set[position]]
                guard constraint.slack != nil || !constraint.isEquality else { continue }
                if let other = owner[position] {
                    groups.join(other, k)
                } else {
                    owner[position] = k
                }
            }
        }
        return nil
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
    func earliestConflict(in set: [Int], combinations: [Combination]?) -> (end: Int, members: [Int], others: [Combination])? {
        earliestConflict(in: set, echelon: combinations.flatMap(echelon))
    }

    /// `earliestConflict` with the combinations in echelon form (`echelon`), nil when unknown.
    func earliestConflict(in set: [Int], echelon: [Combination]?) -> (end: Int, members: [Int], others: [Combination])? {
        guard let echelon, let first = echelon.first, proves(first.row, in: set),
              let others = without(first.end, echelon)
        else { return nil }
        return (first.end, first.row.symbols.reversed().map { set[$0] }, others)
    }

    /// The combinations of a set's rows without the one at `position`, from the set's `echelon`: those
    /// of the combinations in which it has no part. One that has a part (the one ending there, when
    /// there is one) cancels it from the others and goes; the positions after it move down one. Nil
    /// when rounding leaves one empty.
    func without(_ position: Int, _ echelon: [Combination]) -> [Combination]? {
        var rest = echelon
        let pivotIndex = rest.firstIndex { $0.end == position } ?? rest.firstIndex { $0.row.coefficient(of: position) != 0 }
        if let pivotIndex {
            let pivot = rest.remove(at: pivotIndex).row
            for index in rest.indices {
                let coefficient = rest[index].row.coefficient(of: position)
                guard coefficient != 0 else { continue }
                var row = rest[index].row
                _ = row.add(pivot, times: -coefficient / pivot.coefficient(of: position), removing: position)
                guard let reduced = Combination(row) else { return nil }
                rest[index] = reduced
            }
        }
        // No row mentions `position` now, so moving the later ones down keeps every row in order.
        return rest.compactMap { combination in
            var row = combination.row
            row.symbols = row.symbols.map { $0 > position ? $0 - 1 : $0 }
            return Combination(row)
        }
    }

    /// What of `pool` can join a conflict with `first`, read off `combinations`, those of the rows of
    /// `[first] + pool`: the positions that combinations sharing positions link to the first, and the
    /// combinations over them, renumbered over `[first]` and that part of the pool, in its order.
    ///
    /// A combination that proves a conflict is a sum of parts over the classes this linking makes,
    /// and with one sign throughout, one part proves too. A part outside the first's class proves
    /// a conflict of the pool alone, which holds; so every conflict among the first and the pool, and
    /// every round of the additive method, is in the first's class. A constraint no combination
    /// mentions is in none.
    func linked(to first: Int, pool: [Int], combinations: [Combination]) -> (pool: [Int], combinations: [Combination]) {
        var classes = DisjointSets(count: pool.count + 1)
        for combination in combinations {
            for position in combination.row.symbols.dropFirst() { classes.join(combination.row.symbols[0], position) }
        }
        // The first is position 0, the smallest of its class.
        var renumbered = [Int](repeating: -1, count: pool.count + 1)
        var kept: [Int] = []
        renumbered[0] = 0
        for index in pool.indices where classes.find(index + 1) == 0 {
            kept.append(pool[index])
            renumbered[index + 1] = kept.count
        }
        let linked = combinations.filter { classes.find($0.row.symbols[0]) == 0 }.compactMap { combination in
            var row = combination.row
            row.symbols = row.symbols.map { renumbered[$0] }
            return Combination(row)
        }
        return (kept, linked)
    }

    /// The only minimal conflict among `members` and `pool` (which cannot hold together) when the
    /// rows' `combinations` are one, with `members` in it (every conflict among them has them); nil
    /// when they are not, or it does not prove the conflict. Ordered as `minimalConflict` grows its
    /// members: `members`, then the rest latest first.
    func uniqueConflict(members: [Int], pool: [Int], combinations: [Combination]?) -> [Int]? {
        guard let combinations, combinations.count == 1 else { return nil }
        let positions = combinations[0].row.symbols
        let set = members + pool
        guard positions.starts(with: members.indices), proves(combinations[0].row, in: set) else { return nil }
        return members + positions.dropFirst(members.count).reversed().map { set[$0] }
    }
}

extension Combination {
    /// `other` without a term at this combination's end, by adding the multiple of this one that cancels
    /// it; nil when nothing is left (rounding made the two the same).
    func removed(from other: Combination) -> Combination? {
        var result = other.row
        let coefficient = result.coefficient(of: end)
        if coefficient != 0 {
            _ = result.add(row, times: -coefficient / row.coefficient(of: end), removing: end)
        }
        return Combination(result)
    }
}
