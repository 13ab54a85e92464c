import StackIR

/// The structured solver's state for one layout: per node and axis, the cost function of the node's
/// length (bottom-up), and for stacks what the top-down pass needs to split a length among children.
///
/// Axis 0 is horizontal, 1 vertical; per-node-and-axis arrays are indexed `2 * node + axis`. Every
/// stack constraint relates a stack to its own arranged items and guides, and the two axes share no
/// variable, so each axis of each subtree has a cost that depends on its length only: a convex
/// piecewise-linear function with lexicographic slopes (Slope.swift, PiecewiseLinear.swift).
struct StructuredLayout {
    var model: StructuredModel
    /// Per node and axis: what its parent sees (a single point when the size is explicit).
    var outer: [CostFunction]
    /// Per stack, along its axis: the merge of its visible items (fill, equalSpacing) and their anchors
    /// (in an equalCentering stack, its visible items' lengths: EqualCentering.swift).
    var merges: [Merge?]
    var mergeAnchors: [[Double]]
    /// Per node and axis, for items across a stack with a weak alignment: the item's minimiser with suppression.
    var crossAnchor: [Double]
    /// Per node and axis, for visible items of a baselineRelative fill stack that are not chain
    /// members (`StructuredModel.chainMembers`): the length they take, their own unique minimiser.
    var ownLength: [Double]
    /// Per stack, for a baselineRelative fillEqually stack whose length no item's length enters
    /// (no chain member): the items' common length, the unique minimiser of their summed costs.
    var memberlessLength: [Double]
    /// Per firstBaseline stack of several items, across: the merge of the ascent and descent costs
    /// and their anchors (BaselineAlignment.swift).
    var crossMerges: [Merge?]
    var crossMergeAnchors: [[Double]]
    /// Per stack whose cost is exact only where its items keep their own lengths: an equalCentering
    /// stack's canvas length from which its gaps are all equal (EqualCentering.swift), a held
    /// baseline row's one length at which its items fit (`heldRow`, BaselineAlignment.swift).
    var settledLength: [Double]
    /// Per fill baseline row: whether its items all hold their widths above the width shares (BaselineAlignment.swift).
    var heldRow: [Bool]
    /// Per equalCentering stack: whether its items all hold their lengths above the gaps' priority (EqualCentering.swift).
    var centeringHeld: [Bool]
    /// Per lastBaseline stack of several items, across: its baseline, spanner and least height (LastBaselineAlignment.swift).
    var lastBaselineRows: [LastBaselineRow?]
    /// Per firstBaseline stack of several items in today's UIKit, across (TopBoundedRow.swift).
    var topBoundedRows: [TopBoundedRow?]
    /// Per lastBaseline stack of several items hanging from its baseline, across (HangingRow.swift).
    var hangingRows: [HangingRow?]
    /// Per fillProportionally stack: its share items, strongest share first (Proportional.swift).
    var proportionalOrder: [[Int]]
    /// Per fillProportionally stack or baseline row: whether its split goes level by level
    /// (ProportionalLevels.swift).
    var splitByLevels: [Bool]
    /// Per node and axis: the ends of `outer`'s domain (for the top-down pass's feasibility checks).
    var outerLower: [Double]
    var outerUpper: [Double]
    /// The stacks with arranged items, ascending (parents before children): the nodes the top-down
    /// pass visits (a resize skipped the leaves in a loop over every node before).
    let parents: [Int]
    /// The stacks without a cost function of their own, which start a joint group's spine: those the
    /// model leaves opaque (`StructuredModel.tolerant`), then those whose functions a joint group's
    /// build (`init(model:axes:keepingDeclines:)`) could not make, deepest first. Their ancestors
    /// have no functions either (`unsolved`).
    private(set) var spineStarts: [Int]
    /// Why, per stack of `spineStarts`.
    private(set) var startReasons: [FallbackReason]
    /// Per node: at or above a stack of `spineStarts` (empty when there is none).
    private(set) var unsolved: [Bool]
    /// The axes solved (0 horizontal, 1 vertical): both, or one when the other goes to the general
    /// solver (AxisSplit.swift). The axes share no variable, so either is exact alone.
    private(set) var axes: [Int]

    /// This layout on `axis` alone: the same functions (the axes share no state), no copies.
    func alone(_ axis: Int) -> StructuredLayout {
        var layout = self
        layout.axes = [axis]
        return layout
    }

    /// `broken`: per IR constraint, whether a conflict search broke it (StructuredModel's `init`).
    init(ir: ConstraintIR, axes: [Int] = [0, 1], without broken: [Bool] = []) throws(FallbackReason) {
        try self.init(model: StructuredModel(ir: ir, without: broken), axes: axes)
    }

    /// The layout of a model already read from its IR. `keepingDeclines`: a stack whose function the
    /// tree solver does not make, for a reason a joint group starts from (`FallbackReason.spineNode`),
    /// is noted in `spineStarts` rather than thrown, and its ancestors are left without functions.
    init(model: StructuredModel, axes: [Int] = [0, 1], keepingDeclines: Bool = false) throws(FallbackReason) {
        self.model = model
        self.axes = axes
        let n = model.count
        outer = Array(repeating: .free, count: 2 * n)
        merges = Array(repeating: nil, count: n)
        mergeAnchors = Array(repeating: [], count: n)
        crossAnchor = Array(repeating: 0, count: 2 * n)
        ownLength = Array(repeating: 0, count: 2 * n)
        memberlessLength = Array(repeating: 0, count: n)
        proportionalOrder = Array(repeating: [], count: n)
        splitByLevels = Array(repeating: false, count: n)
        settledLength = Array(repeating: 0, count: n)
        heldRow = Array(repeating: false, count: n)
        centeringHeld = Array(repeating: false, count: n)
        lastBaselineRows = Array(repeating: nil, count: n)
        topBoundedRows = Array(repeating: nil, count: n)
        hangingRows = Array(repeating: nil, count: n)
        crossMerges = Array(repeating: nil, count: n)
        crossMergeAnchors = Array(repeating: [], count: n)
        outerLower = Array(repeating: 0, count: 2 * n)
        outerUpper = Array(repeating: 0, count: 2 * n)
        parents = (0..<n).filter { model.stackAxis[$0] >= 0 && model.childStart[$0] < model.childStart[$0 + 1] }
        spineStarts = model.opaqueRoots
        startReasons = model.opaqueReasons
        unsolved = model.unsolved
        var parentOf: [Int] = []
        if keepingDeclines {
            parentOf = [Int](repeating: -1, count: n)
            for stack in parents { for child in model.children(stack) { parentOf[child] = stack } }
            if unsolved.isEmpty { unsolved = [Bool](repeating: false, count: n) }
        }
        func decline(at node: Int, _ reason: FallbackReason) {
            spineStarts.append(node)
            startReasons.append(reason)
            var node = node
            while node >= 0, !unsolved[node] {
                unsolved[node] = true
                node = parentOf[node]
            }
        }
        // The model's declines of an axis start there, before any function is made.
        let declines = axes.flatMap { model.axisDeclines[$0] }.sorted { ($0.node ?? 0) < ($1.node ?? 0) }
        if let first = declines.first {
            guard keepingDeclines, let stack = first.node, stack > 0 else { throw first }
            for reason in declines { decline(at: reason.node ?? stack, reason) }
        }
        for index in stride(from: n - 1, through: 0, by: -1) where unsolved.isEmpty || !unsolved[index] {
            do throws(FallbackReason) {
                try update(index)
            } catch {
                // The root's decline is left to the whole axis, and so is an ambiguity: a joint group
                // seeded there can break a free item's ties otherwise than the whole solve (long-mode
                // JointGroupTests and DifferentialTests).
                guard keepingDeclines, error.spineNode != nil, index > 0 else { throw error }
                if case .ambiguous = error { throw error }
                decline(at: index, error)
            }
        }
    }

    /// Recomputes one node's functions from its children's, on every solved axis or on `axis` only
    /// (the axes share no state: a function on one reads its children's on the same axis only);
    /// throws on a required conflict, an unbounded or ambiguous minimum, or a cost not of a shape handled.
    /// `childrenMoved`: every child whose function changed since the last update only moved (the
    /// same pieces at another anchor). Returns whether this node's functions only moved too; false
    /// without looking after children that changed shape (the caller then recomputes the parent in
    /// full, which is always right), so a build from scratch compares nothing.
    @discardableResult
    mutating func update(_ index: Int, axis only: Int? = nil, childrenMoved: Bool = false) throws(FallbackReason) -> Bool {
        var moved = true
        for axis in axes where only == nil || only == axis {
            let slot = 2 * index + axis
            if model.stackAxis[index] < 0, model.explicit[slot] == nil, let data = model.leafAxes[slot] {
                // A leaf's function, written in place: one piece a side, inline (SegmentList.swift).
                outer[slot].anchor = data.intrinsic
                Self.setLeafSide(&outer[slot].right, data.hugging, sign: 1)
                Self.setLeafSide(&outer[slot].left, data.compression, sign: -1)
                if !outer[slot].extra.isEmpty { outer[slot].extra = [] }
                outerLower[slot] = outer[slot].left.isEmpty ? data.intrinsic : -.infinity
                outerUpper[slot] = outer[slot].right.isEmpty ? data.intrinsic : .infinity
                continue
            }
            let old = childrenMoved ? outer[slot] : nil
            let function = try innerFunction(index, axis: axis, childrenMoved: childrenMoved)
            if let size = model.explicit[slot] {
                guard function.contains(size) else { throw .conflict(node: index, axis: Axis(slot: axis)) }
                outer[slot] = .point(size)
                outerLower[slot] = size
                outerUpper[slot] = size
            } else {
                outer[slot] = function
                outerLower[slot] = function.lowerEnd
                outerUpper[slot] = function.upperEnd
            }
            if moved { moved = old.map(outer[slot].hasPieces) ?? false }
        }
        return moved
    }

    /// In a baselineRelative chain, the items outside it take their own minimiser (`ownLength`);
    /// throws when one has none.
    private mutating func settleOutsideChain(_ index: Int, axis: Int, visible: [Int], members: [Int]) throws(FallbackReason) {
        guard members.count != visible.count else { return }
        for child in visible where !members.contains(child) {
            let function = outer[2 * child + axis]
            guard function.hasUniqueMinimum, function.anchor.isFinite else { throw .ambiguous(node: child, axis: Axis(slot: axis)) }
            ownLength[2 * child + axis] = function.anchor
        }
    }

    /// One side of a leaf's function in place: one infinite piece at the constraint's priority, kept
    /// inline (`SegmentList.constraint`), none when it is required.
    private static func setLeafSide(_ side: inout SegmentList, _ ref: OptionalRef, sign: Float) {
        side = ref.priority < 1000 ? .constraint(priority: ref.priority, index: ref.index, sign: sign) : []
    }

    /// A leaf's function as a new value (leaves with an explicit size, or none on this axis; `update`
    /// writes the others in place).
    func leafFunction(_ data: LeafAxis?) -> CostFunction {
        guard let data else { return .free }
        var function = CostFunction(anchor: data.intrinsic, right: [], left: [])
        Self.setLeafSide(&function.right, data.hugging, sign: 1)
        Self.setLeafSide(&function.left, data.compression, sign: -1)
        return function
    }

    /// The cost of a node's length on `axis` from its children's (`outer`); throws why when the
    /// structured solver does not know it exactly.
    private mutating func innerFunction(_ index: Int, axis: Int, childrenMoved: Bool = false) throws(FallbackReason) -> CostFunction {
        let function = try unfittedFunction(index, axis: axis, childrenMoved: childrenMoved)
        // Today's UIKit: the gap distributions hug their length at 49 (canvas fit along the axis).
        guard Int(model.stackAxis[index]) == axis, let fit = model.lengthFit[index] else { return function }
        return try fitted(function, fit, index, axis)
    }

    /// `innerFunction` before a canvas fit along the stack's axis.
    private mutating func unfittedFunction(_ index: Int, axis: Int, childrenMoved: Bool) throws(FallbackReason) -> CostFunction {
        let stackAxis = Int(model.stackAxis[index])
        guard stackAxis >= 0 else { return leafFunction(model.leafAxes[2 * index + axis]) }
        guard !model.children(index).isEmpty else { return .free }
        return stackAxis == axis ? try alongFunction(index, axis: axis, childrenMoved: childrenMoved) : try acrossFunction(index, axis: axis)
    }

    /// The cost of a stack's length along its own axis: its items' lengths add up, shared out by its distribution.
    private mutating func alongFunction(_ index: Int, axis: Int, childrenMoved: Bool) throws(FallbackReason) -> CostFunction {
        let inset = model.insets(index, axis: axis).total
        let visible = model.visibleChildren[index]
        for child in model.children(index) where model.hidden[child] && !outer[2 * child + axis].contains(0) {
            // Today's UIKit hides at 999.999, so a hidden item's required size wins: it keeps the
            // length of its required range nearest 0 (`placeHidden`) where it is placed, and takes
            // no room from the others. Unless something inside holds it as strongly as its collapse.
            guard model.uikit == .current else { throw .conflict(node: child, axis: Axis(slot: axis)) }
            guard strongestOptionalPriority(outer[2 * child + axis]) < Priority.hiding else {
                throw .currentUIKit(stack: index, .hiddenItemWithSize)
            }
        }
        let spacing = model.spacingTotal[index]
        let members = model.chainMembers[index]
        switch model.distribution[index] {
        case .fillEqually:
            // Every visible item is as long as the others; the members' lengths add up.
            guard let sum = pointwiseSum(visible.map({ outer[2 * $0 + axis] })) else { throw sumFailure(visible, index, axis) }
            if members.isEmpty {
                guard sum.hasUniqueMinimum, sum.anchor.isFinite else { throw .ambiguous(node: index, axis: Axis(slot: axis)) }
                memberlessLength[index] = sum.anchor
                return .point(spacing + inset)
            }
            return sum.stretched(by: Double(members.count), offset: spacing + inset)
        case .fillProportionally:
            let items = try proportionalItems(index, axis: axis)
            proportionalOrder[index] = items
            guard let function = proportionalFunction(index, axis: axis, items: items, fixed: spacing + inset) else {
                throw proportionalFailure(index, axis: axis, items: items, fixed: spacing + inset)
            }
            return function
        case .fill where visible.count > 1 && model.sharedRow[index]:
            return try sharedRowFunction(index, axis: axis, fixed: spacing + inset, gapSlack: false)
        case .equalSpacing where visible.count > 1 && model.sharedRow[index]:
            return try sharedRowFunction(index, axis: axis, fixed: inset + Double(visible.count - 1) * model.minimumGap[index], gapSlack: true)
        case .equalCentering where visible.count > 2:
            return try equalCenteringFunction(index, axis: axis, visible: visible, inset: inset)
        case .equalSpacing where visible.count > 1, .equalCentering where visible.count > 1:
            // The gaps: k - 1 equal lengths, each at least the largest spacing, free of cost (in a
            // baselineRelative chain, from baseline to baseline: the chain's members and fixed
            // depths make up the rest). Two items equally centred have one gap and no equality:
            // they are equally spaced.
            try settleOutsideChain(index, axis: axis, visible: visible, members: members)
            let gaps = CostFunction(
                anchor: Double(visible.count - 1) * model.minimumGap[index],
                right: [Segment(length: .infinity, slope: .zero, owner: 0, order: 0)], left: [])
            return chainMerge(index, axis: axis, members: members, gaps: gaps, childrenMoved: childrenMoved)
                .shifted(by: inset + model.chainShift[index])
        default:
            try settleOutsideChain(index, axis: axis, visible: visible, members: members)
            return chainMerge(index, axis: axis, members: members, gaps: nil, childrenMoved: childrenMoved)
                .shifted(by: spacing + inset)
        }
    }

    /// A baseline row whose items share its width (fill, or equalSpacing with `gapSlack`): by the
    /// shares, by priority levels, or (fill) at the one width where the items keep their own widths.
    private mutating func sharedRowFunction(_ index: Int, axis: Int, fixed: Double, gapSlack: Bool) throws(FallbackReason) -> CostFunction {
        heldRow[index] = false
        splitByLevels[index] = false
        if let items = disambiguatedItems(index, axis: axis) {
            guard let function = disambiguatedFunction(index, axis: axis, items: items, fixed: fixed, atMost: gapSlack) else {
                throw rowFailure(index, axis: axis, items: items, fixed: fixed, atMost: gapSlack)
            }
            return function
        }
        let levelItems = rowLevelItems(index, axis: axis)
        if gapSlack {
            guard let levelItems else { throw .baselineAlignment(stack: index, .widthShares) }
            guard let function = proportionalFunction(index, axis: axis, items: levelItems, fixed: fixed, gapSlack: true) else {
                throw proportionalFailure(index, axis: axis, items: levelItems, fixed: fixed, gapSlack: true)
            }
            return function
        }
        if let levelItems, let function = proportionalFunction(index, axis: axis, items: levelItems, fixed: fixed) { return function }
        // Neither the shares nor the levels: the items at their own widths.
        splitByLevels[index] = false
        guard let function = heldRowFunction(index, axis: axis, fixed: fixed) else {
            throw FallbackReason.baselineAlignment(stack: index, .widthShares)
        }
        return function
    }

    /// The cost of a stack's length across its axis: every item spans the canvas (fill), or fits in
    /// it by its alignment, or sits on the row's baseline.
    private mutating func acrossFunction(_ index: Int, axis: Int) throws(FallbackReason) -> CostFunction {
        let children = model.children(index)
        let inset = model.insets(index, axis: axis).total
        if model.baselineRow[index] && children.count > 1 {
            if model.alignment[index] == .lastBaseline {
                if let hanging = try hangingRowFunction(index, axis: axis, inset: inset) { return hanging }
                return try lastBaselineCrossFunction(index, axis: axis, inset: inset)
            }
            return model.uikit == .current ? try topBoundedRowFunction(index, axis: axis, inset: inset)
                : try baselineCrossFunction(index, axis: axis, inset: inset)
        }
        if model.alignment[index] == .fill {
            guard let sum = pointwiseSum(children.map({ outer[2 * $0 + axis] })) else { throw sumFailure(children, index, axis) }
            return sum.shifted(by: inset)
        }
        var envelopes: [CostFunction] = []
        envelopes.reserveCapacity(model.visibleCount[index] + 1)
        for child in children {
            let withSuppression = try suppressed(child, axis: axis)
            crossAnchor[2 * child + axis] = withSuppression.anchor
            if !model.hidden[child] { envelopes.append(withSuppression.monotoneEnvelope) }
        }
        if children.count == 1 {
            guard let fit = model.canvasFit[index], let only = envelopes.first else { throw .irMismatch(item: index) }
            return try fitted(only.shifted(by: inset), fit, index, axis)
        }
        guard let fit = model.spanningFit[index] else { throw .irMismatch(item: index) }
        envelopes.append(.absolute(target: 0, priority: fit.priority, index: fit.index))
        guard let sum = pointwiseSum(envelopes) else { throw pointwiseSumFailure(envelopes, node: index, axis: axis) }
        guard model.alignment[index].isBaseline else { return sum.shifted(by: inset) }
        // A vertical stack with firstBaseline alignment: the spanner spans the canvas as for center,
        // with no alignment constraint, and the canvas fit pulls at the stack (StructuredModel).
        guard let canvasFit = model.canvasFit[index] else { throw .irMismatch(item: index) }
        return try fitted(sum.shifted(by: inset), canvasFit, index, axis)
    }

    /// The merge of a chain's members' functions (and its gaps'), kept in `merges`. When the
    /// children whose functions changed only moved, the merge is the kept one moved by the sum of
    /// their moves (infimal convolution commutes with translation): only the anchors are added up
    /// again, in `merge`'s order, so the function is the one a new merge gives, bit for bit.
    private mutating func chainMerge(_ index: Int, axis: Int, members: [Int], gaps: CostFunction?, childrenMoved: Bool) -> CostFunction {
        let count = members.count + (gaps == nil ? 0 : 1)
        if childrenMoved, var kept = merges[index], mergeAnchors[index].count == count {
            var anchors = mergeAnchors[index]
            mergeAnchors[index] = []
            var total = 0.0
            for (position, member) in members.enumerated() {
                anchors[position] = outer[2 * member + axis].anchor
                total += anchors[position]
            }
            if let gaps {
                anchors[members.count] = gaps.anchor
                total += gaps.anchor
            }
            kept.function.anchor = total
            merges[index] = kept
            mergeAnchors[index] = anchors
            return kept.function
        }
        let functions = members.map { outer[2 * $0 + axis] } + (gaps.map { [$0] } ?? [])
        let merged = merge(functions)
        merges[index] = merged
        mergeAnchors[index] = functions.map(\.anchor)
        return merged.function
    }

    /// Recomputes every node's cost functions (after many changes at once); throws why the
    /// structured solver does not hold the layout with the new functions.
    mutating func updateAll() throws(FallbackReason) {
        for index in stride(from: model.count - 1, through: 0, by: -1) {
            try update(index)
        }
    }
}
