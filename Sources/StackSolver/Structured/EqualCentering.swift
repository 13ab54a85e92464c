import StackIR

// equalCentering along the stack's axis.
//
// The lowering (seed 000 §1.5) pins a gap guide between each pair of adjacent visible items' centres
// and makes the gaps equal at priority 149 (`gap[j].length == gap[1].length @149`), below the items'
// own hugging and compression; the spacings are minimums (`>=`). Two visible items have one gap and
// no equality, so they are placed as equalSpacing places them (TopDownAlong.swift). With k > 1
// gaps, items 0 ... k, lengths l[i] and m[j] = l[j] / 2 + spacing[j] + l[j + 1] / 2 the least
// centre distance of gap j:
//
// - With every item at its own minimiser, the gaps can all be equal exactly when the canvas is at
//   least `settled = l[0] / 2 + k * max(m) + l[k] / 2`. From there up nothing in the stack is
//   violated, so that is the optimum: the stack's cost is flat (the gaps absorb any extra length, all
//   equal) and the layout is the items at their minimisers with their centres
//   `(canvas - l[0] / 2 - l[k] / 2) / k` apart.
// - When moreover every item's length costs more than the gaps on both sides of its minimiser (the
//   first term of each slope is above the gaps' priority), the items keep their minimisers whenever
//   the canvas holds them with their spacings: nothing the gaps gain at 149 pays for an item's loss.
// - Below `settled` the gaps are unequal. When every item is held above the gaps' priority, the
//   items keep their lengths down to `held` (the items and their spacings exactly filling the
//   canvas), and the gaps' cost there is worked out exactly (`squeezedCost`): a parent may give the
//   stack any length from `held` up. The unequal gaps themselves come from the general solver run on
//   the gaps alone (`squeezedGaps`: k variables, their least lengths, their equalities at 149 in the
//   lowering's order), so its tie rule picks the same gaps; nothing outside the stack depends on
//   them.
// - Elsewhere below `settled` (below `held`, or with an item held at or below 149, which may move to
//   even out the gaps more cheaply) the stack's cost is a lower bound of the true one that is exact
//   where the exact part ends: a parent that picks a length there or above has picked the true
//   optimum (the bound is nowhere above the true cost), and one that picks less makes the top-down
//   pass decline, so the general solver answers. Below `held` the bound falls at half the first
//   coefficient of the cheapest item compression (the true cost rises at least that fast at that
//   priority, since some item must give way); with an item held at or below 149 it is flat from
//   `settled` down: nothing below costs less than the optimum there.
// So the bound never changes a layout the structured solver reports, only how often it declines.

extension StructuredLayout {
    /// The cost of an equalCentering stack's length along its axis (see the top of this file); throws
    /// when an item's length has no single minimiser.
    mutating func equalCenteringFunction(_ index: Int, axis: Int, visible: [Int], inset: Double) throws(FallbackReason) -> CostFunction {
        let gapPriority = model.gapPriority[index]
        var lengths: [Double] = []
        lengths.reserveCapacity(visible.count)
        var lowest = 0.0
        // Whether every item is held above the gaps' priority on each side (else the bound below
        // `settled` is flat); shortening an item bounds the cost further down.
        var lengthening = MoveBound(above: gapPriority)
        var shortening = MoveBound(above: gapPriority)
        var (lengtheningHeld, shorteningHeld) = (true, true)
        for child in visible {
            let function = outer[2 * child + axis]
            guard function.anchor.isFinite, function.hasUniqueMinimum else { throw .ambiguous(node: child, axis: Axis(slot: axis)) }
            if lengtheningHeld && !lengthening.add(function.right) { lengtheningHeld = false }
            if shorteningHeld && !shortening.add(function.left) { shorteningHeld = false }
            lengths.append(function.anchor)
            lowest += function.lowerEnd
        }
        // Gap equalities of different priorities (today's UIKit) give way one level at a time when
        // squeezed, which the squeezed cost below does not model: only a bound is known there.
        let descending = model.lowestGapPriority[index] < gapPriority
        centeringHeld[index] = lengtheningHeld && shorteningHeld && !descending
        let runs = model.visibleRuns[index]
        let k = Double(lengths.count - 1)
        let widest = centreMinimums(lengths, runs).max() ?? 0
        let spacing = runs.reduce(0, +)
        let held = lengths.reduce(0, +) + spacing
        let settled = max(held, lengths[0] / 2 + k * widest + lengths[lengths.count - 1] / 2)
        lowest += spacing
        mergeAnchors[index] = lengths
        settledLength[index] = settled
        var left = SegmentList()
        if !centeringHeld[index] {
            // An item held at or below the gaps' priority may move to even out the gaps more cheaply:
            // the only bound known is that nothing below `settled` costs less than `settled` itself.
            // With every item's shortening held above it, each unit below `settled` unevens the
            // gaps by more than 1 / (k + 1) at the lowest gap priority or shortens an item above
            // the highest (`unevenGapsBound`).
            let slope = shorteningHeld ? Self.unevenGapsBound(priority: model.lowestGapPriority[index], gaps: k) : .zero
            if settled > lowest { left.append(Segment(length: settled - lowest, slope: slope, owner: 0, order: 0)) }
            return CostFunction(anchor: settled + inset, right: CostFunction.flatRight, left: left)
        }
        // The exact part must reach down to `held`, where the bound below it starts.
        guard let squeezed = squeezedCost(index, lengths: lengths, settled: settled) else { throw .irMismatch(item: index) }
        left = SegmentList(squeezed)
        if let slope = shortening.slope, held - lowest > 0 {
            left.append(Segment(length: held - lowest, slope: slope, owner: 0, order: Int32(left.count)))
        }
        return CostFunction(anchor: settled + inset, right: CostFunction.flatRight, left: left)
    }

    /// A lower bound of the cost below `settled` of k gaps (one priority, or counting down) between
    /// items whose shortening is held above every gap's priority. Going δ below `settled` either
    /// shortens an item, at a priority above every gap's, or leaves the gaps unequal (an item made
    /// longer only widens its least centre distances, at a cost of its own): if only the lowest
    /// level's equalities give way, the gaps above it stay at the first gap's t, and the violations
    /// add up to at least both the widest least distance's excess over t and |k (widest - t) - δ|,
    /// so to at least δ / (k + 1). Half of that, at the lowest priority, is below the true cost's
    /// leading term wherever that term is, so no tie component is needed.
    static func unevenGapsBound(priority: Double, gaps k: Double) -> Slope {
        Slope(levels: Levels(LevelTerm(priority: priority, coefficient: -0.5 / (k + 1))), tie: nil, tieSign: 0)
    }

    /// The gaps' cost from `settled` down to `held`, with every item at its own length (every item
    /// held above the gaps' priority), as left segments outwards from `settled`. With least centre
    /// distances L and `gap[j] == gap[0]` for j >= 1: the first gap is t and every other one
    /// max(t, L_j) (one held at L_j > t violates its equality by L_j - t), t set by the total
    /// F(t) = t + sum over j >= 1 of max(t, L_j). As the stack shortens t falls, at 1 / (1 + the
    /// gaps at t) per unit, and each held gap's violation grows as fast. Once t reaches L_0 the first
    /// gap stays there and the gaps below L_0 give way one unit per unit, the earliest first (the
    /// tie rule keeps the later equalities' violations least). Each segment's tie component is its
    /// most significant changing equality. Nil when the IR's equalities do not match the gaps.
    private func squeezedCost(_ index: Int, lengths: [Double], settled: Double) -> [Segment]? {
        let minimums = centreMinimums(lengths, model.visibleRuns[index])
        let equalities = model.gapEqualities[index]
        let priority = model.gapPriority[index]
        guard let first = minimums.first, equalities.count == minimums.count - 1 else { return nil }
        let others = minimums.dropFirst()
        func total(_ t: Double) -> Double { t + others.reduce(0) { $0 + max(t, $1) } }
        var segments: [Segment] = []
        func append(_ length: Double, coefficient: Double, tie: Int) {
            guard length > structuredTolerance * max(1, abs(settled)) else { return }
            let slope = Slope(levels: Levels(LevelTerm(priority: priority, coefficient: coefficient)),
                              tie: TieKey(priority: priority, index: tie), tieSign: -1)
            segments.append(Segment(length: length, slope: slope, owner: 0, order: Int32(segments.count)))
        }
        // t from the widest least distance down to L_0, one segment per stretch between the L_j.
        let stops = Array(Set(others.filter { $0 > first } + [first])).sorted(by: >)
        var high = max(first, others.max() ?? first)
        for low in stops where low < high {
            let heldGaps = others.indices.filter { minimums[$0] >= high }
            let atT = others.filter { $0 <= low }.count
            if let latest = heldGaps.last {
                append(total(high) - total(low), coefficient: -Double(heldGaps.count) / Double(1 + atT), tie: equalities[latest - 1])
            }
            high = low
        }
        // The first gap at L_0: the gaps below it give way, the earliest first.
        for j in others.indices where minimums[j] < first {
            append(first - minimums[j], coefficient: -1, tie: equalities[j - 1])
        }
        return segments
    }

    /// The least distance between each pair of neighbouring centres: half of each item plus the
    /// spacing between them (`runs`: from each visible item to the next).
    private func centreMinimums(_ lengths: [Double], _ runs: [Double]) -> [Double] {
        var minimums: [Double] = []
        minimums.reserveCapacity(runs.count)
        for j in runs.indices {
            let halves = lengths[j] / 2 + lengths[j + 1] / 2
            minimums.append(halves + runs[j])
        }
        return minimums
    }

    /// Places an equalCentering stack's children along its axis on a canvas `canvasLength` long from
    /// `canvasStart`: visible items at their minimisers with equal centre distances, hidden items at
    /// their (`==`) spacing after the previous item, gap guides from centre to centre; below the
    /// settled length, unequal gaps (`squeezedGaps`). False when the canvas is shorter than where the
    /// stack's cost is exact (see the top of this file): the general solver answers.
    func placeEqualCentering(_ index: Int, axis: Int, canvasStart: Double, canvasLength: Double,
                             buffers: TopDownBuffers, determined: inout [Determination], guideDetermination: Determination) -> Bool {
        let settled = settledLength[index]
        let lengths = mergeAnchors[index]
        let centres = canvasLength - lengths[0] / 2 - lengths[lengths.count - 1] / 2
        var gaps = [Double](repeating: centres / Double(lengths.count - 1), count: lengths.count - 1)
        if canvasLength < settled - structuredTolerance * max(1, abs(settled)) {
            // Squeezed: exact when every item is held above the gaps and the canvas holds them.
            guard centeringHeld[index],
                  let squeezed = squeezedGaps(index, lengths: lengths, canvasLength: canvasLength, centres: centres) else { return false }
            gaps = squeezed
        }
        let position = buffers.position
        let length = buffers.length
        let frames = buffers.frames
        let guides = model.gapGuides[index]
        var x = canvasStart
        var next = 0
        var previousCenter: Double? = nil
        for child in model.children(index) {
            if model.hidden[child] {
                x += model.spacingBefore[child]
                placeHidden(child, axis: axis, at: x, before: previousCenter == nil, buffers: buffers)
                continue
            }
            let value = lengths[next]
            var center = x + value / 2
            if let previous = previousCenter {
                let gap = gaps[next - 1]
                center = previous + gap
                frames.set(guides[next - 1], rounded(previous, gap))
                if determined[guides[next - 1]] != guideDetermination { determined[guides[next - 1]] = guideDetermination }
            }
            x = center - value / 2
            position[2 * child + axis] = x
            length[2 * child + axis] = value
            frames.set(child, rounded(x, value))
            x += value
            previousCenter = center
            next += 1
        }
        return true
    }

    /// The gaps of an equalCentering stack whose length is fixed and below its settled length, with
    /// its items at their own lengths (the canvas holds them and their spacings): the general
    /// solver's answer to the gaps alone, `centres` long in total, each at least its items' half
    /// lengths and spacing, equal at the gaps' priority in the lowering's order (so its tie rule
    /// picks the same unequal gaps). With the stack's length fixed, nothing outside the stack
    /// depends on how the gaps are split. Nil when the canvas cannot hold the items or the split is
    /// ambiguous.
    private func squeezedGaps(_ index: Int, lengths: [Double], canvasLength: Double, centres: Double) -> [Double]? {
        let runs = model.visibleRuns[index]
        let k = lengths.count - 1
        let minimums = centreMinimums(lengths, runs)
        let held = lengths.reduce(0, +) + runs.reduce(0, +)
        guard canvasLength >= held - structuredTolerance * max(1, abs(held)) else { return nil }
        let origin = Origin(line: 0, column: 0)
        let row = ItemID(0)
        var items = [IRItem(name: "gaps", kind: .hstack, owner: nil, origin: origin)]
        for j in 0..<k { items.append(IRItem(name: "gap\(j)", kind: .guide, owner: row, role: .gap, origin: origin)) }
        func gap(_ j: Int) -> ItemID { ItemID(j + 1) }
        var constraints: [IRConstraint] = []
        constraints.append(IRConstraint(.distributingEdge, Anchor(gap(0), .leading), .equal, Anchor(row, .leading), origin: origin))
        for j in 1..<k {
            constraints.append(IRConstraint(.distributingEdge, Anchor(gap(j), .leading), .equal, Anchor(gap(j - 1), .trailing), origin: origin))
        }
        constraints.append(IRConstraint(.distributingEdge, Anchor(gap(k - 1), .trailing), .equal, Anchor(row, .trailing), origin: origin))
        for j in 0..<k {
            constraints.append(IRConstraint(.spacing, Anchor(gap(j), .width), .greaterThanOrEqual, nil, constant: minimums[j], origin: origin))
        }
        for j in 1..<k {
            constraints.append(IRConstraint(.fillEqually, Anchor(gap(j), .width), .equal, Anchor(gap(0), .width),
                                            priority: model.gapPriority[index], origin: origin))
        }
        let solution = solve(ConstraintIR(root: "gaps", file: "", items: items, constraints: constraints), width: centres, height: 0)
        guard solution.findings.isEmpty, (1...k).allSatisfy({ solution.determined[$0].x && solution.determined[$0].width }) else { return nil }
        return (1...k).map { solution.frames[$0].width }
    }
}
