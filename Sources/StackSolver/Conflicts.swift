/// Conflicts among required constraints: which ones break, and a minimal conflicting set for each.
///
/// Every question is put to one oracle, "can these required constraints hold together?", answered on
/// a fresh tableau after eliminating what only equalities mention (Elimination.swift), so a check
/// costs about as much as the constraints are long, never the squares a stack's chain fills a tableau
/// with. Feasibility only grows as constraints are removed, so "the first prefix that fails" is found
/// by bisection: a handful of checks, not one per candidate.
struct ConflictSearch {
    let constraints: [LinearConstraint]
    let externals: Int

    /// The most ends of the rows' combinations `firstFailing` bisects; with more, it bisects the
    /// prefixes, which takes fewer checks when the answer is near the end.
    static let endsBisected = 16

    /// The sets `holdsAlone` found to hold. The same few (a gap distribution's spacings, tied by its
    /// equal gaps) come up in every round of every conflict's search, so each is checked once.
    private let holding = HoldingSets()

    /// Whether the required constraints `set` (sorted) can all hold, remembered when they can.
    func holdsAlone(_ set: [Int]) -> Bool {
        if holding.sets.contains(set) { return true }
        guard feasible(set) else { return false }
        holding.sets.insert(set)
        return true
    }

    /// Whether the required constraints `indices` can all hold.
    func feasible(_ checked: [Int]) -> Bool {
        let (renumbered, symbols) = renumbered(checked)
        return holds(renumbered, symbols: symbols)
    }

    /// The constraints `checked`, inequalities as written (without their slacks), over the symbols
    /// they mention renumbered in their order, and how many those are: every choice (lowest id first)
    /// is the same, and a question about a few constraints costs a few, not the layout's size.
    func renumbered(_ checked: [Int]) -> (constraints: [LinearConstraint], symbols: Int) {
        var used = checked.flatMap { constraints[$0].expression.symbols }
        used.sort()
        var symbols: [Int] = []
        symbols.reserveCapacity(used.count)
        for symbol in used where symbol != symbols.last { symbols.append(symbol) }
        func dense(_ symbol: Int) -> Int {
            var low = 0
            var high = symbols.count - 1
            while low < high {
                let middle = (low + high) / 2
                if symbols[middle] < symbol { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let renumbered = checked.map { index in
            var constraint = constraints[index]
            if let slack = constraint.slack {
                // Renumbered, the slack would be a free symbol.
                constraint.expression.remove(slack)
                (constraint.isEquality, constraint.slack) = (false, nil)
            }
            constraint.expression.symbols = constraint.expression.symbols.map(dense)
            return constraint
        }
        return (renumbered, symbols.count)
    }

    /// The least `j` for which `base` and `pool[0...j]` cannot all hold; nil when all of them can.
    /// `combinations`: the rows' dependencies (`dependencies(of: base + pool)`), nil when unknown.
    /// `nearEnd`: they are known to fail together, and the answer is likely near the end of `pool`
    /// (see `bisect`).
    func firstFailing(base: [Int], pool: [Int], combinations: [Combination]?, nearEnd: Bool = false) -> Int? {
        firstFailing(base: base, pool: pool, echelon: combinations.flatMap(echelon), nearEnd: nearEnd)
    }

    /// `firstFailing` with the combinations in echelon form (`echelon`), nil when unknown.
    func firstFailing(base: [Int], pool: [Int], echelon: [Combination]?, nearEnd: Bool = false) -> Int? {
        guard let echelon else { return bisect(base: base, pool: pool, below: pool.count, nearEnd: nearEnd) }
        // No dependency, and the rows hold. Else the first failure is at an end (RowDependencies.swift):
        // the earliest, where its combination proves it, unless the prefix before it fails already;
        // else bisect the ends (a few of them: past those, the prefixes themselves), then make sure
        // nothing before the one found fails.
        if let proof = firstProof(echelon, base: base, pool: pool) {
            let end = proof.end - base.count
            guard end > 0, !proof.shared.allSatisfy(holdsAlone), !feasible(base + pool[..<end]) else { return end }
            return bisect(base: base, pool: pool, below: end, nearEnd: nearEnd)
        }
        guard echelon.count <= Self.endsBisected else {
            return bisect(base: base, pool: pool, below: pool.count, nearEnd: nearEnd)
        }
        let candidates = echelon.map { max(0, $0.end - base.count) }
        guard let last = candidates.last else { return nil }
        guard !feasible(base + pool[...last]) else {
            // Nothing fails past the last end, unless rounding moved an end: the search decides.
            return last == pool.count - 1 ? nil : bisect(base: base, pool: pool, below: pool.count)
        }
        var low = 0
        var high = candidates.count - 1
        while low < high {
            let middle = (low + high) / 2
            if feasible(base + pool[...candidates[middle]]) { low = middle + 1 } else { high = middle }
        }
        let found = candidates[high]
        guard found > 0, !feasible(base + pool[..<found]) else { return found }
        return bisect(base: base, pool: pool, below: found)
    }

    /// The least `j` below `limit` for which `base` and `pool[0...j]` cannot all hold, where
    /// `pool[..<limit]` cannot (which is checked when `limit` is `pool.count`: nil when all can).
    /// `nearEnd`: `base` and `pool` are known to fail together, and the answer is likely near the
    /// end: step down from it 1, 2, 4... places until a prefix holds, then bisect what is left, which
    /// takes a check or two when the answer is at the end and twice the bisection's checks at worst.
    private func bisect(base: [Int], pool: [Int], below limit: Int, nearEnd: Bool = false) -> Int? {
        guard limit < pool.count || nearEnd || !feasible(base + pool) else { return nil }
        var low = 0
        var high = limit - 1
        var step = nearEnd ? 1 : high + 1
        while high - step >= low {
            if feasible(base + pool[...(high - step)]) {
                low = high - step + 1
                break
            }
            high -= step
            step *= 2
        }
        while low < high {
            let middle = (low + high) / 2
            if feasible(base + pool[...middle]) { low = middle + 1 } else { high = middle }
        }
        return high
    }

    /// UIKit's recovery over the required constraints `required`, in the order they are added: each
    /// one that cannot hold with those kept before it is broken (left out), with a minimal set it
    /// conflicts with. In the order found, which is the order of `required`.
    func breakConflicts(among required: [Int]) -> [(broken: Int, members: [Int])] {
        var result: [(broken: Int, members: [Int])] = []
        var kept = core(of: required)
        var combinations = dependencies(of: kept)
        while true {
            let echelon = combinations.flatMap(echelon)
            if let (end, members, others) = earliestConflict(in: kept, echelon: echelon) {
                result.append((kept[end], bySource(members)))
                kept.remove(at: end)
                combinations = others
                continue
            }
            guard let failing = firstFailing(base: [], pool: kept, echelon: echelon) else { break }
            let broken = kept[failing]
            // The search for its set starts from the combinations of it and the ones before, and the
            // next from those of the ones kept: both read off these, not from a new elimination.
            let members = minimalConflict(
                failing: broken, accepted: Array(kept[..<failing]), peeled: true,
                combinations: echelon.map { carry($0, members: 0, found: failing) })
            result.append((broken, members))
            kept.remove(at: failing)
            combinations = echelon.flatMap { without(failing, $0) } ?? dependencies(of: kept)
        }
        return result
    }

    /// A minimal set of required constraints that cannot hold together, `failing` included.
    ///
    /// `accepted` (feasible together) plus `failing` is infeasible, so `failing` is in every conflict
    /// among them. Only constraints connected to `failing` through shared variables can take part.
    /// The additive method then grows the set one member per round: the first candidate (in order)
    /// at which the members and the candidates up to it fail belongs to a conflict with them, so it
    /// joins and later candidates are dropped. Rounds stop when the members alone fail, which makes
    /// the set minimal. `peeled`: `accepted` is a core already (`breakConflicts`' own).
    /// `combinations`: those of `failing` and `accepted` in that order, when the caller has them; the
    /// rounds then start from them, over the accepted constraints they link to `failing` (`linked`:
    /// any pool that holds the conflict gives the same answer), without peeling.
    func minimalConflict(failing: Int, accepted: [Int], peeled: Bool = false, combinations: [Combination]? = nil) -> [Int] {
        var members = [failing]
        var pool: [Int]
        // The combinations of `members + pool` when the last round (or the caller) read them off its own.
        var carried: [Combination]?
        if let combinations {
            (pool, carried) = linked(to: failing, pool: accepted, combinations: combinations)
        } else {
            pool = connected(to: failing, among: accepted)
        }
        var byItems = !peeled
        var nearEnd = false
        while true {
            let combinations: [Combination]?
            if let carried {
                combinations = carried
            } else {
                // What the last round left of the pool, peeled (ConflictCore.swift): the conflict the
                // rounds end with is in what is left, so they find it among fewer constraints. Any pool
                // that holds it gives the same answer, so the rule for items, the dearer one, runs once.
                let core = Set(core(of: members + pool, byItems: byItems))
                pool = pool.filter(core.contains)
                byItems = false
                combinations = dependencies(of: members + pool)
            }
            if let unique = uniqueConflict(members: members, pool: pool, combinations: combinations) {
                members = unique
                break
            }
            let echelon = combinations.flatMap(echelon)
            guard feasible(members), let found = firstFailing(base: members, pool: pool, echelon: echelon, nearEnd: nearEnd)
            else { break }
            carried = echelon.map { carry($0, members: members.count, found: found) }
            members.append(pool[found])
            // A conflict along a chain of constraints in order gives up its members from the end of
            // the pool, one a round: once one round's is its pool's last, the next is looked for
            // from the end.
            nearEnd = found == pool.count - 1
            pool = Array(pool[..<found])
        }
        return bySource(members)
    }

    /// The next round's combinations, of `members`, the one found and the pool before it, from this
    /// round's `echelon` over `members + pool`: the ones that end by the one found, which span every
    /// combination of those rows (in echelon form, one that reaches no further is made of those
    /// alone), renumbered. So a round costs its combinations, not an elimination of its pool.
    private func carry(_ echelon: [Combination], members: Int, found: Int) -> [Combination] {
        let last = members + found
        return echelon.filter { $0.end <= last }.compactMap { combination in
            Combination(Row(constant: 0, terms: zip(combination.row.symbols, combination.row.coefficients).map { position, coefficient in
                (position < members ? position : position == last ? members : position + 1, coefficient)
            }))
        }
    }

    /// `members` as findings list them: in source order.
    private func bySource(_ members: [Int]) -> [Int] {
        members.sorted { constraints[$0].source < constraints[$1].source }
    }

    /// The constraints of `pool` that share a variable with `index`, directly or through others of `pool`.
    private func connected(to index: Int, among pool: [Int]) -> [Int] {
        var classes = DisjointSets(count: externals)
        for member in pool + [index] {
            let symbols = constraints[member].expression.symbols
            guard let first = symbols.first else { continue }
            for symbol in symbols.dropFirst() { classes.join(first, symbol) }
        }
        guard let anchor = constraints[index].expression.symbols.first else {
            // A constant row (`0 == 5`) conflicts on its own.
            return []
        }
        let component = classes.find(anchor)
        return pool.filter { member in
            constraints[member].expression.symbols.first.map { classes.find($0) == component } ?? false
        }
    }
}

/// The memory of `ConflictSearch.holdsAlone`: shared by the copies of one search.
private final class HoldingSets {
    var sets: Set<[Int]> = []
}

extension Tableau.AddResult: Equatable {}
