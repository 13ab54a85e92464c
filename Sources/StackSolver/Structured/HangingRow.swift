import StackIR

// lastBaseline rows whose items all hang from the row's baseline, across (seed 000 §2.6, uikit-current §3.2-3.4).
//
// Every item's last baseline is on one line, L below the canvas top. An item hangs from it by its
// top (its baseline a fixed depth d below its top: its top is d above the line) or by its bottom (its
// baseline is its bottom, or today's UIKit aligns it by its bottom with a reference whose baseline
// is its bottom). The spanner starts at the canvas top and holds every visible item, pulled short
// at 51; the canvas's bottom is bounded by the first item's bottom only (hidden or not); the canvas
// is pulled short at 49. With the spanner's bottom D below the line:
//
// - Every visible item's top is in the canvas: L is at least the deepest d, and an item hanging by
//   its bottom is at most L tall. An item hanging by its top is at most D + d tall, and D is at
//   least 0 when some visible item hangs by its bottom (its bottom is on the line).
// - So the line costs P(L) (the bottom-hung items' monotone envelopes plus 51 L) and the descent
//   Q(D) (the top-hung items' envelopes, moved by their depths, plus 51 D), each item's height the
//   largest its own cost and its limit allow. Without top-hung items the spanner pulls the line up
//   only while it is below the canvas top (51 per unit of L above 0: items ending above the canvas
//   top leave the spanner empty); without bottom-hung ones D is at least minus the deepest d (the
//   spanner ends no higher than the canvas top), exact because the line then sits at that depth.
// - The canvas height H bounds the first item's bottom. Hung by its bottom: L <= H, so the row
//   costs P's monotone envelope. Hung by its top at d0: its height h0 <= H - L + d0, and D >= h0 - d0
//   when it is visible, so with K(h0) its own cost plus Q's least cost over D >= h0 - d0, the rest
//   costs R(u) = min over h0 <= u + d0 of K (u = H - L), and the row costs the infimal convolution
//   of P and R (`merge`), split back into L and u at a given height.
//
// Rows with an item that hangs from a reference's bottom while the reference hangs by its top (its
// bottom moves with its height) are LastBaselineAlignment.swift's.

/// What the top-down pass needs of a row whose items hang from its baseline (see the top of this
/// file): each child's place (`BaselinePlace`: by its top, `belowTop(d)`, or its bottom), the least
/// cost's points of P (`line`), Q (`descent`) and K (`first`); L and u come from `crossMerges` when
/// the first item hangs by its top.
struct HangingRow {
    var places: [BaselinePlace]
    var line: Double
    var descent: Double
    var first: Double
}

extension CostFunction {
    /// `min over y >= x of f(y)`: the mirror of `monotoneEnvelope`.
    var risingEnvelope: CostFunction {
        CostFunction(anchor: anchor, right: right, left: CostFunction.flatLeft, extra: extra)
    }

    /// One infinite zero-slope piece as a left side.
    static let flatLeft: SegmentList = [Segment(length: .infinity, slope: .zero, owner: 0, order: 1)]
}

/// The visible items' costs in a row whose items hang from its baseline (iOS 9/10's firstBaseline rows
/// too, BaselineAlignment.swift): an item hung by its bottom costs its monotone envelope of the line L,
/// one hung by its top at depth d that of D + d; the deepest such d bounds L from below.
struct HangingCosts {
    var line: [CostFunction] = []
    var descent: [CostFunction] = []
    var deepest = -Double.infinity
    var bottomHung = false
    /// The skipped item's own cost, which its row builds on apart.
    var skippedOwn = CostFunction.free
}

extension StructuredLayout {
    /// The costs of a row's items hanging from its baseline by `places` (see `HangingCosts`), but
    /// `skipped`'s descent (its own cost is kept apart); records each item's own height (`crossAnchor`).
    mutating func hangingCosts(_ places: [BaselinePlace], children: ArraySlice<Int>, axis: Int, skipping skipped: Int? = nil)
        throws(FallbackReason) -> HangingCosts {
        var costs = HangingCosts()
        for (place, child) in zip(places, children) {
            let own = try suppressed(child, axis: axis)
            crossAnchor[2 * child + axis] = own.anchor
            if child == skipped { costs.skippedOwn = own }
            guard !model.hidden[child] else { continue }
            switch place {
            case .bottom:
                costs.bottomHung = true
                costs.line.append(own.monotoneEnvelope)
            case .belowTop(let depth):
                costs.deepest = max(costs.deepest, depth)
                if child != skipped { costs.descent.append(own.monotoneEnvelope.shifted(by: -depth)) }
            }
        }
        return costs
    }

    /// How each item of a lastBaseline row hangs from the line; nil when one hangs from a reference
    /// that hangs by its top, or by a baseline above its top. Throws when an item has no last baseline.
    private func hangingPlaces(_ index: Int, children: ArraySlice<Int>) throws(FallbackReason) -> [BaselinePlace]? {
        var places: [BaselinePlace] = []
        places.reserveCapacity(children.count)
        for child in children {
            if let reference = model.edgeReference[child] {
                guard (model.lastBaseline[reference] ?? .bottom) == .bottom else { return nil }
                places.append(.bottom)
            } else if let place = model.lastBaseline[child] {
                if case .belowTop(let depth) = place, depth < 0 { return nil }
                places.append(place)
            } else if children.contains(where: { model.edgeReference[$0] == child }) {
                places.append(.bottom)
            } else {
                throw .baselineAlignment(stack: index, .undefinedBaseline)
            }
        }
        return places
    }

    /// The canvas height's cost across a lastBaseline row whose items hang from its baseline (see the
    /// top of this file), or nil for a row they do not all hang from; records each item's own height
    /// (`crossAnchor`) and the row's `HangingRow`.
    mutating func hangingRowFunction(_ index: Int, axis: Int, inset: Double) throws(FallbackReason) -> CostFunction? {
        hangingRows[index] = nil
        let children = model.children(index)
        guard let places = try hangingPlaces(index, children: children) else { return nil }
        guard let spanning = model.spanningFit[index], let fit = model.canvasFit[index], let first = children.first else {
            throw .irMismatch(item: index)
        }
        var costs = try hangingCosts(places, children: children, axis: axis, skipping: first)
        let (deepest, topHung) = (costs.deepest, costs.deepest > -.infinity)
        guard topHung || costs.bottomHung else { throw .allItemsHidden(stack: index) }
        let up = Slope.constraint(priority: spanning.priority, index: spanning.index, sign: 1)
        let pull: SegmentList = [Segment(length: .infinity, slope: up, owner: 0, order: 0)]
        costs.line.append(CostFunction(anchor: topHung ? deepest : 0, right: pull, left: topHung ? [] : CostFunction.flatLeft))
        costs.descent.append(CostFunction(anchor: costs.bottomHung ? 0 : -deepest, right: pull, left: []))
        guard let line = pointwiseSum(costs.line), let descent = pointwiseSum(costs.descent) else {
            throw .conflict(node: index, axis: Axis(slot: axis))
        }
        guard line.hasUniqueMinimum, descent.hasUniqueMinimum else { throw .ambiguous(node: index, axis: Axis(slot: axis)) }
        let firstOwn = costs.skippedOwn
        var row = HangingRow(places: places, line: line.anchor, descent: descent.anchor, first: firstOwn.anchor)
        var cost = line.monotoneEnvelope
        if case .belowTop(let depth) = places[0] {
            var firstCost = firstOwn
            if !model.hidden[first] {
                guard let sum = pointwiseSum([firstOwn, descent.risingEnvelope.shifted(by: depth)]) else {
                    throw .conflict(node: index, axis: Axis(slot: axis))
                }
                firstCost = sum
            }
            guard firstCost.hasUniqueMinimum else { throw .ambiguous(node: index, axis: Axis(slot: axis)) }
            row.first = firstCost.anchor
            let rest = firstCost.monotoneEnvelope.shifted(by: -depth)
            let merged = merge([line, rest])
            crossMerges[index] = merged
            crossMergeAnchors[index] = [line.anchor, rest.anchor]
            cost = merged.function
        }
        hangingRows[index] = row
        return try fitted(cost.shifted(by: inset), fit, index, axis)
    }

    /// The items' heights and tops across a row whose items hang from its baseline, for a canvas
    /// height, and the spanner's frame. Throws when the line and the rest cannot be split (ambiguous).
    func placeHangingRow(_ index: Int, row: HangingRow, axis: Int, canvasStart: Double, canvasLength: Double, lengths: inout [Double],
                         buffers: TopDownBuffers, determined: inout [Determination], guideDetermination: Determination) throws(FallbackReason) {
        let children = model.children(index)
        guard let first = children.first else { throw .irMismatch(item: index) }
        var line = min(row.line, canvasLength)
        var descent = row.descent
        var firstHeight = buffers.crossAnchor[2 * first + axis]
        if case .belowTop(let depth) = row.places[0] {
            guard let merged = crossMerges[index],
                  split(merged, total: canvasLength, anchors: crossMergeAnchors[index], into: &lengths) else {
                throw .ambiguous(node: index, axis: Axis(slot: axis))
            }
            line = lengths[0]
            firstHeight = min(row.first, lengths[1] + depth)
            if !model.hidden[first] { descent = max(descent, firstHeight - depth) }
        }
        for (position, child) in zip(row.places.indices, children) {
            var height = buffers.crossAnchor[2 * child + axis]
            if child == first, case .belowTop = row.places[0] {
                height = firstHeight
            } else if !model.hidden[child] {
                switch row.places[position] {
                case .bottom: height = min(height, line)
                case .belowTop(let depth): height = min(height, descent + depth)
                }
            }
            let top = canvasStart + line - row.places[position].depth(length: height)
            buffers.position[2 * child + axis] = top
            buffers.length[2 * child + axis] = height
            buffers.frames.set(child, rounded(top, height))
        }
        if let guide = model.spannerGuide[index] {
            // Items ending above the canvas top (negative heights) leave the spanner empty there.
            buffers.frames.set(guide, rounded(canvasStart, max(0, line + descent)))
            if determined[guide] != guideDetermination { determined[guide] = guideDetermination }
        }
    }
}
