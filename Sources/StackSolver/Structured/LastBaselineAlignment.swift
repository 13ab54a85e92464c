import StackIR

// lastBaseline alignment across a horizontal stack of several items, where an item hangs from a
// reference's bottom that moves with the reference's height (today's UIKit); rows whose items all
// hang from the baseline are exact at any height (HangingRow.swift).
//
// The lowering (seed 000 §2.6) differs from firstBaseline's in one place: the alignment spanner meets
// the canvas at the top only, and at the bottom the *first* item's bottom has to fit
// (`canvas.bottom >= first.bottom`, `V:[Subview0]-(>=0)-|`). Every item's last baseline is at one
// height B (hidden items included); the spanner (visible items only) starts at the canvas top and
// holds every visible item, pulled short at 51 (spanning fit); the canvas is pulled short at 49.
// An item's baseline is a fixed depth below its top or its bottom (`BaselinePlace`). In today's UIKit
// an item without a baseline aligns its bottom with the reference's (`StructuredModel.edgeReference`),
// so it moves with the reference's height: the reference counts below for the items it carries.
//
// When the items whose shortening would shorten the spanner or the canvas (the tallest
// bottom-baseline items, the items hanging lowest, the first item when its baseline is fixed) cost
// more than the spanner's and the canvas fit's priorities to shorten below their own heights (their
// costs with the ambiguity suppression), nothing shortens any item as long as the canvas holds the
// first item: the items keep their own heights, B is the deepest of the visible items' baselines (the spanner as short as their tops
// allow), and the canvas's least height is B plus what hangs below the first item's baseline.
// Above that least height (`settled`) the stack's cost grows only by the canvas fit, exactly.
// Below it some item must give way; that cost is not worked out here: as for equalCentering
// (EqualCentering.swift), a lower bound exact at `settled` stands in for it (half the leading
// coefficient of the cheapest shortening, at its priority), so a parent that gives the stack
// `settled` or more has found the true optimum, and one that gives it less makes the top-down
// pass decline (the general solver answers).

/// What the top-down pass needs of a lastBaseline row across: the baseline's depth below the
/// canvas top, the spanner's height, and the least canvas height at which the items keep their own.
struct LastBaselineRow {
    var ascent: Double
    var spanner: Double
    var settled: Double
    /// Per item, its last baseline below its top at its own height.
    var depths: [Double]
}

extension Alignment {
    /// firstBaseline or lastBaseline: the row's items share a baseline and get UIKit's width shares.
    var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }
}

extension StructuredLayout {
    /// The canvas height's cost across a lastBaseline stack of several items (see the top of this
    /// file); records each item's own height (`crossAnchor`) and the row's `LastBaselineRow`.
    /// Throws when an item has no last baseline or no single own height, or when an item the row
    /// may shorten is not held above the spanner and the canvas fit.
    mutating func lastBaselineCrossFunction(_ index: Int, axis: Int, inset: Double) throws(FallbackReason) -> CostFunction {
        guard let spanning = model.spanningFit[index], let fit = model.canvasFit[index] else { throw .irMismatch(item: index) }
        let children = model.children(index)
        guard let first = children.first else { throw .irMismatch(item: index) }
        // The reference of the items aligned by their bottoms, if any.
        var reference: Int? = nil
        for child in children where reference == nil { reference = model.edgeReference[child] }
        // Each item's own height (its cost with the ambiguity suppression), its shortening side, and
        // the reference's lengthening side.
        var shortenings: [SegmentList] = []
        var referenceLengthening = SegmentList()
        shortenings.reserveCapacity(children.count)
        for child in children {
            let own = try suppressed(child, axis: axis)
            guard own.anchor.isFinite else { throw .ambiguous(node: child, axis: Axis(slot: axis)) }
            crossAnchor[2 * child + axis] = own.anchor
            shortenings.append(own.left)
            if child == reference { referenceLengthening = own.right }
        }
        func height(_ child: Int) -> Double { crossAnchor[2 * child + axis] }
        let depths = try lastBaselineDepths(index, children: children, height: height)
        // Over the visible items: the deepest fixed baseline (`floor`), the ascent, the descent.
        var floor = -Double.infinity
        var ascent = -Double.infinity
        var descent = -Double.infinity
        for (position, child) in children.enumerated() where !model.hidden[child] {
            if case .belowTop(let depth)? = fixedPlace(child) { floor = max(floor, depth) }
            ascent = max(ascent, depths[position])
            descent = max(descent, height(child) - depths[position])
        }
        guard ascent > -.infinity else { throw .allItemsHidden(stack: index) }
        // The items whose shortening would shorten the spanner or the canvas: the tallest items whose
        // baseline is not a fixed depth below their top (it is their bottom, or their bottom is the
        // reference's) when no fixed baseline holds the ascent, the items hanging lowest when no
        // such item holds the descent there, and the first item (it meets the canvas) when its
        // baseline is fixed. The reference of items aligned by their bottoms carries them: it counts
        // where they hang lowest or the first is one of them, and lengthening it lowers their tops,
        // so it must be held that way too where one of them is the tallest. Each must cost more to
        // move than the spanner (51) and the canvas fit (49) gain; the rest cannot gain anything.
        var shortening = MoveBound(above: max(spanning.priority, fit.priority))
        var lengthening = MoveBound(above: max(spanning.priority, fit.priority))
        var heldDescent = -Double.infinity
        for (position, child) in children.enumerated() where !model.hidden[child] && (fixedPlace(child) ?? .bottom) == .bottom {
            heldDescent = max(heldDescent, height(child) - depths[position])
        }
        var carried = (lowest: false, tallest: false, first: model.edgeReference[first] != nil)
        for (position, child) in children.enumerated() {
            let fixed = fixedPlace(child).map { $0 != .bottom } ?? false
            var shortensSpanner = false
            if !model.hidden[child] {
                let lowest = height(child) - depths[position] == descent
                let tallest = depths[position] == ascent && ascent > floor
                shortensSpanner = fixed ? lowest && descent > heldDescent : tallest
                if model.edgeReference[child] != nil {
                    carried.lowest = carried.lowest || lowest
                    carried.tallest = carried.tallest || tallest
                }
            }
            if (child == first && fixed) || shortensSpanner {
                guard shortening.add(shortenings[position]) else { throw .baselineAlignment(stack: index, .lastBaselineRow) }
            }
        }
        if let reference, let position = children.firstIndex(of: reference).map({ $0 - children.startIndex }) {
            guard !(carried.lowest || carried.first) || shortening.add(shortenings[position]),
                  !carried.tallest || lengthening.add(referenceLengthening) else { throw .baselineAlignment(stack: index, .lastBaselineRow) }
        }
        let settled = ascent + height(first) - depths[0]
        lastBaselineRows[index] = LastBaselineRow(ascent: ascent, spanner: ascent + descent, settled: settled, depths: depths)
        let left: SegmentList = shortening.slope.map { [Segment(length: .infinity, slope: $0, owner: 0, order: 0)] } ?? []
        return try fitted(CostFunction(anchor: settled + inset, right: CostFunction.flatRight, left: left), fit, index, axis)
    }

    /// An item's last baseline as the IR defines it, unless the row aligns it by its bottom.
    private func fixedPlace(_ child: Int) -> BaselinePlace? {
        model.edgeReference[child] == nil ? model.lastBaseline[child] : nil
    }

    /// Each item's last baseline below its top at its own height: from its place, or, for an item
    /// without a baseline (aligned by its bottom), from its reference's bottom, which is the row's
    /// bottom line when the reference has no baseline either. Throws when an item has neither.
    private func lastBaselineDepths(_ index: Int, children: ArraySlice<Int>, height: (Int) -> Double) throws(FallbackReason) -> [Double] {
        var depths: [Double] = []
        depths.reserveCapacity(children.count)
        for child in children {
            if let reference = model.edgeReference[child] {
                let rise = model.lastBaseline[reference].map { height(reference) - $0.depth(length: height(reference)) } ?? 0
                depths.append(height(child) - rise)
            } else if let place = model.lastBaseline[child] {
                depths.append(place.depth(length: height(child)))
            } else if children.contains(where: { model.edgeReference[$0] == child }) {
                depths.append(height(child))
            } else {
                throw .baselineAlignment(stack: index, .undefinedBaseline)
            }
        }
        return depths
    }

    /// The items' heights and tops across a lastBaseline stack for a canvas height, and the
    /// spanner's frame; false below the row's settled height (the general solver answers).
    func placeLastBaselineRow(_ index: Int, axis: Int, canvasStart: Double, canvasLength: Double,
                              buffers: TopDownBuffers, determined: inout [Determination], guideDetermination: Determination) -> Bool {
        guard let row = lastBaselineRows[index],
              canvasLength >= row.settled - structuredTolerance * max(1, abs(row.settled)) else { return false }
        let baseline = canvasStart + row.ascent
        for (position, child) in model.children(index).enumerated() {
            let height = crossAnchor[2 * child + axis]
            let top = baseline - row.depths[position]
            buffers.position[2 * child + axis] = top
            buffers.length[2 * child + axis] = height
            buffers.frames.set(child, rounded(top, height))
        }
        if let guide = model.spannerGuide[index] {
            buffers.frames.set(guide, rounded(canvasStart, row.spanner))
            if determined[guide] != guideDetermination { determined[guide] = guideDetermination }
        }
        return true
    }
}
