import StackIR
import StackSemantics

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
    /// The axes solved (0 horizontal, 1 vertical): both, or one when the other goes to the general
    /// solver (AxisSplit.swift). The axes share no variable, so either is exact alone.
    let axes: [Int]

    init(tree: LayoutTree, ir: ConstraintIR, axes: [Int] = [0, 1]) throws(FallbackReason) {
        let model = try StructuredModel(tree: tree, ir: ir)
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
        crossMerges = Array(repeating: nil, count: n)
        crossMergeAnchors = Array(repeating: [], count: n)
        outerLower = Array(repeating: 0, count: 2 * n)
        outerUpper = Array(repeating: 0, count: 2 * n)
        parents = (0..<n).filter { model.stackAxis[$0] >= 0 && model.childStart[$0] < model.childStart[$0 + 1] }
        for index in stride(from: n - 1, through: 0, by: -1) {
            try update(index)
        }
    }

    /// Recomputes one node's functions from its children's; throws on a required conflict, an
    /// unbounded or ambiguous minimum, or a cost not of a shape handled.
    mutating func update(_ index: Int) throws(FallbackReason) {
        for axis in axes {
            let slot = 2 * index + axis
            if model.stackAxis[index] < 0, model.explicit[slot] == nil, let data = model.leafAxes[slot] {
                // A leaf's function, written into the arrays it had (no allocation after the first pass).
                outer[slot].anchor = data.intrinsic
                Self.setLeafSide(&outer[slot].right, data.hugging, sign: 1)
                Self.setLeafSide(&outer[slot].left, data.compression, sign: -1)
                if !outer[slot].extra.isEmpty { outer[slot].extra = [] }
                outerLower[slot] = outer[slot].left.isEmpty ? data.intrinsic : -.infinity
                outerUpper[slot] = outer[slot].right.isEmpty ? data.intrinsic : .infinity
                continue
            }
            let function = try innerFunction(index, axis: axis)
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
        }
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

    /// One side of a leaf's function in place: one infinite piece at the constraint's priority, none
    /// when it is required. Nested N = 1,000 layout pass: leaf functions took ~17% of the instructions,
    /// mostly allocating and freeing their two one-piece arrays.
    private static func setLeafSide(_ side: inout [Segment], _ ref: OptionalRef, sign: Double) {
        side.removeAll(keepingCapacity: true)
        guard ref.priority < 1000 else { return }
        side.append(Segment(length: .infinity, slope: .constraint(priority: ref.priority, index: ref.index, sign: sign), owner: 0, order: 0))
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
    private mutating func innerFunction(_ index: Int, axis: Int) throws(FallbackReason) -> CostFunction {
        let stackAxis = Int(model.stackAxis[index])
        guard stackAxis >= 0 else { return leafFunction(model.leafAxes[2 * index + axis]) }
        let children = model.children(index)
        guard !children.isEmpty else { return .free }
        let inset = model.insets(index, axis: axis).total
        let visible = model.visibleChildren[index]
        if stackAxis == axis {
            for child in children where model.hidden[child] {
                guard outer[2 * child + axis].contains(0) else { throw .conflict(node: child, axis: Axis(slot: axis)) }
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
            case .fill where visible.count > 1 && model.baselineRow[index]:
                heldRow[index] = false
                splitByLevels[index] = false
                if let items = disambiguatedItems(index, axis: axis) {
                    guard let function = disambiguatedFunction(index, axis: axis, items: items, fixed: spacing + inset, atMost: false) else {
                        throw rowFailure(index, axis: axis, items: items, fixed: spacing + inset, atMost: false)
                    }
                    return function
                }
                if let items = rowLevelItems(index, axis: axis),
                   let function = proportionalFunction(index, axis: axis, items: items, fixed: spacing + inset) { return function }
                splitByLevels[index] = false
                guard let function = heldRowFunction(index, axis: axis, fixed: spacing + inset) else {
                    throw FallbackReason.baselineAlignment(stack: index, .widthShares)
                }
                return function
            case .equalSpacing where visible.count > 1 && model.baselineRow[index]:
                splitByLevels[index] = false
                let fixed = inset + Double(visible.count - 1) * model.minimumGap[index]
                if let items = disambiguatedItems(index, axis: axis) {
                    guard let function = disambiguatedFunction(index, axis: axis, items: items, fixed: fixed, atMost: true) else {
                        throw rowFailure(index, axis: axis, items: items, fixed: fixed, atMost: true)
                    }
                    return function
                }
                guard let items = rowLevelItems(index, axis: axis) else { throw .baselineAlignment(stack: index, .widthShares) }
                guard let function = proportionalFunction(index, axis: axis, items: items, fixed: fixed, gapSlack: true) else {
                    throw proportionalFailure(index, axis: axis, items: items, fixed: fixed, gapSlack: true)
                }
                return function
            case .equalCentering where visible.count > 1:
                return try equalCenteringFunction(index, axis: axis, visible: visible, inset: inset)
            case .equalSpacing where visible.count > 1:
                // The gaps: k - 1 equal lengths, each at least the largest spacing, free of cost (in a
                // baselineRelative chain, from baseline to baseline: the chain's members and fixed
                // depths make up the rest).
                try settleOutsideChain(index, axis: axis, visible: visible, members: members)
                let gaps = CostFunction(
                    anchor: Double(visible.count - 1) * model.minimumGap[index],
                    right: [Segment(length: .infinity, slope: .zero, owner: 0, order: 0)], left: [])
                let functions = members.map { outer[2 * $0 + axis] } + [gaps]
                let merged = merge(functions)
                merges[index] = merged
                mergeAnchors[index] = functions.map(\.anchor)
                return merged.function.shifted(by: inset + model.chainShift[index])
            default:
                try settleOutsideChain(index, axis: axis, visible: visible, members: members)
                let functions = members.map { outer[2 * $0 + axis] }
                let merged = merge(functions)
                merges[index] = merged
                mergeAnchors[index] = functions.map(\.anchor)
                return merged.function.shifted(by: spacing + inset)
            }
        }
        if model.baselineRow[index] && children.count > 1 {
            return model.alignment[index] == .lastBaseline ? try lastBaselineCrossFunction(index, axis: axis, inset: inset)
                : try baselineCrossFunction(index, axis: axis, inset: inset)
        }
        if model.alignment[index] == .fill {
            guard let sum = pointwiseSum(children.map({ outer[2 * $0 + axis] })) else { throw sumFailure(children, index, axis) }
            return sum.shifted(by: inset)
        }
        var envelopes: [CostFunction] = []
        envelopes.reserveCapacity(visible.count + 1)
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

    /// The top-down pass: frames for a root size (nil: natural). Throws why when the layout has a
    /// required conflict or is ambiguous at this size, or a stack is given a length where its cost
    /// is not exact (the general solver then answers).
    func frames(width: Double?, height: Double?) throws(FallbackReason) -> LayoutSolution {
        var scratch = TopDownScratch()
        return try frames(width: width, height: height, scratch: &scratch)
    }

    /// The top-down pass with buffers and frames kept between solves: an axis whose root length did
    /// not change since the last solve with this scratch is not revisited (the two axes share no
    /// variable), and frames are written into the previous buffer when nobody else holds it.
    /// `scratch` must be reset (`invalidate`) whenever the cost functions change.
    func frames(width: Double?, height: Double?, scratch: inout TopDownScratch) throws(FallbackReason) -> LayoutSolution {
        let n = model.count
        if scratch.position.count != 2 * n || scratch.frames.count != model.itemCount {
            scratch.invalidate()
            scratch.position = [Double](repeating: 0, count: 2 * n)
            scratch.length = [Double](repeating: 0, count: 2 * n)
            scratch.frames = [Frame](repeating: .zero, count: model.itemCount)
            scratch.determined = [Determination](repeating: .all, count: model.itemCount)
            scratch.baselines = Array(repeating: BaselinePair(first: 0, last: 0), count: model.itemCount)
        }
        var rootLengths = (0.0, 0.0)
        for axis in axes {
            let requested = axis == 0 ? width : height
            let value: Double
            if let requested, requested.isFinite, abs(requested) <= 1e15 {
                // `outer[axis].contains(requested)` without copying the function.
                guard outerContains(axis, requested) else { throw .conflict(node: 0, axis: Axis(slot: axis)) }
                value = requested
            } else {
                let root = outer[axis]
                guard root.hasUniqueMinimum, root.anchor.isFinite else { throw .ambiguous(node: 0, axis: Axis(slot: axis)) }
                value = root.anchor
            }
            if axis == 0 { rootLengths.0 = value } else { rootLengths.1 = value }
        }
        for axis in axes {
            let value = axis == 0 ? rootLengths.0 : rootLengths.1
            let solved = axis == 0 ? scratch.solvedLength.0 : scratch.solvedLength.1
            // Bit-equal root length, unchanged functions: this axis's frames are already the answer.
            if let solved, solved.bitPattern == value.bitPattern { continue }
            if axis == 0 { scratch.solvedLength.0 = nil } else { scratch.solvedLength.1 = nil }
            if let reason = layOut(axis: axis, rootLength: value, scratch: &scratch) { throw reason }
            if axis == 0 { scratch.solvedLength.0 = value } else { scratch.solvedLength.1 = value }
        }
        return LayoutSolution(
            frames: scratch.frames, determined: scratch.determined, baselines: scratch.baselines,
            findings: [], brokenConstraints: [], pivots: 0)
    }

    /// One axis of the top-down pass: splits the root length down the tree and writes the rounded
    /// positions and lengths along `axis` into `scratch.frames`; why it declines (a conflict, an
    /// ambiguity, a length where a stack's cost is not exact), nil when it does not.
    private func layOut(axis: Int, rootLength: Double, scratch: inout TopDownScratch) -> FallbackReason? {
        // Taken out of the scratch so the loops below access uniquely held locals.
        var position = scratch.position
        var length = scratch.length
        var lengths = scratch.lengths
        var shares: [Double] = []
        var frames = scratch.frames
        var determined = scratch.determined
        var baselines = scratch.baselines
        scratch.position = []
        scratch.length = []
        scratch.lengths = []
        scratch.frames = []
        scratch.determined = []
        scratch.baselines = []
        defer {
            scratch.position = position
            scratch.length = length
            scratch.lengths = lengths
            scratch.frames = frames
            scratch.determined = determined
            scratch.baselines = baselines
        }
        // Buffer pointers: no bounds or uniqueness checks in the loops that touch every node
        // (n <= frames.count and 2 * n == position.count == length.count, checked in `frames`).
        return position.withUnsafeMutableBufferPointer { position in
            length.withUnsafeMutableBufferPointer { length in
                frames.withUnsafeMutableBufferPointer { frames in
                    crossAnchor.withUnsafeBufferPointer { crossAnchor in
                        model.hidden.withUnsafeBufferPointer { hidden in
                            model.childList.withUnsafeBufferPointer { childList in
                                let buffers = TopDownBuffers(
                                    position: position, length: length, frames: FrameAxis(frames: frames, axis: axis),
                                    crossAnchor: crossAnchor, hidden: hidden, childList: childList)
                                return layOut(axis: axis, rootLength: rootLength, buffers: buffers, lengths: &lengths,
                                              shares: &shares, determined: &determined, baselines: &baselines)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The body of `layOut`: each item's frame along the axis is rounded and stored as soon as its
    /// position and length are known (rounding in a second loop over every node read both arrays
    /// again). Nested N = 1,000 resize (profile loop), with the loop over `parents` only: 9.0 -> 7.1 us.
    /// Children's slots are `2 &* child &+ axis`: no overflow checks (the slots exist, see `layOut`).
    /// Nested N = 1,000 resize (profile loop): 6.7 -> 6.2 us with these and the buffer pointers.
    private func layOut(axis: Int, rootLength: Double, buffers: TopDownBuffers, lengths: inout [Double],
                        shares: inout [Double], determined: inout [Determination], baselines: inout [BaselinePair]) -> FallbackReason? {
        let position = buffers.position
        let length = buffers.length
        let frames = buffers.frames
        let hidden = buffers.hidden
        let childList = buffers.childList
        let crossAnchor = buffers.crossAnchor
        position[axis] = 0
        length[axis] = rootLength
        frames.set(0, rounded(0, rootLength))
        /// Along one axis only: the other axis's determination is free for a guide.
        let guideDetermination = axis == 0 ? Determination(x: true, y: false, width: true, height: false)
            : Determination(x: false, y: true, width: false, height: true)
        // Local copies of the hot arrays: retained once, not on every access in the loops below.
        let spacingBefore = model.spacingBefore
        let stackAxes = model.stackAxis
        let childStart = model.childStart
        let distributions = model.distribution
        let alignments = model.alignment
        let margins = model.margins
        let marginsGuides = model.marginsGuide
        let spannerGuides = model.spannerGuide
        for index in parents {
            let alongAxis = Int(stackAxes[index])
            let firstChild = childStart[index]
            let endChild = childStart[index + 1]
            var lead = 0.0
            var insetTotal = 0.0
            if let m = margins[index] {
                lead = axis == 0 ? m.leading : m.top
                insetTotal = axis == 0 ? m.leading + m.trailing : m.top + m.bottom
            }
            let canvasStart = position[2 * index + axis] + lead
            let canvasLength = length[2 * index + axis] - insetTotal
            if let guide = marginsGuides[index] {
                frames.set(guide, rounded(canvasStart, canvasLength))
            }
            if axis == alongAxis {
                let visibleCount = model.visibleCount[index]
                var gap: Double? = nil
                switch distributions[index] {
                case .equalCentering where visibleCount > 1:
                    guard placeEqualCentering(index, axis: axis, canvasStart: canvasStart, canvasLength: canvasLength, buffers: buffers,
                                              determined: &determined, guideDetermination: guideDetermination) else {
                        return .equalCenteringSqueezed(stack: index, axis: Axis(slot: axis))
                    }
                    continue
                case .fillEqually:
                    let members = model.chainMembers[index].count
                    let share = members == 0 ? memberlessLength[index]
                        : (canvasLength - model.spacingTotal[index]) / Double(members)
                    for k in firstChild..<endChild {
                        let child = childList[k]
                        if !hidden[child] && !outerContains(2 * child + axis, share) { return .conflict(node: child, axis: Axis(slot: axis)) }
                    }
                    lengths.removeAll(keepingCapacity: true)
                    for _ in 0..<visibleCount { lengths.append(share) }
                case .fillProportionally:
                    // The greedy split in share order, then back to arranged order (zero-length items: 0).
                    let items = proportionalOrder[index]
                    guard proportionalLengths(items, axis: axis, stack: length[2 * index + axis],
                                              total: canvasLength - model.spacingTotal[index], byLevels: splitByLevels[index],
                                              into: &shares) else {
                        return splitByLevels[index] ? .proportionalSplit(stack: index, axis: Axis(slot: axis)) : .conflict(node: index, axis: Axis(slot: axis))
                    }
                    for (k, child) in items.enumerated() { length[2 &* child &+ axis] = shares[k] }
                    lengths.removeAll(keepingCapacity: true)
                    for child in model.visibleChildren[index] {
                        lengths.append(model.zeroLength[child] ? 0 : length[2 * child + axis])
                    }
                case .fill where visibleCount > 1 && model.baselineRow[index]:
                    if splitByLevels[index] {
                        guard levelLengths(model.visibleChildren[index], axis: axis, stack: length[2 * index + axis],
                                           total: canvasLength - model.spacingTotal[index], gapSlack: false, into: &lengths)
                        else { return .proportionalSplit(stack: index, axis: Axis(slot: axis)) }
                    } else if heldRow[index] {
                        // Items at their own widths, at the one row width where they fit (BaselineAlignment.swift).
                        let width = settledLength[index] - insetTotal
                        guard abs(canvasLength - width) <= structuredTolerance * max(1, abs(width)) else {
                            return .outsideExactRange(stack: index, axis: Axis(slot: axis))
                        }
                        lengths.removeAll(keepingCapacity: true)
                        lengths.append(contentsOf: mergeAnchors[index])
                    } else {
                        guard disambiguatedLengths(model.visibleChildren[index], axis: axis, stack: length[2 * index + axis],
                                                   total: canvasLength - model.spacingTotal[index], atMost: false, into: &lengths)
                        else { return .baselineAlignment(stack: index, .widthShares) }
                    }
                case .equalSpacing where visibleCount > 1 && model.baselineRow[index]:
                    let gaps = Double(visibleCount - 1)
                    let total = canvasLength - gaps * model.minimumGap[index]
                    if splitByLevels[index] {
                        guard levelLengths(model.visibleChildren[index], axis: axis, stack: length[2 * index + axis],
                                           total: total, gapSlack: true, into: &lengths) else { return .proportionalSplit(stack: index, axis: Axis(slot: axis)) }
                    } else {
                        guard disambiguatedLengths(model.visibleChildren[index], axis: axis, stack: length[2 * index + axis],
                                                   total: total, atMost: true, into: &lengths) else { return .baselineAlignment(stack: index, .widthShares) }
                    }
                    gap = (canvasLength - lengths.reduce(0, +)) / gaps
                case .equalSpacing where visibleCount > 1:
                    guard let merged = merges[index] else { return .irMismatch(item: index) }
                    guard split(merged, total: canvasLength - model.chainShift[index], anchors: mergeAnchors[index], into: &lengths) else {
                        return splitFailure(merged, total: canvasLength - model.chainShift[index], node: index, axis: axis)
                    }
                    gap = lengths.removeLast() / Double(visibleCount - 1)
                default:
                    guard let merged = merges[index] else { return .irMismatch(item: index) }
                    guard split(merged, total: canvasLength - model.spacingTotal[index], anchors: mergeAnchors[index], into: &lengths) else {
                        return splitFailure(merged, total: canvasLength - model.spacingTotal[index], node: index, axis: axis)
                    }
                }
                var x = canvasStart
                var next = 0
                if model.baselineChain[index] {
                    placeBaselineChain(index, axis: axis, canvasStart: canvasStart, lengths: lengths, gap: gap, buffers: buffers)
                    if let gap { placeChainGaps(index, axis: axis, gap: gap, buffers: buffers, determined: &determined, guideDetermination: guideDetermination) }
                } else if let gap {
                    // Visible items are `gap` apart, one gap guide between each pair. A hidden item
                    // follows the previous item at its (`==`) spacing; the visible item after an
                    // interior hidden run is still one gap after the previous visible item.
                    let guides = model.gapGuides[index]
                    let roundedGap = rounded(gap)
                    var gapIndex = 0
                    var visibleEnd: Double? = nil
                    for k in firstChild..<endChild {
                        let child = childList[k]
                        if hidden[child] {
                            if k != firstChild { x += spacingBefore[child] }
                            position[2 &* child &+ axis] = x
                            length[2 &* child &+ axis] = 0
                            frames.set(child, rounded(x, 0))
                            continue
                        }
                        if let end = visibleEnd {
                            let guide = guides[gapIndex]
                            gapIndex += 1
                            frames.set(guide, start: rounded(end), length: roundedGap)
                            if determined[guide] != guideDetermination { determined[guide] = guideDetermination }
                            x = end + gap
                        }
                        let value = lengths[next]
                        next += 1
                        position[2 &* child &+ axis] = x
                        length[2 &* child &+ axis] = value
                        frames.set(child, rounded(x, value))
                        x += value
                        visibleEnd = x
                    }
                } else {
                    for k in firstChild..<endChild {
                        let child = childList[k]
                        if k != firstChild { x += spacingBefore[child] }
                        var value = 0.0
                        if !hidden[child] {
                            value = lengths[next]
                            next += 1
                        }
                        position[2 &* child &+ axis] = x
                        length[2 &* child &+ axis] = value
                        frames.set(child, rounded(x, value))
                        x += value
                    }
                }
            } else if alignments[index] == .fill {
                let start = rounded(canvasStart)
                let value = rounded(canvasLength)
                for k in firstChild..<endChild {
                    let child = childList[k]
                    position[2 &* child &+ axis] = canvasStart
                    length[2 &* child &+ axis] = canvasLength
                    frames.set(child, start: start, length: value)
                }
            } else if alignments[index] == .lastBaseline && model.baselineRow[index] && endChild - firstChild > 1 {
                guard placeLastBaselineRow(index, axis: axis, canvasStart: canvasStart, canvasLength: canvasLength, buffers: buffers,
                                           determined: &determined, guideDetermination: guideDetermination) else {
                    return .outsideExactRange(stack: index, axis: Axis(slot: axis))
                }
            } else if model.baselineRow[index] && endChild - firstChild > 1 {
                guard placeBaselineRow(index, axis: axis, canvasStart: canvasStart, canvasLength: canvasLength, lengths: &lengths,
                                       position: position, length: length) else { return .ambiguous(node: index, axis: Axis(slot: axis)) }
                for k in firstChild..<endChild {
                    let child = childList[k]
                    frames.set(child, rounded(position[2 &* child &+ axis], length[2 &* child &+ axis]))
                }
                if let guide = spannerGuides[index] {
                    frames.set(guide, rounded(canvasStart, canvasLength))
                    if determined[guide] != guideDetermination { determined[guide] = guideDetermination }
                }
            } else {
                let alignment = alignments[index]
                // Out of the loop: evaluated per item, it was 5% of a nested N = 1,000 resize.
                let baselineAligned = alignment.isBaseline
                for k in firstChild..<endChild {
                    let child = childList[k]
                    let anchor = crossAnchor[2 &* child &+ axis]
                    let value = hidden[child] ? anchor : min(canvasLength, anchor)
                    // A baseline-aligned item (one item, or a vertical stack) has both canvas edges
                    // weak: shorter than the canvas, it could sit anywhere (ambiguous).
                    if baselineAligned && !hidden[child]
                        && value < canvasLength - structuredTolerance * max(1, abs(canvasLength)) { return .ambiguous(node: child, axis: Axis(slot: axis)) }
                    let start: Double
                    switch alignment {
                    case .leading: start = canvasStart
                    case .trailing: start = canvasStart + canvasLength - value
                    default: start = canvasStart + (canvasLength - value) / 2
                    }
                    position[2 &* child &+ axis] = start
                    length[2 &* child &+ axis] = value
                    frames.set(child, rounded(start, value))
                }
                if let guide = spannerGuides[index] {
                    frames.set(guide, rounded(canvasStart, canvasLength))
                    if determined[guide] != guideDetermination { determined[guide] = guideDetermination }
                }
            }
        }
        if axis == 1 {
            // The baselines the IR defines: a fixed depth below the top or the bottom (a stack's
            // depth is its item's, see `StructuredModel`), rounded like frames.
            for node in model.baselineNodes {
                let top = position[2 * node + 1]
                let height = length[2 * node + 1]
                func value(_ place: BaselinePlace?) -> Double { place.map { rounded(top + $0.depth(length: height)) } ?? 0 }
                baselines[node] = BaselinePair(first: value(model.firstBaseline[node]), last: value(model.lastBaseline[node]))
            }
        }
        return nil
    }

    /// Positions along a baselineRelative stack (vertical): each item's length (from the split, its
    /// own minimiser, or 0 when hidden), then each top from the previous one through the baselines
    /// (`StructuredModel.baselineChainShape`).
    private func placeBaselineChain(_ index: Int, axis: Int, canvasStart: Double, lengths: [Double], gap: Double?, buffers: TopDownBuffers) {
        let children = model.children(index)
        let position = buffers.position
        let length = buffers.length
        let equal = model.distribution[index] == .fillEqually
        let members = model.chainMembers[index]
        var next = 0
        var member = 0
        for child in children {
            var value = 0.0
            if model.hidden[child] {
                value = 0
            } else if equal {
                value = lengths[next]
                next += 1
            } else if member < members.count && members[member] == child {
                value = lengths[member]
                member += 1
            } else {
                value = ownLength[2 * child + axis]
            }
            length[2 * child + axis] = value
        }
        // The chain's baselines all exist (`StructuredModel.baselineChainShape`).
        var top = canvasStart
        var previous: Int? = nil
        for child in children {
            if let previous {
                top += (model.lastBaseline[previous]?.depth(length: length[2 * previous + axis]) ?? 0) + (gap ?? model.spacingBefore[child])
                    - (model.firstBaseline[child]?.depth(length: length[2 * child + axis]) ?? 0)
            }
            position[2 * child + axis] = top
            buffers.frames.set(child, rounded(top, length[2 * child + axis]))
            previous = child
        }
    }

    /// An equalSpacing chain's gap guides: each from an item's last baseline to the next item's
    /// first (the chain has no hidden item, so the guides follow the items one to one).
    private func placeChainGaps(_ index: Int, axis: Int, gap: Double, buffers: TopDownBuffers, determined: inout [Determination],
                                guideDetermination: Determination) {
        let guides = model.gapGuides[index]
        let roundedGap = rounded(gap)
        for (k, child) in model.children(index).dropLast().enumerated() {
            let baseline = buffers.position[2 * child + axis] + (model.lastBaseline[child]?.depth(length: buffers.length[2 * child + axis]) ?? 0)
            buffers.frames.set(guides[k], start: rounded(baseline), length: roundedGap)
            if determined[guides[k]] != guideDetermination { determined[guides[k]] = guideDetermination }
        }
    }

    /// `outer[slot].contains(value)` from the domain ends kept by `update`.
    private func outerContains(_ slot: Int, _ value: Double) -> Bool {
        let slack = structuredTolerance * max(1, abs(value))
        return value >= outerLower[slot] - slack && value <= outerUpper[slot] + slack
    }

    /// Recomputes every node's cost functions (after many changes at once); throws why the
    /// structured solver no longer holds the layout.
    mutating func updateAll() throws(FallbackReason) {
        for index in stride(from: model.count - 1, through: 0, by: -1) {
            try update(index)
        }
    }

    /// `(rounded(a), rounded(b))`: an item's position and length at once, in the two lanes of SIMD
    /// registers when both are in the fast path's range (the same operations on each lane, so the
    /// same bits). Nested N = 1,000 resize (profile loop): rounding took ~1.6 of 6.2 us; 6.6 -> 5.7 us
    /// with this (medians of interleaved runs).
    @inline(__always)
    func rounded(_ a: Double, _ b: Double) -> (Double, Double) {
        let v = SIMD2(a, b)
        let limit = SIMD2<Double>(repeating: 2.2e6)
        guard all((v .< limit) .& (v .> -limit)) else { return (rounded(a), rounded(b)) }
        let magic = SIMD2<Double>(repeating: 6755399441055744.0)
        let scaled = ((v * 1e9 + magic) - magic) * 1e-9
        let whole = (v + magic) - magic .== v
        let result = scaled.replacing(with: v, where: whole) + SIMD2<Double>(repeating: 0)
        return (result[0], result[1])
    }

    /// The general solver's rounding: to 1e-9, no negative zero.
    @inline(__always)
    func rounded(_ value: Double) -> Double {
        // Ties to even and a multiplication (two fast instructions; a division cost 40% of a resize)
        // where the general solver rounds ties away and divides: they differ by at most an ulp or on
        // exact half-nanometre ties, far below the 1e-6 frames are compared to.
        // Both candidates are computed and one selected: whether a coordinate is whole is
        // data-dependent and a branch on it was mispredicted half the time. Same results as
        // branching: whole values (infinity too) pass through, a NaN becomes 0, and `+ 0` turns -0
        // into 0 and changes nothing else. Nested N = 1,000 resize (profile loop): 18.2 us with a
        // branch and libm calls, 12.2 us with this and `nearestEven`.
        // Coordinates below 2.2e6 (|value * 1e9| < 2^51) take one range check and no NaN check
        // (a NaN fails the check): the same operations as `nearestEven` on both values.
        // Nested N = 1,000 resize (profile loop): 10.3 -> 8.95 us.
        if abs(value) < 2.2e6 {
            let magic = 6755399441055744.0
            let scaled = ((value * 1e9 + magic) - magic) * 1e-9
            return ((value + magic) - magic == value ? value : scaled) + 0
        }
        let scaled = nearestEven(value * 1e9) * 1e-9
        let chosen = nearestEven(value) == value ? value : scaled
        return (chosen.isNaN ? 0 : chosen) + 0
    }
}

/// `x.rounded(.toNearestOrEven)` without a libm call (the baseline x86-64 target has no rounding
/// instruction, so `rounded` calls `rint`): adding and subtracting 1.5 * 2^52 rounds to an integer
/// in the default rounding mode, exactly for |x| < 2^51; larger values take the library call.
func nearestEven(_ x: Double) -> Double {
    let magic = 6755399441055744.0
    return abs(x) < 2251799813685248.0 ? (x + magic) - magic : x.rounded(.toNearestOrEven)
}

/// What the top-down pass reads and writes per node, as buffer pointers (valid during one `layOut`).
struct TopDownBuffers {
    let position: UnsafeMutableBufferPointer<Double>
    let length: UnsafeMutableBufferPointer<Double>
    let frames: FrameAxis
    let crossAnchor: UnsafeBufferPointer<Double>
    let hidden: UnsafeBufferPointer<Bool>
    let childList: UnsafeBufferPointer<Int>
}

/// The frames' position and length along one axis, written through a buffer pointer.
struct FrameAxis {
    let frames: UnsafeMutableBufferPointer<Frame>
    let axis: Int

    /// Sets item `item`'s position and length along the axis (values already rounded).
    @inline(__always)
    func set(_ item: Int, _ rounded: (start: Double, length: Double)) {
        set(item, start: rounded.start, length: rounded.length)
    }

    @inline(__always)
    func set(_ item: Int, start: Double, length: Double) {
        if axis == 0 {
            frames[item].x = start
            frames[item].width = length
        } else {
            frames[item].y = start
            frames[item].height = length
        }
    }
}

/// Buffers and results the top-down pass keeps between solves.
struct TopDownScratch {
    /// Per node and axis (`2 * node + axis`): position and length before rounding.
    var position: [Double] = []
    var length: [Double] = []
    var lengths: [Double] = []
    /// The last solve's frames, determinations and baselines.
    var frames: [Frame] = []
    var determined: [Determination] = []
    var baselines: [BaselinePair] = []
    /// Per axis: the root length `frames` hold along that axis; nil when stale.
    var solvedLength: (Double?, Double?) = (nil, nil)

    /// Forgets every kept result (after the cost functions or the layout changed).
    mutating func invalidate() {
        self = TopDownScratch()
    }
}
