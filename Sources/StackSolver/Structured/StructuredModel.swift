import StackIR
import StackSemantics

/// One optional constraint as the structured solver sees it: its clamped priority and IR index.
struct OptionalRef {
    var priority: Double
    var index: Int
}

/// A leaf's content-size constraints on one axis.
struct LeafAxis {
    var intrinsic: Double
    var hugging: OptionalRef
    var compression: OptionalRef
}

/// Stack-only layouts read from the tree (structure) and the IR (every number and every constraint's
/// index, so the tie rule sees exactly the general solver's constraint order).
///
/// `init` returns nil for anything the structured solver does not solve exactly: user constraints,
/// fillProportionally, equalCentering, baseline alignment or baselineRelative, stacks whose arranged
/// items are all hidden, invalid numbers, or an IR that does not match the tree. Those layouts go to the general solver.
struct StructuredModel {
    var tree: LayoutTree
    var count: Int { tree.nodes.count }
    /// Per node and axis at `2 * node + axis` (0 horizontal, 1 vertical): content-size constraints, if any.
    var leafAxes: [LeafAxis?]
    /// Per node and axis at `2 * node + axis`: the explicit size.
    var explicit: [Double?]
    /// Per node: the spacing constant before it in its parent (0 for a first item).
    var spacingBefore: [Double]
    /// Per stack: margins (top, leading, bottom, trailing) when layoutMarginsRelative.
    var margins: [Insets?]
    /// Per arranged item: its ambiguity-suppression constraint in its parent.
    var suppression: [OptionalRef?]
    /// Per stack: spanning-fit and canvas-fit constraints.
    var spanningFit: [OptionalRef?]
    var canvasFit: [OptionalRef?]
    /// Per stack: guide item ids.
    var spannerGuide: [Int?]
    var marginsGuide: [Int?]
    var gapGuides: [[Int]]
    /// Compact structure for the hot loops (no `LayoutNode` copies): per node, -1 for a leaf, else
    /// the stack's axis (0 horizontal, 1 vertical).
    var stackAxis: [Int8]
    var hidden: [Bool]
    var distribution: [Distribution]
    var alignment: [Alignment]
    /// Children of node i: `childList[childStart[i]..<childStart[i + 1]]`.
    var childStart: [Int]
    var childList: [Int]
    /// Per stack: its visible children and the sum of its spacings.
    var visibleChildren: [[Int]]
    var visibleCount: [Int]
    var spacingTotal: [Double]
    /// Per stack: the least gap between two visible neighbours (equalSpacing's `>=` spacings): the
    /// largest sum of the spacings from one visible item to the next, hidden items in between included.
    var minimumGap: [Double]
    let itemCount: Int

    init?(tree: LayoutTree, ir: ConstraintIR) {
        self.tree = tree
        let n = tree.nodes.count
        guard n > 0, tree.userConstraints.isEmpty, ir.items.count >= n else { return nil }
        itemCount = ir.items.count
        leafAxes = Array(repeating: nil, count: 2 * n)
        explicit = Array(repeating: nil, count: 2 * n)
        spacingBefore = Array(repeating: 0, count: n)
        margins = Array(repeating: nil, count: n)
        suppression = Array(repeating: nil, count: n)
        spanningFit = Array(repeating: nil, count: n)
        canvasFit = Array(repeating: nil, count: n)
        spannerGuide = Array(repeating: nil, count: n)
        marginsGuide = Array(repeating: nil, count: n)
        gapGuides = Array(repeating: [], count: n)
        stackAxis = Array(repeating: -1, count: n)
        hidden = Array(repeating: false, count: n)
        distribution = Array(repeating: .fill, count: n)
        alignment = Array(repeating: .fill, count: n)
        childStart = []
        childStart.reserveCapacity(n + 1)
        childList = []
        childList.reserveCapacity(n)
        visibleChildren = Array(repeating: [], count: n)
        visibleCount = Array(repeating: 0, count: n)
        spacingTotal = Array(repeating: 0, count: n)
        minimumGap = Array(repeating: 0, count: n)

        // Structure: the IR's first n items are the tree's nodes.
        for (index, node) in tree.nodes.enumerated() {
            let item = ir.items[index]
            guard item.name == node.path, item.kind != .guide, item.owner?.index == node.parent else { return nil }
            if let parent = node.parent, parent >= index || parent < 0 { return nil }
            guard node.children.allSatisfy({ $0 > index && $0 < n }) else { return nil }
            guard let stack = node.stack else { continue }
            switch stack.distribution {
            case .fill, .fillEqually, .equalSpacing: break
            case .fillProportionally, .equalCentering: return nil
            }
            if stack.alignment == .firstBaseline || stack.alignment == .lastBaseline { return nil }
            if stack.baselineRelative && stack.axis == .vertical { return nil }
            if !node.children.isEmpty && node.children.allSatisfy({ tree.nodes[$0].hidden }) { return nil }
        }
        for id in n..<ir.items.count {
            let item = ir.items[id]
            guard item.kind == .guide, let owner = item.owner?.index, owner >= 0, owner < n else { return nil }
            switch item.role {
            case .alignmentSpanner?: spannerGuide[owner] = id
            case .margins?: marginsGuide[owner] = id
            case .gap?: gapGuides[owner].append(id)
            case nil: return nil
            }
        }
        var marginValues: [Int: [Double]] = [:]
        for (index, c) in ir.constraints.enumerated() {
            let first = c.first.item.index
            guard first >= 0, first < ir.items.count, c.constant.isFinite, abs(c.constant) <= 1e15 else { return nil }
            if let second = c.second {
                guard second.item.index >= 0, second.item.index < ir.items.count, c.multiplier.isFinite,
                      abs(c.multiplier) <= 1e15 else { return nil }
            }
            guard c.priority > 0, c.priority.isFinite || c.priority == .infinity else { return nil }
            let priority = min(c.priority, 1000)
            let axis = c.first.attribute.isHorizontal ? 0 : 1
            let ref = OptionalRef(priority: priority, index: index)
            switch c.category {
            case .contentHugging, .contentCompression:
                guard first < n, c.second == nil else { return nil }
                var entry = leafAxes[2 * first + axis] ?? LeafAxis(
                    intrinsic: c.constant, hugging: OptionalRef(priority: 1000, index: -1),
                    compression: OptionalRef(priority: 1000, index: -1))
                guard entry.intrinsic == c.constant else { return nil }
                if c.category == .contentHugging {
                    guard c.relation == .lessThanOrEqual else { return nil }
                    entry.hugging = ref
                } else {
                    guard c.relation == .greaterThanOrEqual else { return nil }
                    entry.compression = ref
                }
                leafAxes[2 * first + axis] = entry
            case .explicitSize:
                guard first < n, c.relation == .equal, c.second == nil, priority >= 1000, explicit[2 * first + axis] == nil else { return nil }
                explicit[2 * first + axis] = c.constant
            case .spacing:
                guard first < n, c.first.attribute != .firstBaseline, priority >= 1000 else { return nil }
                spacingBefore[first] = c.constant
            case .marginGuide:
                // guide.top == view.top + t, guide.leading == view.leading + l,
                // view.bottom == guide.bottom + b, view.trailing == guide.trailing + r.
                let owner = first < n ? first : (ir.items[first].owner?.index ?? -1)
                guard owner >= 0, owner < n, priority >= 1000 else { return nil }
                var values = marginValues[owner] ?? [0, 0, 0, 0]
                switch c.first.attribute {
                case .top: values[0] = c.constant
                case .leading: values[1] = c.constant
                case .bottom: values[2] = c.constant
                case .trailing: values[3] = c.constant
                default: return nil
                }
                marginValues[owner] = values
            case .ambiguitySuppression:
                guard first < n else { return nil }
                suppression[first] = ref
            case .spanningFit:
                guard let owner = ir.items[first].owner?.index, owner < n else { return nil }
                spanningFit[owner] = ref
            case .canvasFit:
                guard first < n else { return nil }
                canvasFit[first] = ref
            case .canvasConnection, .alignment, .distributingEdge, .spanningBoundary, .hiding:
                break
            case .fillEqually:
                guard priority >= 1000 else { return nil }
            case .fillProportionally, .baseline, .textWidthDisambiguation, .user:
                return nil
            }
        }
        for (owner, values) in marginValues {
            margins[owner] = Insets(top: values[0], leading: values[1], bottom: values[2], trailing: values[3])
        }
        for (index, node) in tree.nodes.enumerated() {
            hidden[index] = node.hidden
            childStart.append(childList.count)
            childList.append(contentsOf: node.children)
            guard let stack = node.stack else { continue }
            stackAxis[index] = stack.axis == .horizontal ? 0 : 1
            distribution[index] = stack.distribution
            alignment[index] = stack.alignment
            visibleChildren[index] = node.children.filter { !tree.nodes[$0].hidden }
            visibleCount[index] = visibleChildren[index].count
            for child in node.children.dropFirst() { spacingTotal[index] += spacingBefore[child] }
            var run = 0.0
            var seenVisible = false
            var gap = -Double.infinity
            for child in node.children {
                if seenVisible { run += spacingBefore[child] }
                guard !tree.nodes[child].hidden else { continue }
                if seenVisible { gap = max(gap, run) }
                seenVisible = true
                run = 0
            }
            if gap > -.infinity { minimumGap[index] = gap }
        }
        childStart.append(childList.count)
        for index in 0..<n {
            let node = tree.nodes[index]
            if node.stack?.layoutMarginsRelative == true && !node.children.isEmpty {
                guard margins[index] != nil, marginsGuide[index] != nil else { return nil }
            }
            if let stack = node.stack, stack.alignment != .fill {
                for child in node.children where suppression[child] == nil { return nil }
                let visible = node.children.filter { !tree.nodes[$0].hidden }
                if node.children.count > 1 {
                    guard spannerGuide[index] != nil, spanningFit[index] != nil else { return nil }
                } else if !visible.isEmpty {
                    guard canvasFit[index] != nil else { return nil }
                }
            }
            if let stack = node.stack, stack.distribution == .equalSpacing {
                guard gapGuides[index].count == max(0, visibleCount[index] - 1) else { return nil }
            }
        }
    }

    /// The children of a node.
    func children(_ node: Int) -> ArraySlice<Int> { childList[childStart[node]..<childStart[node + 1]] }

    /// The lead-side inset and the total inset of a stack's canvas on an axis.
    func insets(_ node: Int, axis: Int) -> (lead: Double, total: Double) {
        guard let m = margins[node] else { return (0, 0) }
        return axis == 0 ? (m.leading, m.leading + m.trailing) : (m.top, m.top + m.bottom)
    }
}
