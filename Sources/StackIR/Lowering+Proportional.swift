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

    /// Today's rule (uikit-current §2.5): each item's length `L` is its intrinsic length, else its
    /// fitting length (`fittingLength`); the denominator is `D = sum of positive L + spacing * (visible - 1)`
    /// with the stack's own spacing (custom spacing is ignored). Proportional only when
    /// `D > max(spacing * (n - 1), 1)`, `n` counting hidden items; otherwise equal lengths. Each visible item
    /// at arranged index `i` gets `item.length == (L / D) * canvas.length` at `max(999 - i, 751)`, required
    /// when the share is exactly 1, or `item.length == 0` (required) when `L` is 0.
    mutating func lowerCurrentFillProportionally(
        _ index: Int, _ stack: StackAttributes, canvas: ItemID, children: [Int], visible: [Int]
    ) {
        let lengths = visible.map { fittingLength(of: $0, along: stack.axis) }
        let total = lengths.reduce(stack.spacing * Double(visible.count - 1)) { $0 + max($1, 0) }
        guard total > max(stack.spacing * Double(children.count - 1), 1), total.isFinite else {
            matchLengths(index, stack, visible.map { ItemID($0) }, priority: Priority.required)
            return
        }
        let along = AxisAttributes(stack.axis)
        let origin = distributionOrigin(index)
        var position = 0
        for (arranged, child) in children.enumerated() where !nodes[child].hidden {
            let share = max(lengths[position], 0) / total
            position += 1
            if share > 0 {
                let priority = share == 1 ? Priority.required : Double(max(999 - arranged, 751))
                add(.fillProportionally, ItemID(child), along.length, .equal, canvas,
                    multiplier: share, priority: priority, origin: origin)
            } else {
                add(.fillProportionally, ItemID(child), along.length, .equal, nil, origin: origin)
            }
        }
    }

    /// The length UIKit measures an item at for fillProportionally: its intrinsic length, else its
    /// compressed fitting size (`systemLayoutSizeFitting(.zero)`). Statically that is a leaf's
    /// `width:`/`height:` or intrinsic length (0 without either), and for a stack the natural length of
    /// its visible items: their sum plus spacing and margins along its axis (fillEqually: the longest
    /// times their count), the longest plus margins across it. A loop over the subtree in reverse
    /// pre-order (children come after their parent), so deep nesting cannot overflow the stack.
    func fittingLength(of root: Int, along axis: Axis) -> Double {
        if let length = intrinsicLength(of: root, along: axis) { return length }
        guard nodes[root].stack != nil else { return explicitLength(of: root, along: axis) ?? 0 }
        var end = root + 1
        // Pre-order: the subtree is contiguous, and the first node after it has a parent before `root`.
        while end < nodes.count, let parent = nodes[end].parent, parent >= root { end += 1 }
        var lengths = [Double](repeating: 0, count: end - root)
        for node in stride(from: end - 1, through: root, by: -1) {
            if let explicit = explicitLength(of: node, along: axis) {
                lengths[node - root] = explicit
                continue
            }
            guard let stack = nodes[node].stack else {
                lengths[node - root] = intrinsicLength(of: node, along: axis) ?? 0
                continue
            }
            let visible = validChildren(of: node).filter { !nodes[$0].hidden && $0 < end }
            let own = visible.map { lengths[$0 - root] }
            let margins = marginLength(of: node, stack, along: axis)
            if stack.axis == axis {
                let gaps = visible.dropLast().reduce(0) { $0 + spacing(after: $1, in: node, stack).value }
                let items = stack.distribution == .fillEqually ? (own.max() ?? 0) * Double(own.count) : own.reduce(0, +)
                lengths[node - root] = items + gaps + margins
            } else {
                lengths[node - root] = (own.max() ?? 0) + margins
            }
        }
        return lengths[0]
    }

    func explicitLength(of index: Int, along axis: Axis) -> Double? {
        axis == .horizontal ? nodes[index].width : nodes[index].height
    }

    /// The margins a layoutMarginsRelative stack adds along an axis (0 when off), as `lowerMarginsGuide` insets.
    func marginLength(of index: Int, _ stack: StackAttributes, along axis: Axis) -> Double {
        guard stack.layoutMarginsRelative else { return 0 }
        let insets = marginInsets(of: index, stack)
        return axis == .horizontal ? insets.leading + insets.trailing : insets.top + insets.bottom
    }
}
