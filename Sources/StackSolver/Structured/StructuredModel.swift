import StackIR

/// One optional constraint as the structured solver sees it: its clamped priority and IR index.
struct OptionalRef {
    var priority: Double
    var index: Int
}

/// A fillProportionally item's share: `item.length == multiplier * stack.length @priority`, or, where
/// today's UIKit shares the margins guide, `multiplier * (stack.length - inset)` with the guide's
/// insets along the stack.
struct ProportionalShare {
    var multiplier: Double
    var priority: Double
    var index: Int
    var inset = 0.0

    /// The length the share asks of its item when the stack is `stack` long.
    func target(at stack: Double) -> Double { multiplier * (stack - inset) }

    /// `target` as a function of the stack's length.
    var line: LinearPieces { .linear(intercept: target(at: 0), slope: multiplier) }
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
/// `init` throws why (`FallbackReason`) for anything the structured solver does not solve exactly on
/// either axis: user constraints, an iOS 9/10 baseline row distributed by equalCentering, stacks whose
/// arranged items are all hidden, invalid numbers, or an IR that is not the stack lowering's. Those
/// layouts go to the general solver. A shape it declines along one axis only is noted in
/// `axisDeclines`, and the other axis is read and solved as any other: a vertical stack aligned by
/// baselines (across), baselineRelative with a distribution or hidden items it does not chain
/// (along), a baseline that is not a fixed depth below its stack's top. (Some shapes are declined
/// later: `StructuredLayout.update` when a cost is not of a shape handled, the top-down pass for a
/// stack squeezed below where its cost is known exactly: MoveBound.swift.)
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
    /// Per node: its first and last baselines when they are a fixed depth below its top or its
    /// bottom (a leaf's, or a stack's taken from such an item at its top).
    var firstBaseline: [BaselinePlace?]
    var lastBaseline: [BaselinePlace?]
    /// Per item of today's firstBaseline row: its top below the row's alignment reference's top
    /// (TopBoundedRow.swift).
    var alignmentOffset: [Double]
    /// Per item of today's lastBaseline row aligned by its bottom (it has no baseline): the item its
    /// bottom is aligned to (LastBaselineAlignment.swift).
    var edgeReference: [Int?]
    /// The nodes with a baseline defined (the solution reports those baselines).
    var baselineNodes: [Int] = []
    /// Per axis, why the tree solver declines it at stacks the model reads on the other axis, in IR
    /// order: a stack's shape along one axis only (`readStack`, whose axis's own constraints are left
    /// unread: `unreadAxis`), and on the vertical axis, which alone reads baselines, a baseline that
    /// is not a fixed depth below the stack's top (`movingStackBaselines`), a row of today's UIKit
    /// aligning an item by such a baseline (`readRowOffsets`), a baselineRelative chain whose items'
    /// baselines it does not count (`baselineChainShape`). The other axis is solved as any other
    /// (`StructuredLayout.init`).
    var axisDeclines: [[FallbackReason]] = [[], []]
    /// Per node: the axis whose own constraints the model leaves unread (`readStack`), or -1.
    private(set) var unreadAxis: [Int8] = []
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
    /// Per equalCentering stack: the lowest priority of its gap equalities, below `gapPriority` (then
    /// the highest) when they count down (today's UIKit).
    var lowestGapPriority: [Double]
    /// Today's UIKit: the hidden items of the gap distributions, which `>=` at 50 only bounds on one
    /// side (`LooseHidden`).
    var looseHidden: [LooseHidden] = []
    /// The ambiguity `looseHidden` is reported with (`ambiguityFindings`): every solve of the layout has it.
    private(set) var looseFindings: [SolverFinding] = []
    let itemCount: Int
    /// The stacks whose own constraints are left unread (`tolerant(ir:)`), and per node whether it is
    /// one, or above one (`unsolved`: the tree solver gives it no cost function). Empty when every
    /// stack is read.
    private(set) var opaqueRoots: [Int] = []
    /// Why each opaque stack is left unread.
    private(set) var opaqueReasons: [FallbackReason] = []
    private(set) var opaque: [Bool] = []
    private(set) var unsolved: [Bool] = []

    /// Reads every stack of `ir`, except the own constraints (`ConstraintOwnership`) of the stacks at
    /// `opaqueRoots`; the stacks at and above them are read for their structure alone (see
    /// `tolerant(ir:)`).
    /// `broken`: per IR constraint (empty: none), whether a conflict search broke it; those are left
    /// unread, as if the IR did not have them, and the others keep their indices (the tie rule's order).
    init(ir: ConstraintIR, opaqueRoots: [Int] = [], without broken: [Bool] = []) throws(FallbackReason) {
        var declining: [FallbackReason] = []
        try self.init(ir: ir, opaqueRoots: opaqueRoots, without: broken, declining: &declining)
    }

    /// As `init(ir:opaqueRoots:)`; the stacks whose own reading declines for a reason of their own
    /// (`FallbackReason.spineNode`) are all collected in `declining` before the first one is thrown:
    /// each stack is read by itself, so one reading finds every one of them.
    init(ir: ConstraintIR, opaqueRoots: [Int], without broken: [Bool] = [], declining: inout [FallbackReason]) throws(FallbackReason) {
        uikit = ir.uikit
        // The arranged items come first, the guides after them (the lowering's order).
        let n = ir.items.firstIndex { $0.kind == .guide } ?? ir.items.count
        guard !ir.constraints.indices.contains(where: { ir.constraints[$0].category == .user && (broken.isEmpty || !broken[$0]) })
        else { throw .userConstraints }
        guard n > 0 else { throw .irMismatch(item: nil) }
        itemCount = ir.items.count
        count = n
        let tree = ItemTree(ir: ir, arranged: n)
        kinds = tree.kinds
        arrangements = tree.arrangements
        hidden = tree.hidden
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
        lowestGapPriority = Array(repeating: 0, count: n)
        chainMembers = Array(repeating: [], count: n)
        baselineChain = Array(repeating: false, count: n)
        chainShift = Array(repeating: 0, count: n)
        firstBaseline = Array(repeating: nil, count: n)
        lastBaseline = Array(repeating: nil, count: n)
        alignmentOffset = Array(repeating: 0, count: n)
        edgeReference = Array(repeating: nil, count: n)
        proportionalShare = Array(repeating: nil, count: n)
        zeroLength = Array(repeating: false, count: n)
        widthShare = Array(repeating: nil, count: n)
        baselineRow = Array(repeating: false, count: n)
        sharedRow = Array(repeating: false, count: n)

        let partial = !opaqueRoots.isEmpty
        var ownership: ConstraintOwnership?
        if partial {
            ownership = ConstraintOwnership(ir: ir, nodes: n)
            guard ownership != nil else { throw .irMismatch(item: nil) }
            markOpaque(opaqueRoots, tree: tree)
        }
        try readStacks(tree: tree, partial: partial, declining: &declining)
        try readGuides(ir, tree: tree)
        let reading = try readConstraints(ir, without: broken, tree: tree, ownership: ownership, partial: partial)
        for (owner, values) in reading.marginValues {
            margins[owner] = Insets(top: values[0], leading: values[1], bottom: values[2], trailing: values[3])
        }
        for item in reading.sharesOfMargins {
            guard let stack = tree.parents[item], let arrangement = tree.arrangements[stack] else { throw .irMismatch(item: item) }
            let inset = insets(stack, axis: arrangement.axis == .horizontal ? 0 : 1).total
            proportionalShare[item]?.inset = inset
        }
        axisDeclines[1] += movingStackBaselines(reading, tree: tree).map { .baselineAlignment(stack: $0, .stackBaseline) }
        readRowOffsets(reading.rowAlignments, tree: tree)
        for index in 0..<n {
            guard partial, unsolved[index] else {
                try deriveStack(index, tree: tree, reading: reading)
                continue
            }
            // At and above an opaque stack only the structure counts (a joint group writes the
            // stack's constraints out): its children, axis, distribution and alignment come first in
            // `deriveStack`.
            try? deriveStack(index, tree: tree, reading: reading)
        }
        childStart.append(childList.count)
        for axis in 0..<2 {
            // Above an opaque stack both axes decline already.
            if partial { axisDeclines[axis].removeAll { unsolved[$0.node ?? 0] } }
            axisDeclines[axis].sort { ($0.node ?? 0) < ($1.node ?? 0) }
        }
        baselineNodes = (0..<n).filter { firstBaseline[$0] != nil || lastBaseline[$0] != nil }
        if !looseHidden.isEmpty { looseFindings = try Self.looseFindings(looseHidden, in: self, ir: ir) }
        for index in 0..<n where !partial || !unsolved[index] { try checkLowering(index, tree: tree) }
    }

    /// Reads each stack (`readStack`), noting those it declines along one axis only; the stacks that
    /// decline both are collected in `declining` and the first is thrown.
    private mutating func readStacks(tree: ItemTree, partial: Bool, declining: inout [FallbackReason]) throws(FallbackReason) {
        unreadAxis = Array(repeating: -1, count: count)
        for index in 0..<count where !partial || !opaque[index] {
            do throws(FallbackReason) {
                if let decline = try readStack(index, tree: tree) {
                    unreadAxis[index] = Int8(decline.axis)
                    axisDeclines[decline.axis].append(decline.reason)
                }
            } catch {
                guard error.spineNode != nil else { throw error }
                declining.append(error)
            }
        }
        if let first = declining.first { throw first }
    }

    /// Reads every constraint (`read`) but the broken ones, an opaque stack's own, and a stack's own along its unread axis.
    private mutating func readConstraints(
        _ ir: ConstraintIR, without broken: [Bool], tree: ItemTree, ownership: ConstraintOwnership?, partial: Bool
    ) throws(FallbackReason) -> ConstraintReading {
        var ownership = ownership
        if ownership == nil && unreadAxis.contains(where: { $0 >= 0 }) {
            ownership = ConstraintOwnership(ir: ir, nodes: count)
            guard ownership != nil else { throw .irMismatch(item: nil) }
        }
        var reading = ConstraintReading(count: count)
        for (index, c) in ir.constraints.enumerated() where broken.isEmpty || !broken[index] {
            if let ownership, let owner = ownership.owner(of: c), owner >= 0,
               (partial && opaque[owner]) || unreadAxis[owner] == (c.first.attribute.isHorizontal ? 0 : 1) { continue }
            try read(c, index: index, tree: tree, into: &reading)
        }
        return reading
    }

    /// The ambiguity findings of today's UIKit's loose hidden items (`LooseHidden`): each item and
    /// everything inside it, placed nowhere along its stack. One inside another (two places settled
    /// together) is left to the general solver.
    private static func looseFindings(_ looseHidden: [LooseHidden], in model: StructuredModel, ir: ConstraintIR) throws(FallbackReason) -> [SolverFinding] {
        var determined = [Determination](repeating: .all, count: ir.items.count)
        let looseItems = Set(looseHidden.map(\.item))
        for loose in looseHidden {
            let axis = Int(model.stackAxis[loose.stack])
            let nodes = loose.placed(in: model, axis: axis).nodes
            if nodes.dropFirst().contains(where: looseItems.contains) { throw .currentUIKit(stack: loose.stack, .hiddenItems) }
            for node in nodes {
                if axis == 0 { determined[node].x = false } else { determined[node].y = false }
            }
        }
        return ambiguityFindings(determined: determined, ir: ir)
    }

    /// The model of a layout with the stacks it cannot read left opaque: a stack of a shape only the
    /// general solver solves on both axes (`FallbackReason.spineNode`: an iOS 9/10 baseline row by
    /// equalCentering, a baseline row whose items share its width in part, ...) has its own
    /// constraints left unread, and a joint group on each axis writes them out and takes its items
    /// by their cost functions (or onto its spine, where a constraint meets an item at more than its
    /// position and length, as a baseline does). A shape declined along one axis only is not opaque
    /// (`axisDeclines`). Nil when the layout cannot be read for another reason, or after 8 readings
    /// that each find more such stacks (one reading finds every stack that declines by itself; a
    /// reading finds one of those that decline in the constraints between stacks).
    /// `broken` as for `init(ir:opaqueRoots:without:)`: the layout's user constraints, to read its stacks alone.
    static func tolerant(ir: ConstraintIR, without broken: [Bool] = []) -> StructuredModel? {
        var (roots, reasons): ([Int], [FallbackReason]) = ([], [])
        for _ in 0..<8 {
            var declining: [FallbackReason] = []
            do throws(FallbackReason) {
                var model = try StructuredModel(ir: ir, opaqueRoots: roots, without: broken, declining: &declining)
                model.opaqueReasons = reasons
                return model
            } catch {
                for reason in declining.isEmpty ? [error] : declining {
                    guard case let stack? = reason.spineNode, stack >= 0, !roots.contains(stack) else { return nil }
                    roots.append(stack)
                    reasons.append(reason)
                }
            }
        }
        return nil
    }

    /// Whether the model reads `stack`'s own constraints along `axis`: it is not opaque, nor that axis unread.
    func reads(_ stack: Int, axis: Int) -> Bool { (opaque.isEmpty || !opaque[stack]) && unreadAxis[stack] != axis }

    /// Why the model leaves each opaque stack unread (`tolerant`), then why it declines an axis at
    /// each stack it reads otherwise, in IR order.
    var declineReasons: [FallbackReason] {
        opaqueReasons + (axisDeclines[0] + axisDeclines[1]).sorted { ($0.node ?? 0) < ($1.node ?? 0) }
    }

    /// Marks the stacks at `roots` opaque, and them and their ancestors unsolved.
    private mutating func markOpaque(_ roots: [Int], tree: ItemTree) {
        opaqueRoots = roots.sorted()
        opaque = [Bool](repeating: false, count: count)
        unsolved = [Bool](repeating: false, count: count)
        for root in roots {
            opaque[root] = true
            var node: Int? = root
            while let current = node, current >= 0, current < count, !unsolved[current] {
                unsolved[current] = true
                node = tree.parents[current]
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

extension ConstraintIR {
    /// Per constraint, whether it is a user constraint: what the layout's stacks alone leave unread
    /// (`StructuredModel.tolerant(ir:without:)`), the rest keeping their indices.
    var userConstraintFlags: [Bool] { constraints.map { $0.category == .user } }
}
