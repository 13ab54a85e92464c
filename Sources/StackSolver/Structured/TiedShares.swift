// fillProportionally shares tied at one priority (today's UIKit past 248 visible items, all at 751;
// iOS 9/10 past 999): what the shares cannot all hold goes to the items whose own costs take it
// cheapest.
//
// At one level the tied shares' violations add up: |x_i - t_i| over the group, the group's total T
// fixed by the stronger levels (the greedy split of Proportional.swift gives T). With c_i the share
// t_i clamped to the item's required bounds and ρ = T - Σ c_i, the level's least violation is the
// forced part plus |ρ|, and its optimal set is every split of ρ in ρ's direction: x_i from c_i towards
// its bound, adding up. The weaker levels (every item's own constraints, which the greedy rule puts
// below every share) choose within that set. Each item's cost is convex, so their least sum takes
// the items' cost pieces in ρ's direction cheapest first (sum parts compared level by level) until
// ρ is used up. Pieces that cost the same are split by the tie rule: the share level's later
// constraints in IR order keep their violations least, so the earliest share takes its piece first.
//
// As the stack's length S moves, the split changes only where some c_i meets a breakpoint of its
// item's cost (points the stack's pieces include) and where the piece being filled (the marginal
// one) runs full or empty. `splitResidue` reports the interval of S around its point on which the
// marginal piece stays the same, so the stack's cost gets one piece per such interval.

/// One piece of a tied item's cost in the residue's direction: the item's position in the split's
/// items, and the piece's ends in y = direction × length.
struct ResiduePiece {
    var position: Int
    var from: Double
    var to: Double
}

extension StructuredLayout {
    /// The runs of `items` (in split order) whose shares tie at one priority, two items or more.
    func tiedGroups(_ items: [Int]) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var start = 0
        while start < items.count {
            let priority = model.proportionalShare[items[start]]?.priority
            var end = start + 1
            while end < items.count && model.proportionalShare[items[end]]?.priority == priority { end += 1 }
            if end - start > 1 && priority != nil { groups.append(start..<end) }
            start = end
        }
        return groups
    }

    /// The pieces of `group`'s items in `direction` (+1: growing), in the order the residue takes
    /// them: cheapest first, then the earliest share in IR order, then along the item. Items mostly
    /// share a few costs (every label's hugging and compression), so the costs are ranked once and
    /// the pieces sorted by rank.
    func residueOrder(_ group: Range<Int>, items: [Int], axis: Int, direction: Double) -> [ResiduePiece] {
        var pieces: [(piece: ResiduePiece, cost: Int, index: Int, order: Int)] = []
        var costs: [SlopeSum] = []
        var known: [[LevelTerm]: Int] = [:]
        for k in group {
            let function = outer[2 * items[k] + axis]
            let index = model.proportionalShare[items[k]]!.index
            let (start, ascending) = function.ascendingPieces()
            for (p, piece) in ascending.enumerated() {
                let from = p == 0 ? start : ascending[p - 1].end
                let ends = direction > 0 ? (from, piece.end) : (-piece.end, -from)
                let cost = SlopeSum.of(piece.slope, in: function, times: direction)
                let id = known[cost.terms] ?? {
                    costs.append(cost)
                    known[cost.terms] = costs.count - 1
                    return costs.count - 1
                }()
                pieces.append((ResiduePiece(position: k, from: ends.0, to: ends.1), id, index, direction > 0 ? p : -p))
            }
        }
        // Costs equal within rounding share a rank.
        let ranked = costs.indices.sorted { costs[$0].compareSum(to: costs[$1]) < 0 }
        var rank = [Int](repeating: 0, count: costs.count)
        for (k, id) in ranked.enumerated().dropFirst() {
            rank[id] = rank[ranked[k - 1]] + (costs[id].compareSum(to: costs[ranked[k - 1]]) > 0 ? 1 : 0)
        }
        pieces.sort { a, b in
            let (ra, rb) = (rank[a.cost], rank[b.cost])
            if ra != rb { return ra < rb }
            return a.index != b.index ? a.index < b.index : a.order < b.order
        }
        return pieces.map(\.piece)
    }

    /// Splits `group`'s residue at stack length `stack` (see the top of this file). On entry
    /// `values` and `rates` (per unit of S) hold the greedy split, which gives the group's total;
    /// on return, the group's lengths. `order` gives the residue's order in a direction. Returns the
    /// interval of S around `stack` on which the lengths stay linear; nil when the items cannot hold
    /// the total. With `valuesOnly` the rates and the interval are not needed (the top-down pass).
    func splitResidue(_ group: Range<Int>, items: [Int], axis: Int, stack: Double, values: inout [Double], rates: inout [Double],
                      valuesOnly: Bool = false, order: (Double) -> [ResiduePiece]) -> ClosedRange<Double>? {
        var residue = 0.0
        var residueRate = 0.0
        var totalRate = 0.0
        var scale = 1.0
        for k in group {
            let slot = 2 * items[k] + axis
            let share = model.proportionalShare[items[k]]!
            let target = share.target(at: stack)
            let clamped = min(max(target, outerLower[slot]), outerUpper[slot])
            let clampedRate = target > outerLower[slot] && target < outerUpper[slot] ? share.multiplier : 0
            residue += values[k] - clamped
            residueRate += rates[k] - clampedRate
            totalRate += rates[k]
            scale = max(scale, abs(values[k]))
            values[k] = clamped
            rates[k] = clampedRate
        }
        // At no residue, the direction it takes as S moves.
        let noise = structuredTolerance * scale
        // Every share holds its clamped target: nothing to split.
        if valuesOnly && abs(residue) <= noise { return stack...stack }
        let direction: Double = abs(residue) > noise ? (residue > 0 ? 1 : -1) : (residueRate < 0 ? -1 : 1)
        var remaining = max(0, direction * residue)
        var marginal: (piece: ResiduePiece, at: Double, base: Double, baseRate: Double)?
        for piece in order(direction) {
            let k = piece.position
            let current = direction * values[k]
            let base = max(piece.from, current)
            let capacity = piece.to - base
            guard capacity > 0 else { continue }
            if remaining <= capacity {
                // Where the piece starts at the share, its start moves with it.
                marginal = (piece, base + remaining, base, current > piece.from ? direction * rates[k] : 0)
                break
            }
            values[k] = direction * piece.to
            rates[k] = 0
            remaining -= capacity
        }
        guard let marginal else { return nil }
        let position = marginal.piece.position
        var othersRate = 0.0
        for k in group where k != position { othersRate += rates[k] }
        rates[position] = totalRate - othersRate
        values[position] = direction * marginal.at
        // The marginal piece stays the same while the fill stays between its start and its end.
        var lower = -Double.infinity
        var upper = Double.infinity
        func keep(gap: Double, rate: Double) {
            if rate < -1e-12 { upper = min(upper, stack - gap / rate) } else if rate > 1e-12 { lower = max(lower, stack - gap / rate) }
        }
        let rate = direction * rates[position]
        keep(gap: marginal.at - marginal.base, rate: rate - marginal.baseRate)
        if marginal.piece.to.isFinite { keep(gap: marginal.piece.to - marginal.at, rate: -rate) }
        return min(lower, stack)...max(upper, stack)
    }
}

extension SlopeSum {
    /// `factor` times one slope of `function`.
    static func of(_ slope: Slope, in function: CostFunction, times factor: Double) -> SlopeSum {
        var sum = SlopeSum()
        sum.add(slope, of: function, times: factor)
        return sum
    }

    /// Compares the sum parts (every priority level's violation, not the tie components):
    /// -1, 0 or +1.
    func compareSum(to other: SlopeSum) -> Int {
        var i = 0
        var j = 0
        while i < terms.count || j < other.terms.count {
            let difference: Double
            if j >= other.terms.count || (i < terms.count && terms[i].priority > other.terms[j].priority) {
                difference = terms[i].coefficient
                i += 1
            } else if i >= terms.count || other.terms[j].priority > terms[i].priority {
                difference = -other.terms[j].coefficient
                j += 1
            } else {
                difference = terms[i].coefficient - other.terms[j].coefficient
                i += 1
                j += 1
            }
            if difference > structuredTolerance { return 1 }
            if difference < -structuredTolerance { return -1 }
        }
        return 0
    }
}
