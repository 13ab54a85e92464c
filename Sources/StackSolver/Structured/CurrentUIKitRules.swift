import StackIR

/// The rules of today's UIKit (`UIKitTarget.current`, uikit-current.md) the structured solver does
/// not hold, each a typed reason to hand the stack to the general solver. Everything else the
/// current lowering creates has the same cost functions as the iOS 9/10 lowering, or is read from
/// the constraints themselves (the gap distributions' canvas fit along the axis, `lengthFit`).
extension StructuredModel {
    static func checkCurrentUIKit(
        _ index: Int, _ stack: StackArrangement, children: [Int], hidden: [Bool]
    ) throws(FallbackReason) {
        // Hidden items are optional: their own required size wins over the collapse at 999.999,
        // and they sit beside a neighbour at 50.
        if children.contains(where: { hidden[$0] }) { throw .currentUIKit(stack: index, .hiddenItems) }
        // fillProportionally shares the margins guide's length, not the stack's.
        if stack.distribution == .fillProportionally && stack.layoutMarginsRelative && !children.isEmpty {
            throw .currentUIKit(stack: index, .proportionalToMargins)
        }
        guard children.count > 1 else { return }
        // A firstBaseline row's top is bounded by its first item only, and views without a baseline
        // align by their tops.
        if stack.alignment == .firstBaseline && stack.axis == .horizontal { throw .currentUIKit(stack: index, .firstBaselineRow) }
        // A vertical stack with a baseline alignment aligns nothing: its spanner meets the canvas at both edges.
        if (stack.alignment == .firstBaseline || stack.alignment == .lastBaseline) && stack.axis == .vertical {
            throw .currentUIKit(stack: index, .verticalBaselineStack)
        }
        // equalCentering's gap equalities count down from 149 by arranged index.
        if stack.distribution == .equalCentering && children.count > 2 { throw .currentUIKit(stack: index, .descendingGapPriorities) }
    }
}
