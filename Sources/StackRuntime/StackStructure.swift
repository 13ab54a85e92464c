import StackIR
import StackSemantics
import StackSolver

/// One item of the stack structure a generated layout installs, in its IR's order: the stacks and
/// leaves in `.stack` order, then the guides the stacks create. Not UIKit API: `stackc build` writes
/// these for StackRuntime only (`adoptStacks`).
public struct StackItem {
    let object: AnyObject
    let kind: ItemKind
    let owner: Int?
    let role: GuideRole?
    let arrangement: StackArrangement?
    let hidden: Bool

    /// A stack, laid out by the guide that stands for it; `owner` is its stack's position in the list
    /// (nil for the root, which comes first).
    public static func stack(
        _ guide: UILayoutGuide, _ axis: Axis, distribution: Distribution = .fill, alignment: Alignment = .fill,
        baselineRelative: Bool = false, layoutMarginsRelative: Bool = false, owner: Int?, hidden: Bool = false
    ) -> StackItem {
        let arrangement = StackArrangement(axis: axis, distribution: distribution, alignment: alignment,
                                           baselineRelative: baselineRelative, layoutMarginsRelative: layoutMarginsRelative)
        return StackItem(object: guide, kind: axis == .horizontal ? .hstack : .vstack, owner: owner, role: nil,
                         arrangement: arrangement, hidden: hidden)
    }

    /// An arranged view of the stack at `owner`.
    public static func leaf(_ view: UIView, _ kind: ItemKind, owner: Int, hidden: Bool = false) -> StackItem {
        StackItem(object: view, kind: kind, owner: owner, role: nil, arrangement: nil, hidden: hidden)
    }

    /// A guide the stack at `owner` creates (a spanner, a gap, its margins).
    public static func guide(_ guide: UILayoutGuide, _ role: GuideRole, owner: Int) -> StackItem {
        StackItem(object: guide, kind: .guide, owner: owner, role: role, arrangement: nil, hidden: false)
    }
}

extension UIView {
    /// Tells layout which stacks `constraints` (just activated, `stk-` identifiers) are UIStackView's
    /// constraints for, so that it solves them on the stack structure, in time linear in the items,
    /// and after an intrinsic size changes only along that leaf's path to the root. Frames are the
    /// ones the constraints as written give: the structure is adopted only when this view is the
    /// root of a hierarchy made of exactly those items and constraints (plus the two `stk-root` pins
    /// of the root stack to this view), it holds only until a constraint, view, guide or content
    /// priority changes (then every layout solves the constraints as written), and a layout with a
    /// conflict or an ambiguity is solved as written too, so that its findings are the same.
    /// Not UIKit API: `stackc build` writes the call for StackRuntime only.
    public func adoptStacks(_ items: [StackItem], uikit: UIKitTarget, constraints: [NSLayoutConstraint]) {
        adoptedStacks = AdoptedStacks(container: self, items: items, uikit: uikit, constraints: constraints)
    }
}

/// A hierarchy's stack structure (`adoptStacks`) and the structured solver's engine for it.
@MainActor
final class AdoptedStacks {
    /// Unowned: the container holds its adoption.
    private unowned let container: UIView
    /// The items' views and guides, kept alive: `leaves` and `guides` do not retain them, because
    /// a layout reads and writes every one, and retaining an object that has weak references (a
    /// view's superview link, a constraint's items) goes through its side table, about 15% of a
    /// layout after one change.
    private let owned: [AnyObject]
    /// The leaf views in their superview's order (the order content sizes join the constraints in),
    /// with their IR items, and the intrinsic sizes the engine holds.
    private let leaves: [(view: Unmanaged<UIView>, item: Int)]
    private var sizes: [CGSize] = []
    /// The guides that are items, with their IR items.
    private let guides: [(guide: Unmanaged<UILayoutGuide>, item: Int)]
    /// The hierarchy's guides that are no item (no constraint mentions them): free, so at zero.
    private let spareGuides: [UILayoutGuide]
    /// The adopted constraints in creation order, without the root pins, and the items.
    private let constraints: [IRConstraint]
    private let items: [IRItem]
    private let uikit: UIKitTarget
    private let generation: Int
    private var engine: StackSolver.LayoutEngine?

    init?(container: UIView, items described: [StackItem], uikit: UIKitTarget, constraints given: [NSLayoutConstraint]) {
        guard container.superview == nil, container.translatesAutoresizingMaskIntoConstraints,
              let root = described.first?.object as? UILayoutGuide else { return nil }
        var number: [ObjectIdentifier: Int] = [:]
        for (index, item) in described.enumerated() where number.updateValue(index, forKey: ObjectIdentifier(item.object)) != nil {
            return nil
        }
        // The hierarchy holds the items and nothing else, and its active constraints are the given
        // ones. Guides that a toggle's other states use may be there too, unconstrained.
        let views = container.subviews
        let spare = container.layoutGuides.filter { number[ObjectIdentifier($0)] == nil }
        guard views.count + container.layoutGuides.count - spare.count == described.count,
              views.allSatisfy({ number[ObjectIdentifier($0)] != nil && $0.subviews.isEmpty && $0.layoutGuides.isEmpty
                                 && !$0.translatesAutoresizingMaskIntoConstraints }),
              Set(given.map(ObjectIdentifier.init)).count == given.count, given.allSatisfy(\.isActive),
              views.reduce(container.activeConstraints.count, { $0 + $1.activeConstraints.count }) == given.count else { return nil }
        let origin = Origin(line: 0, column: 0)
        var pinned: Set<NSLayoutConstraint.Attribute> = []
        var converted: [IRConstraint] = []
        converted.reserveCapacity(given.count + 4 * views.count)
        for constraint in given.sorted(by: { $0.sequence < $1.sequence }) {
            let identifier = constraint.identifier ?? ""
            if identifier == "\(identifierPrefix)-root" {
                guard Self.pinsRoot(constraint, root: root, to: container),
                      pinned.insert(constraint.firstAttribute).inserted else { return nil }
                continue
            }
            guard identifier.hasPrefix("\(identifierPrefix)-"),
                  let category = ConstraintCategory(rawValue: String(identifier.dropFirst(identifierPrefix.count + 1))),
                  let irConstraint = constraint.ir(category, origin: origin, number: { number[ObjectIdentifier($0)] }) else { return nil }
            converted.append(irConstraint)
        }
        guard pinned == [.leading, .top] else { return nil }
        self.container = container
        spareGuides = spare
        owned = described.map(\.object)
        guides = described.indices.compactMap { index in
            (described[index].object as? UILayoutGuide).map { (Unmanaged.passUnretained($0), index) }
        }
        leaves = views.map { (Unmanaged.passUnretained($0), number[ObjectIdentifier($0)]!) }
        self.constraints = converted
        items = described.enumerated().map { index, item in
            IRItem(name: "item#\(index)", kind: item.kind, owner: item.owner.map(ItemID.init), role: item.role,
                   arrangement: item.arrangement, isHidden: item.hidden, origin: origin)
        }
        self.uikit = uikit
        generation = container.structureGeneration
    }

    /// `root.leading == container.leading` or `root.top == container.top`, exactly.
    private static func pinsRoot(_ constraint: NSLayoutConstraint, root: UILayoutGuide, to container: UIView) -> Bool {
        constraint.firstItem === root && constraint.secondItem === container && constraint.relation == .equal
            && constraint.multiplier == 1 && constraint.constant == 0 && constraint.priority == .required
            && constraint.firstAttribute == constraint.secondAttribute
            && (constraint.firstAttribute == .leading || constraint.firstAttribute == .top)
    }

    /// Lays the hierarchy out on its stacks. False, with nothing written, when the structure no
    /// longer holds or the layout has findings: the caller solves the constraints as written.
    func layout() -> Bool {
        guard generation == container.structureGeneration, container.superview == nil,
              container.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) else { return false }
        let current = leaves.map { $0.view._withUnsafeGuaranteedRef(\.intrinsicContentSize) }
        if let engine {
            if current != sizes { update(engine, to: current) }
        } else {
            engine = StackSolver.LayoutEngine(ir: ir(sizes: current))
        }
        sizes = current
        guard let solution = engine?.solution, solution.findings.isEmpty, solution.frames.count == items.count else { return false }
        func rect(_ item: Int) -> CGRect {
            let frame = solution.frames[item]
            return CGRect(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        }
        for (view, item) in leaves { view._withUnsafeGuaranteedRef { $0.frame = rect(item) } }
        for (guide, item) in guides { guide._withUnsafeGuaranteedRef { $0.layoutFrame = rect(item) } }
        for guide in spareGuides { guide.layoutFrame = .zero }
        container.layoutFindings = []
        return true
    }

    /// The engine at the leaves' new sizes: along the changed leaves' paths to the root, or (a size
    /// that appears or disappears, or one the lowering reads beyond its content-size constraints)
    /// from a new IR.
    private func update(_ engine: StackSolver.LayoutEngine, to current: [CGSize]) {
        var changes: [IntrinsicSize] = []
        for (position, (_, item)) in leaves.enumerated() where current[position] != sizes[position] {
            for (old, new, axis) in [(sizes[position].width, current[position].width, Axis.horizontal),
                                     (sizes[position].height, current[position].height, .vertical)] where old != new {
                // A negative size is noIntrinsicMetric: its constraints appear or disappear.
                guard old >= 0, new >= 0 else {
                    engine.replace(ir: ir(sizes: current))
                    return
                }
                changes.append(IntrinsicSize(node: item, axis: axis, value: Double(new)))
            }
        }
        if engine.setIntrinsicSizes(changes) != .solved { engine.replace(ir: ir(sizes: current)) }
    }

    /// The IR of the adopted constraints with the leaves' content sizes at `sizes`, in the order a
    /// layout of the constraints as written takes them (LayoutEngine.swift).
    private func ir(sizes: [CGSize]) -> ConstraintIR {
        var all = constraints
        for (position, (view, item)) in leaves.enumerated() {
            view._withUnsafeGuaranteedRef { $0.appendContentSizeConstraints(sizes[position], as: item, to: &all) }
        }
        return ConstraintIR(root: "", file: "", items: items, constraints: all, uikit: uikit)
    }
}
