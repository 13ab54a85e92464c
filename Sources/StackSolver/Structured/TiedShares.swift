// fillProportionally shares tied at one priority (today's UIKit past 248 visible items, all at 751;
// iOS 9/10 past 999), split by the greedy rule of Proportional.swift.
//
// At one level the tied shares' violations add up: |x_i - m_i S| over the group, the group's total
// fixed by the stronger levels. With c_i the share clamped to the item's required bounds and ρ the
// group's total minus the sum of the c_i, the level's least violation is the forced part plus |ρ|,
// and its optimal set is every split of ρ in ρ's direction: x_i from c_i towards its bound, adding
// up. The weaker levels (every item's own constraints, which the greedy rule puts below every share)
// choose within that set, and then the tie rule: the level's later constraints in IR order keep
// their violations least, so the earliest share absorbs ρ. The greedy rule with the group in
// reverse IR order gives that split (each item keeps c_i while the earlier ones can take the rest).
// It is the general solver's answer exactly when the weaker levels do not prefer another split:
// no item that took part of ρ saves more (in its own cost's sum part) by giving some back than any
// item with room costs by taking it (the exchange condition of a separable convex split, which
// suffices because each item's cost is convex). Where it fails, see `boundedOutsideExact` below.

extension StructuredLayout {
    /// Whether two of `items` (in split order) have shares at one priority.
    func hasTiedShares(_ items: [Int]) -> Bool {
        zip(items, items.dropFirst()).contains { a, b in
            model.proportionalShare[a].map { $0.priority == model.proportionalShare[b]?.priority } ?? false
        }
    }

    /// Whether the greedy split's `lengths` of `items` (in split order: priority descending, and
    /// within a priority later IR constraints first) at stack length `stack` are the general
    /// solver's where shares tie (see the top of this file). `pieces` are the items' ascending cost
    /// pieces.
    func tiedSharesSettle(_ items: [Int], axis: Int, stack: Double, lengths: [Double],
                          pieces: [[(end: Double, slope: Slope)]]) -> Bool {
        var start = 0
        while start < items.count {
            let priority = model.proportionalShare[items[start]]!.priority
            var end = start + 1
            while end < items.count && model.proportionalShare[items[end]]!.priority == priority { end += 1 }
            if end - start > 1 && !residueStays(start..<end, items: items, axis: axis, stack: stack, lengths: lengths, pieces: pieces) {
                return false
            }
            start = end
        }
        return true
    }

    /// The exchange condition for one tied group (`group`: positions in `items`).
    private func residueStays(_ group: Range<Int>, items: [Int], axis: Int, stack: Double, lengths: [Double],
                              pieces: [[(end: Double, slope: Slope)]]) -> Bool {
        var clamped: [Double] = []
        clamped.reserveCapacity(group.count)
        var residue = 0.0
        var scale = 1.0
        for k in group {
            let slot = 2 * items[k] + axis
            let target = min(max(model.proportionalShare[items[k]]!.target(at: stack), outerLower[slot]), outerUpper[slot])
            clamped.append(target)
            residue += lengths[k] - target
            scale = max(scale, abs(lengths[k]))
        }
        let noise = structuredTolerance * scale
        guard abs(residue) > noise else { return true }
        let direction = residue > 0 ? 1.0 : -1.0
        // The most any item saves by giving a unit of ρ back, and the least any item with room
        // costs by taking one more.
        var mostSaved: SlopeSum?
        var leastCost: SlopeSum?
        for (j, k) in group.enumerated() {
            let slot = 2 * items[k] + axis
            let length = lengths[k]
            let function = outer[slot]
            let right = slope(of: pieces[k], after: length + noise)
            let left = slope(of: pieces[k], after: length - noise)
            if direction * (length - clamped[j]) > noise, let back = direction > 0 ? left : right {
                let saved = SlopeSum.of(back, in: function, times: direction)
                if mostSaved.map({ saved.compareSum(to: $0) > 0 }) ?? true { mostSaved = saved }
            }
            let room = direction > 0 ? outerUpper[slot] - length : length - outerLower[slot]
            if room > noise, let ahead = direction > 0 ? right : left {
                let cost = SlopeSum.of(ahead, in: function, times: direction)
                if leastCost.map({ cost.compareSum(to: $0) < 0 }) ?? true { leastCost = cost }
            }
        }
        guard let mostSaved, let leastCost else { return true }
        return mostSaved.compareSum(to: leastCost) <= 0
    }

    /// The slope of the first piece ending after `x` (nil past the last).
    private func slope(of pieces: [(end: Double, slope: Slope)], after x: Double) -> Slope? {
        var lo = 0
        var hi = pieces.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if pieces[mid].end > x { hi = mid } else { lo = mid + 1 }
        }
        return lo < pieces.count ? pieces[lo].slope : nil
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
        var difference = self
        difference.add(terms: other.terms, times: -1)
        for term in difference.terms {
            if term.coefficient > structuredTolerance { return 1 }
            if term.coefficient < -structuredTolerance { return -1 }
        }
        return 0
    }
}

// Where the exchange condition fails on some pieces of the stack's length, the greedy split there is
// not the general solver's, but the shares' own levels (priority `weakest` and up) are: every split of
// the residue violates them alike. Those levels' leading term fixes the sign of the true slope, and
// a multiple of it bounds the true slope (half below a rise, twice below a fall), so outside the
// exact pieces around the minimiser a convex bound below the true cost stands in (as MoveBound.swift
// does for equalCentering): a parent that settles the stack inside the exact interval has the true
// optimum, and the top-down pass declines any length outside it (`proportionalExact`).
extension StructuredLayout {
    /// The stack's cost pieces, exact on the interval returned and a bound below the true cost
    /// outside it (see above); nil when the shares' levels do not fix where the minimiser is.
    /// `settles` checks the exchange condition at one length.
    func boundedOutsideExact(start: Double, _ pieces: [(end: Double, slope: Slope)], exact: [Bool], weakest: Double,
                             extra: [LevelTerm], settles: (Double) -> Bool) -> (pieces: [(end: Double, slope: Slope)], exact: ClosedRange<Double>)? {
        func startOf(_ k: Int) -> Double { k == 0 ? start : pieces[k - 1].end }
        let leading = pieces.map { leadingTerm(of: $0.slope, extra: extra, atLeast: weakest) }
        // The true slope's sign on each piece, where it is known; the minimiser is where it turns
        // from negative.
        func sign(_ k: Int) -> Int? {
            if exact[k] { return pieces[k].slope.sign(extra) }
            return leading[k].map { $0.coefficient > 0 ? 1 : -1 }
        }
        var turn = 0
        while turn < pieces.count {
            guard let s = sign(turn) else { return nil }
            if s >= 0 { break }
            turn += 1
        }
        let minimiser = turn < pieces.count ? startOf(turn) : pieces[pieces.count - 1].end
        guard minimiser.isFinite else { return nil }
        var first = turn
        while first > 0 && exact[first - 1] { first -= 1 }
        var last = turn
        while last < pieces.count && exact[last] { last += 1 }
        // Pieces first..<last are exact; with none, the interval is the minimiser alone.
        if first == last && !settles(minimiser) { return nil }
        var result = Array(pieces[first..<last])
        var bound: Slope? = last > first ? pieces[last - 1].slope : nil
        for k in last..<pieces.count {
            let here = exact[k] ? pieces[k].slope : leading[k].map { scaledTerm($0, below: true) }
            guard let slope = larger(bound, here, extra: extra) else { return nil }
            bound = slope
            result.append((pieces[k].end, slope))
        }
        var before: [(end: Double, slope: Slope)] = []
        bound = last > first ? pieces[first].slope : nil
        for k in stride(from: first - 1, through: 0, by: -1) {
            let here = exact[k] ? pieces[k].slope : leading[k].map { scaledTerm($0, below: false) }
            guard let slope = smaller(bound, here, extra: extra) else { return nil }
            bound = slope
            before.append((pieces[k].end, slope))
        }
        return (before.reversed() + result, startOf(first)...(last > first ? pieces[last - 1].end : minimiser))
    }

    /// The slope's first nonzero term when its priority is `level` or more (nil otherwise).
    private func leadingTerm(of slope: Slope, extra: [LevelTerm], atLeast level: Double) -> LevelTerm? {
        for i in 0..<Int(slope.levels.count) {
            let term = slope.levels.term(i, extra)
            guard abs(term.coefficient) > structuredTolerance else { continue }
            return term.priority >= level ? term : nil
        }
        return nil
    }

    /// A slope of one term at `term`'s priority, below (`below`) or above any slope that `term` leads.
    private func scaledTerm(_ term: LevelTerm, below: Bool) -> Slope {
        let factor = (term.coefficient > 0) == below ? 0.5 : 2
        return Slope(levels: Levels(LevelTerm(priority: term.priority, coefficient: term.coefficient * factor)), tie: nil, tieSign: 0)
    }

    private func larger(_ a: Slope?, _ b: Slope?, extra: [LevelTerm]) -> Slope? {
        guard let a, let b else { return a ?? b }
        return Slope.compare(a, b, extra) >= 0 ? a : b
    }

    private func smaller(_ a: Slope?, _ b: Slope?, extra: [LevelTerm]) -> Slope? {
        guard let a, let b else { return a ?? b }
        return Slope.compare(a, b, extra) <= 0 ? a : b
    }
}
