import StackIR

/// Why the structured solver hands a layout to the general solver: one case per cause a user can act
/// on or recognise, each with the tree node (also the IR item: `ir.items[i]` is `tree.nodes[i]`)
/// where the structured solver stopped, when it knows one.
///
/// Decline sites build one of these without allocating (indices and small enums only); the readable
/// line comes from `description(in:)`, which looks names up in the IR only when asked.
public enum FallbackReason: Error, Hashable, Sendable {
    /// The layout has a `constraints { }` block: user constraints can relate any two items, which the
    /// structured solver's per-subtree costs cannot express.
    case userConstraints
    /// The IR is not the lowering of the tree (an item, guide or constraint where the stack lowering
    /// puts none); `item` is where the mismatch shows.
    case irMismatch(item: Int?)
    /// A constant, multiplier or priority that is not finite or beyond 1e15 in magnitude, in a
    /// constraint on `item`.
    case invalidNumber(item: Int?)
    /// Every arranged item of the stack is hidden.
    case allItemsHidden(stack: Int)
    /// A baseline alignment of a shape only the general solver solves.
    case baselineAlignment(stack: Int, BaselineShape)
    /// A baselineRelative vertical stack of a shape only the general solver solves: a stack among its
    /// items, fillProportionally or equalCentering, equalSpacing with hidden items, or an item whose
    /// baselines make the chain's length count it negatively.
    case baselineRelative(stack: Int)
    /// Required constraints cannot all hold in the subtree at `node` along `axis` (at this container
    /// size when `node` is the root): the general solver breaks one and reports the conflict.
    case conflict(node: Int, axis: Axis)
    /// The subtree at `node` has no unique optimal length along `axis`: the general solver picks one
    /// and reports the ambiguity.
    case ambiguous(node: Int, axis: Axis)
    /// An equalCentering stack is shorter than where its cost is known exactly: its gaps cannot all
    /// be equal and its items would give way (EqualCentering.swift, MoveBound.swift).
    case equalCenteringSqueezed(stack: Int, axis: Axis)
    /// A stack whose cost is exact only where its items keep their own lengths (a baseline row held
    /// above its width shares, a lastBaseline row) is given another length (MoveBound.swift).
    case outsideExactRange(stack: Int, axis: Axis)
    /// A fillProportionally stack (or a baseline row's width shares) whose split the structured
    /// solver does not settle exactly: a required share with spacing, a stack among items split level
    /// by level, more items than the level split takes, or tied shares whose residue changes hands
    /// more often than the split's budget (TiedShares.swift).
    case proportionalSplit(stack: Int, axis: Axis)
    /// A rule of today's UIKit (`UIKitTarget.current`) the structured solver does not hold
    /// (CurrentUIKitRules.swift).
    case currentUIKit(stack: Int, CurrentUIKitRule)

    /// The rules of today's UIKit the structured solver leaves to the general one.
    public enum CurrentUIKitRule: String, Hashable, Sendable {
        /// Hidden items placed from a baseline (a baselineRelative column), or a hidden stack placed
        /// with `>=` (the gap distributions) with another such item inside it.
        case hiddenItems
        /// A hidden item whose required size keeps it from collapsing, with something inside held as
        /// strongly as its collapse (999.999), so its length is not simply its required size.
        case hiddenItemWithSize
        /// A vertical stack of several items with a baseline alignment, which aligns nothing.
        case verticalBaselineStack
        /// A row of multiline labels sharing its width with `<=` at 950 and above.
        case multilineWidthShares
    }

    /// The baseline shapes the structured solver leaves to the general one.
    public enum BaselineShape: String, Hashable, Sendable {
        /// A horizontal stack with baseline alignment and equalCentering distribution, on iOS 9/10
        /// (whose baseline rows share their width as well).
        case equalCenteringRow
        /// A vertical stack of several items aligned to lastBaseline, or to firstBaseline with a
        /// hidden item.
        case verticalStack
        /// A stack whose baseline (taken from an item) is not a fixed depth below its top.
        case stackBaseline
        /// An item of a baseline row without a baseline the row can align.
        case undefinedBaseline
        /// A lastBaseline row with a view hanging from a labelled reference's bottom (so not every
        /// item hangs from the baseline, HangingRow.swift) and an item whose shortening would
        /// shorten the row, not held above the spanner and the canvas fit.
        case lastBaselineRow
        /// A baseline row's width shares (`width == stack.width / n`) against its items' own
        /// constraints, in a case not settled here.
        case widthShares
    }

    /// The family, a short stable name (for counts and JSON).
    public var kind: String {
        switch self {
        case .userConstraints: "userConstraints"
        case .irMismatch: "irMismatch"
        case .invalidNumber: "invalidNumber"
        case .allItemsHidden: "allItemsHidden"
        case .baselineAlignment(_, let shape): "baselineAlignment.\(shape.rawValue)"
        case .baselineRelative: "baselineRelative"
        case .conflict: "conflict"
        case .ambiguous: "ambiguous"
        case .equalCenteringSqueezed: "equalCenteringSqueezed"
        case .outsideExactRange: "outsideExactRange"
        case .proportionalSplit: "proportionalSplit"
        case .currentUIKit(_, let rule): "currentUIKit.\(rule.rawValue)"
        }
    }

    /// The tree node (IR item) where the structured solver stopped, when known.
    public var node: Int? {
        switch self {
        case .userConstraints: nil
        case .irMismatch(let item), .invalidNumber(let item): item
        case .allItemsHidden(let stack), .baselineAlignment(let stack, _), .baselineRelative(let stack): stack
        case .conflict(let node, _), .ambiguous(let node, _): node
        case .equalCenteringSqueezed(let stack, _), .outsideExactRange(let stack, _), .proportionalSplit(let stack, _): stack
        case .currentUIKit(let stack, _): stack
        }
    }

    /// The stack a joint group (JointGroup.swift) takes onto its spine for this reason, its
    /// constraints written out for the general solver while the rest of the axis enters by cost
    /// functions: where the tree solver stopped, for every reason but a conflict (broken first, by
    /// SubtreeConflicts.swift or the general solver over the axis), user constraints (their own
    /// spine) and an IR the model cannot be trusted to read (a mismatch, an invalid number).
    var spineNode: Int? {
        switch self {
        case .userConstraints, .irMismatch, .invalidNumber, .conflict: nil
        default: node
        }
    }

    /// What went wrong, without the place.
    public var explanation: String {
        switch self {
        case .userConstraints: "user constraints (a constraints { } block) relate items across stacks"
        case .irMismatch: "the IR is not the stack lowering's own (an item, guide or constraint the lowering does not create)"
        case .invalidNumber: "a constraint has a number that is not finite or beyond 1e15"
        case .allItemsHidden: "every arranged item is hidden"
        case .baselineAlignment(_, let shape):
            switch shape {
            case .equalCenteringRow: "baseline alignment with equalCentering"
            case .verticalStack: "baseline alignment in a vertical stack (lastBaseline, or firstBaseline with a hidden item)"
            case .stackBaseline: "its baseline is not a fixed depth below its top"
            case .undefinedBaseline: "baseline alignment with an item without a baseline"
            case .lastBaselineRow: "lastBaseline row with a view hanging from a labelled item's bottom, and an item that may shorten not held above the row's own constraints"
            case .widthShares: "baseline row whose width shares are not settled exactly"
            }
        case .baselineRelative: "baselineRelative with a stack item, fillProportionally, equalCentering, hidden items in equalSpacing, or baselines that count an item negatively"
        case .conflict(_, let axis): "required constraints cannot all hold (\(axis.rawValue))"
        case .ambiguous(_, let axis): "no unique optimal length (\(axis.rawValue))"
        case .equalCenteringSqueezed(_, let axis): "equalCentering squeezed below where its gaps can be equal (\(axis.rawValue))"
        case .outsideExactRange(_, let axis): "squeezed or stretched outside where its items keep their own lengths (\(axis.rawValue))"
        case .proportionalSplit(_, let axis): "fillProportionally split not settled exactly: a required share with spacing, a level split of stacks or too many items, or tied shares whose residue changes hands too often (\(axis.rawValue))"
        case .currentUIKit(_, let rule):
            switch rule {
            case .hiddenItems: "hidden items placed from a baseline, or a hidden stack placed at 50 with >= around another, as today's UIKit does"
            case .hiddenItemWithSize: "a hidden item with a required size and something inside held as strongly as its collapse at 999.999"
            case .verticalBaselineStack: "baseline alignment in a vertical stack, which today's UIKit aligns nothing by"
            case .multilineWidthShares: "multiline labels sharing the row's width (today's text-width disambiguation)"
            }
        }
    }

    /// One readable line: the item's name from `ir` (the root's when no node is known), a colon, the
    /// explanation.
    public func description(in ir: ConstraintIR) -> String {
        let place = node.flatMap { ir.items.indices.contains($0) ? ir.items[$0].name : nil } ?? ir.root
        return "\(place): \(explanation)"
    }
}

extension FallbackReason: CustomStringConvertible {
    /// The line without an IR: the node as `#index`.
    public var description: String {
        "\(node.map { "#\($0)" } ?? "layout"): \(explanation)"
    }
}

extension Axis {
    /// The structured solver's axis slot (0 horizontal, 1 vertical) as an axis.
    init(slot: Int) {
        self = slot == 0 ? .horizontal : .vertical
    }

    /// The structured solver's slot of this axis: 0 horizontal, 1 vertical.
    var slot: Int { self == .horizontal ? 0 : 1 }
    /// An item's position and length along this axis.
    var position: FrameVariable { self == .horizontal ? .x : .y }
    var length: FrameVariable { self == .horizontal ? .width : .height }
}
