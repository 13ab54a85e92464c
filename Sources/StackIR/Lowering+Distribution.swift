import StackSemantics

/// Constraints along a stack's axis: canvas connection, spacing, the distribution and hiding.
/// The categories and shapes follow seed 000 sections 1.1–1.5 and 3.1.
extension Lowerer {
    /// `canvas.leading == first.leading`, `last.trailing == canvas.trailing`.
    ///
    /// Rule (seed 000 §3.1): the first and last *arranged* items are connected even when hidden —
    /// the seed shows `StackView.leading == Subview0.leading` with Subview0 hidden. A hidden end
    /// item has length 0 (`hiding`) and spacing 0 next to it, so the layout is the same as if it
    /// were removed. This also covers "no visible items": every item collapses to 0 and so does
    /// the stack's length.
    mutating func lowerCanvasAlongAxis(_ index: Int, _ stack: StackAttributes, canvas: ItemID, children: [Int]) {
        guard let first = children.first, let last = children.last else { return }
        let along = AxisAttributes(stack.axis)
        let origin = origin(nodes[index].origins.element)
        add(.canvasConnection, canvas, along.leading, .equal, ItemID(first), origin: origin)
        add(.canvasConnection, ItemID(last), along.trailing, .equal, canvas, origin: origin)
    }

    /// Spacing, the distribution's own constraints and hiding, for the lowering's UIKit: iOS 9/10 keeps
    /// hidden items in the spacing chain (this file), today's UIKit places them beside it
    /// (Lowering+OrderedArrangement.swift), measures fillProportionally its own way and lets the gap
    /// distributions hug their length at 49 (uikit-current §2.7, on the stack itself, margins or not).
    mutating func lowerDistribution(
        _ index: Int, _ stack: StackAttributes, canvas: ItemID, children: [Int], visible: [Int], orderingSpanner: ItemID?
    ) {
        let spacings = uikit == .iOS9 ? spacingValues(stack, children: children) : []
        switch uikit {
        case .iOS9: lowerSpacing(index, stack, children: children, values: spacings)
        case .current: lowerCurrentSpacing(index, stack, visible: visible)
        }
        switch stack.distribution {
        case .fill:
            break
        case .fillEqually:
            matchLengths(index, stack, visible.map { ItemID($0) }, priority: Priority.required)
        case .fillProportionally where uikit == .iOS9:
            lowerFillProportionally(index, stack, children: children, visible: visible, spacings: spacings)
        case .fillProportionally:
            lowerCurrentFillProportionally(index, stack, canvas: canvas, children: children, visible: visible)
        case .equalSpacing, .equalCentering:
            lowerGaps(index, stack, children: children, visible: visible)
            if uikit == .current {
                add(.canvasFit, ItemID(index), AxisAttributes(stack.axis).length, .equal, nil, priority: 49,
                    origin: distributionOrigin(index))
            }
        }
        switch uikit {
        case .iOS9: lowerHiding(index, stack, children: children)
        case .current: lowerCurrentHiding(index, stack, children: children, orderingSpanner: orderingSpanner)
        }
    }

    /// The spacing between `children[i]` and `children[i + 1]`, for each i.
    ///
    /// Rules (seed 000 §3.1 shows only a hidden first item; the rest follows Arranged, which was
    /// tested against UIStackView, and UIKit's documented "hidden items take no space"):
    /// - Between two visible items: the earlier item's `spacingAfter`, else the stack's `spacing`
    ///   (`setCustomSpacing(_:after:)` "takes precedence over any other value").
    /// - Across a run of hidden items between two visible items A and C: the gap A→C must still be
    ///   A's spacing, so the pair A→hidden and the pair hidden→C each get half of it and pairs
    ///   inside the run get 0. A hidden item's own `spacingAfter` is ignored.
    /// - Before the first visible item and after the last one: 0 (nothing to space from).
    func spacingValues(_ stack: StackAttributes, children: [Int]) -> [Double] {
        guard children.count > 1 else { return [] }
        var values = Array(repeating: 0.0, count: children.count - 1)
        var previousVisible: Int? = nil
        for position in children.indices {
            guard !nodes[children[position]].hidden else { continue }
            if let start = previousVisible {
                let value = nodes[children[start]].spacingAfter ?? stack.spacing
                if position == start + 1 {
                    values[start] = value
                } else {
                    values[start] = value / 2
                    values[position - 1] = value / 2
                }
            }
            previousVisible = position
        }
        return values
    }

    /// `next.leading (== | >=) previous.trailing + spacing` for every adjacent pair, hidden items
    /// included (seed 000 §3.1 keeps the spacing constraints of the hidden item, with 0).
    /// equalSpacing and equalCentering use `>=` (seed §1.4, §1.5): spacing is a minimum there.
    /// Rule where the seed is silent (its hidden-item example, §3.1, is a fill stack): in those two
    /// distributions a spacing that touches a hidden item is `==`, except the last one of a hidden
    /// run between two visible items, which stays `>=`. With `>=` throughout, nothing would place a
    /// hidden item (or, after a hidden end item, the first or last visible one): the layout would be
    /// ambiguous although UIKit lays it out without complaint. So a hidden end item pins its visible
    /// neighbour to the canvas edge, and a hidden item between visible ones sits its spacing share
    /// after the previous visible item, while the gap guides keep the visible items equally spaced.
    /// baselineRelative (vertical stacks only; UIKit ignores it in horizontal ones) measures from
    /// the previous item's last baseline to the next item's first baseline (seed §3.3).
    mutating func lowerSpacing(_ index: Int, _ stack: StackAttributes, children: [Int], values: [Double]) {
        let along = AxisAttributes(stack.axis)
        let minimum = stack.distribution == .equalSpacing || stack.distribution == .equalCentering
        let firstVisible = children.firstIndex { !nodes[$0].hidden }
        let baselines = stack.baselineRelative && stack.axis == .vertical
        let nextAttribute = baselines ? LayoutAttribute.firstBaseline : along.leading
        let previousAttribute = baselines ? LayoutAttribute.lastBaseline : along.trailing
        let stackOrigins = nodes[index].origins
        let stackRange = (baselines ? stackOrigins.baselineRelative : nil) ?? stackOrigins.spacing ?? stackOrigins.element
        for (position, value) in values.enumerated() {
            let previous = children[position]
            let next = children[position + 1]
            let range = nodes[previous].spacingAfter != nil ? (nodes[previous].origins.spacingAfter ?? stackRange) : stackRange
            let touchesHidden = nodes[previous].hidden || nodes[next].hidden
            let endsInteriorRun = nodes[previous].hidden && !nodes[next].hidden && (firstVisible ?? children.count) < position
            let relation: LayoutRelation = minimum && (!touchesHidden || endsInteriorRun) ? .greaterThanOrEqual : .equal
            add(.spacing, ItemID(next), nextAttribute, relation, ItemID(previous), previousAttribute,
                constant: value, origin: origin(range))
        }
    }

    /// `items[i].length == items[0].length` for i > 0 (seed §1.2: every item pinned to the first).
    mutating func matchLengths(_ index: Int, _ stack: StackAttributes, _ ids: [ItemID], priority: Double) {
        guard let first = ids.first else { return }
        let length = AxisAttributes(stack.axis).length
        for id in ids.dropFirst() {
            add(.fillEqually, id, length, .equal, first, priority: priority, origin: distributionOrigin(index))
        }
    }

    /// `hidden.length == 0` for each hidden arranged item (seed §3.1).
    mutating func lowerHiding(_ index: Int, _ stack: StackAttributes, children: [Int]) {
        let length = AxisAttributes(stack.axis).length
        for child in children where nodes[child].hidden {
            let range = nodes[child].origins.hidden ?? nodes[child].origins.element
            add(.hiding, ItemID(child), length, .equal, nil, origin: origin(range))
        }
    }

    /// One `_UIOLAGapGuide` between each pair of adjacent visible items, pinned by
    /// `distributing-edge` constraints, all gaps equal in length (seed §1.4, §1.5).
    /// equalSpacing pins a gap to the items' facing edges; equalCentering to their centers and makes
    /// the equal-length constraints optional, below compression resistance: 149 for every gap on
    /// iOS 9/10 (seed), `max(150 - i, 50)` today, `i` the arranged index (hidden items counted) of
    /// the item before the gap (uikit-current §2.6).
    /// With baselineRelative (vertical), equalSpacing gaps run from the previous item's last
    /// baseline to the next item's first baseline, as the spacing does (Arranged's rule; a guide has
    /// no baselines of its own, so its top and bottom are used).
    mutating func lowerGaps(_ index: Int, _ stack: StackAttributes, children: [Int], visible: [Int]) {
        guard visible.count > 1 else { return }
        let along = AxisAttributes(stack.axis)
        let centering = stack.distribution == .equalCentering
        let baselines = stack.baselineRelative && stack.axis == .vertical
        let origin = distributionOrigin(index)
        var gaps: [ItemID] = []
        gaps.reserveCapacity(visible.count - 1)
        for position in 1..<visible.count {
            let previous = ItemID(visible[position - 1])
            let next = ItemID(visible[position])
            let gap = addGuide(owner: index, suffix: "gap\(position)", role: .gap, origin: origin)
            gaps.append(gap)
            let previousAttribute = centering ? along.center : (baselines ? .lastBaseline : along.trailing)
            let nextAttribute = centering ? along.center : (baselines ? .firstBaseline : along.leading)
            add(.distributingEdge, gap, along.leading, .equal, previous, previousAttribute, origin: origin)
            add(.distributingEdge, gap, along.trailing, .equal, next, nextAttribute, origin: origin)
        }
        guard centering && uikit == .current else {
            matchLengths(index, stack, gaps, priority: centering ? 149 : Priority.required)
            return
        }
        let positions = children.indices.filter { !nodes[children[$0]].hidden }
        for gap in gaps.indices.dropFirst() {
            add(.fillEqually, gaps[gap], along.length, .equal, gaps[0],
                priority: Double(max(150 - positions[gap], 50)), origin: origin)
        }
    }
}
