import StackIR
import StackSolver

/// One layout of a view hierarchy: its views, guides and active constraints become a `ConstraintIR`,
/// stackc's solver finds the frames, and they are written back.
///
/// The IR: item 0 is the root view (at 0,0, and of its frame's size while it translates its
/// autoresizing mask), then the other views in pre-order, then every view's guides. Constraints, in
/// this order (it decides which required constraint breaks in a conflict and how ties resolve):
/// 1. autoresizing-mask constraints of non-root views that translate it (their frames, required);
/// 2. the active constraints, in creation order;
/// 3. content-size constraints from each view's `intrinsicContentSize` (views in pre-order; per axis,
///    horizontal first: `size <= intrinsic` at the hugging priority, `size >= intrinsic` at the
///    compression resistance priority), as Auto Layout derives them.
@MainActor
struct LayoutEngine {
    let root: UIView
    private var views: [UIView] = []
    private var guides: [UILayoutGuide] = []
    private var index: [ObjectIdentifier: Int] = [:]

    init(root: UIView) {
        self.root = root
        var stack = [root]
        while let view = stack.popLast() {
            guard index[ObjectIdentifier(view)] == nil else { continue }
            index[ObjectIdentifier(view)] = views.count
            views.append(view)
            stack += view.subviews.reversed()
        }
        for view in views {
            for guide in view.layoutGuides where index[ObjectIdentifier(guide)] == nil {
                index[ObjectIdentifier(guide)] = views.count + guides.count
                guides.append(guide)
            }
        }
    }

    func run() {
        let ir = makeIR()
        let pinSize = root.translatesAutoresizingMaskIntoConstraints
        let solution = solve(ir, width: pinSize ? Double(root.frame.size.width) : nil, height: pinSize ? Double(root.frame.size.height) : nil)
        root.layoutFindings = solution.findings
        let frames = solution.frames
        guard frames.count == views.count + guides.count else { return }
        root.frame.size = CGSize(width: frames[0].width, height: frames[0].height)
        for (position, view) in views.enumerated() where position > 0 {
            let parent = view.superview.flatMap { index[ObjectIdentifier($0)] } ?? 0
            view.frame = rect(frames[position], relativeTo: frames[parent])
        }
        for (offset, guide) in guides.enumerated() {
            let owner = guide.owningView.flatMap { index[ObjectIdentifier($0)] } ?? 0
            guide.layoutFrame = rect(frames[views.count + offset], relativeTo: frames[owner])
        }
    }

    private func rect(_ frame: Frame, relativeTo parent: Frame) -> CGRect {
        CGRect(x: frame.x - parent.x, y: frame.y - parent.y, width: frame.width, height: frame.height)
    }

    private func makeIR() -> ConstraintIR {
        let origin = Origin(line: 0, column: 0)
        var items: [IRItem] = []
        for (position, view) in views.enumerated() {
            let name = view.accessibilityIdentifier ?? "\(type(of: view))#\(position)"
            items.append(IRItem(name: name, kind: .view, owner: nil, origin: origin))
        }
        for (offset, guide) in guides.enumerated() {
            let name = guide.identifier.isEmpty ? "guide#\(offset)" : guide.identifier
            items.append(IRItem(name: name, kind: .guide, owner: nil, origin: origin))
        }
        var constraints: [IRConstraint] = []
        for (position, view) in views.enumerated() where position > 0 && view.translatesAutoresizingMaskIntoConstraints {
            let me = ItemID(position)
            let parent = ItemID(view.superview.flatMap { index[ObjectIdentifier($0)] } ?? 0)
            let frame = view.frame
            constraints.append(IRConstraint(.user, Anchor(me, .left), .equal, Anchor(parent, .left), constant: Double(frame.origin.x), origin: origin))
            constraints.append(IRConstraint(.user, Anchor(me, .top), .equal, Anchor(parent, .top), constant: Double(frame.origin.y), origin: origin))
            constraints.append(IRConstraint(.user, Anchor(me, .width), .equal, nil, constant: Double(frame.size.width), origin: origin))
            constraints.append(IRConstraint(.user, Anchor(me, .height), .equal, nil, constant: Double(frame.size.height), origin: origin))
        }
        var active: [NSLayoutConstraint] = []
        for view in views { active += view.activeConstraints }
        active.sort { $0.sequence < $1.sequence }
        for constraint in active {
            if let converted = convert(constraint, origin: origin) { constraints.append(converted) }
        }
        for (position, view) in views.enumerated() {
            view.appendContentSizeConstraints(view.intrinsicContentSize, as: position, to: &constraints)
        }
        return ConstraintIR(root: items.first?.name ?? "", file: "", items: items, constraints: constraints)
    }

    /// An active constraint in IR form; nil when an item is outside this hierarchy.
    private func convert(_ constraint: NSLayoutConstraint, origin: Origin) -> IRConstraint? {
        constraint.ir(.user, origin: origin) { index[ObjectIdentifier($0)] }
    }
}

extension UIView {
    /// The content-size constraints Auto Layout derives from `size` (this view's intrinsic size), as
    /// item `item`: per axis with a size, horizontal first, `size <= intrinsic` at the hugging
    /// priority, then `size >= intrinsic` at the compression resistance priority.
    func appendContentSizeConstraints(_ size: CGSize, as item: Int, to constraints: inout [IRConstraint]) {
        let origin = Origin(line: 0, column: 0)
        for (axis, value) in [(NSLayoutConstraint.Axis.horizontal, size.width), (.vertical, size.height)] where value >= 0 {
            let me = Anchor(ItemID(item), axis == .horizontal ? .width : .height)
            constraints.append(IRConstraint(.contentHugging, me, .lessThanOrEqual, nil, constant: Double(value),
                                            priority: Double(contentHuggingPriority(for: axis).rawValue), origin: origin))
            constraints.append(IRConstraint(.contentCompression, me, .greaterThanOrEqual, nil, constant: Double(value),
                                            priority: Double(contentCompressionResistancePriority(for: axis).rawValue), origin: origin))
        }
    }
}

extension NSLayoutConstraint {
    /// The constraint in IR form, its items numbered by `number`; nil when one has no number.
    func ir(_ category: ConstraintCategory, origin: Origin, number: (AnyObject) -> Int?) -> IRConstraint? {
        guard let first = firstItem, let firstIndex = number(first), let firstAttribute = Self.attribute(firstAttribute) else { return nil }
        var second: Anchor? = nil
        if let item = secondItem {
            guard let secondIndex = number(item), let attribute = Self.attribute(secondAttribute) else { return nil }
            second = Anchor(ItemID(secondIndex), attribute)
        }
        let relation: LayoutRelation = switch self.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessThanOrEqual
        case .greaterThanOrEqual: .greaterThanOrEqual
        }
        return IRConstraint(category, Anchor(ItemID(firstIndex), firstAttribute), relation, second,
                            multiplier: Double(multiplier), constant: Double(constant),
                            priority: Double(priority.rawValue), origin: origin)
    }

    private static func attribute(_ attribute: NSLayoutConstraint.Attribute) -> LayoutAttribute? {
        switch attribute {
        case .left: .left
        case .right: .right
        case .top: .top
        case .bottom: .bottom
        case .leading: .leading
        case .trailing: .trailing
        case .width: .width
        case .height: .height
        case .centerX: .centerX
        case .centerY: .centerY
        case .firstBaseline: .firstBaseline
        case .lastBaseline: .lastBaseline
        case .notAnAttribute: nil
        }
    }
}
