import StackIR
import StackSemantics

/// The structured solver's state for one layout: per node and axis, the cost function of the node's
/// length (bottom-up), and for stacks what the top-down pass needs to split a length among children.
///
/// Axis 0 is horizontal, 1 vertical. Every stack constraint relates a stack to its own arranged items
/// and guides, and the two axes share no variable, so each axis of each subtree has a cost that
/// depends on its length only: a convex piecewise-linear function with lexicographic slopes.
struct StructuredLayout {
    var model: StructuredModel
    /// Per node and axis: the cost of the node's length, before its explicit size.
    var inner: [[CostFunction]]
    /// Per node and axis: what its parent sees (a single point when the size is explicit).
    var outer: [[CostFunction]]
    /// Per stack, along its axis: the merge of its visible items (fill, equalSpacing).
    var merges: [Merge?]
    /// Per stack, across its axis with a weak alignment: each item's minimiser with suppression.
    var crossAnchors: [[Double]]

    init?(tree: LayoutTree, ir: ConstraintIR) {
        guard let model = StructuredModel(tree: tree, ir: ir) else { return nil }
        self.model = model
        let n = model.count
        inner = Array(repeating: [.free, .free], count: n)
        outer = inner
        merges = Array(repeating: nil, count: n)
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
            inner[index][axis] = function
            if let size = model.explicit[index][axis] {
                guard function.contains(size) else { return false }
                outer[index][axis] = .point(size)
            } else {
                outer[index][axis] = function
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
        let node = model.tree.nodes[index]
        guard let stack = node.stack else { return leafFunction(model.leafAxes[index][axis]) }
        let children = node.children
        guard !children.isEmpty else { return .free }
        let inset = model.insets(index, axis: axis).total
        let visible = children.filter { !model.tree.nodes[$0].hidden }
        let along = (stack.axis == .horizontal ? 0 : 1) == axis
        if along {
            for child in children where model.tree.nodes[child].hidden {
                guard outer[child][axis].contains(0) else { return nil }
            }
            var spacing = 0.0
            for child in children.dropFirst() { spacing += model.spacingBefore[child] }
            switch stack.distribution {
            case .fillEqually:
                guard let sum = pointwiseSum(visible.map { outer[$0][axis] }) else { return nil }
                return sum.stretched(by: Double(visible.count), offset: spacing + inset)
            case .equalSpacing where visible.count > 1:
                // The gaps: k - 1 equal lengths, each at least the largest spacing, free of cost.
                let largest = children.dropFirst().map { model.spacingBefore[$0] }.max() ?? 0
                let gaps = CostFunction(
                    anchor: Double(visible.count - 1) * largest,
                    right: [Segment(length: .infinity, slope: .zero, owner: 0, order: 0)], left: [])
                let merged = merge(visible.map { outer[$0][axis] } + [gaps])
                merges[index] = merged
                return merged.function.shifted(by: inset)
            default:
                let merged = merge(visible.map { outer[$0][axis] })
                merges[index] = merged
                return merged.function.shifted(by: spacing + inset)
            }
        }
        if stack.alignment == .fill {
            return pointwiseSum(children.map { outer[$0][axis] })?.shifted(by: inset)
        }
        var anchors: [Double] = []
        var envelopes: [CostFunction] = []
        for child in children {
            guard let ref = model.suppression[child],
                  let withSuppression = pointwiseSum([outer[child][axis], .absolute(target: 0, priority: ref.priority, index: ref.index)]),
                  withSuppression.hasUniqueMinimum else { return nil }
            anchors.append(withSuppression.anchor)
            if !model.tree.nodes[child].hidden { envelopes.append(withSuppression.monotoneEnvelope) }
        }
        crossAnchors[index] = anchors
        if children.count == 1 {
            guard let fit = model.canvasFit[index] else { return nil }
            return pointwiseSum([envelopes[0].shifted(by: inset), .absolute(target: 0, priority: fit.priority, index: fit.index)])
        }
        guard let fit = model.spanningFit[index] else { return nil }
        return pointwiseSum(envelopes + [.absolute(target: 0, priority: fit.priority, index: fit.index)])?.shifted(by: inset)
    }

    /// The top-down pass: frames for a root size (nil: natural). Nil when the layout has a required
    /// conflict or is ambiguous at this size (the general solver then reports it).
    func frames(width: Double?, height: Double?) -> LayoutSolution? {
        let n = model.count
        var position = [[Double]](repeating: [0, 0], count: n)
        var length = [[Double]](repeating: [0, 0], count: n)
        var frames = [Frame](repeating: .zero, count: model.itemCount)
        var determined = [Determination](repeating: .all, count: model.itemCount)
        for (axis, requested) in [width, height].enumerated() {
            let root = outer[0][axis]
            if let requested, requested.isFinite, abs(requested) <= 1e15 {
                guard root.contains(requested) else { return nil }
                length[0][axis] = requested
            } else {
                guard root.hasUniqueMinimum, root.anchor.isFinite else { return nil }
                length[0][axis] = root.anchor
            }
        }
        for index in 0..<n {
            let node = model.tree.nodes[index]
            guard let stack = node.stack, !node.children.isEmpty else { continue }
            let children = node.children
            let visible = children.filter { !model.tree.nodes[$0].hidden }
            let alongAxis = stack.axis == .horizontal ? 0 : 1
            for axis in 0..<2 {
                let inset = model.insets(index, axis: axis)
                let canvasStart = position[index][axis] + inset.lead
                let canvasLength = length[index][axis] - inset.total
                if let guide = model.marginsGuide[index] {
                    if axis == 0 {
                        frames[guide].x = canvasStart
                        frames[guide].width = canvasLength
                    } else {
                        frames[guide].y = canvasStart
                        frames[guide].height = canvasLength
                    }
                }
                if axis == alongAxis {
                    var spacing = 0.0
                    for child in children.dropFirst() { spacing += model.spacingBefore[child] }
                    var lengths: [Double]
                    var gap: Double? = nil
                    switch stack.distribution {
                    case .fillEqually:
                        let share = (canvasLength - spacing) / Double(visible.count)
                        for child in visible where !outer[child][axis].contains(share) { return nil }
                        lengths = Array(repeating: share, count: visible.count)
                    case .equalSpacing where visible.count > 1:
                        guard let merged = merges[index] else { return nil }
                        let largest = children.dropFirst().map { model.spacingBefore[$0] }.max() ?? 0
                        let gapAnchors = visible.map { outer[$0][axis].anchor } + [Double(visible.count - 1) * largest]
                        guard var values = split(merged, total: canvasLength, anchors: gapAnchors) else { return nil }
                        gap = values.removeLast() / Double(visible.count - 1)
                        lengths = values
                    default:
                        guard let merged = merges[index],
                              let values = split(merged, total: canvasLength - spacing, anchors: visible.map { outer[$0][axis].anchor })
                        else { return nil }
                        lengths = values
                    }
                    var x = canvasStart
                    var next = 0
                    var gapIndex = 0
                    for (offset, child) in children.enumerated() {
                        if offset > 0 {
                            if let gap {
                                let guide = model.gapGuides[index][gapIndex]
                                gapIndex += 1
                                setAlong(&frames[guide], axis: axis, start: x, length: gap)
                                determined[guide] = axis == 0
                                    ? Determination(x: true, y: false, width: true, height: false)
                                    : Determination(x: false, y: true, width: false, height: true)
                                x += gap
                            } else {
                                x += model.spacingBefore[child]
                            }
                        }
                        position[child][axis] = x
                        let value: Double
                        if model.tree.nodes[child].hidden {
                            value = 0
                        } else {
                            value = lengths[next]
                            next += 1
                        }
                        length[child][axis] = value
                        x += value
                    }
                } else if stack.alignment == .fill {
                    for child in children {
                        position[child][axis] = canvasStart
                        length[child][axis] = canvasLength
                    }
                } else {
                    let anchors = crossAnchors[index]
                    for (offset, child) in children.enumerated() {
                        let value = model.tree.nodes[child].hidden ? anchors[offset] : min(canvasLength, anchors[offset])
                        length[child][axis] = value
                        switch stack.alignment {
                        case .leading: position[child][axis] = canvasStart
                        case .trailing: position[child][axis] = canvasStart + canvasLength - value
                        default: position[child][axis] = canvasStart + (canvasLength - value) / 2
                        }
                    }
                    if let guide = model.spannerGuide[index] {
                        setAlong(&frames[guide], axis: axis, start: canvasStart, length: canvasLength)
                        determined[guide] = axis == 0
                            ? Determination(x: true, y: false, width: true, height: false)
                            : Determination(x: false, y: true, width: false, height: true)
                    }
                }
            }
        }
        for index in 0..<n {
            frames[index] = Frame(x: position[index][0], y: position[index][1], width: length[index][0], height: length[index][1])
        }
        for index in frames.indices {
            let f = frames[index]
            frames[index] = Frame(x: rounded(f.x), y: rounded(f.y), width: rounded(f.width), height: rounded(f.height))
        }
        return LayoutSolution(
            frames: frames, determined: determined,
            baselines: Array(repeating: BaselinePair(first: 0, last: 0), count: model.itemCount),
            findings: [], brokenConstraints: [], pivots: 0)
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
        let r = (value * 1e9).rounded() / 1e9
        return r.isFinite ? (r == 0 ? 0 : r) : 0
    }
}
