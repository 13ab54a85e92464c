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
    /// Per node and axis: the cost of the node's length, before its explicit size.
    var inner: [CostFunction]
    /// Per node and axis: what its parent sees (a single point when the size is explicit).
    var outer: [CostFunction]
    /// Per stack, along its axis: the merge of its visible items (fill, equalSpacing) and their anchors.
    var merges: [Merge?]
    var mergeAnchors: [[Double]]
    /// Per stack, across its axis with a weak alignment: each item's minimiser with suppression.
    var crossAnchors: [[Double]]

    init?(tree: LayoutTree, ir: ConstraintIR) {
        guard let model = StructuredModel(tree: tree, ir: ir) else { return nil }
        self.model = model
        let n = model.count
        inner = Array(repeating: .free, count: 2 * n)
        outer = inner
        merges = Array(repeating: nil, count: n)
        mergeAnchors = Array(repeating: [], count: n)
        crossAnchors = Array(repeating: [], count: n)
        for index in stride(from: n - 1, through: 0, by: -1) {
            guard update(index) else { return nil }
        }
    }

    /// Recomputes one node's functions from its children's; false on a required conflict or an
    /// unbounded or ambiguous minimum.
    mutating func update(_ index: Int) -> Bool {
        for axis in 0..<2 {
            guard let function = innerFunction(index, axis: axis) else { return false }
            let slot = 2 * index + axis
            inner[slot] = function
            if let size = model.explicit[slot] {
                guard function.contains(size) else { return false }
                outer[slot] = .point(size)
            } else {
                outer[slot] = function
            }
        }
        return true
    }

    func leafFunction(_ data: LeafAxis?) -> CostFunction {
        guard let data else { return .free }
        let right = data.hugging.priority >= 1000 ? [] : [Segment(
            length: .infinity, slope: .constraint(priority: data.hugging.priority, index: data.hugging.index, sign: 1), owner: 0, order: 0)]
        let left = data.compression.priority >= 1000 ? [] : [Segment(
            length: .infinity, slope: .constraint(priority: data.compression.priority, index: data.compression.index, sign: -1), owner: 0, order: 0)]
        return CostFunction(anchor: data.intrinsic, right: right, left: left)
    }

    private mutating func innerFunction(_ index: Int, axis: Int) -> CostFunction? {
        let stackAxis = Int(model.stackAxis[index])
        guard stackAxis >= 0 else { return leafFunction(model.leafAxes[2 * index + axis]) }
        let children = model.children(index)
        guard !children.isEmpty else { return .free }
        let inset = model.insets(index, axis: axis).total
        let visible = model.visibleChildren[index]
        if stackAxis == axis {
            for child in children where model.hidden[child] {
                guard outer[2 * child + axis].contains(0) else { return nil }
            }
            let spacing = model.spacingTotal[index]
            switch model.distribution[index] {
            case .fillEqually:
                guard let sum = pointwiseSum(visible.map { outer[2 * $0 + axis] }) else { return nil }
                return sum.stretched(by: Double(visible.count), offset: spacing + inset)
            case .equalSpacing where visible.count > 1:
                // The gaps: k - 1 equal lengths, each at least the largest spacing, free of cost.
                let gaps = CostFunction(
                    anchor: Double(visible.count - 1) * model.largestSpacing[index],
                    right: [Segment(length: .infinity, slope: .zero, owner: 0, order: 0)], left: [])
                let functions = visible.map { outer[2 * $0 + axis] } + [gaps]
                let merged = merge(functions)
                merges[index] = merged
                mergeAnchors[index] = functions.map(\.anchor)
                return merged.function.shifted(by: inset)
            default:
                let functions = visible.map { outer[2 * $0 + axis] }
                let merged = merge(functions)
                merges[index] = merged
                mergeAnchors[index] = functions.map(\.anchor)
                return merged.function.shifted(by: spacing + inset)
            }
        }
        if model.alignment[index] == .fill {
            return pointwiseSum(children.map { outer[2 * $0 + axis] })?.shifted(by: inset)
        }
        var anchors: [Double] = []
        anchors.reserveCapacity(children.count)
        var envelopes: [CostFunction] = []
        envelopes.reserveCapacity(visible.count + 1)
        for child in children {
            guard let ref = model.suppression[child],
                  let withSuppression = outer[2 * child + axis].addingAbsolute(target: 0, priority: ref.priority, index: ref.index),
                  withSuppression.hasUniqueMinimum else { return nil }
            anchors.append(withSuppression.anchor)
            if !model.hidden[child] { envelopes.append(withSuppression.monotoneEnvelope) }
        }
        crossAnchors[index] = anchors
        if children.count == 1 {
            guard let fit = model.canvasFit[index], let only = envelopes.first else { return nil }
            return only.shifted(by: inset).addingAbsolute(target: 0, priority: fit.priority, index: fit.index)
        }
        guard let fit = model.spanningFit[index] else { return nil }
        envelopes.append(.absolute(target: 0, priority: fit.priority, index: fit.index))
        return pointwiseSum(envelopes)?.shifted(by: inset)
    }

    /// The top-down pass: frames for a root size (nil: natural). Nil when the layout has a required
    /// conflict or is ambiguous at this size (the general solver then reports it).
    func frames(width: Double?, height: Double?) -> LayoutSolution? {
        var scratch = TopDownScratch()
        return frames(width: width, height: height, scratch: &scratch)
    }

    /// The top-down pass with buffers kept between solves (an engine's resizes allocate only the frames).
    func frames(width: Double?, height: Double?, scratch: inout TopDownScratch) -> LayoutSolution? {
        let n = model.count
        if scratch.position.count != 2 * n {
            scratch.position = [Double](repeating: 0, count: 2 * n)
            scratch.length = [Double](repeating: 0, count: 2 * n)
        }
        if scratch.determined.count != model.itemCount {
            scratch.determined = [Determination](repeating: .all, count: model.itemCount)
            scratch.baselines = Array(repeating: BaselinePair(first: 0, last: 0), count: model.itemCount)
        }
        var position = scratch.position
        var length = scratch.length
        var lengths = scratch.lengths
        scratch.position = []
        scratch.length = []
        scratch.lengths = []
        defer {
            scratch.position = position
            scratch.length = length
            scratch.lengths = lengths
        }
        var frames = [Frame](repeating: .zero, count: model.itemCount)
        var determined = scratch.determined
        for (axis, requested) in [width, height].enumerated() {
            let root = outer[axis]
            if let requested, requested.isFinite, abs(requested) <= 1e15 {
                guard root.contains(requested) else { return nil }
                length[axis] = requested
            } else {
                guard root.hasUniqueMinimum, root.anchor.isFinite else { return nil }
                length[axis] = root.anchor
            }
        }
        /// Along one axis only: the other axis's determination is free for a guide.
        func guideDetermination(_ axis: Int) -> Determination {
            axis == 0 ? Determination(x: true, y: false, width: true, height: false)
                : Determination(x: false, y: true, width: false, height: true)
        }
        // Local copies of the hot arrays: retained once, not on every access in the loops below.
        let hidden = model.hidden
        let spacingBefore = model.spacingBefore
        let stackAxes = model.stackAxis
        let childList = model.childList
        let childStart = model.childStart
        for index in 0..<n {
            let alongAxis = Int(stackAxes[index])
            guard alongAxis >= 0 else { continue }
            let children = childList[childStart[index]..<childStart[index + 1]]
            guard !children.isEmpty else { continue }
            let visibleCount = model.visibleChildren[index].count
            for axis in 0..<2 {
                let inset = model.insets(index, axis: axis)
                let canvasStart = position[2 * index + axis] + inset.lead
                let canvasLength = length[2 * index + axis] - inset.total
                if let guide = model.marginsGuide[index] {
                    setAlong(&frames[guide], axis: axis, start: canvasStart, length: canvasLength)
                }
                if axis == alongAxis {
                    var gap: Double? = nil
                    switch model.distribution[index] {
                    case .fillEqually:
                        let share = (canvasLength - model.spacingTotal[index]) / Double(visibleCount)
                        for child in model.visibleChildren[index] where !outer[2 * child + axis].contains(share) { return nil }
                        lengths.removeAll(keepingCapacity: true)
                        for _ in 0..<visibleCount { lengths.append(share) }
                    case .equalSpacing where visibleCount > 1:
                        guard let merged = merges[index],
                              split(merged, total: canvasLength, anchors: mergeAnchors[index], into: &lengths) else { return nil }
                        gap = lengths.removeLast() / Double(visibleCount - 1)
                    default:
                        guard let merged = merges[index],
                              split(merged, total: canvasLength - model.spacingTotal[index], anchors: mergeAnchors[index], into: &lengths)
                        else { return nil }
                    }
                    var x = canvasStart
                    var next = 0
                    var gapIndex = 0
                    var first = true
                    for child in children {
                        if !first {
                            if let gap {
                                let guide = model.gapGuides[index][gapIndex]
                                gapIndex += 1
                                setAlong(&frames[guide], axis: axis, start: x, length: gap)
                                if determined[guide] != guideDetermination(axis) { determined[guide] = guideDetermination(axis) }
                                x += gap
                            } else {
                                x += spacingBefore[child]
                            }
                        }
                        first = false
                        position[2 * child + axis] = x
                        var value = 0.0
                        if !hidden[child] {
                            value = lengths[next]
                            next += 1
                        }
                        length[2 * child + axis] = value
                        x += value
                    }
                } else if model.alignment[index] == .fill {
                    for child in children {
                        position[2 * child + axis] = canvasStart
                        length[2 * child + axis] = canvasLength
                    }
                } else {
                    let anchors = crossAnchors[index]
                    let alignment = model.alignment[index]
                    for (offset, child) in children.enumerated() {
                        let value = hidden[child] ? anchors[offset] : min(canvasLength, anchors[offset])
                        length[2 * child + axis] = value
                        switch alignment {
                        case .leading: position[2 * child + axis] = canvasStart
                        case .trailing: position[2 * child + axis] = canvasStart + canvasLength - value
                        default: position[2 * child + axis] = canvasStart + (canvasLength - value) / 2
                        }
                    }
                    if let guide = model.spannerGuide[index] {
                        setAlong(&frames[guide], axis: axis, start: canvasStart, length: canvasLength)
                        if determined[guide] != guideDetermination(axis) { determined[guide] = guideDetermination(axis) }
                    }
                }
            }
        }
        for index in 0..<n {
            frames[index] = Frame(
                x: rounded(position[2 * index]), y: rounded(position[2 * index + 1]),
                width: rounded(length[2 * index]), height: rounded(length[2 * index + 1]))
        }
        for index in n..<model.itemCount {
            let f = frames[index]
            frames[index] = Frame(x: rounded(f.x), y: rounded(f.y), width: rounded(f.width), height: rounded(f.height))
        }
        // The determinations depend on the layout only (guides' free variables): kept for the next solve.
        scratch.determined = determined
        return LayoutSolution(
            frames: frames, determined: determined, baselines: scratch.baselines,
            findings: [], brokenConstraints: [], pivots: 0)
    }

    /// Recomputes every node's cost functions (after many changes at once); false on a conflict.
    mutating func updateAll() -> Bool {
        for index in stride(from: model.count - 1, through: 0, by: -1) {
            guard update(index) else { return false }
        }
        return true
    }

    private func setAlong(_ frame: inout Frame, axis: Int, start: Double, length: Double) {
        if axis == 0 {
            frame.x = start
            frame.width = length
        } else {
            frame.y = start
            frame.height = length
        }
    }

    /// The general solver's rounding: to 1e-9, no negative zero.
    private func rounded(_ value: Double) -> Double {
        // Ties to even and a multiplication (two fast instructions; a division cost 40% of a resize)
        // where the general solver rounds ties away and divides: they differ by at most an ulp or on
        // exact half-nanometre ties, far below the 1e-6 frames are compared to.
        if value == value.rounded(.towardZero) { return value == 0 ? 0 : value }
        let r = (value * 1e9).rounded(.toNearestOrEven) * 1e-9
        return r.isFinite ? (r == 0 ? 0 : r) : 0
    }
}

/// Buffers the top-down pass reuses between solves.
struct TopDownScratch {
    var position: [Double] = []
    var length: [Double] = []
    var lengths: [Double] = []
    var determined: [Determination] = []
    var baselines: [BaselinePair] = []
}
