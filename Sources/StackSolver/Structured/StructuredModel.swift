import StackIR

/// One optional constraint as the structured solver sees it: its clamped priority and IR index.
struct OptionalRef {
    var priority: Double
    var index: Int
}

/// A fillProportionally item's share: `item.length == multiplier * stack.length @priority`.
struct ProportionalShare {
    var multiplier: Double
    var priority: Double
    var index: Int
}

/// Where a leaf's baseline is, as the IR defines it: a distance below its top, or its bottom.
enum BaselinePlace: Equatable {
    case belowTop(Double)
    case bottom

    /// How far below the top of an item `length` long the baseline is.
    func depth(length: Double) -> Double {
        switch self {
        case .belowTop(let depth): return depth
        case .bottom: return length
        }
    }
}

/// A leaf's content-size constraints on one axis.
struct LeafAxis {
    var intrinsic: Double
    var hugging: OptionalRef
    var compression: OptionalRef
}

/// Stack-only layouts read from the IR: its items' owners and arrangements (structure), and every
/// number and every constraint's index, so the tie rule sees exactly the general solver's constraint order.
///
/// `init` throws why (`FallbackReason`) for anything the structured solver does not solve exactly: user constraints,
/// baseline alignment other than a horizontal stack of any distribution but equalCentering
/// (BaselineAlignment.swift, LastBaselineAlignment.swift) or a vertical stack with one item or with
/// firstBaseline and no hidden item, baselineRelative stacks with a stack among their
/// items or with equalSpacing or equalCentering, stacks whose arranged items are all hidden, invalid
/// numbers, or an IR that is not the stack lowering's. Those layouts go to the general solver.
/// (Some shapes are declined later: `StructuredLayout.update` when a cost is not of a shape handled,
/// the top-down pass for a stack squeezed below where its cost is known exactly: MoveBound.swift.)
struct StructuredModel {
    /// The number of arranged items (stacks and leaves): the IR's first items, before the guides.
    let count: Int
    /// Per node: its kind and, for a stack, its arrangement.
    var kinds: [ItemKind]
    var arrangements: [StackArrangement?]
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
    /// A stack's canvas fit along its own axis (today's UIKit gives the gap distributions one at 49).
    var lengthFit: [OptionalRef?]
    /// Per stack: guide item ids.
    var spannerGuide: [Int?]
    var marginsGuide: [Int?]
    var gapGuides: [[Int]]
    /// Compact structure for the hot loops (no `LayoutNode` copies): per node, -1 for a leaf, else
    /// the stack's axis (0 horizontal, 1 vertical).
    var stackAxis: [Int8]
    var hidden: [Bool]
    /// The UIKit the IR was lowered for.
    let uikit: UIKitTarget
    var distribution: [Distribution]
    var alignment: [Alignment]
    /// Children of node i: `childList[childStart[i]..<childStart[i + 1]]`.
    var childStart: [Int]
    var childList: [Int]
    /// Per stack: its visible children and the sum of its spacings (in a baselineRelative stack, the
    /// chain's fixed part: see `chainMembers`).
    var visibleChildren: [[Int]]
    var visibleCount: [Int]
    var spacingTotal: [Double]
    /// Per stack: the visible items whose lengths add up, with `spacingTotal`, to its canvas length.
    /// In most stacks all visible items. In a baselineRelative stack (vertical) the spacing runs from
    /// one item's last baseline to the next one's first baseline; a leaf's baselines are either a
    /// fixed distance below its top or its bottom, so an item whose spacing neighbours both meet a
    /// fixed baseline has no say in the stack's length: its length is its own minimiser, and it is
    /// not a member.
    var chainMembers: [[Int]]
    /// Per stack: whether it is a baselineRelative chain (vertical, every item a leaf), and the
    /// chain's fixed depths (`baselineChainShape`).
    var baselineChain: [Bool]
    var chainShift: [Double]
    /// Per item of a fillProportionally stack: its share of the stack's length, or (`zeroLength`) the
    /// required zero length of an item without an intrinsic size.
    var proportionalShare: [ProportionalShare?]
    var zeroLength: [Bool]
    /// Per item of a baseline row: `item.width == (1/n) * stack.width @760` (UIKit's
    /// disambiguation of text widths; BaselineAlignment.swift).
    var widthShare: [ProportionalShare?]
    /// Per stack: whether it is a baseline row (horizontal, first or last baseline alignment).
    /// A baseline row whose items share its width (`text-width-disambiguation`: every baseline row on iOS
    /// 9/10, rows of multiline labels today); along its axis it is laid out by those shares. A baseline
    /// row without shares is a plain merge along its axis.
    var sharedRow: [Bool]
    var baselineRow: [Bool]
    /// Per node: its first and last baselines when the IR defines them (leaves only).
    var firstBaseline: [BaselinePlace?]
    var lastBaseline: [BaselinePlace?]
    /// The nodes with a baseline defined (the solution reports those baselines).
    var baselineNodes: [Int] = []
    /// Per stack: the least gap between two visible neighbours (equalSpacing's `>=` spacings): the
    /// largest sum of the spacings from one visible item to the next, hidden items in between included.
    var minimumGap: [Double]
    /// Per equalCentering stack: the spacing from each visible item to the next (hidden items in
    /// between included).
    var visibleRuns: [[Double]]
    /// Per equalCentering stack: the priority of its equal-gap constraints (149), and their IR
    /// indices (`gap[j] == gap[0]` for j = 1, 2, ...).
    var gapPriority: [Double]
    var gapEqualities: [[Int]]
    /// An equalCentering stack whose gap equalities have different priorities (today's UIKit); `gapPriority`
    /// is then the highest.
    var descendingGaps: [Bool]
    let itemCount: Int

    init(ir: ConstraintIR) throws(FallbackReason) {
        uikit = ir.uikit
        // The arranged items come first, the guides after them (the lowering's order).
        let n = ir.items.firstIndex { $0.kind == .guide } ?? ir.items.count
        guard !ir.constraints.contains(where: { $0.category == .user }) else { throw .userConstraints }
        guard n > 0 else { throw .irMismatch(item: nil) }
        itemCount = ir.items.count
        leafAxes = Array(repeating: nil, count: 2 * n)
        explicit = Array(repeating: nil, count: 2 * n)
        spacingBefore = Array(repeating: 0, count: n)
        margins = Array(repeating: nil, count: n)
        suppression = Array(repeating: nil, count: n)
        spanningFit = Array(repeating: nil, count: n)
        canvasFit = Array(repeating: nil, count: n)
        lengthFit = Array(repeating: nil, count: n)
        spannerGuide = Array(repeating: nil, count: n)
        marginsGuide = Array(repeating: nil, count: n)
        gapGuides = Array(repeating: [], count: n)
        stackAxis = Array(repeating: -1, count: n)
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
        visibleRuns = Array(repeating: [], count: n)
        gapPriority = Array(repeating: 0, count: n)
        gapEqualities = Array(repeating: [], count: n)
        descendingGaps = Array(repeating: false, count: n)
        chainMembers = Array(repeating: [], count: n)
        baselineChain = Array(repeating: false, count: n)
        chainShift = Array(repeating: 0, count: n)
        firstBaseline = Array(repeating: nil, count: n)
        proportionalShare = Array(repeating: nil, count: n)
        zeroLength = Array(repeating: false, count: n)
        widthShare = Array(repeating: nil, count: n)
        baselineRow = Array(repeating: false, count: n)
        sharedRow = Array(repeating: false, count: n)
        // Stacks whose baselines come from an item: (stack, item, first baseline?).
        var baselineSources: [(stack: Int, item: Int, first: Bool)] = []
        // Today's UIKit: a hidden item's placement after its preceding visible item (`h.leading ==
        // p.trailing + c @50`), by item.
        var placementAfter: [Int: Double] = [:]
        // fillProportionally stacks whose lowering fell back to equal lengths (no item has an intrinsic
        // length), and those it gave shares or zero lengths; a stack with neither (one visible item
        // without an intrinsic length) is laid out as fillEqually too: with one item, that is fill.
        var equalFallback = Array(repeating: false, count: n)
        var proportionalLowered = Array(repeating: false, count: n)
        lastBaseline = Array(repeating: nil, count: n)

        // Structure: the IR's first n items are the arranged items (each stack's in id order), read
        // once through a buffer pointer (`ir.items[i].field` copies the item with its name).
        count = n
        var kindOf = [ItemKind](repeating: .view, count: n)
        var hiddenOf = [Bool](repeating: false, count: n)
        var parentOf = [Int?](repeating: nil, count: n)
        var stackOf = [StackArrangement?](repeating: nil, count: n)
        var isLeaf = [Bool](repeating: false, count: n)
        var childrenOf = [[Int]](repeating: [], count: n)
        var ownerOf = [Int?](repeating: nil, count: ir.items.count)
        ir.items.withUnsafeBufferPointer { items in
            for id in items.indices { ownerOf[id] = items[id].owner?.index }
            for index in 0..<n {
                parentOf[index] = ownerOf[index]
                stackOf[index] = items[index].arrangement
                kindOf[index] = items[index].kind
                isLeaf[index] = !items[index].kind.isStack
                hiddenOf[index] = items[index].isHidden
                if let parent = ownerOf[index], parent >= 0, parent < index { childrenOf[parent].append(index) }
            }
        }
        kinds = kindOf
        arrangements = stackOf
        hidden = hiddenOf
        for index in 0..<n {
            if let parent = parentOf[index], parent >= index || parent < 0 || stackOf[parent] == nil { throw .irMismatch(item: index) }
            guard (stackOf[index] != nil) == kinds[index].isStack else { throw .irMismatch(item: index) }
            guard let stack = stackOf[index] else { continue }
            let children = childrenOf[index]
            switch stack.distribution {
            case .fill, .fillEqually, .equalSpacing, .fillProportionally, .equalCentering: break
            }
            // Baseline rows: horizontal, any distribution but equalCentering (BaselineAlignment.swift,
            // LastBaselineAlignment.swift). In a vertical stack the lowering keeps the spanner and the
            // canvas fit but aligns nothing: an item narrower than the canvas is ambiguous (the
            // top-down pass declines), a hidden one always (declined here); with firstBaseline the
            // spanner spans the canvas as for center; lastBaseline with several items is left alone.
            if stack.alignment.isBaseline {
                if stack.axis == .horizontal {
                    guard stack.distribution != .equalCentering else { throw .baselineAlignment(stack: index, .equalCenteringRow) }
                    baselineRow[index] = true
                } else if children.count > 1 {
                    guard stack.alignment == .firstBaseline, !children.contains(where: { hidden[$0] }) else { throw .baselineAlignment(stack: index, .verticalStack) }
                }
            }
            if stack.baselineRelative && stack.axis == .vertical {
                // equalSpacing without hidden items: every spacing is `>=` and the gaps run from one
                // item's last baseline to the next one's first, so they take the spacings' place.
                guard stack.distribution == .fill || stack.distribution == .fillEqually
                    || (stack.distribution == .equalSpacing && !children.contains(where: { hidden[$0] })) else { throw .baselineRelative(stack: index) }
                baselineChain[index] = true
            }
            if !children.isEmpty && children.allSatisfy({ hidden[$0] }) { throw .allItemsHidden(stack: index) }
            if ir.uikit == .current { try Self.checkCurrentUIKit(index, stack, children: children, hidden: hidden) }
        }
        for id in n..<ir.items.count {
            let item = ir.items[id]
            guard item.kind == .guide, let owner = item.owner?.index, owner >= 0, owner < n else { throw .irMismatch(item: id) }
            switch item.role {
            case .alignmentSpanner?: spannerGuide[owner] = id
            case .margins?: marginsGuide[owner] = id
            case .orderingSpanner?: throw .allItemsHidden(stack: owner)
            case .gap?: gapGuides[owner].append(id)
            case nil: throw .irMismatch(item: id)
            }
        }
        var marginValues: [Int: [Double]] = [:]
        for (index, c) in ir.constraints.enumerated() {
            let first = c.first.item.index
            guard first >= 0, first < ir.items.count else { throw .irMismatch(item: nil) }
            guard c.constant.isFinite, abs(c.constant) <= 1e15 else { throw .invalidNumber(item: first) }
            if let second = c.second {
                guard second.item.index >= 0, second.item.index < ir.items.count else { throw .irMismatch(item: first) }
                guard c.multiplier.isFinite,
                      abs(c.multiplier) <= 1e15 else { throw .invalidNumber(item: first) }
            }
            guard c.priority > 0, c.priority.isFinite || c.priority == .infinity else { throw .invalidNumber(item: first) }
            let priority = min(c.priority, 1000)
            let axis = c.first.attribute.isHorizontal ? 0 : 1
            let ref = OptionalRef(priority: priority, index: index)
            switch c.category {
            case .contentHugging, .contentCompression:
                guard first < n, c.second == nil else { throw .irMismatch(item: first) }
                var entry = leafAxes[2 * first + axis] ?? LeafAxis(
                    intrinsic: c.constant, hugging: OptionalRef(priority: 1000, index: -1),
                    compression: OptionalRef(priority: 1000, index: -1))
                guard entry.intrinsic == c.constant else { throw .irMismatch(item: first) }
                if c.category == .contentHugging {
                    guard c.relation == .lessThanOrEqual else { throw .irMismatch(item: first) }
                    entry.hugging = ref
                } else {
                    guard c.relation == .greaterThanOrEqual else { throw .irMismatch(item: first) }
                    entry.compression = ref
                }
                leafAxes[2 * first + axis] = entry
            case .explicitSize:
                guard first < n, c.relation == .equal, c.second == nil, priority >= 1000, explicit[2 * first + axis] == nil else { throw .irMismatch(item: first) }
                explicit[2 * first + axis] = c.constant
            case .spacing:
                guard first < n, priority >= 1000,
                      (c.first.attribute == .firstBaseline) == baselineChain[parentOf[first] ?? first] else { throw .irMismatch(item: first) }
                spacingBefore[first] = c.constant
            case .marginGuide:
                // guide.top == view.top + t, guide.leading == view.leading + l,
                // view.bottom == guide.bottom + b, view.trailing == guide.trailing + r.
                let owner = first < n ? first : (ownerOf[first] ?? -1)
                guard owner >= 0, owner < n, priority >= 1000 else { throw .irMismatch(item: first) }
                var values = marginValues[owner] ?? [0, 0, 0, 0]
                switch c.first.attribute {
                case .top: values[0] = c.constant
                case .leading: values[1] = c.constant
                case .bottom: values[2] = c.constant
                case .trailing: values[3] = c.constant
                default: throw .irMismatch(item: first)
                }
                marginValues[owner] = values
            case .ambiguitySuppression:
                guard first < n else { throw .irMismatch(item: first) }
                suppression[first] = ref
            case .spanningFit:
                guard let owner = ownerOf[first], owner < n else { throw .irMismatch(item: first) }
                spanningFit[owner] = ref
            case .canvasFit:
                guard first < n else { throw .irMismatch(item: first) }
                if stackOf[first].map({ $0.axis == (axis == 0 ? .horizontal : .vertical) }) == true {
                    lengthFit[first] = ref
                } else {
                    canvasFit[first] = ref
                }
            case .canvasConnection, .alignment, .distributingEdge, .spanningBoundary, .hiding:
                break
            case .spacingHidden:
                let owner = parentOf[first < n ? first : 0] ?? 0
                guard let second = c.second?.item.index, first < n, second < n, c.relation == .equal, c.multiplier == 1,
                      c.first.attribute == .leading || c.first.attribute == .top,
                      c.second?.attribute == .trailing || c.second?.attribute == .bottom else { throw .currentUIKit(stack: owner, .hiddenItems) }
                if hidden[first] && !hidden[second] {
                    placementAfter[first] = c.constant
                } else if !(hidden[second] && !hidden[first] && c.constant == 0) {
                    throw .currentUIKit(stack: owner, .hiddenItems)
                }
            case .fillEqually:
                // Required, except an equalCentering stack's equal gaps (one priority for all of them).
                if first >= n, let owner = ownerOf[first], stackOf[owner]?.distribution == .equalCentering {
                    // One priority for every gap on iOS 9/10; today's count down from 149 by arranged index.
                    guard priority < 1000, gapPriority[owner] == 0 || gapPriority[owner] == priority || uikit == .current
                    else { throw .irMismatch(item: first) }
                    if gapPriority[owner] != 0 && gapPriority[owner] != priority { descendingGaps[owner] = true }
                    gapPriority[owner] = max(gapPriority[owner], priority)
                    gapEqualities[owner].append(index)
                    continue
                }
                guard priority >= 1000 else { throw .irMismatch(item: first) }
                if first < n, let parent = parentOf[first] { equalFallback[parent] = true }
            case .fillProportionally:
                // `item.length == m * stack.length @p` (p < 1000), or `item.length == 0` (required).
                guard first < n, let parent = parentOf[first], stackOf[parent]?.distribution == .fillProportionally
                else { throw .irMismatch(item: first) }
                proportionalLowered[parent] = true
                if let second = c.second {
                    guard second.item.index == parent, second.attribute == c.first.attribute, c.constant == 0,
                          c.relation == .equal, c.multiplier > 0 else { throw .irMismatch(item: first) }
                    proportionalShare[first] = ProportionalShare(multiplier: c.multiplier, priority: priority, index: index)
                } else {
                    guard c.constant == 0, c.relation == .equal, priority >= 1000 else { throw .irMismatch(item: first) }
                    zeroLength[first] = true
                }
            case .baseline:
                // `leaf.baseline == leaf.top + offset` or `leaf.baseline == leaf.bottom`, or a stack's
                // baseline taken from one of its items (`stack.baseline == item.baseline`).
                guard first < n, c.relation == .equal, priority >= 1000, let second = c.second, c.multiplier == 1 else { throw .irMismatch(item: first) }
                if second.item.index != first {
                    guard stackOf[first] != nil, second.item.index < n, parentOf[second.item.index] == first,
                          second.attribute == c.first.attribute, c.constant == 0 else { throw .irMismatch(item: first) }
                    baselineSources.append((first, second.item.index, c.first.attribute == .firstBaseline))
                    continue
                }
                // A stack with no item to take a baseline from has its bottom as its baseline.
                guard isLeaf[first] else { throw .baselineAlignment(stack: first, .stackBaseline) }
                let place: BaselinePlace
                switch second.attribute {
                case .top: place = .belowTop(c.constant)
                case .bottom where c.constant == 0: place = .bottom
                default: throw .irMismatch(item: first)
                }
                switch c.first.attribute {
                case .firstBaseline: firstBaseline[first] = place
                case .lastBaseline: lastBaseline[first] = place
                default: throw .irMismatch(item: first)
                }
            case .textWidthDisambiguation:
                // Today's `label.width <= share` between multiline labels.
                if c.relation == .lessThanOrEqual, first < n, let parent = parentOf[first] {
                    throw .currentUIKit(stack: parent, .multilineWidthShares)
                }
                guard first < n, let parent = parentOf[first], let second = c.second, second.item.index == parent,
                      second.attribute == c.first.attribute, c.constant == 0, c.relation == .equal, priority < 1000,
                      c.multiplier > 0 else { throw .irMismatch(item: first) }
                widthShare[first] = ProportionalShare(multiplier: c.multiplier, priority: priority, index: index)
            case .user:
                throw .userConstraints
            }
        }
        for (owner, values) in marginValues {
            margins[owner] = Insets(top: values[0], leading: values[1], bottom: values[2], trailing: values[3])
        }
        // A stack's baseline is its item's, so a fixed depth below the stack's top when the item's
        // is one and the item's top is the canvas's: the first item of a vertical stack (or its first
        // visible one after hidden ones, outside a baselineRelative chain), any item of a horizontal
        // stack aligned to fill or to the top. Items come after their stack, so deepest first.
        for (stack, item, first) in baselineSources.sorted(by: { $0.stack > $1.stack }) {
            let atTop: Bool
            if stackOf[stack]?.axis == .vertical {
                atTop = item == childrenOf[stack].first
                    || (!baselineChain[stack] && item == childrenOf[stack].first { !hidden[$0] })
            } else {
                atTop = stackOf[stack]?.alignment == .fill || stackOf[stack]?.alignment == .leading
            }
            guard atTop, case .belowTop(let depth)? = first ? firstBaseline[item] : lastBaseline[item] else { throw .baselineAlignment(stack: stack, .stackBaseline) }
            let place = BaselinePlace.belowTop((margins[stack]?.top ?? 0) + depth)
            if first { firstBaseline[stack] = place } else { lastBaseline[stack] = place }
        }
        for index in 0..<n {
            childStart.append(childList.count)
            let children = childrenOf[index]
            childList.append(contentsOf: children)
            guard let stack = stackOf[index] else { continue }
            stackAxis[index] = stack.axis == .horizontal ? 0 : 1
            distribution[index] = stack.distribution == .fillProportionally && (equalFallback[index] || !proportionalLowered[index])
                ? .fillEqually : stack.distribution
            alignment[index] = stack.alignment
            if uikit == .current && children.contains(where: { hidden[$0] }) {
                try Self.chainSpacings(index, children: children, hidden: hidden, placementAfter: placementAfter, spacingBefore: &spacingBefore)
            }
            visibleChildren[index] = children.filter { !hidden[$0] }
            let sharing = visibleChildren[index].filter { widthShare[$0] != nil }.count
            if baselineRow[index] && sharing > 0 && sharing < visibleChildren[index].count {
                throw .baselineAlignment(stack: index, .widthShares)
            }
            sharedRow[index] = baselineRow[index] && sharing > 0
            visibleCount[index] = visibleChildren[index].count
            chainMembers[index] = visibleChildren[index]
            for child in children.dropFirst() { spacingTotal[index] += spacingBefore[child] }
            if baselineChain[index] {
                guard let chain = baselineChainShape(children) else { throw .baselineRelative(stack: index) }
                chainMembers[index] = chain.members
                chainShift[index] = chain.shift
                spacingTotal[index] += chain.shift
            }
            var run = 0.0
            var seenVisible = false
            var gap = -Double.infinity
            for child in children {
                if seenVisible { run += spacingBefore[child] }
                guard !hidden[child] else { continue }
                if seenVisible {
                    gap = max(gap, run)
                    if stack.distribution == .equalCentering { visibleRuns[index].append(run) }
                }
                seenVisible = true
                run = 0
            }
            if gap > -.infinity { minimumGap[index] = gap }
        }
        childStart.append(childList.count)
        baselineNodes = (0..<n).filter { firstBaseline[$0] != nil || lastBaseline[$0] != nil }
        for index in 0..<n {
            let children = childrenOf[index]
            let stack = stackOf[index]
            if stack?.layoutMarginsRelative == true && !children.isEmpty {
                guard margins[index] != nil, marginsGuide[index] != nil else { throw .irMismatch(item: index) }
            }
            if let stack, stack.alignment != .fill {
                for child in children where suppression[child] == nil { throw .irMismatch(item: index) }
                if children.count > 1 {
                    guard spannerGuide[index] != nil, spanningFit[index] != nil else { throw .irMismatch(item: index) }
                } else if visibleCount[index] > 0 {
                    guard canvasFit[index] != nil else { throw .irMismatch(item: index) }
                }
            }
            if let stack, stack.distribution == .equalSpacing || stack.distribution == .equalCentering {
                guard gapGuides[index].count == max(0, visibleCount[index] - 1) else { throw .irMismatch(item: index) }
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
