import StackSemantics

/// Constraints across a stack's axis: canvas connection, alignment, the alignment spanner and the
/// constraints that keep its sizes unambiguous. Seed 000 sections 2.1–2.6 and 3.4.
extension Lowerer {
    /// Alignments whose items are not pinned to the canvas's top (leading) edge.
    static func topIsWeak(_ alignment: Alignment) -> Bool {
        alignment == .trailing || alignment == .center || alignment == .firstBaseline || alignment == .lastBaseline
    }

    /// Alignments whose items are not pinned to the canvas's bottom (trailing) edge.
    static func bottomIsWeak(_ alignment: Alignment) -> Bool {
        alignment == .leading || alignment == .center || alignment == .firstBaseline || alignment == .lastBaseline
    }

    mutating func lowerAlignment(_ index: Int, _ stack: StackAttributes, canvas: ItemID, children: [Int], visible: [Int]) {
        guard let firstChild = children.first else { return }
        let first = ItemID(firstChild)
        let cross = AxisAttributes(stack.axis.cross)
        let alignment = stack.alignment
        let origin = alignmentOrigin(index)
        let anyWeak = Self.topIsWeak(alignment) || Self.bottomIsWeak(alignment)
        let baseline = alignment == .firstBaseline || alignment == .lastBaseline

        if visible.isEmpty {
            // Rule (seed silent; Arranged): with no visible item the spanner alone spans the canvas,
            // and spanning-fit collapses it, so the stack's cross size is 0 like its length.
            let spanner = addGuide(owner: index, suffix: "spanner", role: .alignmentSpanner, origin: origin)
            add(.canvasConnection, canvas, cross.leading, .equal, spanner, origin: origin)
            add(.canvasConnection, spanner, cross.trailing, .equal, canvas, origin: origin)
            if alignment == .center { add(.canvasConnection, canvas, cross.center, .equal, spanner, origin: origin) }
            // Today's UIKit collapses it at 0.001, the level that exists only for this case (uikit-current U1).
            add(.spanningFit, spanner, cross.length, .equal, nil, priority: uikit == .current ? 0.001 : 51, origin: origin)
        } else if children.count > 1 && anyWeak {
            lowerSpanner(index, stack, canvas: canvas, first: first, visible: visible)
        } else {
            // Fill with any number of items, or a single item (seed §3.4: no spanner is needed, a
            // weak edge connects the item to the canvas directly with <= / >=).
            let top: LayoutRelation = Self.topIsWeak(alignment) ? .lessThanOrEqual : .equal
            let bottom: LayoutRelation = Self.bottomIsWeak(alignment) ? .lessThanOrEqual : .equal
            add(.canvasConnection, canvas, cross.leading, top, first, origin: origin)
            add(.canvasConnection, first, cross.trailing, bottom, canvas, origin: origin)
            if alignment == .center { add(.canvasConnection, canvas, cross.center, .equal, first, origin: origin) }
        }

        // Seed §2.5, §2.6, §3.4: baseline alignments, and a single item with a weak canvas edge,
        // let the stack hug its content across with `canvas-fit` at 49. Today's UIKit adds it exactly
        // when a canvas connection is an inequality (uikit-current §3.2), which a vertical stack's
        // baseline alignment with several items never has.
        let baselineFit = baseline && (uikit == .iOS9 || stack.axis == .horizontal || children.count == 1)
        if !visible.isEmpty && (baselineFit || (children.count == 1 && anyWeak)) {
            add(.canvasFit, ItemID(index), cross.length, .equal, nil, priority: 49, origin: origin)
        }

        // Every arranged item, hidden ones included (seed §3.1), is aligned to the first.
        for attribute in alignedAttributes(stack) {
            if uikit == .current && (attribute == .firstBaseline || attribute == .lastBaseline) {
                lowerCurrentBaselineAlignment(index, attribute, children: children, visible: visible)
                continue
            }
            for child in children.dropFirst() {
                add(.alignment, first, attribute, .equal, ItemID(child), origin: origin)
            }
        }

        if alignment != .fill {
            for child in children {
                add(.ambiguitySuppression, ItemID(child), cross.length, .equal, nil, priority: 25, origin: origin)
            }
        }
        switch uikit {
        case .iOS9: lowerTextWidthDisambiguation(index, stack, visible: visible)
        case .current: lowerCurrentTextWidthDisambiguation(index, stack, canvas: canvas, visible: visible)
        }
    }

    /// The attributes the items are aligned on. Fill aligns both edges (seed §2.1).
    /// Rule: first/lastBaseline are "valid for horizontal axis only" (UIStackView.h); in a vertical
    /// stack they create no alignment constraints but keep the spanner, canvas-fit and
    /// ambiguity-suppression shape of the horizontal case, mirrored (Arranged's behaviour).
    func alignedAttributes(_ stack: StackAttributes) -> [LayoutAttribute] {
        let cross = AxisAttributes(stack.axis.cross)
        switch stack.alignment {
        case .fill: return [cross.leading, cross.trailing]
        case .leading: return [cross.leading]
        case .trailing: return [cross.trailing]
        case .center: return [cross.center]
        case .firstBaseline: return stack.axis == .horizontal ? [.firstBaseline] : []
        case .lastBaseline: return stack.axis == .horizontal ? [.lastBaseline] : []
        }
    }

    /// Several items with a weak edge are packed into `UISV-alignment-spanner` (seed §2.2–§2.6).
    mutating func lowerSpanner(_ index: Int, _ stack: StackAttributes, canvas: ItemID, first: ItemID, visible: [Int]) {
        let cross = AxisAttributes(stack.axis.cross)
        let alignment = stack.alignment
        let origin = alignmentOrigin(index)
        let spanner = addGuide(owner: index, suffix: "spanner", role: .alignmentSpanner, origin: origin)

        // Which item meets the canvas at each edge, exactly as the seed lists it:
        // leading: first item at the top, spanner at the bottom; trailing: the reverse;
        // center and firstBaseline: spanner at both; lastBaseline: spanner at the top and the first
        // item at the bottom with `<=` (§2.6's `V:[Subview0]-(>=0)-|`).
        // Today's UIKit (uikit-current §3.2) differs in two places: a horizontal firstBaseline stack
        // pins its top to the first item with `<=`, and a vertical baseline stack aligns nothing, so
        // the spanner meets the canvas at both edges.
        let currentFirstBaseline = uikit == .current && alignment == .firstBaseline && stack.axis == .horizontal
        let currentVerticalBaseline = uikit == .current && (alignment == .firstBaseline || alignment == .lastBaseline) && stack.axis == .vertical
        let topItem = alignment == .leading || currentFirstBaseline ? first : spanner
        let bottomItem = (alignment == .trailing || alignment == .lastBaseline) && !currentVerticalBaseline ? first : spanner
        let bottomRelation: LayoutRelation = alignment == .lastBaseline && !currentVerticalBaseline ? .lessThanOrEqual : .equal
        add(.canvasConnection, canvas, cross.leading, currentFirstBaseline ? .lessThanOrEqual : .equal, topItem, origin: origin)
        add(.canvasConnection, bottomItem, cross.trailing, bottomRelation, canvas, origin: origin)
        if alignment == .center { add(.canvasConnection, canvas, cross.center, .equal, first, origin: origin) }

        // Only visible items shape the spanner (hidden ones must not widen the stack).
        for child in visible {
            let item = ItemID(child)
            if alignment == .leading {
                add(.spanningBoundary, spanner, cross.leading, .equal, item, priority: 999.5, origin: origin)
            } else {
                add(.spanningBoundary, spanner, cross.leading, .lessThanOrEqual, item, origin: origin)
            }
            if alignment == .trailing {
                add(.spanningBoundary, spanner, cross.trailing, .equal, item, priority: 999.5, origin: origin)
            } else {
                add(.spanningBoundary, spanner, cross.trailing, .greaterThanOrEqual, item, origin: origin)
            }
        }
        add(.spanningFit, spanner, cross.length, .equal, nil, priority: 51, origin: origin)
    }
}
