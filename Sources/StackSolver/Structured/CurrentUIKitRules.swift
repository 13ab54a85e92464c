import StackIR

/// The rules of today's UIKit (`UIKitTarget.current`, uikit-current.md) the structured solver does
/// not hold, each a typed reason to hand the stack to the general solver. Everything else the
/// current lowering creates has the same cost functions as the iOS 9/10 lowering, or is read from
/// the constraints themselves (the gap distributions' canvas fit along the axis, `lengthFit`).
extension StructuredModel {
    /// The rules a stack meets here along one axis: the vertical stacks' (along, then across).
    static func currentUIKitDeclines(
        _ index: Int, _ stack: StackArrangement, children: [Int], hidden: [Bool]
    ) -> [(axis: Int, reason: FallbackReason)] {
        var declines: [(axis: Int, reason: FallbackReason)] = []
        // Hidden items sit beside a visible neighbour at 50: from a baseline in a baselineRelative
        // column (not held here); with `>=` in the gap distributions (`LooseHidden`).
        if stack.baselineRelative && stack.axis == .vertical && children.contains(where: { hidden[$0] }) {
            declines.append((1, .currentUIKit(stack: index, .hiddenItems)))
        }
        // A vertical stack with a baseline alignment aligns nothing: its spanner meets the canvas at both edges.
        if children.count > 1 && stack.alignment.isBaseline && stack.axis == .vertical {
            declines.append((0, .currentUIKit(stack: index, .verticalBaselineStack)))
        }
        return declines
    }

    /// The chain the structured solver lays a stack out by, from today's constraints: a hidden item
    /// collapses (at 999.999, which only a required size overrides: `StructuredLayout` declines those)
    /// where its placement puts it, `c` after its preceding visible item or, before the first visible
    /// item, at the start; visible items keep their spacing from each other. As spacings before each
    /// item, that is the iOS 9/10 chain: `c` before the first hidden item of a run, 0 before the
    /// others, the rest of the spacing before the next visible item.
    static func chainSpacings(
        _ index: Int, children: [Int], hidden: [Bool], placementAfter: [Int: Double], spacingBefore: inout [Double]
    ) throws(FallbackReason) {
        var seenVisible = false
        var offset = 0.0
        for child in children {
            if hidden[child] {
                guard seenVisible else {
                    spacingBefore[child] = 0
                    continue
                }
                guard let place = placementAfter[child] else { throw .currentUIKit(stack: index, .hiddenItems) }
                spacingBefore[child] = place - offset
                offset = place
            } else {
                // The spacing constraint's constant (0 before the first visible item, which has none).
                spacingBefore[child] = seenVisible ? spacingBefore[child] - offset : 0
                seenVisible = true
                offset = 0
            }
        }
    }
}

/// A hidden item of a gap distribution in today's UIKit, placed at 50 only by `>=`: after its preceding
/// visible item (`item.leading >= anchor.trailing + constant`) or, before the first visible one,
/// `anchor.leading >= item.trailing`. Nothing else places it along the stack's axis, so its position
/// there is undecided and takes, as UndecidedValues.swift settles what nothing decides, the value
/// nearest 0 on that half-line (its length is decided: 0 at 999.999, or the stack declines).
struct LooseHidden {
    var item: Int
    var stack: Int
    var anchor: Int
    var constant: Double
    /// Whether the item comes after its anchor.
    var after: Bool

    /// The item and, when it is a stack, everything inside it, and the layout guides inside it that
    /// the stacks place along `axis` (margins; gaps along a stack, its spanner across it): the item's
    /// place places them all, so nothing decides where any of them is.
    func placed(in model: StructuredModel, axis: Int) -> (nodes: [Int], guides: [Int]) {
        var nodes = [item]
        var guides: [Int] = []
        var next = 0
        while next < nodes.count {
            let node = nodes[next]
            next += 1
            guard node < model.childStart.count - 1 else { continue }
            nodes += model.childList[model.childStart[node]..<model.childStart[node + 1]]
            if let guide = model.marginsGuide[node] { guides.append(guide) }
            if Int(model.stackAxis[node]) == axis {
                guides += model.gapGuides[node]
            } else if let guide = model.spannerGuide[node] {
                guides.append(guide)
            }
        }
        return (nodes, guides)
    }

    /// The item's position, from its anchor's place, its own length along the axis and where the
    /// last item inside it sits from its start (`last`, 0 for a leaf): undecided values are settled
    /// from the last item back, so that one goes nearest 0 and the rest follow.
    func position(anchorStart: Double, anchorLength: Double, length: Double, last: Double) -> Double {
        after ? max(-last, anchorStart + anchorLength + constant) : min(-last, anchorStart - constant - length)
    }
}
