import StackIR

// What a joint solve (JointGroup.swift) reports: its size, or why it did not answer.

/// The size of a joint solve (`SolveReport`): what the general solver saw instead of the whole axis.
public struct JointGroupSummary: Hashable, Sendable {
    /// Items whose place the joint solve decided (the spine, its guides but an equalSpacing run's, and
    /// the stacks and leaves hanging alone).
    public var items: Int
    /// Its linear constraints, cost-function rows included.
    public var constraints: Int
    /// What entered by cost functions: stacks hanging alone, runs of consecutive items along a fill,
    /// fillEqually or equalSpacing stack, leaves hanging across a stack or along a fillEqually one
    /// (JointBundles.swift), and those functions' pieces.
    public var subtrees: Int
    public var runs: Int
    public var leaves: Int
    /// The pieces entered: a window of each function around where the stacks alone put it.
    public var pieces: Int
    /// Whether the answer came from windows that left pieces out, and how many times an answer
    /// reached the end of a window so that the group was solved again with wider ones (for tests:
    /// both must occur).
    var windowed = false
    var widenings = 0
    /// How many times the windows moved to where a relaxation or an answer put the lengths
    /// (`jointRounds`; for tests).
    var movedWindows = 0
    /// The hubs (stacks, or an equalCentering stack's first gap guide) whose lengths were pinned and
    /// walked to where the layout takes them (HubWalk.swift). With more than one, the pins are then
    /// released and the group re-optimised.
    public var walkedHubs: [Int] = []
    /// Whether the general solve of the whole axis stopped at its limit and this joint solve, with
    /// fillProportionally stacks' lengths walked as hubs too (`HubRule.walkingShares`), answered instead.
    public var afterStop = false
    /// How many required constraints of the axis conflicted and were broken before the joint solve,
    /// which solved the layout without them (JointConflicts.swift).
    public var brokenFirst = 0
    /// How many user constraints relate this axis to the other, whose joint group this one was solved
    /// with as one problem (JointAcrossAxes.swift); 0 for an axis solved alone.
    public var acrossAxes = 0
}

/// What became of a joint solve: its size, or why the general solver solved the axis whole.
public enum JointGroupOutcome: Hashable, Sendable {
    case solved(JointGroupSummary)
    case declined(JointDecline)
}

/// Why a joint solve does not answer an axis; the general solver then solves the axis whole.
public enum JointDecline: Error, Hashable, Sendable {
    /// The IR is not in the lowering's order (user constraints last, owners before their items).
    case irOrder
    /// The layout without its user constraints is not the structured solver's along the axis.
    case stacksAlone(FallbackReason)
    /// Some constraint is invalid (the general solver reports it).
    case invalidConstraints
    /// The spine (what the user constraints or the stacks the tree solver declines reach) leaves no
    /// stack and no run of two items outside it, and has no hub to walk: nothing to collapse.
    case nothingToCollapse
    /// A constraint outside the hanging items `items` mentions more of them than their position and
    /// length (a baseline, an item inside), or one of their own changes when they move.
    case crossesSubtree(items: [Int])
    /// The joint problem's required constraints conflict.
    case conflict
    /// The run starting at `item` has a decided length that its items are free to share in more
    /// than one way, after the last round.
    case freeSplit(item: Int)
    /// Subtrees' places were still free after the tie rule in the last round.
    case unsettled
    /// The joint solve stopped at its pivot limit.
    case pivotLimit
    /// The top-down pass declines a subtree at the length the joint solve gave it.
    case subtreeDeclined(FallbackReason)

    /// A phrase for `--explain-solver`.
    public func description(in ir: ConstraintIR) -> String {
        func name(_ item: Int) -> String { ir.items.indices.contains(item) ? ir.items[item].name : "#\(item)" }
        switch self {
        case .irOrder: return "the IR is not in the lowering's order"
        case .stacksAlone(let reason): return "without the user constraints, \(reason.description(in: ir))"
        case .invalidConstraints: return "some constraints are invalid"
        case .nothingToCollapse: return "no stack or run of items would be left outside it"
        case .crossesSubtree(let items):
            let more = items.count > 1 ? " and \(items.count - 1) more" : ""
            return "a constraint reaches inside \(items.first.map(name) ?? "a subtree")\(more)"
        case .conflict: return "its required constraints conflict"
        case .freeSplit(let item): return "the items of the run at \(name(item)) share its length freely"
        case .unsettled: return "ties leave untouched stacks' places free"
        case .pivotLimit: return "it stopped at its pivot limit"
        case .subtreeDeclined(let reason): return "inside a subtree, \(reason.description(in: ir))"
        }
    }
}
