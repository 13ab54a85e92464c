import StackIR

// firstBaseline rows as today's UIKit lowers them (uikit-current §3.2-3.4), across the row.
//
// Every item, hidden ones included, is aligned to one reference (the first item, or the first
// visible one with a baseline): by its first baseline when it has one, by its top when it has none.
// An item's baseline is a fixed depth below its top (a stack's is its item's, `readStackBaselines`),
// so every item's top is a fixed offset below the reference's top (`alignmentOffset`): the
// difference of the two depths, or 0. The spanner holds every visible item and meets the canvas at
// the bottom, pulled short at 51; the canvas's top is bounded by the first item's top only
// (`canvas.top <= items[0].top`), and the canvas is pulled short at 49.
//
// Let E be how far below the reference's top the row's bottom is. Each visible item costs its own
// height held at most E minus its offset (its monotone envelope, moved by the offset), and the
// spanner costs 51 per unit of E (it runs from the highest top down to E). The canvas reaches from
// the first item's top at most, so E is at most the canvas height plus the first item's offset.
// The row's cost at a canvas height is the least cost over E below that bound: the monotone
// envelope of the items' and the spanner's summed cost, moved by the first item's offset, plus the
// canvas fit. A canvas taller than that keeps the items at its bottom (the spanner's pull), so no
// height is left free, unlike iOS 9/10's row (BaselineAlignment.swift), whose spanner spans the canvas.

/// What the top-down pass needs of today's firstBaseline row: where its bottom sits below the
/// reference's top when nothing squeezes it (`bottom`), the first item's offset, and the highest
/// visible top (the spanner's top), each below the reference's top.
struct TopBoundedRow {
    var bottom: Double
    var first: Double
    var top: Double
}

extension StructuredModel {
    /// Today's UIKit: one alignment constraint of a baseline row, `reference.a == item.a` with `a` the
    /// row's baseline or, for an item without a baseline, the top (firstBaseline) or bottom (lastBaseline).
    func readRowAlignment(_ c: IRConstraint, tree: ItemTree, into reading: inout ConstraintReading) throws(FallbackReason) {
        guard let second = c.second, second.item.index < count, let stack = tree.parents[second.item.index],
              let arrangement = tree.arrangements[stack], arrangement.axis == .horizontal,
              arrangement.alignment.isBaseline else { return }
        let reference = c.first.item.index
        let first = arrangement.alignment == .firstBaseline
        let edge: LayoutAttribute = first ? .top : .bottom
        guard reference < count, tree.parents[reference] == stack, c.relation == .equal, c.priority >= 1000,
              c.multiplier == 1, c.constant == 0, second.attribute == c.first.attribute,
              c.first.attribute == (first ? .firstBaseline : .lastBaseline) || c.first.attribute == edge else { throw .irMismatch(item: reference) }
        reading.rowAlignments.append((reference, second.item.index, c.first.attribute != edge))
    }

    /// Each item aligned in a firstBaseline row: its offset below its reference's top (see the top of
    /// this file); in a lastBaseline row, an item aligned by its bottom: its reference
    /// (LastBaselineAlignment.swift). A firstBaseline row that aligns an item by a baseline that is not
    /// a fixed depth below its top declines the vertical axis (`axisDeclines`); an item the vertical
    /// axis declines at already (its baseline moves, or is not read) is left alone: the axis
    /// declines below the row.
    mutating func readRowOffsets(_ alignments: [(reference: Int, item: Int, byBaseline: Bool)], tree: ItemTree) {
        let declinedBelow = Set(axisDeclines[1].compactMap(\.node))
        var declined: Set<Int> = []
        for (reference, item, byBaseline) in alignments where !declinedBelow.contains(reference) && !declinedBelow.contains(item) {
            let stack = tree.parents[item] ?? item
            if tree.arrangements[stack]?.alignment == .lastBaseline {
                if !byBaseline { edgeReference[item] = reference }
                continue
            }
            guard byBaseline else { continue }
            guard case .belowTop(let depth)? = firstBaseline[reference], case .belowTop(let own)? = firstBaseline[item] else {
                if declined.insert(stack).inserted { axisDeclines[1].append(.baselineAlignment(stack: stack, .undefinedBaseline)) }
                continue
            }
            alignmentOffset[item] = depth - own
        }
    }
}

extension StructuredLayout {
    /// The canvas height's cost across today's firstBaseline row of several items (see the top of
    /// this file); records each item's own height (`crossAnchor`) and the row's `TopBoundedRow`.
    mutating func topBoundedRowFunction(_ index: Int, axis: Int, inset: Double) throws(FallbackReason) -> CostFunction {
        guard let spanning = model.spanningFit[index], let fit = model.canvasFit[index],
              let first = model.children(index).first else { throw .irMismatch(item: index) }
        var envelopes: [CostFunction] = []
        envelopes.reserveCapacity(model.visibleCount[index])
        var top = Double.infinity
        for child in model.children(index) {
            let own = try suppressed(child, axis: axis)
            crossAnchor[2 * child + axis] = own.anchor
            guard !model.hidden[child] else { continue }
            let offset = model.alignmentOffset[child]
            envelopes.append(own.monotoneEnvelope.shifted(by: offset))
            top = min(top, offset)
        }
        // The spanner from the highest top down to E; none when E is above it (negative heights).
        let up = Slope.constraint(priority: spanning.priority, index: spanning.index, sign: 1)
        envelopes.append(CostFunction(anchor: top, right: [Segment(length: .infinity, slope: up, owner: 0, order: 0)],
                                      left: [Segment(length: .infinity, slope: .zero, owner: 0, order: 1)]))
        guard let spanned = pointwiseSum(envelopes) else { throw pointwiseSumFailure(envelopes, node: index, axis: axis) }
        guard spanned.hasUniqueMinimum else { throw .ambiguous(node: index, axis: Axis(slot: axis)) }
        let offset = model.alignmentOffset[first]
        topBoundedRows[index] = TopBoundedRow(bottom: spanned.anchor, first: offset, top: top)
        return try fitted(spanned.monotoneEnvelope.shifted(by: inset - offset), fit, index, axis)
    }

    /// The items' heights and tops across today's firstBaseline row for a canvas height, and the
    /// spanner's frame: the row's bottom at the canvas's, as low below the reference as the canvas
    /// lets it be, each visible item as tall as its own height and that bottom allow. Throws when
    /// the items end above their highest top and the canvas does not hold them there: the spanner
    /// then has no height wherever they sit (ambiguous).
    func placeTopBoundedRow(_ index: Int, axis: Int, canvasStart: Double, canvasLength: Double,
                            buffers: TopDownBuffers, determined: inout [Determination], guideDetermination: Determination) throws(FallbackReason) {
        guard let row = topBoundedRows[index] else { throw .irMismatch(item: index) }
        let bound = row.first + canvasLength
        let bottom = min(row.bottom, bound)
        let slack = structuredTolerance * max(1, abs(bottom))
        if bottom < row.top - slack && bottom < bound - slack { throw .ambiguous(node: index, axis: Axis(slot: axis)) }
        let reference = canvasStart + canvasLength - bottom
        for child in model.children(index) {
            let own = crossAnchor[2 * child + axis]
            let offset = model.alignmentOffset[child]
            let height = model.hidden[child] ? own : min(own, bottom - offset)
            buffers.position[2 * child + axis] = reference + offset
            buffers.length[2 * child + axis] = height
            buffers.frames.set(child, rounded(reference + offset, height))
        }
        if let guide = model.spannerGuide[index] {
            let top = min(row.top, bottom)
            buffers.frames.set(guide, rounded(reference + top, bottom - top))
            if determined[guide] != guideDetermination { determined[guide] = guideDetermination }
        }
    }
}
