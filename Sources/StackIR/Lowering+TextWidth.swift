import StackSemantics

/// `UISV-text-width-disambiguation`: how a stack shares its width between items whose height depends
/// on their width.
extension Lowerer {
    /// Seed §2.5/§2.6: `item.width == (1/n) * stack.width @760` for each of n items in a
    /// baseline-aligned horizontal stack. The seed shows it for plain views, so it is not limited to
    /// labels. Rules where the seed is silent (UIKit documents nothing; Arranged omits it):
    /// only visible items, only when at least two are visible (one item's width is already fixed by
    /// the canvas), never for fillEqually (its widths are already unambiguous), and never in vertical
    /// stacks (baseline alignment is horizontal-only).
    mutating func lowerTextWidthDisambiguation(_ index: Int, _ stack: StackAttributes, visible: [Int]) {
        guard stack.axis == .horizontal, stack.alignment == .firstBaseline || stack.alignment == .lastBaseline,
              stack.distribution != .fillEqually, visible.count > 1 else { return }
        let share = 1 / Double(visible.count)
        for child in visible {
            add(.textWidthDisambiguation, ItemID(child), .width, .equal, ItemID(index),
                multiplier: share, priority: 760, origin: alignmentOrigin(index))
        }
    }

    /// Today's rule (uikit-current §2.8, the modern SDK path): in a horizontal fill, equalSpacing or
    /// equalCentering stack with at least two multiline labels (`lines:` other than 1), each of the k
    /// labels gets `label.width <= (1/k) * canvas.width - spacing * (k - 1) / k`, at priorities 950,
    /// 950 + d, 950 + 2d ... in item order, d = min(25 / k, 1): wrapped text shares the row instead of
    /// one label taking it all.
    mutating func lowerCurrentTextWidthDisambiguation(_ index: Int, _ stack: StackAttributes, canvas: ItemID, visible: [Int]) {
        guard stack.axis == .horizontal,
              stack.distribution == .fill || stack.distribution == .equalSpacing || stack.distribution == .equalCentering
        else { return }
        let candidates = visible.filter { nodes[$0].kind == .label && nodes[$0].leaf?.text != nil && nodes[$0].leaf?.lines != 1 }
        guard candidates.count > 1 else { return }
        let k = Double(candidates.count)
        let step = min(25 / k, 1)
        for (position, child) in candidates.enumerated() {
            add(.textWidthDisambiguation, ItemID(child), .width, .lessThanOrEqual, canvas,
                multiplier: 1 / k, constant: -stack.spacing * (k - 1) / k, priority: 950 + Double(position) * step,
                origin: alignmentOrigin(index))
        }
    }
}
