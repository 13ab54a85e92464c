/// `NSLayoutConstraint`: `firstItem.firstAttribute (relation) multiplier * secondItem.secondAttribute + constant`,
/// at a priority, solved by stackc's solver when a view lays out.
@MainActor
open class NSLayoutConstraint {
    /// `NSLayoutConstraint.Attribute`, with UIKit's raw values.
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline
        case firstBaseline = 12
        case notAnAttribute = 0
    }

    /// `NSLayoutConstraint.Relation`, with UIKit's raw values.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    /// `NSLayoutConstraint.Axis`, for content hugging and compression resistance.
    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1
    }

    /// The constrained view or guide. Weak, as UIKit's: the hierarchy keeps its items, and a view
    /// that holds a constraint on itself (or on its own subviews) is not kept alive by it.
    public private(set) weak var firstItem: AnyObject?
    public let firstAttribute: Attribute
    public let relation: Relation
    /// The view or guide it is related to; nil for a constant size. Weak, like `firstItem`.
    public private(set) weak var secondItem: AnyObject?
    public let secondAttribute: Attribute
    public let multiplier: CGFloat
    /// May change while active; the next layout uses the new value.
    public var constant: CGFloat { didSet { home?.structureChanged() } }
    /// Required (1000) by default.
    public var priority: UILayoutPriority = .required { didSet { home?.structureChanged() } }
    /// A name for logs (generated code uses `stk-<category>`).
    public var identifier: String? { didSet { home?.structureChanged() } }
    /// Creation order: layouts solve active constraints in this order, which decides which of
    /// several conflicting required constraints breaks (the latest) and how ties resolve.
    let sequence: Int
    /// The view whose `constraints` hold this one while it is active.
    weak var home: UIView?

    private static var nextSequence = 0

    /// `item.attribute (relation) multiplier * toItem.attribute + constant`.
    public init(
        item: Any, attribute: Attribute, relatedBy relation: Relation, toItem: Any?, attribute secondAttribute: Attribute,
        multiplier: CGFloat, constant: CGFloat
    ) {
        firstItem = item as AnyObject
        firstAttribute = attribute
        self.relation = relation
        secondItem = toItem.map { $0 as AnyObject }
        self.secondAttribute = secondItem == nil ? .notAnAttribute : secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        sequence = Self.nextSequence
        Self.nextSequence += 1
    }

    /// Whether the constraint takes part in layout. Setting it is `activate`/`deactivate` of one.
    public var isActive: Bool {
        get { home != nil }
        set { newValue ? Self.activate([self]) : Self.deactivate([self]) }
    }

    /// Activates every constraint: each is kept by the nearest common ancestor of its items (or the
    /// first item's view when they share none yet; layout looks at the whole hierarchy anyway).
    public static func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints where constraint.home == nil {
            guard let view = constraint.homeView() else { continue }
            constraint.home = view
            view.activeConstraints.append(constraint)
            view.structureChanged()
        }
    }

    /// Deactivates every constraint.
    public static func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints {
            guard let view = constraint.home else { continue }
            view.activeConstraints.removeAll { $0 === constraint }
            constraint.home = nil
            view.structureChanged()
        }
    }

    private func homeView() -> UIView? {
        let first = Self.view(of: firstItem)
        guard let second = Self.view(of: secondItem) else { return first }
        guard let first else { return second }
        let firstChain = first.ancestorsIncludingSelf
        for candidate in second.ancestorsIncludingSelf where firstChain.contains(where: { $0 === candidate }) {
            return candidate
        }
        return first
    }

    /// The view an item lives in: itself, or a guide's owning view.
    static func view(of item: AnyObject?) -> UIView? {
        if let view = item as? UIView { return view }
        if let guide = item as? UILayoutGuide { return guide.owningView }
        return nil
    }
}
