import StackSemantics

/// What items bring themselves: margins guides, content size, explicit size, baselines, and the
/// user's constraints.
extension Lowerer {
    /// `layoutMarginsRelative`: the canvas becomes the stack's `UIViewLayoutMarginsGuide`, inset by
    /// the margins with UIView's `margin-guide` constraints (seed §3.2). Without `margins:` the insets
    /// are UIKit's defaults: 8 on iOS 9/10, 0 for a stack created in code today (uikit-current §4).
    mutating func lowerMarginsGuide(_ index: Int, _ stack: StackAttributes) -> ItemID {
        let written = nodes[index].origins.margins
        let origin = origin(written ?? nodes[index].origins.element)
        let guide = addGuide(owner: index, suffix: "margins", role: .margins, origin: origin)
        let view = ItemID(index)
        let insets = marginInsets(of: index, stack)
        add(.marginGuide, guide, .top, .equal, view, constant: insets.top, origin: origin)
        add(.marginGuide, guide, .leading, .equal, view, constant: insets.leading, origin: origin)
        add(.marginGuide, view, .bottom, .equal, guide, constant: insets.bottom, origin: origin)
        add(.marginGuide, view, .trailing, .equal, guide, constant: insets.trailing, origin: origin)
        return guide
    }

    /// The insets of a layoutMarginsRelative stack: `margins:`, else UIKit's default for the target.
    func marginInsets(of index: Int, _ stack: StackAttributes) -> Insets {
        nodes[index].origins.margins == nil && uikit == .current ? .zero : stack.margins
    }

    /// `size <= intrinsic @hugging` and `size >= intrinsic @compressionResistance` on each axis
    /// where a leaf has an intrinsic size, as Auto Layout derives them from intrinsicContentSize.
    mutating func lowerContentSize(_ index: Int) {
        // Only the numbers: binding the whole `leaf` copied it, and destroyed its `content` string after.
        guard let intrinsic = nodes[index].leaf?.intrinsic, let hugging = nodes[index].leaf?.hugging,
              let compressionResistance = nodes[index].leaf?.compressionResistance else { return }
        let range = nodes[index].origins.intrinsic ?? nodes[index].origins.element
        // A literal, not `Axis.allCases` (the same order): the synthesized property allocated an array per leaf.
        for axis in [Axis.horizontal, .vertical] {
            guard let value = intrinsic[axis], value.isFinite else { continue }
            let length = AxisAttributes(axis).length
            add(.contentHugging, ItemID(index), length, .lessThanOrEqual, nil,
                constant: value, priority: hugging[axis], origin: origin(range))
            add(.contentCompression, ItemID(index), length, .greaterThanOrEqual, nil,
                constant: value, priority: compressionResistance[axis], origin: origin(range))
        }
    }

    /// `width:` and `height:` of any node: required size constraints.
    mutating func lowerExplicitSize(_ index: Int) {
        // Fields read one by one: copying the whole node would retain its strings and arrays.
        if let width = nodes[index].width {
            add(.explicitSize, ItemID(index), .width, .equal, nil, constant: width,
                origin: origin(nodes[index].origins.width ?? nodes[index].origins.element))
        }
        if let height = nodes[index].height {
            add(.explicitSize, ItemID(index), .height, .equal, nil, constant: height,
                origin: origin(nodes[index].origins.height ?? nodes[index].origins.element))
        }
    }

    /// The user's constraints, already resolved to node indices. Ones that point outside the tree
    /// (only a broken checker could produce them) are skipped rather than trapping.
    mutating func lowerUserConstraints() -> [IRConstraint] {
        var result: [IRConstraint] = []
        result.reserveCapacity(tree.userConstraints.count)
        for user in tree.userConstraints {
            guard nodes.indices.contains(user.first),
                  let firstAttribute = LayoutAttribute(rawValue: user.firstAttribute.rawValue),
                  let relation = LayoutRelation(rawValue: user.relation.rawValue) else { continue }
            var second: Anchor? = nil
            if let index = user.second {
                guard nodes.indices.contains(index) else { continue }
                let attribute = user.secondAttribute.flatMap { LayoutAttribute(rawValue: $0.rawValue) } ?? firstAttribute
                second = Anchor(ItemID(index), attribute)
            }
            let constraint = IRConstraint(.user, Anchor(ItemID(user.first), firstAttribute), relation, second,
                                          multiplier: user.multiplier, constant: user.constant,
                                          priority: user.priority, origin: origin(user.origin))
            noteBaselineUse(constraint.first)
            if let second { noteBaselineUse(second) }
            result.append(constraint)
        }
        return result
    }

    /// Defines every baseline anchor some constraint uses, and only those (keeps the IR small; a
    /// stack's baseline definition marks the child's baseline as used, and children follow their
    /// parent in pre-order, so one forward pass suffices).
    ///
    /// Rules:
    /// - A leaf with `firstBaseline:`/`lastBaseline:` gives the distance from its top. If only one
    ///   is given, the other equals it (a single line of text has one baseline).
    /// - A leaf without baselines uses its bottom edge, as a plain UIView's baselines are.
    /// - A stack takes its baselines from one arranged item (UIStackView.h): a vertical stack from
    ///   its first (first baseline) and last (last baseline) visible item; a horizontal stack from
    ///   its "tallest view" — statically, the visible item with the greatest known height
    ///   (`height:` else intrinsic height), the first such on ties, the first visible item if none
    ///   is known. That item's own baseline is defined in turn, so nested stacks chain down.
    /// - A stack with no visible item uses its bottom edge, like a plain view.
    mutating func lowerBaselines() {
        for index in nodes.indices where baselineUse[index] != 0 {
            let node = nodes[index]
            let range = node.origins.baselines ?? node.origins.element
            let origin = origin(range)
            for (bit, attribute) in [(UInt8(1), LayoutAttribute.firstBaseline), (2, .lastBaseline)]
            where baselineUse[index] & bit != 0 {
                if let stack = node.stack, let source = baselineSource(index, stack, first: bit == 1) {
                    add(.baseline, ItemID(index), attribute, .equal, ItemID(source), origin: origin)
                } else if let leaf = node.leaf, let offset = (bit == 1 ? leaf.firstBaseline ?? leaf.lastBaseline
                                                                       : leaf.lastBaseline ?? leaf.firstBaseline) {
                    add(.baseline, ItemID(index), attribute, .equal, ItemID(index), .top, constant: offset, origin: origin)
                } else {
                    add(.baseline, ItemID(index), attribute, .equal, ItemID(index), .bottom, origin: origin)
                }
            }
        }
    }

    /// The arranged item a stack's first or last baseline comes from; see `lowerBaselines`.
    func baselineSource(_ index: Int, _ stack: StackAttributes, first: Bool) -> Int? {
        let visible = validChildren(of: index).filter { !nodes[$0].hidden }
        guard !visible.isEmpty else { return nil }
        if stack.axis == .vertical { return first ? visible.first : visible.last }
        var best: Int? = nil
        var bestHeight = -Double.infinity
        for child in visible {
            let height = nodes[child].height ?? nodes[child].leaf?.intrinsic.vertical
            if let height, height > bestHeight {
                best = child
                bestHeight = height
            }
        }
        return best ?? visible.first
    }
}
