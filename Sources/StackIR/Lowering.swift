import StackSemantics
import StackSyntax

/// Lowers every root layout of a checked model, in source order, for a UIKit target.
public func lower(_ model: LayoutModel, uikit: UIKitTarget = .default) -> [ConstraintIR] {
    model.roots.map { lower($0, in: model.file, uikit: uikit) }
}

/// Lowers one root layout to the constraints UIStackView would create for it, plus the leaves' own
/// content-size, explicit-size and baseline constraints and the user's constraints.
///
/// Items: `items[i]` is `tree.nodes[i]` for every node (so node indices are item ids), followed by
/// the guides the stacks create, in the order they are created.
///
/// Constraint order is fixed: nodes in pre-order, each node's categories in the order of
/// `Lowerer.lowerNode`; then the baseline definitions in pre-order; then the user's constraints.
/// Nothing depends on `Dictionary` or `Set` order. The walk iterates the pre-order arena (no
/// recursion), and every stack only looks at its direct children, so lowering is O(n).
public func lower(_ tree: LayoutTree, in file: SourceFile, uikit: UIKitTarget = .default) -> ConstraintIR {
    var lowerer = Lowerer(tree: tree, file: file, uikit: uikit)
    lowerer.run()
    return ConstraintIR(root: tree.name, file: file.path, items: lowerer.items, constraints: lowerer.constraints, uikit: uikit)
}

/// The attributes one axis is laid out with: along a horizontal stack these are leading, trailing,
/// width and centerX; across it top, bottom, height and centerY.
struct AxisAttributes {
    var leading: LayoutAttribute
    var trailing: LayoutAttribute
    var length: LayoutAttribute
    var center: LayoutAttribute

    init(_ axis: Axis) {
        switch axis {
        case .horizontal: (leading, trailing, length, center) = (.leading, .trailing, .width, .centerX)
        case .vertical: (leading, trailing, length, center) = (.top, .bottom, .height, .centerY)
        }
    }
}

/// The state of one lowering: the items and constraints produced so far, and which baseline anchors
/// some constraint uses (so baselines are defined only where needed).
struct Lowerer {
    let tree: LayoutTree
    let file: SourceFile
    let uikit: UIKitTarget
    var items: [IRItem] = []
    var constraints: [IRConstraint] = []
    /// The id of `items[0]`: 0 when the items start with the nodes; `nodes.count` when one node is
    /// lowered alone, so its guides get ids no node has.
    var firstItemID = 0
    /// Per node, where `constraints` held its own constraints (`lowerNode`), when `recordsNodes`.
    var nodeConstraints: [Range<Int>] = []
    var recordsNodes = false
    /// Per node: bit 0 = its firstBaseline is used, bit 1 = its lastBaseline is used.
    var baselineUse: [UInt8]
    /// The last range `origin(_:)` resolved: consecutive constraints mostly share one (a leaf's four
    /// content-size constraints, a stack's per-child ones), and each resolution is a line search.
    private let lastOrigin = OriginCache()

    init(tree: LayoutTree, file: SourceFile, uikit: UIKitTarget) {
        self.tree = tree
        self.file = file
        self.uikit = uikit
        self.baselineUse = Array(repeating: 0, count: tree.nodes.count)
    }

    var nodes: [LayoutNode] { tree.nodes }

    /// The three passes: per-node constraints, user constraints (collected so the baselines they
    /// use are known), baseline definitions; emitted as nodes, baselines, user.
    mutating func run() {
        // Every node, then the guides: growing the array past the nodes copied all the items once more.
        items.reserveCapacity(nodes.count + guideBound())
        // About 7 (flat) to 8.5 (nested) constraints per node in the layout benchmark: one allocation
        // instead of a dozen doublings, each copying every constraint so far (with 8 per node the
        // nested one still doubled once at the end: 9% of its lowering in memmove).
        constraints.reserveCapacity(nodes.count * 10)
        // Fields read one by one: `for node in nodes` copied every node (~600 bytes, its strings and arrays retained).
        for index in nodes.indices {
            let owner = nodes[index].parent.flatMap { nodes.indices.contains($0) ? ItemID($0) : nil }
            let arrangement = nodes[index].stack.map {
                StackArrangement(
                    axis: $0.axis, distribution: $0.distribution, alignment: $0.alignment,
                    baselineRelative: $0.baselineRelative, layoutMarginsRelative: $0.layoutMarginsRelative)
            }
            items.append(IRItem(name: nodes[index].path, kind: ItemKind(nodes[index].kind), owner: owner,
                                arrangement: arrangement, isHidden: nodes[index].hidden,
                                origin: origin(nodes[index].origins.element)))
        }
        if recordsNodes { nodeConstraints.reserveCapacity(nodes.count) }
        for index in nodes.indices {
            let start = constraints.count
            lowerNode(index)
            if recordsNodes { nodeConstraints.append(start..<constraints.count) }
        }
        let user = lowerUserConstraints()
        lowerBaselines()
        constraints.append(contentsOf: user)
    }

    /// One node's own constraints; for a stack, everything it creates for its arranged items.
    mutating func lowerNode(_ index: Int) {
        if let stack = nodes[index].stack {
            lowerStack(index, stack)
        }
        lowerContentSize(index)
        lowerExplicitSize(index)
    }

    /// A stack's constraints. A stack without arranged items creates none (UIStackView adds no
    /// constraints until it has an arranged subview; it has no intrinsic size either).
    mutating func lowerStack(_ index: Int, _ stack: StackAttributes) {
        let children = validChildren(of: index)
        guard !children.isEmpty else { return }
        let canvas = stack.layoutMarginsRelative ? lowerMarginsGuide(index, stack) : ItemID(index)
        let visible = children.filter { !nodes[$0].hidden }
        var orderingSpanner: ItemID? = nil
        switch uikit {
        case .iOS9: lowerCanvasAlongAxis(index, stack, canvas: canvas, children: children)
        case .current: orderingSpanner = lowerCurrentCanvasAlongAxis(index, stack, canvas: canvas, visible: visible)
        }
        lowerAlignment(index, stack, canvas: canvas, children: children, visible: visible)
        lowerDistribution(index, stack, canvas: canvas, children: children, visible: visible, orderingSpanner: orderingSpanner)
    }

    /// Children indices that really point into the arena, after their parent (a malformed tree
    /// must not trap or loop).
    func validChildren(of index: Int) -> [Int] {
        let count = nodes.count
        let children = nodes[index].children
        // A checked tree always passes: its own array is shared, not filtered into a new one per stack.
        if children.allSatisfy({ $0 > index && $0 < count }) { return children }
        return children.filter { $0 > index && $0 < count }
    }

    /// At least as many guides as the stacks create: a spanner, an ordering spanner and a margins guide each, and gaps
    /// between items in equalSpacing and equalCentering stacks.
    func guideBound() -> Int {
        var bound = 0
        for index in nodes.indices {
            guard let distribution = nodes[index].stack?.distribution else { continue }
            bound += 3
            if distribution == .equalSpacing || distribution == .equalCentering { bound += nodes[index].children.count }
        }
        return bound
    }

    // MARK: Emitting

    /// Appends a constraint, remembering which baseline anchors it uses.
    mutating func add(_ constraint: IRConstraint) {
        noteBaselineUse(constraint.first)
        if let second = constraint.second { noteBaselineUse(second) }
        constraints.append(constraint)
    }

    mutating func noteBaselineUse(_ anchor: Anchor) {
        guard anchor.item.index < baselineUse.count else { return }
        switch anchor.attribute {
        case .firstBaseline: baselineUse[anchor.item.index] |= 1
        case .lastBaseline: baselineUse[anchor.item.index] |= 2
        default: break
        }
    }

    /// `a.attr relation b.attr2 * multiplier + constant @priority`, shorthand for the many uses below.
    mutating func add(
        _ category: ConstraintCategory, _ a: ItemID, _ aAttribute: LayoutAttribute, _ relation: LayoutRelation,
        _ b: ItemID?, _ bAttribute: LayoutAttribute? = nil, multiplier: Double = 1, constant: Double = 0,
        priority: Double = Priority.required, origin: Origin
    ) {
        let second = b.map { Anchor($0, bAttribute ?? aAttribute) }
        add(IRConstraint(category, Anchor(a, aAttribute), relation, second,
                         multiplier: multiplier, constant: constant, priority: priority, origin: origin))
    }

    /// Creates a guide owned by a stack and returns its id.
    mutating func addGuide(owner: Int, suffix: String, role: GuideRole, origin: Origin) -> ItemID {
        let id = ItemID(firstItemID + items.count)
        items.append(IRItem(name: "\(nodes[owner].path)#\(suffix)", kind: .guide, owner: ItemID(owner), role: role, origin: origin))
        return id
    }

    func origin(_ range: SourceRange) -> Origin {
        if let cached = lastOrigin.origin, cached.range == range { return cached }
        let origin = Origin(range, in: file, nearLine: lastOrigin.origin?.line)
        lastOrigin.origin = origin
        return origin
    }

    /// The origin of constraints a stack's alignment causes (cross-axis ones).
    func alignmentOrigin(_ index: Int) -> Origin {
        origin(nodes[index].origins.alignment ?? nodes[index].origins.element)
    }

    /// The origin of constraints a stack's distribution causes.
    func distributionOrigin(_ index: Int) -> Origin {
        origin(nodes[index].origins.distribution ?? nodes[index].origins.element)
    }
}

/// A one-entry memo of `Lowerer.origin(_:)`, a class so that the lookup stays non-mutating.
final class OriginCache {
    var origin: Origin?
}

extension ItemKind {
    /// The item kind of a layout element.
    init(_ kind: ElementKind) {
        switch kind {
        case .hstack: self = .hstack
        case .vstack: self = .vstack
        case .view: self = .view
        case .label: self = .label
        case .image: self = .image
        case .button: self = .button
        case .spacer: self = .spacer
        }
    }
}
