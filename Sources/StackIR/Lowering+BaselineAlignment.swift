import StackSemantics

/// Baseline alignment as today's UIKit creates it (uikit-current §3.4).
extension Lowerer {
    /// `ref.baseline == item.baseline` for every arranged item but the reference, hidden ones included.
    /// The reference is the first item, or, when it has no baseline, the first visible item that has
    /// one. An item without a baseline (a plain view, an image: no text and no `firstBaseline:` or
    /// `lastBaseline:`) is aligned by its top (firstBaseline) or bottom (lastBaseline) instead, on both
    /// sides of its constraint, as UIKit does for apps linked against a current SDK.
    mutating func lowerCurrentBaselineAlignment(_ index: Int, _ attribute: LayoutAttribute, children: [Int], visible: [Int]) {
        guard let firstChild = children.first else { return }
        let reference = hasBaseline(firstChild) ? firstChild : (visible.first(where: hasBaseline) ?? firstChild)
        let edge: LayoutAttribute = attribute == .firstBaseline ? .top : .bottom
        let origin = alignmentOrigin(index)
        for child in children where child != reference {
            let aligned = hasBaseline(child) ? attribute : edge
            add(.alignment, ItemID(reference), aligned, .equal, ItemID(child), origin: origin)
        }
    }

    /// Whether an item reports a baseline: a leaf with baselines (measured text, or `firstBaseline:` /
    /// `lastBaseline:`), or a stack whose baseline item has one (a stack takes its baseline from an
    /// arranged item, `baselineSource`). Follows that chain down with a loop: nesting depth is the user's.
    func hasBaseline(_ index: Int) -> Bool {
        var current = index
        while true {
            if let leaf = nodes[current].leaf { return leaf.firstBaseline != nil || leaf.lastBaseline != nil }
            guard let stack = nodes[current].stack, let source = baselineSource(current, stack, first: true),
                  source > current else { return false }
            current = source
        }
    }
}
