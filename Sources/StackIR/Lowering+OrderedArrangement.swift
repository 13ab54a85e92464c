import StackSemantics
import StackSyntax

/// Constraints along a stack's axis as today's UIKit creates them (uikit-current §2): hidden items
/// stay out of the required chain. The iOS 9/10 form is in Lowering+Distribution.swift.
extension Lowerer {
    /// `canvas.leading == firstVisible.leading`, `lastVisible.trailing == canvas.trailing` (§2.1).
    /// With every item hidden the canvas holds `UISV-ordering-spanner` instead, collapsed at 0.001,
    /// and that guide is returned for the hidden items to attach to.
    mutating func lowerCurrentCanvasAlongAxis(_ index: Int, _ stack: StackAttributes, canvas: ItemID, visible: [Int]) -> ItemID? {
        let along = AxisAttributes(stack.axis)
        let origin = origin(nodes[index].origins.element)
        if let first = visible.first, let last = visible.last {
            add(.canvasConnection, canvas, along.leading, .equal, ItemID(first), origin: origin)
            add(.canvasConnection, ItemID(last), along.trailing, .equal, canvas, origin: origin)
            return nil
        }
        let spanner = addGuide(owner: index, suffix: "ordering", role: .orderingSpanner, origin: origin)
        add(.canvasConnection, canvas, along.leading, .equal, spanner, origin: origin)
        add(.canvasConnection, spanner, along.trailing, .equal, canvas, origin: origin)
        add(.spanningFit, spanner, along.length, .equal, nil, priority: 0.001, origin: origin)
        return spanner
    }

    /// The spacing after a visible item: its `spacingAfter`, else the stack's (a custom value
    /// replaces the default, §2.2), with the origin of whichever was written.
    func spacing(after child: Int, in index: Int, _ stack: StackAttributes) -> (value: Double, origin: SourceRange) {
        let stackRange = nodes[index].origins.spacing ?? nodes[index].origins.element
        if let custom = nodes[child].spacingAfter { return (custom, nodes[child].origins.spacingAfter ?? stackRange) }
        return (stack.spacing, stackRange)
    }

    /// The attributes spacing measures between: an item's trailing edge to the next one's leading
    /// edge, or last baseline to first baseline in a baselineRelative vertical stack.
    func spacingAttributes(_ stack: StackAttributes) -> (previous: LayoutAttribute, next: LayoutAttribute) {
        let along = AxisAttributes(stack.axis)
        let baselines = stack.baselineRelative && stack.axis == .vertical
        return baselines ? (.lastBaseline, .firstBaseline) : (along.trailing, along.leading)
    }

    /// `==` for fill, fillEqually and fillProportionally; `>=` (a minimum) for the gap distributions.
    func spacingRelation(_ stack: StackAttributes) -> LayoutRelation {
        stack.distribution == .equalSpacing || stack.distribution == .equalCentering ? .greaterThanOrEqual : .equal
    }

    /// `next.leading REL previous.trailing + spacing` for each pair of consecutive visible items; hidden
    /// items in between are skipped (§2.2).
    mutating func lowerCurrentSpacing(_ index: Int, _ stack: StackAttributes, visible: [Int]) {
        let (previousAttribute, nextAttribute) = spacingAttributes(stack)
        let relation = spacingRelation(stack)
        for position in visible.indices.dropFirst() {
            let previous = visible[position - 1]
            let (value, range) = spacing(after: previous, in: index, stack)
            add(.spacing, ItemID(visible[position]), nextAttribute, relation, ItemID(previous), previousAttribute,
                constant: value, origin: origin(range))
        }
    }

    /// §2.3: each hidden item collapses at 999.999 and is placed at priority 50 beside its nearest
    /// visible neighbour: after the preceding visible item by half its spacing (0 when no visible item
    /// follows), else before the first visible item, else after the ordering spanner. Several hidden
    /// items in a row attach to the same neighbour, never to each other.
    ///
    /// Order: every collapse, then every placement sorted by the items it relates. The same placement
    /// line can belong to different hidden items in different combinations of hidden states (`b.top ==
    /// a.bottom` places a hidden `b` after `a`, or puts `b` after a hidden `a`), and generated code
    /// merges the orders of all combinations (StackCodegen's `Plan`): an order that depends only on
    /// the line itself is the same in every combination.
    mutating func lowerCurrentHiding(_ index: Int, _ stack: StackAttributes, children: [Int], orderingSpanner: ItemID?) {
        let along = AxisAttributes(stack.axis)
        let (previousAttribute, nextAttribute) = spacingAttributes(stack)
        let relation = spacingRelation(stack)
        let firstVisible = children.first { !nodes[$0].hidden }
        let lastVisiblePosition = children.lastIndex { !nodes[$0].hidden }
        var placements: [IRConstraint] = []
        var previousVisible: Int? = nil
        for (position, child) in children.enumerated() {
            guard nodes[child].hidden else {
                previousVisible = child
                continue
            }
            let origin = origin(nodes[child].origins.hidden ?? nodes[child].origins.element)
            add(.hiding, ItemID(child), along.length, .equal, nil, priority: Priority.hiding, origin: origin)
            let placement: (ItemID, LayoutAttribute, LayoutRelation, ItemID, LayoutAttribute, Double)
            if let previous = previousVisible {
                let followed = (lastVisiblePosition ?? -1) > position
                let half = followed ? spacing(after: previous, in: index, stack).value / 2 : 0
                placement = (ItemID(child), along.leading, relation, ItemID(previous), previousAttribute, half)
            } else if let first = firstVisible {
                placement = (ItemID(first), nextAttribute, relation, ItemID(child), along.trailing, 0)
            } else if let spanner = orderingSpanner {
                placement = (ItemID(child), along.leading, .equal, spanner, along.trailing, 0)
            } else {
                continue
            }
            placements.append(IRConstraint(.spacingHidden, Anchor(placement.0, placement.1), placement.2,
                                           Anchor(placement.3, placement.4), constant: placement.5,
                                           priority: Priority.fittingSizeLevel, origin: origin))
        }
        placements.sort { ($0.first.item, $0.second?.item ?? $0.first.item) < ($1.first.item, $1.second?.item ?? $1.first.item) }
        for placement in placements { add(placement) }
    }
}
