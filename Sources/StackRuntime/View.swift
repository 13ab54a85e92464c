import StackSolver

/// `UIView`: a rectangle in a hierarchy, laid out by constraints. Nothing is drawn; frames are computed
/// by stackc's solver, so anchor code can be tested headlessly (on Linux too).
@MainActor
open class UIView: AnchorProviding {
    /// `UIView.noIntrinsicMetric`: a dimension without an intrinsic size.
    nonisolated public static let noIntrinsicMetric: CGFloat = -1

    /// The frame in the superview's coordinates (the root's is kept as given; layout sets the size
    /// only when `translatesAutoresizingMaskIntoConstraints` is off).
    public var frame: CGRect
    /// The bounds: origin zero, the frame's size.
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    public private(set) weak var superview: UIView?
    public private(set) var subviews: [UIView] = []
    /// The guides this view owns, in the order they were added.
    public private(set) var layoutGuides: [UILayoutGuide] = []
    /// When on (the default), the frame as it is becomes required constraints, as UIKit's
    /// autoresizing-mask constraints do.
    public var translatesAutoresizingMaskIntoConstraints = true { didSet { structureChanged() } }
    /// Hidden views still take part in layout (UIView's own constraints do not change).
    public var isHidden = false
    /// A name for logs and tests.
    public var accessibilityIdentifier: String?
    /// The active constraints this view holds.
    public var constraints: [NSLayoutConstraint] { activeConstraints }
    var activeConstraints: [NSLayoutConstraint] = []
    /// The solver's findings from the last layout of this hierarchy (conflicts, ambiguity), when this
    /// view was its root. Not UIKit API: how headless tests see what UIKit would log.
    public internal(set) var layoutFindings: [SolverFinding] = []
    private var hugging = (horizontal: UILayoutPriority.defaultLow, vertical: UILayoutPriority.defaultLow)
    private var compression = (horizontal: UILayoutPriority.defaultHigh, vertical: UILayoutPriority.defaultHigh)
    var needsLayout = true
    /// The stack structure generated code declared for this hierarchy (`adoptStacks`), when this is its root.
    var adoptedStacks: AdoptedStacks?
    /// How many changes `structureChanged` has counted in this hierarchy, while this is its root.
    var structureGeneration = 0
    /// Whether this root's last layout was solved on its adopted stacks (else as written).
    var lastLayoutUsedStacks = false

    /// Creates a view with a frame.
    public init(frame: CGRect) {
        self.frame = frame
    }

    /// Creates a view with a zero frame.
    public convenience init() {
        self.init(frame: .zero)
    }

    /// The size the view wants from its content; `noIntrinsicMetric` in a dimension without one.
    /// Subclasses override it, as in UIKit.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Marks the layout stale; the next `layoutIfNeeded` reads the new intrinsic size.
    open func invalidateIntrinsicContentSize() { setNeedsLayout() }

    /// Adds `view` as the last subview (removing it from its old superview first).
    open func addSubview(_ view: UIView) {
        guard view !== self else { return }
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        structureChanged()
    }

    /// Removes the view from its superview.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        parent.structureChanged()
        structureChanged()
    }

    /// Adds a layout guide to this view.
    open func addLayoutGuide(_ guide: UILayoutGuide) {
        guard guide.owningView !== self else { return }
        guide.owningView?.removeLayoutGuide(guide)
        layoutGuides.append(guide)
        guide.owningView = self
        structureChanged()
    }

    /// Removes a layout guide.
    open func removeLayoutGuide(_ guide: UILayoutGuide) {
        layoutGuides.removeAll { $0 === guide }
        if guide.owningView === self { guide.owningView = nil }
        structureChanged()
    }

    /// The priority with which the view resists growing beyond its intrinsic size.
    open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? hugging.horizontal : hugging.vertical
    }

    /// Sets the content hugging priority of one axis.
    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { hugging.horizontal = priority } else { hugging.vertical = priority }
        structureChanged()
    }

    /// The priority with which the view resists shrinking below its intrinsic size.
    open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? compression.horizontal : compression.vertical
    }

    /// Sets the compression resistance priority of one axis.
    open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { compression.horizontal = priority } else { compression.vertical = priority }
        structureChanged()
    }

    /// Marks the hierarchy for layout.
    open func setNeedsLayout() {
        rootView.needsLayout = true
    }

    /// Marks the hierarchy for layout after a change that can alter its constraints: activation, a
    /// constant, a priority or an identifier; a view or guide added or removed; an autoresizing mask
    /// translated or not; a content priority. Frames and intrinsic sizes do not count: layout writes
    /// the one and reads the other. An adopted stack structure (StackStructure.swift) holds while
    /// its root's count of these changes is the one it was adopted at.
    func structureChanged() {
        let root = rootView
        root.needsLayout = true
        root.structureGeneration &+= 1
    }

    /// Lays out the whole hierarchy this view is in, if anything changed since the last layout: on
    /// the stacks generated code adopted (StackStructure.swift) while they hold, else as its
    /// constraints are written (LayoutEngine.swift).
    open func layoutIfNeeded() {
        let root = rootView
        guard root.needsLayout else { return }
        root.lastLayoutUsedStacks = root.adoptedStacks?.layout() == true
        if !root.lastLayoutUsedStacks { LayoutEngine(root: root).run() }
        root.needsLayout = false
    }

    /// The view and its ancestors, nearest first.
    var ancestorsIncludingSelf: [UIView] {
        var result: [UIView] = [self]
        while let parent = result.last?.superview, !result.contains(where: { $0 === parent }) { result.append(parent) }
        return result
    }

    /// The topmost ancestor.
    var rootView: UIView { ancestorsIncludingSelf.last ?? self }

    public var leadingAnchor: NSLayoutXAxisAnchor { x(.leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { x(.trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { x(.left) }
    public var rightAnchor: NSLayoutXAxisAnchor { x(.right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { x(.centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { y(.top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { y(.bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { y(.centerY) }
    /// Free unless constrained: generated code defines it for StackRuntime from the `.stack` file.
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { y(.firstBaseline) }
    /// Free unless constrained, like `firstBaselineAnchor`.
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { y(.lastBaseline) }
    public var widthAnchor: NSLayoutDimension { dimension(.width) }
    public var heightAnchor: NSLayoutDimension { dimension(.height) }
}

/// `UILayoutGuide`: a rectangle that takes part in layout without being a view.
@MainActor
open class UILayoutGuide: AnchorProviding {
    /// The view that owns it; its `layoutFrame` is in that view's coordinates.
    public internal(set) weak var owningView: UIView?
    /// Set by layout.
    public internal(set) var layoutFrame: CGRect = .zero
    /// A name for logs.
    public var identifier = ""

    /// Creates a guide.
    public init() {}

    public var leadingAnchor: NSLayoutXAxisAnchor { x(.leading) }
    public var trailingAnchor: NSLayoutXAxisAnchor { x(.trailing) }
    public var leftAnchor: NSLayoutXAxisAnchor { x(.left) }
    public var rightAnchor: NSLayoutXAxisAnchor { x(.right) }
    public var centerXAnchor: NSLayoutXAxisAnchor { x(.centerX) }
    public var topAnchor: NSLayoutYAxisAnchor { y(.top) }
    public var bottomAnchor: NSLayoutYAxisAnchor { y(.bottom) }
    public var centerYAnchor: NSLayoutYAxisAnchor { y(.centerY) }
    public var widthAnchor: NSLayoutDimension { dimension(.width) }
    public var heightAnchor: NSLayoutDimension { dimension(.height) }
}
