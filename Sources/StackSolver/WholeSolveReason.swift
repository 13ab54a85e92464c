import StackIR

/// Why the general solver solves a layout whole, both axes as one problem, rather than axis by axis
/// (AxisSplit.swift) after the structured solver declined it.
public enum WholeSolveReason: Error, Hashable, Sendable {
    /// A stack's own constraint relates the axes; only user constraints across the axes are joined.
    case stackRelatesAxes
    /// The layout without its user constraints cannot be read into a structured model
    /// (`StructuredModel.tolerant`), so no axis has cost functions to split on.
    case unreadableStacks
    /// User constraints relate the axes, and the joint group over both axes declines for this reason.
    case acrossAxes(JointDecline)
    /// Each axis alone reports a conflict or an ambiguity: the order of the findings across the axes
    /// is the whole solve's.
    case findingsOnBothAxes
    /// The two axes' answers do not cover the same items.
    case mismatchedAxes

    /// A short stable name (for JSON).
    public var kind: String {
        switch self {
        case .stackRelatesAxes: "stackRelatesAxes"
        case .unreadableStacks: "unreadableStacks"
        case .acrossAxes: "acrossAxes"
        case .findingsOnBothAxes: "findingsOnBothAxes"
        case .mismatchedAxes: "mismatchedAxes"
        }
    }

    /// A phrase for `--explain-solver`: why not axis by axis.
    public func description(in ir: ConstraintIR) -> String {
        switch self {
        case .stackRelatesAxes: "a stack's own constraint relates the axes"
        case .unreadableStacks: "the stacks without the user constraints cannot be read as a tree"
        case .acrossAxes(let decline): "user constraints relate the axes, and their joint group declines: \(decline.description(in: ir))"
        case .findingsOnBothAxes: "each axis alone reports a conflict or an ambiguity, whose order across the axes is the whole solve's"
        case .mismatchedAxes: "the axes' answers do not cover the same items"
        }
    }
}
