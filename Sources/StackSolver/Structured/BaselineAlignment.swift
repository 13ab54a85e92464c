import StackIR
// firstBaseline alignment in the structured solver: a horizontal stack (any distribution but
// equalCentering) whose items' baselines are a fixed depth below their tops or their bottoms (leaves,
// and stacks whose baseline item sits at their top: see `StructuredModel`). The width shares along
// the row are the same for lastBaseline rows, whose height is in LastBaselineAlignment.swift.
//
// Across (height): every item's first baseline is at one height B; the alignment spanner spans the
// canvas and holds every visible item. An item's baseline is a fixed depth a below its top or its
// bottom, so the items above B need an ascent A (a, or the height of a bottom-baseline item) and
// those below it a descent D (height - a, or 0), and A + D fits the canvas. Each item's height is
// its own cost with the ambiguity suppression, only limited from above by A or a + D: the
// monotone envelopes, summed over the items that share a limit. The canvas's cost is then the
// infimal convolution of the ascent's and the descent's costs (`merge`), plus the spanning fit and
// the canvas fit. A canvas taller than the items leaves them free to slide: ambiguous, so the
// general solver answers (as it does for any layout this file does not settle).
//
// Along (width), in a fill stack: UIKit adds `item.width == (1/n) * stack.width @760` for every
// visible item. When every optional constraint inside the items is weaker than 760 (compression
// resistance is 750), the strict priority order settles these first: at the stack width S each
// item is as close to S / n as its bounds allow (`c`), and what the canvas still needs, or has too
// much, is taken from the items (each unit moves one item away from S / n, which costs the same
// at 760 whoever moves) by their own costs, the cheapest first and, on a tie, the earliest item
// (the 760 constraints' tie order): a merge of the items' costs going away from `c`. The stack's
// cost as a function of S is piecewise linear, with breakpoints where S / n meets a bound or a
// breakpoint of an item's cost, where the total meets the items' sum, or where the merge's takings
// pass a piece end; its slope on each piece is read from the solution at two points inside.

extension CostFunction {
    /// The function on `[bound, infinity)` only; nil when that leaves nothing.
    func restricted(atLeast bound: Double) -> CostFunction? {
        let (start, pieces) = ascendingPieces()
        guard bound > start else { return self }
        let end = pieces.last?.end ?? start
        guard bound <= end + structuredTolerance * max(1, abs(bound)) else { return nil }
        let kept = pieces.filter { $0.end > bound }
        return kept.isEmpty ? .point(min(bound, end)) : CostFunction.fromPieces(start: bound, kept, extra: extra)
    }
}

extension StructuredLayout {
    /// Zero cost from `start` upwards.
    private func freeAbove(_ start: Double) -> CostFunction {
        CostFunction(anchor: start, right: [Segment(length: .infinity, slope: .zero, owner: 0, order: 0)], left: [])
    }

    /// The canvas height's cost across a firstBaseline stack of several items (see the top of this
    /// file); records each item's own height (`crossAnchor`) and the ascent/descent merge.
    /// Throws when an item has no first baseline or no single own height, or the ascent and descent
    /// cannot be split.
    mutating func baselineCrossFunction(_ index: Int, axis: Int, inset: Double) throws(FallbackReason) -> CostFunction {
        let children = model.children(index)
        var places: [BaselinePlace] = []
        places.reserveCapacity(children.count)
        for child in children {
            guard let place = model.firstBaseline[child] else { throw .baselineAlignment(stack: index, .undefinedBaseline) }
            places.append(place)
        }
        let costs = try hangingCosts(places, children: children, axis: axis)
        // No bottom-baseline item: the ascent is the deepest baseline. No fixed baseline: nothing
        // hangs below B, so the descent is 0 or more.
        var ascent = costs.line.isEmpty ? freeAbove(costs.deepest) : pointwiseSum(costs.line)
        if costs.deepest > -.infinity { ascent = ascent?.restricted(atLeast: costs.deepest) }
        var descent = costs.descent.isEmpty ? freeAbove(0) : pointwiseSum(costs.descent)
        if costs.bottomHung { descent = descent?.restricted(atLeast: 0) }
        guard let spanning = model.spanningFit[index], let fit = model.canvasFit[index] else { throw .irMismatch(item: index) }
        // A sum fails where the items' required heights do not meet (restricted: nothing is left).
        guard let ascent, let descent else { throw .conflict(node: index, axis: Axis(slot: axis)) }
        let merged = merge([ascent, descent])
        crossMerges[index] = merged
        crossMergeAnchors[index] = [ascent.anchor, descent.anchor]
        let spanned = try fitted(merged.function, spanning, index, axis)
        return try fitted(spanned.shifted(by: inset), fit, index, axis)
    }

    /// The items' heights and tops across a firstBaseline stack for a canvas height; false when the
    /// canvas cannot be split or the items do not fill it (ambiguous).
    func placeBaselineRow(
        _ index: Int, axis: Int, canvasStart: Double, canvasLength: Double, lengths: inout [Double],
        position: UnsafeMutableBufferPointer<Double>, length: UnsafeMutableBufferPointer<Double>
    ) -> Bool {
        guard let merged = crossMerges[index],
              split(merged, total: canvasLength, anchors: crossMergeAnchors[index], into: &lengths) else { return false }
        let ascentLimit = lengths[0]
        let descentLimit = lengths[1]
        let children = model.children(index)
        var ascent = -Double.infinity
        var descent = -Double.infinity
        func up(_ child: Int, _ height: Double) -> Double { model.firstBaseline[child]?.depth(length: height) ?? height }
        for child in children {
            let own = crossAnchor[2 * child + axis]
            guard !model.hidden[child] else {
                length[2 * child + axis] = own
                continue
            }
            let height: Double
            if case .belowTop(let depth)? = model.firstBaseline[child] {
                height = min(own, depth + descentLimit)
                descent = max(descent, height - depth)
            } else {
                height = min(own, ascentLimit)
                descent = max(descent, 0)
            }
            ascent = max(ascent, up(child, height))
            length[2 * child + axis] = height
        }
        guard abs(ascent + descent - canvasLength) <= structuredTolerance * max(1, abs(canvasLength)) else { return false }
        let baseline = canvasStart + ascent
        for child in children {
            position[2 * child + axis] = baseline - up(child, length[2 * child + axis])
        }
        return true
    }

    /// A firstBaseline fill stack's items (all visible ones), or nil when the width shares are not
    /// the case this file settles (see the top).
    func disambiguatedItems(_ index: Int, axis: Int) -> [Int]? {
        let items = model.visibleChildren[index]
        guard let first = items.first, let share = model.widthShare[first] else { return nil }
        for child in items {
            guard let other = model.widthShare[child], other.multiplier == share.multiplier, other.priority == share.priority,
                  strongestOptionalPriority(outer[2 * child + axis]) < share.priority else { return nil }
        }
        return items
    }

    /// The items' costs going away from `targets` (down when `down`): functions of the distance,
    /// each unit also moving the item away from its width share (at the share's priority).
    private func awayFunctions(_ items: [Int], axis: Int, targets: [Double], down: Bool) -> [CostFunction] {
        items.enumerated().map { k, child in
            let share = model.widthShare[child]!
            let function = outer[2 * child + axis]
            let (start, pieces) = function.ascendingPieces()
            let c = targets[k]
            var segments: [Segment] = []
            var extra: [LevelTerm] = []
            func away(_ slope: Slope, times factor: Double) -> Slope {
                var sum = SlopeSum()
                sum.add(slope, of: function, times: factor)
                sum.add(constraint: share.priority, index: share.index, sign: 1, times: 1)
                return sum.slope(extra: &extra)
            }
            if down {
                for j in stride(from: pieces.count - 1, through: 0, by: -1) {
                    let low = j == 0 ? start : pieces[j - 1].end
                    let high = min(pieces[j].end, c)
                    guard high > low else { continue }
                    segments.append(Segment(length: high - low, slope: away(pieces[j].slope, times: -1),
                                            owner: 0, order: Int32(segments.count)))
                }
            } else {
                for j in pieces.indices {
                    let low = max(j == 0 ? start : pieces[j - 1].end, c)
                    guard pieces[j].end > low else { continue }
                    segments.append(Segment(length: pieces[j].end - low, slope: away(pieces[j].slope, times: 1),
                                            owner: 0, order: Int32(segments.count)))
                }
            }
            return CostFunction(anchor: 0, right: segments, left: [], extra: extra)
        }
    }

    /// The items' widths at stack width `stack` with `total` for the items (see the top of this
    /// file), or at most `total` (`atMost`: equalSpacing, whose gaps take what the items leave);
    /// false when the total is outside the items' bounds.
    func disambiguatedLengths(_ items: [Int], axis: Int, stack: Double, total: Double, atMost: Bool, into lengths: inout [Double]) -> Bool {
        guard let head = items.first, let m = model.widthShare[head]?.multiplier else { return false }
        let lows = items.map { outerLower[2 * $0 + axis] }
        let highs = items.map { outerUpper[2 * $0 + axis] }
        let slack = structuredTolerance * max(1, abs(total))
        guard total >= lows.reduce(0, +) - slack, atMost || total <= highs.reduce(0, +) + slack else { return false }
        let targets = items.indices.map { min(max(m * stack, lows[$0]), highs[$0]) }
        let excess = targets.reduce(0, +) - total
        lengths.removeAll(keepingCapacity: true)
        lengths.append(contentsOf: targets)
        guard abs(excess) > slack, !(atMost && excess < 0) else { return true }
        let down = excess > 0
        let merged = merge(awayFunctions(items, axis: axis, targets: targets, down: down))
        var moves: [Double] = []
        guard split(merged, total: abs(excess), anchors: Array(repeating: 0, count: items.count), into: &moves) else { return false }
        for k in items.indices { lengths[k] += down ? -moves[k] : moves[k] }
        return true
    }

    /// The stack's width cost (see the top of this file); nil when it has no minimum.
    func disambiguatedFunction(_ index: Int, axis: Int, items: [Int], fixed: Double, atMost: Bool) -> CostFunction? {
        guard let head = items.first, let m = model.widthShare[head]?.multiplier else { return nil }
        let lows = items.map { outerLower[2 * $0 + axis] }
        let highs = items.map { outerUpper[2 * $0 + axis] }
        let start = fixed + lows.reduce(0, +)
        let end = atMost ? .infinity : fixed + highs.reduce(0, +)
        guard start <= end else { return nil }
        if start == end { return .point(start) }
        let itemPieces = items.map { outer[2 * $0 + axis].ascendingPieces().pieces }
        // Where S / n meets a bound or a breakpoint of an item's cost.
        var events: [Double] = []
        for k in items.indices {
            events += [lows[k] / m, highs[k] / m]
            events += itemPieces[k].dropLast().map { $0.end / m }
        }
        /// At `x`: the targets' rates and the excess (sum of targets - total) and its rate.
        func excessLine(at x: Double) -> (targets: [Double], rates: [Double], excess: Double, rate: Double) {
            let targets = items.indices.map { min(max(m * x, lows[$0]), highs[$0]) }
            let rates = items.indices.map { m * x > lows[$0] && m * x < highs[$0] ? m : 0 }
            // A rate is a sum of 1 / n terms: noise below 1e-9 is 0 (else a root lands far away).
            let rate = rates.reduce(0, +) - 1
            return (targets, rates, targets.reduce(0, +) - (x - fixed), abs(rate) < 1e-9 ? 0 : rate)
        }
        var bounds = pieceBounds(events, start: start, end: end)
        var points = Array(bounds.dropFirst().dropLast())
        // Where the total meets the targets' sum, between those events.
        for k in 0..<(bounds.count - 1) where bounds[k + 1] > bounds[k] {
            let x = pointInside(bounds[k], bounds[k + 1])
            let line = excessLine(at: x)
            if line.rate != 0 {
                let root = x - line.excess / line.rate
                if root > bounds[k] && root < bounds[k + 1] { points.append(root) }
            }
        }
        // Where the merge's takings pass a piece end, on each interval with a constant excess sign.
        bounds = pieceBounds(points, start: start, end: end)
        for k in 0..<(bounds.count - 1) where bounds[k + 1] > bounds[k] {
            let x = pointInside(bounds[k], bounds[k + 1])
            let line = excessLine(at: x)
            guard abs(line.excess) > structuredTolerance * max(1, abs(x)) || line.rate != 0,
                  !(atMost && line.excess < 0) else { continue }
            let down = line.excess > 0
            let need = abs(line.excess)
            let needRate = down ? line.rate : -line.rate
            let merged = merge(awayFunctions(items, axis: axis, targets: line.targets, down: down)).function
            var taken = 0.0
            var takenRate = 0.0
            for segment in merged.right {
                guard segment.length.isFinite else { break }
                taken += segment.length
                // An item's first piece starts at its target, which moves with S.
                if segment.order == 0 { takenRate += down ? line.rates[Int(segment.owner)] : -line.rates[Int(segment.owner)] }
                if abs(takenRate - needRate) > 1e-9 {
                    let root = x + (need - taken) / (takenRate - needRate)
                    if root > bounds[k] && root < bounds[k + 1] { points.append(root) }
                }
            }
        }
        bounds = pieceBounds(points, start: start, end: end)
        // One piece of cost per interval, its slope from the solution at two points inside.
        var pieces: [(end: Double, slope: Slope)] = []
        var extra: [LevelTerm] = []
        var first: [Double] = []
        var second: [Double] = []
        for k in 0..<(bounds.count - 1) {
            let a = bounds[k]
            let b = bounds[k + 1]
            guard b > a else { continue }
            let x1: Double
            let x2: Double
            if a.isFinite && b.isFinite {
                x1 = a + (b - a) / 3
                x2 = a + 2 * (b - a) / 3
            } else {
                let x = pointInside(a, b)
                x1 = x - 0.5
                x2 = x + 0.5
            }
            guard disambiguatedLengths(items, axis: axis, stack: x1, total: x1 - fixed, atMost: atMost, into: &first),
                  disambiguatedLengths(items, axis: axis, stack: x2, total: x2 - fixed, atMost: atMost, into: &second)
            else { return nil }
            let x = (x1 + x2) / 2
            var slope = SlopeSum()
            // Rates are difference quotients here: noise up to ~1e-9.
            for (j, child) in items.enumerated() {
                let rate = (second[j] - first[j]) / (x2 - x1)
                let value = (first[j] + second[j]) / 2
                slope.addShare(model.widthShare[child]!, length: value, rate: rate, at: x, rateNoise: 1e-9,
                               lengthNoise: structuredTolerance * max(1, abs(x)))
                slope.addItem(outer[2 * child + axis], pieces: itemPieces[j], length: value, rate: rate, rateNoise: 1e-9)
            }
            pieces.append((b, slope.slope(extra: &extra)))
        }
        return CostFunction.fromPieces(start: start, pieces, extra: extra)
    }
}

// A fill baseline row whose items all hold their widths more strongly than the width shares (UIKit's
// way out of the text-width disambiguation: hugging and compression above 760): at the one width
// where the items fit at their own widths, nothing the shares gain pays for moving an item, so the
// items keep their widths there, exactly. Any other width moves some item at its own priority; that
// cost is not worked out here: as for equalCentering (MoveBound.swift), a lower bound exact at
// that width stands in for it on each side, and the top-down pass declines any other width.
extension StructuredLayout {
    /// The row's width cost when every visible item is held above its width share on both sides of
    /// its own width (nil otherwise); records the items' widths (`mergeAnchors`) and the row's width
    /// (`settledLength`).
    mutating func heldRowFunction(_ index: Int, axis: Int, fixed: Double) -> CostFunction? {
        let items = model.visibleChildren[index]
        guard let first = items.first, let share = model.widthShare[first] else { return nil }
        var shortening = MoveBound(above: share.priority)
        var lengthening = MoveBound(above: share.priority)
        var widths: [Double] = []
        widths.reserveCapacity(items.count)
        for child in items {
            let function = outer[2 * child + axis]
            guard let other = model.widthShare[child], other.priority == share.priority, function.anchor.isFinite,
                  shortening.add(function.left), lengthening.add(function.right) else { return nil }
            widths.append(function.anchor)
        }
        let width = fixed + widths.reduce(0, +)
        mergeAnchors[index] = widths
        settledLength[index] = width
        heldRow[index] = true
        return CostFunction(
            anchor: width,
            right: lengthening.slope.map { [Segment(length: .infinity, slope: $0, owner: 0, order: 0)] } ?? [],
            left: shortening.slope.map { [Segment(length: .infinity, slope: $0, owner: 0, order: 0)] } ?? [])
    }
}
