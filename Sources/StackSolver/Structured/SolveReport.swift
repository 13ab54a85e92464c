import StackIR

/// How one layout was solved: by the structured solver, with the mechanism each stack's split took,
/// or by the general solver, with the reason the structured solver declined and what the general
/// solver solved.
public struct SolveReport: Hashable, Sendable {
    public enum Path: Hashable, Sendable {
        /// The structured solver answered; one entry per stack, in tree order.
        case structured([StructuredStack])
        /// The general solver answered the whole layout: `items` IR items and `constraints` IR
        /// constraints (the general solver solves the layout as one group); `whole`: why not axis by
        /// axis, when known.
        case general(reason: FallbackReason, whole: WholeSolveReason?, items: Int, constraints: Int)
        /// The structured solver declined the whole layout for `reason` but answered one axis (its
        /// stacks' mechanisms along that axis in `stacks`); the general solver answered `generalAxis`,
        /// `constraints` linear constraints on that axis alone (AxisSplit.swift): the whole axis, or
        /// (`joint`) the joint group of the user constraints or of the stack the tree solver declined,
        /// with the subtrees it does not reach entering by their cost functions (JointGroup.swift), or
        /// why not.
        case split(reason: FallbackReason, generalAxis: Axis, stacks: [StructuredStack], constraints: Int, joint: JointGroupOutcome?)
        /// The structured solver declined the whole layout for `reason` and neither axis alone (user
        /// constraints on both axes, or stacks it declines on both): the general solver answered each
        /// axis alone (AxisSplit.swift), the horizontal first, each as a joint group where one starts;
        /// or, where user constraints relate the axes, both axes' joint groups as one problem
        /// (`GeneralAxisReport.isJoinedAcross`, JointAcrossAxes.swift).
        case eachAxis(reason: FallbackReason, axes: [GeneralAxisReport])
        /// The structured solver declined the layout as written for `reason`, a required conflict;
        /// the conflicts were found inside the subtrees in `groups`, each search deciding on that
        /// subtree's own constraints, and the structured solver answered the layout without the
        /// broken constraints (SubtreeConflicts.swift).
        case subtreeConflicts(reason: FallbackReason, groups: [SubtreeConflictGroup], stacks: [StructuredStack])
    }

    public var path: Path
    /// The other stacks the structured model left opaque (`StructuredModel.tolerant`), each on the
    /// joint groups as `fallback`'s stack is.
    public var alsoDeclined: [FallbackReason] = []

    public init(path: Path) {
        self.path = path
    }

    /// The reason the structured solver declined; nil when it answered.
    public var fallback: FallbackReason? {
        switch path {
        case .general(let reason, _, _, _), .split(let reason, _, _, _, _), .subtreeConflicts(let reason, _, _),
             .eachAxis(let reason, _): return reason
        case .structured: return nil
        }
    }

    /// One line per stack for a structured solve (`main.row  hstack fill  structured: fill merge`),
    /// or, for a general solve, the reason (`card: user constraints ...`) and a line with the size.
    public func lines(in ir: ConstraintIR) -> [String] {
        func stackLines(_ stacks: [StructuredStack]) -> [String] {
            let names = stacks.map { ir.items.indices.contains($0.node) ? ir.items[$0.node].name : "#\($0.node)" }
            let width = names.map(\.count).max() ?? 0
            return zip(names, stacks).map { name, stack in
                let padding = String(repeating: " ", count: width - name.count)
                return "\(name)\(padding)  \(stack.kind) \(stack.distribution.rawValue)  structured: \(stack.mechanism.rawValue)"
            }
        }
        // The reason, then the other stacks declined (the first eight, then how many more).
        func reasons(_ reason: FallbackReason) -> [String] {
            let shown = alsoDeclined.prefix(8).map { $0.description(in: ir) }
            let more = alsoDeclined.count - shown.count
            return [reason.description(in: ir)] + shown + (more > 0 ? ["and \(more) more \(more == 1 ? "stack" : "stacks") declined"] : [])
        }
        switch path {
        case .structured(let stacks):
            return stackLines(stacks)
        case .general(let reason, let whole, let items, let constraints):
            let group = "general solver: \(items) items, \(constraints) constraints, solved as one group"
            return reasons(reason) + [group + (whole.map { " (not axis by axis: \($0.description(in: ir)))" } ?? "")]
        case .split(let reason, let axis, let stacks, let constraints, let joint):
            let general = GeneralAxisReport(axis: axis, constraints: constraints, joint: joint)
            return reasons(reason) + general.lines(in: ir, treeAxis: axis.cross) + stackLines(stacks)
        case .eachAxis(let reason, let axes):
            return reasons(reason) + axes.flatMap { $0.lines(in: ir, treeAxis: nil) }
        case .subtreeConflicts(let reason, let groups, let stacks):
            return reasons(reason) + groups.map { group in
                let name = ir.items.indices.contains(group.node) ? ir.items[group.node].name : "#\(group.node)"
                let scope = group.node == 0 ? "over the whole \(group.axis.rawValue) axis" : "in \(name) alone (\(group.axis.rawValue))"
                return "conflicts found \(scope), \(group.constraints) required constraints;"
                    + " structured: the layout without the broken ones"
            } + stackLines(stacks)
        }
    }

    /// The report of a solve the structured solver declined for `reason`.
    init(_ declined: DeclinedSolve, reason: FallbackReason, ir: ConstraintIR) {
        switch declined {
        case .subtreeConflicts(let found):
            self.init(path: .subtreeConflicts(reason: reason, groups: found.groups, stacks: found.layout.structuredStacks()))
        case .split(let split):
            let axes = split.general.map { GeneralAxisReport(axis: $0.axis, constraints: $0.constraints, joint: $0.joint) }
            if split.tree == nil, axes.count > 1 {
                self.init(path: .eachAxis(reason: reason, axes: axes))
            } else {
                self.init(path: .split(
                    reason: reason, generalAxis: axes[0].axis, stacks: split.treeStacks(), constraints: axes[0].constraints,
                    joint: axes[0].joint))
            }
            alsoDeclined = split.opaqueReasons.filter { $0 != reason }
        case .general(_, let whole):
            self.init(path: .general(reason: reason, whole: whole, items: ir.items.count, constraints: ir.constraints.count))
        }
    }
}

/// One axis the general solver answered alone, in a `SolveReport`: how many linear constraints it
/// solved, and the joint group it saw, or why it solved the whole axis.
public struct GeneralAxisReport: Hashable, Sendable {
    public var axis: Axis
    public var constraints: Int
    /// The joint group's size, or why there is none; nil when the report's reason already says why.
    public var joint: JointGroupOutcome?

    /// The line on what the general solver solved (and the hubs it walked), ending with what the
    /// structured solver answered: inside the joint group's hanging stacks, and `treeAxis`.
    func lines(in ir: ConstraintIR, treeAxis: Axis?) -> [String] {
        let tree = treeAxis.map { "the \($0.rawValue) axis" }
        guard case .solved(let joint) = joint else {
            var whole = "general solver: the \(axis.rawValue) axis alone, \(constraints) linear constraints"
            if case .declined(let decline) = joint { whole += " (no joint group: \(decline.description(in: ir)))" }
            return [whole + (tree.map { "; structured: \($0)" } ?? "")]
        }
        func count(_ k: Int, _ noun: String, _ plural: String) -> String? { k == 0 ? nil : k == 1 ? "1 \(noun)" : "\(k) \(plural)" }
        let hanging = [count(joint.subtrees, "stack", "stacks"), count(joint.runs, "run of items", "runs of items"),
                       count(joint.leaves, "leaf", "leaves")].compactMap { $0 }
        let outside = hanging.count < 2 ? hanging.joined() : hanging.dropLast().joined(separator: ", ") + " and " + hanging[hanging.count - 1]
        let group = "general solver: the \(axis.rawValue) axis as a joint group of \(joint.items) items and"
            + " \(constraints) linear constraints"
        // A group whose only gain is its hubs has nothing outside it.
        let line = hanging.isEmpty ? group + (tree.map { "; structured: \($0)" } ?? "")
            : group + ", with \(outside) outside it entering by cost functions (\(joint.pieces) pieces);"
                + " structured: inside those" + (tree.map { " and \($0)" } ?? "")
        let stop = joint.afterStop ? ["walked because the whole axis, solved with every length free, stopped at a limit"] : []
        let broken = joint.brokenFirst == 0 ? []
            : [joint.brokenFirst == 1 ? "solved without 1 required constraint, broken first to recover from a conflict"
                : "solved without \(joint.brokenFirst) required constraints, broken first to recover from conflicts"]
        let across = joint.acrossAxes == 0 ? []
            : ["solved with the \(axis.cross.rawValue) axis's group as one problem: \(joint.acrossAxes)"
                + " \(joint.acrossAxes == 1 ? "constraint relates" : "constraints relate") the axes"]
        return [line] + Self.hubLine(joint.walkedHubs, in: ir) + stop + broken + across
    }

    /// Whether this axis was solved with the other's joint group as one problem (JointAcrossAxes.swift).
    public var isJoinedAcross: Bool {
        if case .solved(let joint) = joint { joint.acrossAxes > 0 } else { false }
    }

    /// Which hubs a joint solve walked (HubWalk.swift): none, one walked to its optimum, or
    /// several walked in turn and then released. Names in the report's order, the widest first.
    private static func hubLine(_ hubs: [Int], in ir: ConstraintIR) -> [String] {
        let names = hubs.map { ir.items.indices.contains($0) ? ir.items[$0].name : "#\($0)" }
        switch names.count {
        case 0: return []
        case 1: return ["walked hub: \(names[0]) (its length pinned and walked to the optimum)"]
        default: return ["walked hubs: \(names.joined(separator: ", ")) (their lengths pinned and walked in turn, then released and re-optimised)"]
        }
    }
}

/// One stack of a structured solve and how its length along its axis was split.
public struct StructuredStack: Hashable, Sendable {
    /// The tree node (IR item) of the stack.
    public var node: Int
    /// `hstack` or `vstack`.
    public var kind: String
    /// The distribution as written.
    public var distribution: Distribution
    public var mechanism: StackMechanism
}

/// How the structured solver splits a stack's length among its items.
public enum StackMechanism: String, Hashable, Sendable {
    /// One item or none along the axis: the item takes the canvas.
    case single = "single item"
    /// fill: the merge of the items' costs, cheapest first (the tie rule between equals).
    case fillMerge = "fill merge"
    case fillEqually
    /// fillProportionally whose shares outrank every item's own constraints: a greedy split.
    case fillProportionally = "fillProportionally greedy split"
    /// The greedy split, with shares tied at one priority whose residue goes to the items' cheapest
    /// cost pieces first (TiedShares.swift).
    case tiedShares = "fillProportionally greedy split, tied shares' residue cheapest first"
    /// fillProportionally (or a baseline row) split level by level of priority.
    case levels = "split level by level"
    case equalSpacing = "equalSpacing merge"
    case equalCentering
    /// A baseline row whose widths follow its width shares.
    case baselineRowShares = "baseline row width shares"
    /// A baseline row whose items hold their widths above the shares.
    case baselineRowHeld = "baseline row held widths"
    /// A baselineRelative vertical stack: lengths along a chain of baselines.
    case baselineChain = "baselineRelative chain"
}

extension StructuredLayout {
    /// The stacks and the mechanism of each, in tree order (after a structured solve).
    func structuredStacks() -> [StructuredStack] {
        var stacks: [StructuredStack] = []
        for index in 0..<model.count where model.stackAxis[index] >= 0 {
            guard let stack = model.arrangements[index] else { continue }
            stacks.append(StructuredStack(
                node: index, kind: model.kinds[index].rawValue, distribution: stack.distribution,
                mechanism: mechanism(index)))
        }
        return stacks
    }

    private func mechanism(_ index: Int) -> StackMechanism {
        let several = model.visibleCount[index] > 1
        if model.baselineChain[index] { return .baselineChain }
        let row = several && model.sharedRow[index]
        // How a stack splits its length is decided along its axis: when this layout solves the other
        // axis alone, what a build of both axes noted there is not this solve's.
        let along = axes.contains(Int(model.stackAxis[index]))
        let levels = along && splitByLevels[index]
        switch model.distribution[index] {
        case .fillEqually: return several ? .fillEqually : .single
        case .fillProportionally:
            if levels { return .levels }
            return along && !tiedGroups(proportionalOrder[index]).isEmpty ? .tiedShares : .fillProportionally
        case .fill where row: return along && heldRow[index] ? .baselineRowHeld : levels ? .levels : .baselineRowShares
        case .equalSpacing where row: return levels ? .levels : .baselineRowShares
        case .equalSpacing where several: return .equalSpacing
        case .equalCentering where several: return .equalCentering
        default: return several ? .fillMerge : .single
        }
    }
}
