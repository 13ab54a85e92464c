import StackIR

/// The IR's items as a tree: the arranged items' kinds, parents, arrangements and children, and every
/// item's owner. Read once through a buffer pointer (`ir.items[i].field` copies the item with its name).
struct ItemTree {
    var kinds: [ItemKind]
    var hidden: [Bool]
    var parents: [Int?]
    var arrangements: [StackArrangement?]
    var children: [[Int]]
    /// Per IR item, guides included.
    var owners: [Int?]

    init(ir: ConstraintIR, arranged n: Int) {
        kinds = Array(repeating: .view, count: n)
        hidden = Array(repeating: false, count: n)
        parents = Array(repeating: nil, count: n)
        arrangements = Array(repeating: nil, count: n)
        children = Array(repeating: [], count: n)
        owners = Array(repeating: nil, count: ir.items.count)
        ir.items.withUnsafeBufferPointer { items in
            for id in items.indices { owners[id] = items[id].owner?.index }
            for index in 0..<n {
                parents[index] = owners[index]
                arrangements[index] = items[index].arrangement
                kinds[index] = items[index].kind
                hidden[index] = items[index].isHidden
                if let parent = owners[index], parent >= 0, parent < index { children[parent].append(index) }
            }
        }
    }
}

/// What the constraints say that the stacks resolve once every constraint is read.
struct ConstraintReading {
    /// Stacks whose baselines come from an item: (stack, item, first baseline?).
    var baselineSources: [(stack: Int, item: Int, first: Bool)] = []
    /// Stacks whose baselines are their bottoms (no visible item).
    var baselineBottoms: [Int] = []
    /// Today's UIKit: a hidden item's placement after its preceding visible item (`h.leading ==
    /// p.trailing + c @50`), by item.
    var placementAfter: [Int: Double] = [:]
    /// fillProportionally stacks whose lowering fell back to equal lengths (no item has an intrinsic
    /// length), and those it gave shares or zero lengths; a stack with neither (one visible item
    /// without an intrinsic length) is laid out as fillEqually too: with one item, that is fill.
    var equalFallback: [Bool]
    var proportionalLowered: [Bool]
    /// Per stack with margins: (top, leading, bottom, trailing).
    var marginValues: [Int: [Double]] = [:]
    /// Today's UIKit: the alignment constraints of the baseline rows (`reference.a == item.a`), by
    /// baseline or, for an item without one, by top or bottom (TopBoundedRow.swift).
    var rowAlignments: [(reference: Int, item: Int, byBaseline: Bool)] = []
    /// The fillProportionally items whose shares are of their stack's margins guide (today's UIKit).
    var sharesOfMargins: [Int] = []

    init(count: Int) {
        equalFallback = Array(repeating: false, count: count)
        proportionalLowered = Array(repeating: false, count: count)
    }
}

/// Reading the IR, in the order its checks decline: the stacks, the guides, each constraint, then
/// what the stacks derive from them.
extension StructuredModel {
    /// Checks one arranged item's place in the tree and notes its stack's baseline shape. Returns
    /// why the tree solver declines the stack along one axis only, whose own constraints are then
    /// left unread (`unreadAxis`): a vertical stack's shape across (baseline alignment) or along
    /// (baselineRelative); throws when it declines both.
    mutating func readStack(_ index: Int, tree: ItemTree) throws(FallbackReason) -> (axis: Int, reason: FallbackReason)? {
        if let parent = tree.parents[index], parent >= index || parent < 0 || tree.arrangements[parent] == nil { throw .irMismatch(item: index) }
        guard (tree.arrangements[index] != nil) == kinds[index].isStack else { throw .irMismatch(item: index) }
        guard let stack = tree.arrangements[index] else { return nil }
        let children = tree.children[index]
        var declines: [(axis: Int, reason: FallbackReason)] = []
        // Baseline rows: horizontal (TopBoundedRow.swift, BaselineAlignment.swift,
        // LastBaselineAlignment.swift); on iOS 9/10 any distribution but equalCentering, whose
        // items share the row's width as well as their gaps (today's UIKit shares it only between
        // multiline labels, declined on their own). In a vertical stack the lowering keeps the spanner and the
        // canvas fit but aligns nothing: an item narrower than the canvas is ambiguous (the
        // top-down pass declines), a hidden one always (declined here); with firstBaseline the
        // spanner spans the canvas as for center; lastBaseline with several items is left alone.
        if stack.alignment.isBaseline {
            if stack.axis == .horizontal {
                guard stack.distribution != .equalCentering || uikit == .current else { throw .baselineAlignment(stack: index, .equalCenteringRow) }
                baselineRow[index] = true
            } else if children.count > 1, stack.alignment != .firstBaseline || children.contains(where: { hidden[$0] }) {
                declines.append((0, .baselineAlignment(stack: index, .verticalStack)))
            }
        }
        if stack.baselineRelative && stack.axis == .vertical {
            // equalSpacing without hidden items: every spacing is `>=` and the gaps run from one
            // item's last baseline to the next one's first, so they take the spacings' place.
            if stack.distribution == .fill || stack.distribution == .fillEqually
                || (stack.distribution == .equalSpacing && !children.contains(where: { hidden[$0] })) {
                baselineChain[index] = true
            } else {
                declines.append((1, .baselineRelative(stack: index)))
            }
        }
        if !children.isEmpty && children.allSatisfy({ hidden[$0] }) { throw .allItemsHidden(stack: index) }
        if uikit == .current { declines += Self.currentUIKitDeclines(index, stack, children: children, hidden: hidden) }
        guard let first = declines.first else { return nil }
        guard declines.allSatisfy({ $0.axis == first.axis }) else { throw first.reason }
        return first
    }

    /// Notes each guide by its owner and role.
    mutating func readGuides(_ ir: ConstraintIR, tree: ItemTree) throws(FallbackReason) {
        for id in count..<ir.items.count {
            let item = ir.items[id]
            guard item.kind == .guide, let owner = item.owner?.index, owner >= 0, owner < count else { throw .irMismatch(item: id) }
            if !opaque.isEmpty && opaque[owner] { continue }
            switch item.role {
            case .alignmentSpanner?: spannerGuide[owner] = id
            case .margins?: marginsGuide[owner] = id
            case .orderingSpanner?: throw .allItemsHidden(stack: owner)
            case .gap?: gapGuides[owner].append(id)
            case nil: throw .irMismatch(item: id)
            }
        }
    }

    /// Reads one constraint (the IR's `index`th) into the model, by its category.
    mutating func read(_ c: IRConstraint, index: Int, tree: ItemTree, into reading: inout ConstraintReading) throws(FallbackReason) {
        let first = c.first.item.index
        guard first >= 0, first < itemCount else { throw .irMismatch(item: nil) }
        guard c.constant.isFinite, abs(c.constant) <= 1e15 else { throw .invalidNumber(item: first) }
        if let second = c.second {
            guard second.item.index >= 0, second.item.index < itemCount else { throw .irMismatch(item: first) }
            guard c.multiplier.isFinite, abs(c.multiplier) <= 1e15 else { throw .invalidNumber(item: first) }
        }
        guard c.priority > 0, c.priority.isFinite || c.priority == .infinity else { throw .invalidNumber(item: first) }
        let n = count
        let priority = min(c.priority, 1000)
        let axis = c.first.attribute.isHorizontal ? 0 : 1
        let ref = OptionalRef(priority: priority, index: index)
        switch c.category {
        case .contentHugging, .contentCompression:
            guard first < n, c.second == nil else { throw .irMismatch(item: first) }
            try readContentSize(c, ref: ref, at: 2 * first + axis)
        case .explicitSize:
            guard first < n, c.relation == .equal, c.second == nil, priority >= 1000, explicit[2 * first + axis] == nil else { throw .irMismatch(item: first) }
            explicit[2 * first + axis] = c.constant
        case .spacing:
            guard first < n, priority >= 1000,
                  (c.first.attribute == .firstBaseline) == baselineChain[tree.parents[first] ?? first] else { throw .irMismatch(item: first) }
            spacingBefore[first] = c.constant
        case .marginGuide:
            // guide.top == view.top + t, guide.leading == view.leading + l,
            // view.bottom == guide.bottom + b, view.trailing == guide.trailing + r.
            let owner = first < n ? first : (tree.owners[first] ?? -1)
            guard owner >= 0, owner < n, priority >= 1000 else { throw .irMismatch(item: first) }
            var values = reading.marginValues[owner] ?? [0, 0, 0, 0]
            switch c.first.attribute {
            case .top: values[0] = c.constant
            case .leading: values[1] = c.constant
            case .bottom: values[2] = c.constant
            case .trailing: values[3] = c.constant
            default: throw .irMismatch(item: first)
            }
            reading.marginValues[owner] = values
        case .ambiguitySuppression:
            guard first < n else { throw .irMismatch(item: first) }
            suppression[first] = ref
        case .spanningFit:
            guard let owner = tree.owners[first], owner < n else { throw .irMismatch(item: first) }
            spanningFit[owner] = ref
        case .canvasFit:
            guard first < n else { throw .irMismatch(item: first) }
            if tree.arrangements[first].map({ $0.axis == (axis == 0 ? .horizontal : .vertical) }) == true {
                lengthFit[first] = ref
            } else {
                canvasFit[first] = ref
            }
        case .alignment:
            if uikit == .current { try readRowAlignment(c, tree: tree, into: &reading) }
        case .canvasConnection, .distributingEdge, .spanningBoundary, .hiding:
            break
        case .spacingHidden:
            try readHiddenSpacing(c, tree: tree, into: &reading)
        case .fillEqually:
            try readEqualLength(c, ref: ref, tree: tree, into: &reading)
        case .fillProportionally:
            try readProportionalShare(c, ref: ref, tree: tree, into: &reading)
        case .baseline:
            try readBaseline(c, tree: tree, into: &reading)
        case .textWidthDisambiguation:
            // Today's `label.width <= share` between multiline labels.
            if c.relation == .lessThanOrEqual, first < n, let parent = tree.parents[first] {
                throw .currentUIKit(stack: parent, .multilineWidthShares)
            }
            guard first < n, let parent = tree.parents[first], let second = c.second, second.item.index == parent,
                  second.attribute == c.first.attribute, c.constant == 0, c.relation == .equal, priority < 1000,
                  c.multiplier > 0 else { throw .irMismatch(item: first) }
            widthShare[first] = ProportionalShare(multiplier: c.multiplier, priority: priority, index: index)
        case .user:
            throw .userConstraints
        }
    }

    /// A leaf's hugging (`<=`) or compression resistance (`>=`) against its intrinsic length.
    private mutating func readContentSize(_ c: IRConstraint, ref: OptionalRef, at slot: Int) throws(FallbackReason) {
        let first = c.first.item.index
        var entry = leafAxes[slot] ?? LeafAxis(
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
        leafAxes[slot] = entry
    }

    /// Today's UIKit: a hidden item sits after its preceding visible item, which meets the next visible
    /// one; in the gap distributions only at `>=` (`LooseHidden`).
    private mutating func readHiddenSpacing(_ c: IRConstraint, tree: ItemTree, into reading: inout ConstraintReading) throws(FallbackReason) {
        let first = c.first.item.index
        let owner = tree.parents[first < count ? first : 0] ?? 0
        let distribution = tree.arrangements[owner]?.distribution
        let loose = c.relation == .greaterThanOrEqual && uikit == .current
            && (distribution == .equalSpacing || distribution == .equalCentering)
        guard let second = c.second?.item.index, first < count, second < count, c.relation == .equal || loose, c.multiplier == 1,
              c.first.attribute == .leading || c.first.attribute == .top,
              c.second?.attribute == .trailing || c.second?.attribute == .bottom else { throw .currentUIKit(stack: owner, .hiddenItems) }
        if hidden[first] && !hidden[second] {
            reading.placementAfter[first] = c.constant
            if loose { looseHidden.append(LooseHidden(item: first, stack: owner, anchor: second, constant: c.constant, after: true)) }
        } else if hidden[second] && !hidden[first] && c.constant == 0 {
            if loose { looseHidden.append(LooseHidden(item: second, stack: owner, anchor: first, constant: 0, after: false)) }
        } else {
            throw .currentUIKit(stack: owner, .hiddenItems)
        }
    }

    /// fillEqually's equal lengths, required, except an equalCentering stack's equal gaps.
    private mutating func readEqualLength(_ c: IRConstraint, ref: OptionalRef, tree: ItemTree, into reading: inout ConstraintReading) throws(FallbackReason) {
        let first = c.first.item.index
        let priority = ref.priority
        if first >= count, let owner = tree.owners[first], tree.arrangements[owner]?.distribution == .equalCentering {
            // One priority for every gap on iOS 9/10; today's count down from 149 by arranged index.
            guard priority < 1000, gapPriority[owner] == 0 || gapPriority[owner] == priority || uikit == .current
            else { throw .irMismatch(item: first) }
            lowestGapPriority[owner] = gapPriority[owner] == 0 ? priority : min(lowestGapPriority[owner], priority)
            gapPriority[owner] = max(gapPriority[owner], priority)
            gapEqualities[owner].append(ref.index)
            return
        }
        guard priority >= 1000 else { throw .irMismatch(item: first) }
        if first < count, let parent = tree.parents[first] { reading.equalFallback[parent] = true }
    }

    /// `item.length == m * stack.length @p` (p < 1000), or `item.length == 0` (required).
    private mutating func readProportionalShare(_ c: IRConstraint, ref: OptionalRef, tree: ItemTree, into reading: inout ConstraintReading) throws(FallbackReason) {
        let first = c.first.item.index
        guard first < count, let parent = tree.parents[first], tree.arrangements[parent]?.distribution == .fillProportionally
        else { throw .irMismatch(item: first) }
        reading.proportionalLowered[parent] = true
        if let second = c.second {
            let ofMargins = second.item.index == marginsGuide[parent] && uikit == .current
            guard second.item.index == parent || ofMargins, second.attribute == c.first.attribute, c.constant == 0,
                  c.relation == .equal, c.multiplier > 0 else { throw .irMismatch(item: first) }
            proportionalShare[first] = ProportionalShare(multiplier: c.multiplier, priority: ref.priority, index: ref.index)
            if ofMargins { reading.sharesOfMargins.append(first) }
        } else {
            guard c.constant == 0, c.relation == .equal, ref.priority >= 1000 else { throw .irMismatch(item: first) }
            zeroLength[first] = true
        }
    }

    /// `leaf.baseline == leaf.top + offset` or `leaf.baseline == leaf.bottom`, or a stack's
    /// baseline taken from one of its items (`stack.baseline == item.baseline`).
    private mutating func readBaseline(_ c: IRConstraint, tree: ItemTree, into reading: inout ConstraintReading) throws(FallbackReason) {
        let first = c.first.item.index
        guard first < count, c.relation == .equal, c.priority >= 1000, let second = c.second, c.multiplier == 1 else { throw .irMismatch(item: first) }
        if second.item.index != first {
            guard tree.arrangements[first] != nil, second.item.index < count, tree.parents[second.item.index] == first,
                  second.attribute == c.first.attribute, c.constant == 0 else { throw .irMismatch(item: first) }
            reading.baselineSources.append((first, second.item.index, c.first.attribute == .firstBaseline))
            return
        }
        // A stack with no visible item to take a baseline from has its bottom as its baseline: one
        // that moves (`movingStackBaselines`).
        guard !kinds[first].isStack else {
            guard second.attribute == .bottom, c.constant == 0 else { throw .irMismatch(item: first) }
            reading.baselineBottoms.append(first)
            return
        }
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
    }

    /// A stack's baseline is its item's, so a fixed depth below the stack's top when the item's
    /// is one and the item's top is the canvas's: the first item of a vertical stack (or its first
    /// visible one after hidden ones, outside a baselineRelative chain), any item of a horizontal
    /// stack aligned to fill or to the top. Items come after their stack, so deepest first. Returns
    /// the stacks whose baseline is not one, in IR order (a stack that takes its baseline from such
    /// a stack is one too, and so is a stack with no item to take it from): their baselines stay
    /// undefined, and the vertical axis declines at them (`axisDeclines`).
    mutating func movingStackBaselines(_ reading: ConstraintReading, tree: ItemTree) -> [Int] {
        var moving: Set<Int> = []
        for (stack, item, first) in reading.baselineSources.sorted(by: { $0.stack > $1.stack }) where !moving.contains(stack) {
            let atTop: Bool
            if tree.arrangements[stack]?.axis == .vertical {
                atTop = item == tree.children[stack].first
                    || (!baselineChain[stack] && item == tree.children[stack].first { !hidden[$0] })
            } else {
                atTop = tree.arrangements[stack]?.alignment == .fill || tree.arrangements[stack]?.alignment == .leading
            }
            guard atTop, case .belowTop(let depth)? = first ? firstBaseline[item] : lastBaseline[item] else {
                moving.insert(stack)
                continue
            }
            let place = BaselinePlace.belowTop((margins[stack]?.top ?? 0) + depth)
            if first { firstBaseline[stack] = place } else { lastBaseline[stack] = place }
        }
        moving.formUnion(reading.baselineBottoms)
        return moving.sorted()
    }

    /// A node's children in the compact structure and, for a stack, what its constraints add up to:
    /// its visible items, spacings, chain, least gap and equalCentering runs.
    mutating func deriveStack(_ index: Int, tree: ItemTree, reading: ConstraintReading) throws(FallbackReason) {
        childStart.append(childList.count)
        let children = tree.children[index]
        childList.append(contentsOf: children)
        guard let stack = tree.arrangements[index] else { return }
        stackAxis[index] = stack.axis == .horizontal ? 0 : 1
        distribution[index] = stack.distribution == .fillProportionally
            && (reading.equalFallback[index] || !reading.proportionalLowered[index]) ? .fillEqually : stack.distribution
        alignment[index] = stack.alignment
        // Along an unread axis there are no placements or baselines to chain.
        if uikit == .current && children.contains(where: { hidden[$0] }) && unreadAxis[index] != stackAxis[index] {
            try Self.chainSpacings(index, children: children, hidden: hidden, placementAfter: reading.placementAfter, spacingBefore: &spacingBefore)
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
        if baselineChain[index] && unreadAxis[index] != stackAxis[index] {
            if let chain = baselineChainShape(children) {
                chainMembers[index] = chain.members
                chainShift[index] = chain.shift
                spacingTotal[index] += chain.shift
            } else {
                axisDeclines[1].append(.baselineRelative(stack: index))
            }
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

    /// Checks that a stack has every guide and constraint the stack lowering gives its shape.
    func checkLowering(_ index: Int, tree: ItemTree) throws(FallbackReason) {
        let children = tree.children[index]
        guard let stack = tree.arrangements[index] else { return }
        if stack.layoutMarginsRelative && !children.isEmpty {
            guard margins[index] != nil, marginsGuide[index] != nil else { throw .irMismatch(item: index) }
        }
        // Across an unread axis the alignment's constraints are not read.
        if stack.alignment != .fill && unreadAxis[index] != 1 - stackAxis[index] {
            for child in children where suppression[child] == nil { throw .irMismatch(item: index) }
            if children.count > 1 {
                guard spannerGuide[index] != nil, spanningFit[index] != nil else { throw .irMismatch(item: index) }
            } else if visibleCount[index] > 0 {
                guard canvasFit[index] != nil else { throw .irMismatch(item: index) }
            }
        }
        if (stack.distribution == .equalSpacing || stack.distribution == .equalCentering) && unreadAxis[index] != stackAxis[index] {
            guard gapGuides[index].count == max(0, visibleCount[index] - 1) else { throw .irMismatch(item: index) }
        }
    }
}
