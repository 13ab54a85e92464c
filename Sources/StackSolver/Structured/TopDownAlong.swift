import StackIR

/// A stack's canvas on the axis being laid out: where it starts and how long it is, margins taken off.
struct Canvas {
    let start: Double
    let length: Double
}

/// The top-down pass along a stack's own axis: its canvas length split into its items' lengths by
/// its distribution, then the items placed one after another.
extension StructuredLayout {
    /// Splits a stack's canvas into its visible items' lengths, in `lengths`; the gap between visible
    /// items when the distribution decides one (equalSpacing), else nil. Throws why when a length
    /// falls where the stack's cost is not exact or its items cannot take it.
    func splitAlong(_ index: Int, axis: Int, canvas: Canvas, buffers: TopDownBuffers,
                    lengths: inout [Double], shares: inout [Double]) throws(FallbackReason) -> Double? {
        let visibleCount = model.visibleCount[index]
        let stackLength = buffers.length[2 * index + axis]
        switch model.distribution[index] {
        case .fillEqually:
            let members = model.chainMembers[index].count
            let share = members == 0 ? memberlessLength[index]
                : (canvas.length - model.spacingTotal[index]) / Double(members)
            for child in model.visibleChildren[index] where !outerContains(2 * child + axis, share) {
                throw .conflict(node: child, axis: Axis(slot: axis))
            }
            lengths.removeAll(keepingCapacity: true)
            for _ in 0..<visibleCount { lengths.append(share) }
        case .fillProportionally:
            // The greedy split in share order, then back to arranged order (zero-length items: 0).
            let items = proportionalOrder[index]
            guard proportionalLengths(items, axis: axis, stack: stackLength, total: canvas.length - model.spacingTotal[index],
                                      byLevels: splitByLevels[index], into: &shares) else {
                throw splitByLevels[index] ? .proportionalSplit(stack: index, axis: Axis(slot: axis)) : .conflict(node: index, axis: Axis(slot: axis))
            }
            for (k, child) in items.enumerated() { buffers.length[2 &* child &+ axis] = shares[k] }
            lengths.removeAll(keepingCapacity: true)
            for child in model.visibleChildren[index] {
                lengths.append(model.zeroLength[child] ? 0 : buffers.length[2 * child + axis])
            }
        case .fill where visibleCount > 1 && model.sharedRow[index],
             .equalSpacing where visibleCount > 1 && model.sharedRow[index]:
            return try splitSharedRow(index, axis: axis, canvas: canvas, stackLength: stackLength, lengths: &lengths)
        case .equalSpacing where visibleCount > 1, .equalCentering where visibleCount > 1:
            guard let merged = merges[index] else { throw .irMismatch(item: index) }
            let total = canvas.length - model.chainShift[index]
            guard split(merged, total: total, anchors: mergeAnchors[index], into: &lengths) else {
                throw splitFailure(merged, total: total, node: index, axis: axis)
            }
            return lengths.removeLast() / Double(visibleCount - 1)
        default:
            guard let merged = merges[index] else { throw .irMismatch(item: index) }
            let total = canvas.length - model.spacingTotal[index]
            guard split(merged, total: total, anchors: mergeAnchors[index], into: &lengths) else {
                throw splitFailure(merged, total: total, node: index, axis: axis)
            }
        }
        return nil
    }

    /// A baseline row whose items share its width (fill or equalSpacing): by priority levels, at the
    /// items' own widths where they fit, or by the shares (BaselineAlignment.swift).
    private func splitSharedRow(_ index: Int, axis: Int, canvas: Canvas, stackLength: Double,
                                lengths: inout [Double]) throws(FallbackReason) -> Double? {
        let items = model.visibleChildren[index]
        guard model.distribution[index] == .equalSpacing else {
            if splitByLevels[index] {
                guard levelLengths(items, axis: axis, stack: stackLength, total: canvas.length - model.spacingTotal[index],
                                   gapSlack: false, into: &lengths) else { throw .proportionalSplit(stack: index, axis: Axis(slot: axis)) }
            } else if heldRow[index] {
                // Items at their own widths, at the one row width where they fit.
                let width = settledLength[index] - model.insets(index, axis: axis).total
                guard abs(canvas.length - width) <= structuredTolerance * max(1, abs(width)) else {
                    throw .outsideExactRange(stack: index, axis: Axis(slot: axis))
                }
                lengths.removeAll(keepingCapacity: true)
                lengths.append(contentsOf: mergeAnchors[index])
            } else {
                guard disambiguatedLengths(items, axis: axis, stack: stackLength, total: canvas.length - model.spacingTotal[index],
                                           atMost: false, into: &lengths) else { throw .baselineAlignment(stack: index, .widthShares) }
            }
            return nil
        }
        let gaps = Double(items.count - 1)
        let total = canvas.length - gaps * model.minimumGap[index]
        if splitByLevels[index] {
            guard levelLengths(items, axis: axis, stack: stackLength, total: total, gapSlack: true, into: &lengths)
            else { throw .proportionalSplit(stack: index, axis: Axis(slot: axis)) }
        } else {
            guard disambiguatedLengths(items, axis: axis, stack: stackLength, total: total, atMost: true, into: &lengths)
            else { throw .baselineAlignment(stack: index, .widthShares) }
        }
        return (canvas.length - lengths.reduce(0, +)) / gaps
    }

    /// A hidden item at `x`, as long as its required range lets it be nearest 0 (0 unless today's
    /// UIKit keeps a required size: StructuredSolver's `alongFunction`), taking no room from the
    /// items around it: after its preceding visible item, or ending at `x` (`before` the first one).
    func placeHidden(_ child: Int, axis: Int, at x: Double, before: Bool, buffers: TopDownBuffers) {
        let slot = 2 &* child &+ axis
        let value = min(max(0, outerLower[slot]), outerUpper[slot])
        let start = before ? x - value : x
        buffers.position[slot] = start
        buffers.length[slot] = value
        buffers.frames.set(child, rounded(start, value))
    }

    /// Places a stack's items one after another from the canvas start at `lengths` (visible items in
    /// order; a hidden item takes no room), `gap` apart when the distribution decided one, else at
    /// their spacings; a baselineRelative chain through its baselines.
    func placeAlong(_ index: Int, axis: Int, canvas: Canvas, lengths: [Double], gap: Double?, buffers: TopDownBuffers,
                    determined: inout [Determination], guideDetermination: Determination) {
        if model.baselineChain[index] {
            placeBaselineChain(index, axis: axis, canvasStart: canvas.start, lengths: lengths, gap: gap, buffers: buffers)
            if let gap { placeChainGaps(index, axis: axis, gap: gap, buffers: buffers, determined: &determined, guideDetermination: guideDetermination) }
            return
        }
        let position = buffers.position
        let length = buffers.length
        let frames = buffers.frames
        let hidden = buffers.hidden
        let spacingBefore = model.spacingBefore
        let firstChild = model.childStart[index]
        let childList = buffers.childList
        // Indices into the buffer, not a slice of it: a slice checks every subscript against its bounds.
        let children = firstChild..<model.childStart[index + 1]
        var x = canvas.start
        var next = 0
        guard let gap else {
            for k in children {
                let child = childList[k]
                if k != firstChild { x += spacingBefore[child] }
                guard !hidden[child] else {
                    placeHidden(child, axis: axis, at: x, before: next == 0, buffers: buffers)
                    continue
                }
                let value = lengths[next]
                next += 1
                position[2 &* child &+ axis] = x
                length[2 &* child &+ axis] = value
                frames.set(child, rounded(x, value))
                x += value
            }
            return
        }
        // Visible items are `gap` apart, one gap guide between each pair (equalCentering's from
        // centre to centre). A hidden item follows the previous item at its (`==`) spacing; the
        // visible item after an interior hidden run is still one gap after the previous visible item.
        let guides = model.gapGuides[index]
        let roundedGap = rounded(gap)
        let centres = model.distribution[index] == .equalCentering
        var gapIndex = 0
        var visibleEnd: Double? = nil
        for k in children {
            let child = childList[k]
            if hidden[child] {
                if k != firstChild { x += spacingBefore[child] }
                placeHidden(child, axis: axis, at: x, before: visibleEnd == nil, buffers: buffers)
                continue
            }
            let value = lengths[next]
            if let end = visibleEnd {
                let guide = guides[gapIndex]
                gapIndex += 1
                if centres {
                    let half = lengths[next - 1] / 2
                    frames.set(guide, rounded(end - half, half + gap + value / 2))
                } else {
                    frames.set(guide, start: rounded(end), length: roundedGap)
                }
                if determined[guide] != guideDetermination { determined[guide] = guideDetermination }
                x = end + gap
            }
            next += 1
            position[2 &* child &+ axis] = x
            length[2 &* child &+ axis] = value
            frames.set(child, rounded(x, value))
            x += value
            visibleEnd = x
        }
    }

    /// Positions along a baselineRelative stack (vertical): each item's length (from the split, its
    /// own minimiser, or 0 when hidden), then each top from the previous one through the baselines
    /// (`StructuredModel.baselineChainShape`).
    private func placeBaselineChain(_ index: Int, axis: Int, canvasStart: Double, lengths: [Double], gap: Double?, buffers: TopDownBuffers) {
        let children = model.children(index)
        let position = buffers.position
        let length = buffers.length
        let equal = model.distribution[index] == .fillEqually
        let members = model.chainMembers[index]
        var next = 0
        var member = 0
        for child in children {
            var value = 0.0
            if model.hidden[child] {
                value = 0
            } else if equal {
                value = lengths[next]
                next += 1
            } else if member < members.count && members[member] == child {
                value = lengths[member]
                member += 1
            } else {
                value = ownLength[2 * child + axis]
            }
            length[2 * child + axis] = value
        }
        // The chain's baselines all exist (`StructuredModel.baselineChainShape`).
        var top = canvasStart
        var previous: Int? = nil
        for child in children {
            if let previous {
                top += (model.lastBaseline[previous]?.depth(length: length[2 * previous + axis]) ?? 0) + (gap ?? model.spacingBefore[child])
                    - (model.firstBaseline[child]?.depth(length: length[2 * child + axis]) ?? 0)
            }
            position[2 * child + axis] = top
            buffers.frames.set(child, rounded(top, length[2 * child + axis]))
            previous = child
        }
    }

    /// An equalSpacing chain's gap guides: each from an item's last baseline to the next item's
    /// first (the chain has no hidden item, so the guides follow the items one to one).
    private func placeChainGaps(_ index: Int, axis: Int, gap: Double, buffers: TopDownBuffers, determined: inout [Determination],
                                guideDetermination: Determination) {
        let guides = model.gapGuides[index]
        let roundedGap = rounded(gap)
        for (k, child) in model.children(index).dropLast().enumerated() {
            let baseline = buffers.position[2 * child + axis] + (model.lastBaseline[child]?.depth(length: buffers.length[2 * child + axis]) ?? 0)
            buffers.frames.set(guides[k], start: rounded(baseline), length: roundedGap)
            if determined[guides[k]] != guideDetermination { determined[guides[k]] = guideDetermination }
        }
    }
}
