import StackSemantics

/// `fillProportionally`: each visible item's length as a share of the stack's length.
extension Lowerer {
    /// Seed 000 §1.3: `item.length == (intrinsic / total) * stack.length`, where total is the sum
    /// of the visible items' intrinsic lengths plus the spacing between visible items, with
    /// priorities counting down from 999 in arranged order.
    ///
    /// Rules where the seed is silent (UIKit's documented input is `intrinsicContentSize`; the
    /// shapes follow Arranged, which reproduces UIStackView's sets):
    /// - An item without an intrinsic length along the axis (`noIntrinsicMetric` or <= 0) gets
    ///   `item.length == 0`, required. A nested stack is such an item: `UIStackView` reports no
    ///   intrinsic content size, so it collapses — exactly the runtime surprise UIKit users meet.
    ///   An explicit `width:`/`height:` does not count: it does not change intrinsicContentSize.
    /// - The priority counter still counts down past those items (it follows arranged position).
    /// - If no visible item has an intrinsic length, UIKit falls back to equal lengths
    ///   (`fill-equally` constraints, as for `fillEqually`).
    /// - If exactly one item has an intrinsic length and either it is the only visible item or the
    ///   spacing is 0, its constraint is required (counting still starts at 999 for the next one).
    /// - The spacing total uses the actual spacing between visible neighbours (custom spacing
    ///   included). If the total is not positive (negative spacing), UIKit's division is
    ///   meaningless; stackc falls back to equal lengths rather than emit a non-finite multiplier.
    mutating func lowerFillProportionally(
        _ index: Int, _ stack: StackAttributes, children: [Int], visible: [Int], spacings: [Double]
    ) {
        let lengths = visible.map { intrinsicLength(of: $0, along: stack.axis) }
        let known = lengths.compactMap { $0 }
        let visibleSpacing = spacings.reduce(0, +)
        let total = known.reduce(visibleSpacing, +)
        guard !known.isEmpty, total > 0, total.isFinite else {
            matchLengths(index, stack, visible.map { ItemID($0) }, priority: Priority.required)
            return
        }
        let along = AxisAttributes(stack.axis)
        let origin = distributionOrigin(index)
        let singleRequired = known.count == 1 && (visible.count == 1 || stack.spacing == 0)
        var priority = 999.0
        for (position, child) in visible.enumerated() {
            let current = singleRequired ? Priority.required : priority
            if let length = lengths[position] {
                add(.fillProportionally, ItemID(child), along.length, .equal, ItemID(index),
                    multiplier: length / total, priority: current, origin: origin)
            } else {
                add(.fillProportionally, ItemID(child), along.length, .equal, nil, origin: origin)
            }
            // Priorities stay within 1...1000 however many items there are.
            priority = max(1, priority - 1)
        }
    }

    /// A leaf's intrinsic length along an axis, if it has a positive one; stacks have none.
    func intrinsicLength(of index: Int, along axis: Axis) -> Double? {
        guard let value = nodes[index].leaf?.intrinsic[axis], value > 0, value.isFinite else { return nil }
        return value
    }
}
