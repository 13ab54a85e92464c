import StackSyntax
import StackText

/// The checked, fully resolved layouts of one file: components expanded, constants evaluated,
/// every attribute validated and defaulted. This is what the lowering consumes; it never sees syntax.
public struct LayoutModel: Sendable {
    /// The file the layouts came from (for origins in later phases).
    public var file: SourceFile
    /// One tree per root layout, in source order.
    public var roots: [LayoutTree]

    /// Creates a model.
    public init(file: SourceFile, roots: [LayoutTree]) {
        self.file = file
        self.roots = roots
    }

    /// The root with this name, if any.
    public func root(named name: String) -> LayoutTree? {
        roots.first { $0.name == name }
    }
}

/// One root layout as an index-based arena: `nodes[root]` is the root, children refer by index.
///
/// Nodes are stored in pre-order (a parent before its children, siblings in order), so walking
/// `nodes` forwards is a top-down traversal and backwards a bottom-up one: no recursion needed.
public struct LayoutTree: Sendable {
    /// All nodes, pre-order; `nodes[0]` is the root.
    public var nodes: [LayoutNode]
    /// Constraints from `constraints { }` blocks, already resolved to node indices.
    public var userConstraints: [UserConstraint]

    /// Creates a tree.
    public init(nodes: [LayoutNode], userConstraints: [UserConstraint] = []) {
        self.nodes = nodes
        self.userConstraints = userConstraints
    }

    /// The root node's name.
    public var name: String { nodes.first?.name ?? "" }
}

/// The kinds of element a layout is made of.
public enum ElementKind: String, Sendable, CaseIterable {
    case hstack, vstack, view, label, image, button, spacer

    /// Whether this element arranges children.
    public var isStack: Bool { self == .hstack || self == .vstack }

    /// The stack axis, for stacks.
    public var axis: Axis? {
        switch self {
        case .hstack: .horizontal
        case .vstack: .vertical
        default: nil
        }
    }

    /// The UIKit class generated code uses when no `type:` is given.
    public var defaultSwiftType: String {
        switch self {
        case .hstack, .vstack: "UIStackView"
        case .view, .spacer: "UIView"
        case .label: "UILabel"
        case .image: "UIImageView"
        case .button: "UIButton"
        }
    }
}

/// A stack's axis.
public enum Axis: String, Sendable, CaseIterable {
    case horizontal, vertical

    /// The other axis.
    public var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// `UIStackView.Distribution`.
public enum Distribution: String, Sendable, CaseIterable {
    case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
}

/// `UIStackView.Alignment`, with `top` folded into `leading` and `bottom` into `trailing`
/// exactly as UIKit's raw values do.
public enum Alignment: String, Sendable, CaseIterable {
    case fill, leading, center, trailing, firstBaseline, lastBaseline
}

/// Layout margins, in UIKit's `NSDirectionalEdgeInsets` order.
public struct Insets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    /// Creates insets.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// UIKit's default layout margins for a stack view's own margins guide: 8 on every side.
    public static let uiKitDefault = Insets(top: 8, leading: 8, bottom: 8, trailing: 8)
    /// No insets.
    public static let zero = Insets(top: 0, leading: 0, bottom: 0, trailing: 0)
}

/// A value per axis (hugging and compression resistance priorities, intrinsic size).
public struct PerAxis<Value: Sendable & Hashable>: Hashable, Sendable {
    public var horizontal: Value
    public var vertical: Value

    /// Creates a pair.
    public init(horizontal: Value, vertical: Value) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The value for one axis.
    public subscript(axis: Axis) -> Value {
        get { axis == .horizontal ? horizontal : vertical }
        set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
    }
}

/// Where in the `.stack` text each piece of a node came from; origins of the constraints it causes.
/// Each is the range of the attribute that set it, or the element itself when it was defaulted.
public struct NodeOrigins: Hashable, Sendable {
    public var element: SourceRange
    public var distribution: SourceRange?
    public var alignment: SourceRange?
    public var spacing: SourceRange?
    public var margins: SourceRange?
    public var baselineRelative: SourceRange?
    public var width: SourceRange?
    public var height: SourceRange?
    public var intrinsic: SourceRange?
    public var hidden: SourceRange?
    public var spacingAfter: SourceRange?
    public var baselines: SourceRange?

    /// Origins that all point at the element.
    public init(element: SourceRange) {
        self.element = element
    }
}

/// Attributes only stacks have.
public struct StackAttributes: Hashable, Sendable {
    public var axis: Axis
    public var distribution: Distribution = .fill
    public var alignment: Alignment = .fill
    public var spacing: Double = 0
    /// The stack's layout margins; used only when `layoutMarginsRelative` is true.
    public var margins: Insets = .uiKitDefault
    public var layoutMarginsRelative: Bool = false
    public var baselineRelative: Bool = false

    /// Creates stack attributes with UIKit's defaults.
    public init(axis: Axis) {
        self.axis = axis
    }
}

/// Attributes only leaves have.
public struct LeafAttributes: Hashable, Sendable {
    /// Intrinsic content size; `nil` in a dimension means `UIView.noIntrinsicMetric`.
    public var intrinsic: PerAxis<Double?> = PerAxis(horizontal: nil, vertical: nil)
    /// Content hugging priority per axis (UIKit default 250; spacers use 1).
    public var hugging: PerAxis<Double> = PerAxis(horizontal: 250, vertical: 250)
    /// Compression resistance priority per axis (UIKit default 750).
    public var compressionResistance: PerAxis<Double> = PerAxis(horizontal: 750, vertical: 750)
    /// Distance from the top to the first baseline, if given.
    public var firstBaseline: Double?
    /// Distance from the top to the last baseline, if given.
    public var lastBaseline: Double?
    /// `text:` for labels and buttons, `image:` for images.
    public var content: String?
    /// `text:` of a label or button (a button's `image:` is `content` too, never `text`).
    public var text: String?
    /// `font:` of a label or button; nil: the element's default (`body` for a label, `system(15)` for a
    /// button, UIButton's title font).
    public var font: FontSpec?
    /// `lines:`, UILabel's `numberOfLines`: 1 by default, 0 for no limit.
    public var lines: Int = 1
    /// Whether the intrinsic size (and baselines) came from measuring the text, not from `intrinsic:`:
    /// generated code then lets the device measure.
    public var measuredText: Bool = false

    /// Creates leaf attributes with UIKit's defaults.
    public init() {}
}

/// One item of a layout: a stack or a leaf.
///
/// The optional fields are spelled `Optional<T>` and nothing has a default value, so that `init` assigns
/// each field once: a `T?` variable is implicitly initialized to `nil`, and with those the checker built
/// every node, copied it out and destroyed the original (callgrind, flat N = 10,000: check 96.3 -> 88.9 M
/// instructions per call).
public struct LayoutNode: Hashable, Sendable {
    /// The local name: as written, or generated (`label2`: kind and index among its siblings).
    public var name: String
    /// Whether the name was written by the user (generated names are not referable).
    public var isNamed: Bool
    /// The dotted path of names from the root, the root included (`main.top.time`).
    public var path: String
    public var kind: ElementKind
    /// Index of the parent node; `nil` for the root.
    public var parent: Optional<Int>
    /// Indices of the arranged children, in order. Empty for leaves.
    public var children: [Int]
    public var hidden: Bool
    /// `setCustomSpacing(_:after:)` on the parent stack, after this item.
    public var spacingAfter: Optional<Double>
    /// Explicit width and height constraints.
    public var width: Optional<Double>
    public var height: Optional<Double>
    /// The Swift type for generated code (`type:`), or the element's default.
    public var swiftType: String
    /// Present exactly when `kind.isStack`.
    public var stack: Optional<StackAttributes>
    /// Present exactly when the node is a leaf.
    public var leaf: Optional<LeafAttributes>
    /// Source ranges for the constraints this node causes.
    public var origins: NodeOrigins

    /// Creates a node.
    public init(name: String, isNamed: Bool, path: String, kind: ElementKind, parent: Int?, origins: NodeOrigins) {
        self.name = name
        self.isNamed = isNamed
        self.path = path
        self.kind = kind
        self.parent = parent
        self.children = []
        self.hidden = false
        self.spacingAfter = nil
        self.width = nil
        self.height = nil
        self.swiftType = kind.defaultSwiftType
        self.stack = kind.axis.map { StackAttributes(axis: $0) }
        self.leaf = kind.isStack ? nil : LeafAttributes()
        self.origins = origins
    }
}

/// NSLayoutConstraint's attributes, as a user writes them in `constraints { }`.
public enum AnchorAttribute: String, Hashable, Sendable, CaseIterable {
    case leading, trailing, left, right, top, bottom, width, height, centerX, centerY, firstBaseline, lastBaseline

    /// The axis the attribute belongs to: leading, trailing, left, right, width and centerX are horizontal.
    public var isHorizontal: Bool {
        switch self {
        case .leading, .trailing, .left, .right, .width, .centerX: true
        case .top, .bottom, .height, .centerY, .firstBaseline, .lastBaseline: false
        }
    }

    /// Width and height are sizes; the rest are positions.
    public var isSize: Bool { self == .width || self == .height }
}

/// `==`, `<=`, `>=`.
public enum Relation: String, Hashable, Sendable, CaseIterable {
    case equal = "=="
    case lessThanOrEqual = "<="
    case greaterThanOrEqual = ">="
}

/// A resolved user constraint: `first.attribute relation multiplier * second.attribute + constant @priority`.
public struct UserConstraint: Hashable, Sendable {
    public var first: Int
    public var firstAttribute: AnchorAttribute
    public var relation: Relation
    public var multiplier: Double
    /// `nil` for a constant constraint (`avatar.width == 40`).
    public var second: Int?
    public var secondAttribute: AnchorAttribute?
    public var constant: Double
    public var priority: Double
    public var origin: SourceRange

    /// Creates a user constraint.
    public init(
        first: Int, firstAttribute: AnchorAttribute, relation: Relation, multiplier: Double,
        second: Int?, secondAttribute: AnchorAttribute?, constant: Double, priority: Double, origin: SourceRange
    ) {
        self.first = first
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.multiplier = multiplier
        self.second = second
        self.secondAttribute = secondAttribute
        self.constant = constant
        self.priority = priority
        self.origin = origin
    }
}
