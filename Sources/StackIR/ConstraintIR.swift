import StackSemantics
import StackSyntax

/// The constraint IR of one root layout: items and the constraints between them, exactly those
/// UIStackView would create for the same configuration, plus the leaves' own content-size constraints
/// and the user's constraints.
///
/// Items are identified by dense indices (`ItemID`) into `items`; constraints are in a deterministic order.
public struct ConstraintIR: Hashable, Sendable {
    /// The root layout's name.
    public var root: String
    /// The path of the source file (for origins).
    public var file: String
    /// `items[0]` is the root stack.
    public var items: [IRItem]
    public var constraints: [IRConstraint]
    /// The UIKit whose constraint sets the stack constraints reproduce.
    public var uikit: UIKitTarget

    /// Creates an IR.
    public init(root: String, file: String, items: [IRItem], constraints: [IRConstraint], uikit: UIKitTarget = .default) {
        self.root = root
        self.file = file
        self.items = items
        self.constraints = constraints
        self.uikit = uikit
    }

    /// The id of the item with this dotted name, if any.
    public func item(named name: String) -> ItemID? {
        items.firstIndex { $0.name == name }.map { ItemID($0) }
    }
}

/// A dense index into `ConstraintIR.items`.
public struct ItemID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var index: Int

    /// Creates an id.
    public init(_ index: Int) { self.index = index }

    public static func < (a: ItemID, b: ItemID) -> Bool { a.index < b.index }
    public var description: String { "#\(index)" }
}

/// What an item is.
public enum ItemKind: String, Hashable, Sendable, CaseIterable {
    case hstack, vstack, view, label, image, button, spacer
    /// A layout guide a stack creates: see `GuideRole`.
    case guide

    /// Stacks arrange children.
    public var isStack: Bool { self == .hstack || self == .vstack }

    /// The axis a stack arranges along; nil for everything else.
    public var axis: Axis? {
        switch self {
        case .hstack: .horizontal
        case .vstack: .vertical
        default: nil
        }
    }
}

/// Why a stack created a guide.
public enum GuideRole: String, Hashable, Sendable, CaseIterable {
    /// UIKit's `_UILayoutSpacer` named `UISV-alignment-spanner`.
    case alignmentSpanner = "alignment-spanner"
    /// `_UIOLAGapGuide` between two items (equalSpacing, equalCentering).
    case gap
    /// `UIViewLayoutMarginsGuide` (layoutMarginsRelative).
    case margins
    /// `UISV-ordering-spanner`: holds a stack's length when every arranged item is hidden (current UIKit).
    case orderingSpanner = "ordering-spanner"
}

/// One item: a stack, a leaf view, or a guide.
///
/// The arranged items of a stack are the non-guide items it owns, in id order; with the stack's
/// `arrangement` and each item's `isHidden`, that is all the structure a solver needs beside the
/// constraints, so it never sees the checked tree.
public struct IRItem: Hashable, Sendable {
    /// Dotted path from the root, the root included (`main.top.time`); guides get `stack.#spanner`-style names.
    public var name: String
    public var kind: ItemKind
    /// The stack that owns this item: the parent of an arranged item, the creator of a guide; `nil` for the root.
    public var owner: ItemID?
    /// Set exactly for guides.
    public var role: GuideRole?
    /// Present exactly for stacks: the properties that decide which constraints the stack creates.
    public var arrangement: StackArrangement?
    /// `isHidden` of an arranged item (its stack lowers it with the hiding constraints).
    public var isHidden: Bool
    /// Where the item was written (for a guide, its stack).
    public var origin: Origin

    /// Creates an item; a stack without an `arrangement` gets UIStackView's defaults along its kind's axis.
    public init(
        name: String, kind: ItemKind, owner: ItemID?, role: GuideRole? = nil,
        arrangement: StackArrangement? = nil, isHidden: Bool = false, origin: Origin
    ) {
        self.name = name
        self.kind = kind
        self.owner = owner
        self.role = role
        self.arrangement = arrangement ?? kind.axis.map { StackArrangement(axis: $0) }
        self.isHidden = isHidden
        self.origin = origin
    }
}

/// The properties of a UIStackView that decide which constraints it creates (its spacing and margins
/// are in the constraints themselves).
public struct StackArrangement: Hashable, Sendable {
    public var axis: Axis
    public var distribution: Distribution
    public var alignment: Alignment
    /// `isBaselineRelativeArrangement`.
    public var baselineRelative: Bool
    /// `isLayoutMarginsRelativeArrangement`.
    public var layoutMarginsRelative: Bool

    /// Creates an arrangement; the defaults are UIStackView's.
    public init(
        axis: Axis, distribution: Distribution = .fill, alignment: Alignment = .fill,
        baselineRelative: Bool = false, layoutMarginsRelative: Bool = false
    ) {
        self.axis = axis
        self.distribution = distribution
        self.alignment = alignment
        self.baselineRelative = baselineRelative
        self.layoutMarginsRelative = layoutMarginsRelative
    }
}

/// A position in the `.stack` text that caused an item or constraint.
public struct Origin: Hashable, Sendable {
    /// 1-based line and character column.
    public var line: Int
    public var column: Int
    /// The byte range, when known (it is not when the IR was read back from text).
    public var range: SourceRange?

    /// Creates an origin.
    public init(line: Int, column: Int, range: SourceRange? = nil) {
        self.line = line
        self.column = column
        self.range = range
    }

    /// The origin of a range in a source file (`nearLine`: a 1-based line to try first, such as the
    /// previous origin's).
    public init(_ range: SourceRange, in file: SourceFile, nearLine: Int? = nil) {
        let location = file.location(of: range.start, nearLine: nearLine.map { $0 - 1 })
        self.init(line: location.line, column: location.column, range: range)
    }

    /// Origins compare by line and column only: a range is extra information, not identity.
    public static func == (a: Origin, b: Origin) -> Bool { a.line == b.line && a.column == b.column }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(line)
        hasher.combine(column)
    }
}

/// NSLayoutConstraint.Attribute, spelled as NSLayoutConstraint names them: the checker's `AnchorAttribute`,
/// so user constraints lower without translation.
public typealias LayoutAttribute = AnchorAttribute

/// NSLayoutConstraint.Relation: the checker's `Relation`.
public typealias LayoutRelation = Relation

/// `item.attribute`.
public struct Anchor: Hashable, Sendable {
    public var item: ItemID
    public var attribute: LayoutAttribute

    /// Creates an anchor.
    public init(_ item: ItemID, _ attribute: LayoutAttribute) {
        self.item = item
        self.attribute = attribute
    }
}

/// The role a constraint plays, named as UIStackView names it (`UISV-<category>`), plus stackc's own
/// categories for what a view brings itself (content size, explicit size, baselines) and for user constraints.
public enum ConstraintCategory: String, Hashable, Sendable, CaseIterable {
    // UIStackView's own.
    case canvasConnection = "canvas-connection"
    case alignment
    case spacing
    case fillEqually = "fill-equally"
    case fillProportionally = "fill-proportionally"
    case distributingEdge = "distributing-edge"
    case spanningBoundary = "spanning-boundary"
    case spanningFit = "spanning-fit"
    case canvasFit = "canvas-fit"
    case ambiguitySuppression = "ambiguity-suppression"
    case hiding
    /// A hidden item placed beside its visible neighbour at priority 50 (current UIKit).
    case spacingHidden = "spacing-hidden"
    case textWidthDisambiguation = "text-width-disambiguation"
    /// UIView's `UIView-margin-guide-constraint`: the layout margins guide inset from its view.
    case marginGuide = "margin-guide"
    // stackc's own.
    /// Content hugging: size <= intrinsic at the hugging priority.
    case contentHugging = "content-hugging"
    /// Compression resistance: size >= intrinsic at its priority.
    case contentCompression = "content-compression"
    /// `width:` / `height:` attributes.
    case explicitSize = "explicit-size"
    /// A leaf's baselines relative to its top, and a stack's baselines taken from its arranged items.
    case baseline
    /// From a `constraints { }` block.
    case user
}

/// The one prefix of every constraint identifier stackc creates (UIKit uses `UISV`, Arranged `ASV`).
public let identifierPrefix = "stk"

/// `first.attribute relation multiplier * second.attribute + constant @priority`.
public struct IRConstraint: Hashable, Sendable {
    public var category: ConstraintCategory
    public var first: Anchor
    public var relation: LayoutRelation
    public var multiplier: Double
    /// `nil` for a constant constraint (`view.width == 40`).
    public var second: Anchor?
    public var constant: Double
    /// 1...1000; 1000 is required.
    public var priority: Double
    public var origin: Origin

    /// Creates a constraint.
    public init(
        _ category: ConstraintCategory, _ first: Anchor, _ relation: LayoutRelation,
        _ second: Anchor?, multiplier: Double = 1, constant: Double = 0, priority: Double = 1000, origin: Origin
    ) {
        self.category = category
        self.first = first
        self.relation = relation
        self.second = second
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.origin = origin
    }

    /// `stk-<category>`, like UIKit's `UISV-spacing`.
    public var identifier: String { "\(identifierPrefix)-\(category.rawValue)" }

    /// Priority 1000.
    public var isRequired: Bool { priority >= 1000 }
}

/// UIKit's named priorities.
public enum Priority {
    public static let required: Double = 1000
    public static let defaultHigh: Double = 750
    public static let defaultLow: Double = 250
    public static let fittingSizeLevel: Double = 50
    /// `UISV-hiding` in current UIKit: the Float 999.999 (0x4479FFF0), just below required, so a hidden
    /// item's own required size wins over its collapse.
    public static let hiding: Double = 999.999
}
