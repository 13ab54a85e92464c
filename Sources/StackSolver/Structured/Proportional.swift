import StackIR
// fillProportionally in the structured solver.
//
// Along a fillProportionally stack of length S, each item with an intrinsic length has a share
// `item.length == m * S` at its own priority (999, 998, ... in arranged order; with margins, today's
// UIKit shares the margins guide, `m * (S - insets)`: `ProportionalShare.target`), an item without one
// has length 0 (required), and the items and spacings fill the canvas: sum of lengths = S - C (C:
// spacings and margins). When every optional constraint inside the items is weaker than every share
// (the usual case: hugging 250 and compression 750 against 999, 998, ...), the general solver's
// strict priority order settles the shares one level at a time, strongest first, before any item's
// own preferences: the strongest item takes the length closest to m * S that still lets the others
// reach the total within their required bounds, then the next one, and the weakest takes what is
// left. So the lengths are a function of S alone (`proportionalLengths`), and the stack's cost is
// the cost of those lengths: piecewise linear in S, with breakpoints where a length meets a bound,
// its share or a breakpoint of its item's own cost (`proportionalFunction`). When an item's constraint
// is as strong as a share, the lengths come level by level instead (ProportionalLevels.swift). Shares
// tied at one priority (today's UIKit past 248 items, iOS 9/10 past 999) take the same greedy rule,
// later IR constraints first, where the items' own costs agree with it (TiedShares.swift).

/// A piecewise-linear real function on the whole line: values at sorted breakpoints, and the slopes
/// before the first and after the last.
struct LinearPieces {
    var xs: [Double]
    var ys: [Double]
    var leftSlope: Double
    var rightSlope: Double

    static func linear(intercept: Double, slope: Double) -> LinearPieces {
        LinearPieces(xs: [0], ys: [intercept], leftSlope: slope, rightSlope: slope)
    }

    /// The index of the last breakpoint at or before `x` (-1 before the first).
    private func interval(of x: Double) -> Int {
        var lo = -1
        var hi = xs.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if xs[mid] <= x { lo = mid } else { hi = mid }
        }
        return lo
    }

    func value(at x: Double) -> Double {
        let k = interval(of: x)
        if k < 0 { return ys[0] + (x - xs[0]) * leftSlope }
        if k == xs.count - 1 { return ys[k] + (x - xs[k]) * rightSlope }
        return ys[k] + (x - xs[k]) * slope(after: k)
    }

    /// The slope at `x`, which should not be a breakpoint.
    func slope(at x: Double) -> Double {
        let k = interval(of: x)
        if k < 0 { return leftSlope }
        if k == xs.count - 1 { return rightSlope }
        return slope(after: k)
    }

    private func slope(after k: Int) -> Double { (ys[k + 1] - ys[k]) / (xs[k + 1] - xs[k]) }

    /// Where the function meets `level`: its breakpoints on it, and where it crosses it between
    /// breakpoints or beyond them. End slopes below 1e-12 are rounding noise of sums of shares, not
    /// slopes: a crossing from one would land absurdly far out.
    func crossings(of level: Double) -> [Double] {
        var result: [Double] = []
        for (x, y) in zip(xs, ys) where y == level { result.append(x) }
        let leftSlope = abs(self.leftSlope) < 1e-12 ? 0 : self.leftSlope
        let rightSlope = abs(self.rightSlope) < 1e-12 ? 0 : self.rightSlope
        let first = ys[0] - level
        if leftSlope != 0, first != 0, (first > 0) == (leftSlope > 0) { result.append(xs[0] - first / leftSlope) }
        for k in 0..<(xs.count - 1) {
            let a = ys[k] - level
            let b = ys[k + 1] - level
            if (a < 0 && b > 0) || (a > 0 && b < 0) { result.append(xs[k] + (xs[k + 1] - xs[k]) * a / (a - b)) }
        }
        let last = ys[xs.count - 1] - level
        if rightSlope != 0, last != 0, (last > 0) != (rightSlope > 0) { result.append(xs[xs.count - 1] - last / rightSlope) }
        return result
    }

    static func + (a: LinearPieces, b: LinearPieces) -> LinearPieces {
        let xs = nonEmpty(sortedBreakpoints(a.xs + b.xs))
        return LinearPieces(xs: xs, ys: xs.map { a.value(at: $0) + b.value(at: $0) },
                            leftSlope: a.leftSlope + b.leftSlope, rightSlope: a.rightSlope + b.rightSlope)
    }

    static func - (a: LinearPieces, b: LinearPieces) -> LinearPieces {
        a + LinearPieces(xs: b.xs, ys: b.ys.map { -$0 }, leftSlope: -b.leftSlope, rightSlope: -b.rightSlope)
    }

    /// The pointwise maximum (`larger`) or minimum of two functions.
    static func extremum(_ a: LinearPieces, _ b: LinearPieces, larger: Bool) -> LinearPieces {
        let difference = a - b
        let xs = nonEmpty(sortedBreakpoints(difference.xs + difference.crossings(of: 0)))
        func pick(_ x: Double) -> Double { larger ? max(a.value(at: x), b.value(at: x)) : min(a.value(at: x), b.value(at: x)) }
        // No crossing lies beyond the ends, so the function ahead well past an end is ahead all the
        // way from it (read far out: at the end itself, a crossing there leaves only rounding noise).
        func endSlope(_ x: Double, _ sa: Double, _ sb: Double) -> Double {
            let d = a.value(at: x) - b.value(at: x)
            if d == 0 { return sa }
            return (d > 0) == larger ? sa : sb
        }
        let first = xs[0]
        let last = xs[xs.count - 1]
        return LinearPieces(
            xs: xs, ys: xs.map(pick),
            leftSlope: endSlope(first - max(1, abs(first)), a.leftSlope, b.leftSlope),
            rightSlope: endSlope(last + max(1, abs(last)), a.rightSlope, b.rightSlope))
    }
}

/// Sorted, with points closer than rounding noise merged (a slope across them would be noise).
func sortedBreakpoints(_ points: [Double]) -> [Double] {
    var result: [Double] = []
    result.reserveCapacity(points.count)
    for x in points.sorted() where x.isFinite {
        if let last = result.last, sameBreakpoint(last, x) { continue }
        result.append(x)
    }
    return result
}

/// Whether two finite breakpoints are one (their distance is rounding).
func sameBreakpoint(_ a: Double, _ b: Double) -> Bool { a.isFinite && b.isFinite && abs(b - a) <= 1e-12 * max(1, abs(b)) }

/// `start`, the points strictly between `start` and `end` (`sortedBreakpoints`), and `end`: a point
/// within rounding of an end is that end, so no piece is only rounding long (a slope read inside one
/// is noise, and can make a convex function look as if it turned down).
func pieceBounds(_ points: [Double], start: Double, end: Double) -> [Double] {
    [start] + sortedBreakpoints(points.filter { $0 > start && $0 < end && !sameBreakpoint(start, $0) && !sameBreakpoint($0, end) }) + [end]
}

/// A point inside the interval (a, b), either end possibly infinite.
func pointInside(_ a: Double, _ b: Double) -> Double {
    a.isFinite && b.isFinite ? (a + b) / 2 : (a.isFinite ? a + 1 : (b.isFinite ? b - 1 : 0))
}

/// The sums of the lower and of the upper bounds of the items from each position on (a last 0 after
/// the end). Lower bounds are finite or -infinity, upper ones finite or +infinity, so no sum meets
/// infinities of both signs.
private func laterBoundSums(_ lows: [Double], _ highs: [Double]) -> (lows: [Double], highs: [Double]) {
    var laterLows = [Double](repeating: 0, count: lows.count + 1)
    var laterHighs = [Double](repeating: 0, count: highs.count + 1)
    for k in stride(from: lows.count - 1, through: 0, by: -1) {
        laterLows[k] = laterLows[k + 1] + lows[k]
        laterHighs[k] = laterHighs[k + 1] + highs[k]
    }
    return (laterLows, laterHighs)
}

/// A breakpoint list with at least one point (a line gets an arbitrary one).
private func nonEmpty(_ xs: [Double]) -> [Double] { xs.isEmpty ? [0] : xs }

/// The strongest optional priority among a cost function's slopes (0 when it has none).
func strongestOptionalPriority(_ function: CostFunction) -> Double {
    var strongest = 0.0
    for segment in function.right + function.left {
        for term in levelTerms(of: segment.slope, in: function) where term.priority < 1000 { strongest = max(strongest, term.priority) }
        if let tie = segment.slope.tie, tie.priority < 1000 { strongest = max(strongest, tie.priority) }
    }
    return strongest
}

extension StructuredLayout {
    /// A fillProportionally stack's share items, strongest share first, and whether they are split
    /// level by level (`splitByLevels`); throws when the case is not one solved here (see the top
    /// of this file), or a zero-length item cannot be 0 long.
    mutating func proportionalItems(_ index: Int, axis: Int) throws(FallbackReason) -> [Int] {
        splitByLevels[index] = false
        var items: [Int] = []
        for child in model.visibleChildren[index] {
            if model.zeroLength[child] {
                guard outer[2 * child + axis].contains(0) else { throw .conflict(node: child, axis: Axis(slot: axis)) }
                continue
            }
            guard model.proportionalShare[child] != nil else { throw .irMismatch(item: child) }
            items.append(child)
        }
        // Strongest share first; within a priority, the later share in IR order first (TiedShares.swift).
        items.sort {
            let (a, b) = (model.proportionalShare[$0]!, model.proportionalShare[$1]!)
            return a.priority != b.priority ? a.priority > b.priority : a.index > b.index
        }
        // A required share: the lowering makes one only for the single item with an intrinsic
        // length, when it is the only visible item or the spacing is 0, so its share is the whole
        // stack (multiplier 1). Its length is then the stack's, with no cost of its own.
        if let first = items.first, model.proportionalShare[first]!.priority >= 1000 {
            guard items.count == 1 && model.proportionalShare[first]!.multiplier == 1 && model.widthShare[first] == nil else {
                throw .proportionalSplit(stack: index, axis: Axis(slot: axis))
            }
            return items
        }
        guard let weakest = items.last.flatMap({ model.proportionalShare[$0]?.priority }) else { return items }
        // The greedy split holds when every share outranks every item's own constraint. In a
        // baseline row every visible item also has `width == stack.width / n @760`: after the
        // shares (which fix every width), so only a cost, when every share is stronger and every
        // item's own constraint weaker. Otherwise the split goes level by level
        // (ProportionalLevels.swift): leaves only, and not too many.
        var greedy = !items.contains { strongestOptionalPriority(outer[2 * $0 + axis]) >= weakest }
        if let width = model.visibleChildren[index].first.flatMap({ model.widthShare[$0] }) {
            greedy = greedy && weakest > width.priority
                && !items.contains { strongestOptionalPriority(outer[2 * $0 + axis]) >= width.priority }
        }
        if !greedy {
            guard items.count <= levelSplitLimit, items.allSatisfy({ model.stackAxis[$0] < 0 }) else {
                throw .proportionalSplit(stack: index, axis: Axis(slot: axis))
            }
            splitByLevels[index] = true
        }
        return items
    }

    /// A baseline row's items when its widths are split level by level (its width shares and the
    /// items' own constraints, ProportionalLevels.swift): leaves only, not too many; nil otherwise.
    mutating func rowLevelItems(_ index: Int, axis: Int) -> [Int]? {
        let items = model.visibleChildren[index]
        guard items.count <= levelSplitLimit, items.allSatisfy({ model.stackAxis[$0] < 0 && model.widthShare[$0] != nil }) else { return nil }
        splitByLevels[index] = true
        return items
    }

    /// A share item of a stack split level by level (ProportionalLevels.swift): its share, and its
    /// width share in a baseline row.
    func levelItem(_ child: Int, axis: Int) -> LevelItem {
        let slot = 2 * child + axis
        var item = LevelItem(lower: outerLower[slot], upper: outerUpper[slot])
        for share in [model.proportionalShare[child], model.widthShare[child]] {
            if let share { item.shares.append(LevelShare(multiplier: share.multiplier, priority: share.priority, constant: share.target(at: 0))) }
        }
        if model.explicit[slot] == nil, let data = model.leafAxes[slot] {
            item.intrinsic = data.intrinsic
            if data.hugging.priority < 1000 { item.hugging = data.hugging.priority }
            if data.compression.priority < 1000 { item.compression = data.compression.priority }
        }
        return item
    }

    /// The items' lengths at stack length `stack`, strongest share first (see the top of this
    /// file): each takes its share clamped to what its bounds and the others' allow. `total` is the
    /// sum of the lengths (S - C); false when it is outside the items' required bounds.
    func proportionalLengths(_ items: [Int], axis: Int, stack: Double, total: Double, byLevels: Bool, into lengths: inout [Double]) -> Bool {
        if byLevels { return levelLengths(items, axis: axis, stack: stack, total: total, gapSlack: false, into: &lengths) }
        let (laterLows, laterHighs) = laterBoundSums(items.map { outerLower[2 * $0 + axis] }, items.map { outerUpper[2 * $0 + axis] })
        let slack = structuredTolerance * max(1, abs(total))
        guard total >= laterLows[0] - slack, total <= laterHighs[0] + slack else { return false }
        var remaining = total
        lengths.removeAll(keepingCapacity: true)
        for (k, child) in items.enumerated() {
            let share = model.proportionalShare[child]!.target(at: stack)
            let length = min(max(share, outerLower[2 * child + axis], remaining - laterHighs[k + 1]),
                             outerUpper[2 * child + axis], remaining - laterLows[k + 1])
            lengths.append(length)
            remaining -= length
        }
        let groups = tiedGroups(items)
        guard !groups.isEmpty else { return true }
        var rates = [Double](repeating: 0, count: items.count)
        for group in groups {
            guard splitResidue(group, items: items, axis: axis, stack: stack, values: &lengths, rates: &rates, valuesOnly: true, order: {
                residueOrder(group, items: items, axis: axis, direction: $0)
            }) != nil else { return false }
        }
        return true
    }

    /// The items' lengths at stack length `stack`, level by level (ProportionalLevels.swift); with
    /// `gapSlack` (an equalSpacing row) they add up to at most `total`, the gaps taking the rest.
    func levelLengths(_ items: [Int], axis: Int, stack: Double, total: Double, gapSlack: Bool, into lengths: inout [Double]) -> Bool {
        var probe = RegimeProbe(at: stack)
        guard let split = levelSplit(levelItems(items, axis: axis, gapSlack: gapSlack), fixed: stack - total, probe: &probe)
        else { return false }
        lengths.removeAll(keepingCapacity: true)
        for length in split.prefix(items.count) { lengths.append(length.value(at: stack)) }
        return true
    }

    /// The items of a split level by level, and with `gapSlack` one more: the gaps' length beyond
    /// their least, free and at least 0.
    func levelItems(_ items: [Int], axis: Int, gapSlack: Bool) -> [LevelItem] {
        items.map { levelItem($0, axis: axis) } + (gapSlack ? [LevelItem(lower: 0, upper: .infinity)] : [])
    }

    /// The stack's cost as a function of its length (see the top of this file): the items' lengths
    /// as piecewise-linear functions of S, then one piece of cost between consecutive breakpoints,
    /// its slope read at the piece's middle. Nil when the case is not handled or S has no minimum.
    /// Baseline rows split level by level use it too (`gapSlack` for equalSpacing).
    func proportionalFunction(_ index: Int, axis: Int, items: [Int], fixed: Double, gapSlack: Bool = false) -> CostFunction? {
        guard let first = items.first else { return .point(fixed) }
        if let share = model.proportionalShare[first], share.priority >= 1000 {
            // `item.length == stack.length - inset` (the share) and `item.length == stack.length - fixed`
            // (the chain): only when the two agree.
            return abs(fixed - share.inset) <= structuredTolerance ? outer[2 * first + axis].shifted(by: fixed) : nil
        }
        let lows = items.map { outerLower[2 * $0 + axis] }
        let highs = items.map { outerUpper[2 * $0 + axis] }
        let start = fixed + lows.reduce(0, +)
        let end = gapSlack ? .infinity : fixed + highs.reduce(0, +)
        guard start <= end else { return nil }
        if start == end { return .point(start) }
        var lengths: [LinearPieces] = []
        if splitByLevels[index] {
            guard let split = levelSplitPieces(levelItems(items, axis: axis, gapSlack: gapSlack), fixed: fixed, start: start, end: end)
            else { return nil }
            lengths = Array(split.prefix(items.count))
        }
        // l_k(S) = clamp(m_k S, max(lo_k, R_k - sum of later highs), min(hi_k, R_k - sum of later lows)),
        // R_k = S - fixed - (earlier lengths).
        var assigned = LinearPieces.linear(intercept: 0, slope: 0)
        let (laterLowSums, laterHighSums) = laterBoundSums(lows, highs)
        for (k, child) in items.enumerated() where !splitByLevels[index] {
            let remaining = LinearPieces.linear(intercept: -fixed, slope: 1) - assigned
            let laterLows = laterLowSums[k + 1]
            let laterHighs = laterHighSums[k + 1]
            var length = model.proportionalShare[child]!.line
            if lows[k] > -.infinity { length = .extremum(length, .linear(intercept: lows[k], slope: 0), larger: true) }
            if laterHighs < .infinity {
                length = .extremum(length, remaining - .linear(intercept: laterHighs, slope: 0), larger: true)
            }
            if highs[k] < .infinity { length = .extremum(length, .linear(intercept: highs[k], slope: 0), larger: false) }
            if laterLows > -.infinity {
                length = .extremum(length, remaining - .linear(intercept: laterLows, slope: 0), larger: false)
            }
            lengths.append(length)
            assigned = assigned + length
        }
        // Breakpoints: the lengths', where a length meets its share, and where it meets a
        // breakpoint of its item's cost; in a tied group, also where the share does.
        let groups = splitByLevels[index] ? [] : tiedGroups(items)
        var points: [Double] = []
        var itemPieces: [[(end: Double, slope: Slope)]] = []
        for (k, child) in items.enumerated() {
            points += lengths[k].xs
            if let share = model.proportionalShare[child] {
                points += (lengths[k] - share.line).crossings(of: 0)
            }
            let (first, pieces) = outer[2 * child + axis].ascendingPieces()
            for piece in pieces.dropLast() { points += lengths[k].crossings(of: piece.end) }
            if groups.contains(where: { $0.contains(k) }), let share = model.proportionalShare[child] {
                for end in [first] + pieces.map(\.end) where end.isFinite { points += share.line.crossings(of: end) }
            }
            itemPieces.append(pieces)
        }
        // The row's width shares (firstBaseline): every visible item, zero-length ones included.
        let visible = model.visibleChildren[index]
        let rowShares = visible.compactMap { model.widthShare[$0] }.count == visible.count ? visible : []
        // Each row item's position in `items` (nil: a zero-length item).
        var positions: [Int: Int] = [:]
        for (k, child) in items.enumerated() { positions[child] = k }
        for child in rowShares {
            let m = model.widthShare[child]!.multiplier
            if let k = positions[child] {
                points += (lengths[k] - .linear(intercept: 0, slope: m)).crossings(of: 0)
            } else {
                points.append(0)
            }
        }
        guard let (pieces, extra) = proportionalPieces(items, axis: axis, lengths: lengths, itemPieces: itemPieces, groups: groups,
                                                       rowShares: rowShares, positions: positions, points: points, start: start, end: end)
        else { return nil }
        return CostFunction.fromPieces(start: start, pieces, extra: extra)
    }

    /// The stack's cost pieces from `start` to `end` (see `proportionalFunction`): one per interval
    /// between `points`, split further where a tied group's marginal piece changes (TiedShares.swift),
    /// each slope read inside it. Nil where the items cannot hold a length, or where a tied split
    /// changes hands more often than its budget.
    private func proportionalPieces(
        _ items: [Int], axis: Int, lengths: [LinearPieces], itemPieces: [[(end: Double, slope: Slope)]], groups: [Range<Int>],
        rowShares: [Int], positions: [Int: Int], points: [Double], start: Double, end: Double
    ) -> (pieces: [(end: Double, slope: Slope)], extra: [LevelTerm])? {
        // The items' lengths and rates at a length of the stack, and the interval around it on which
        // they stay linear (nil: the items cannot hold it).
        var values = [Double](repeating: 0, count: items.count)
        var rates = values
        var orders = [[Double: [ResiduePiece]]](repeating: [:], count: groups.count)
        func state(at x: Double) -> ClosedRange<Double>? {
            for k in items.indices {
                values[k] = lengths[k].value(at: x)
                rates[k] = lengths[k].slope(at: x)
            }
            var linear = -Double.infinity...Double.infinity
            for (g, group) in groups.enumerated() {
                guard let range = splitResidue(group, items: items, axis: axis, stack: x, values: &values, rates: &rates, order: { direction in
                    if let order = orders[g][direction] { return order }
                    let order = residueOrder(group, items: items, axis: axis, direction: direction)
                    orders[g][direction] = order
                    return order
                }) else { return nil }
                linear = max(linear.lowerBound, range.lowerBound)...min(linear.upperBound, range.upperBound)
            }
            return linear
        }
        func slope(at x: Double, extra: inout [LevelTerm]) -> Slope {
            var slope = SlopeSum()
            for (j, child) in items.enumerated() {
                if let share = model.proportionalShare[child] {
                    slope.addShare(share, length: values[j], rate: rates[j], at: x, rateNoise: 1e-12, lengthNoise: 0)
                }
                slope.addItem(outer[2 * child + axis], pieces: itemPieces[j], length: values[j], rate: rates[j], rateNoise: 1e-12)
            }
            for child in rowShares {
                let k = positions[child]
                slope.addShare(model.widthShare[child]!, length: k.map { values[$0] } ?? 0, rate: k.map { rates[$0] } ?? 0,
                               at: x, rateNoise: 1e-12, lengthNoise: 0)
            }
            return slope.slope(extra: &extra)
        }
        // One piece per interval between breakpoints, split further where a tied group's marginal
        // piece changes (TiedShares.swift); each piece's slope read inside it.
        let bounds = pieceBounds(points, start: start, end: end)
        var found: [(start: Double, end: Double, slope: Slope)] = []
        var extra: [LevelTerm] = []
        var budget = 4 * (bounds.count + itemPieces.reduce(0) { $0 + $1.count }) + 64
        for k in 0..<(bounds.count - 1) where bounds[k + 1] > bounds[k] {
            var work = [(bounds[k], bounds[k + 1])]
            while let (a, b) = work.popLast() {
                budget -= 1
                let x = pointInside(a, b)
                guard budget >= 0, let linear = state(at: x) else { return nil }
                let from = linear.lowerBound > a && !sameBreakpoint(a, linear.lowerBound) ? linear.lowerBound : a
                let to = linear.upperBound < b && !sameBreakpoint(linear.upperBound, b) ? linear.upperBound : b
                if to > from {
                    // A regime that only starts or ends at x: its slope is read inside it.
                    let inside = from < x && x < to ? x : pointInside(from, to)
                    if inside != x && state(at: inside) == nil { return nil }
                    found.append((from, to, slope(at: inside, extra: &extra)))
                }
                if from > a { work.append((a, from)) }
                if to < b { work.append((to, b)) }
            }
        }
        found.sort { $0.start < $1.start }
        return (found.map { (end: $0.end, slope: $0.slope) }, extra)
    }
}
