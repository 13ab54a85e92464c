import StackIR

/// One axis of a joint solve as its rounds grow it: the stack-only layout along the axis, its frames
/// (where the hubs' pins start), and the spine.
struct JointPart {
    let axis: Axis
    let rule: HubRule
    let layout: StructuredLayout
    let stacksAlone: LayoutSolution?
    var seeds: [Int]
    var shape: JointShape
    var forced: [Bool]
    /// The hubs left unpinned (their pins tied to another's).
    var unwalked: [Int] = []
    /// Per entry of the shape's problem, where its window is centred when not where the stacks alone
    /// put its length (`jointRounds` moves the windows); nil for there.
    var centres: [Double]?
    /// Per entry, how many pieces its window takes each way where more than the round's window; nil
    /// for the round's.
    var spans: [Int]?
    /// The shape's problem as last built: its functions and its constraints as written, which a round
    /// whose windows moved enters again around other centres (`JointProblem(recentring:)`).
    var entered: JointProblem?

    /// The shape again, after `seeds` or `forced` grew.
    mutating func reshape(ir: ConstraintIR, model: StructuredModel) throws(JointDecline) {
        (centres, spans, entered) = (nil, nil, nil)
        shape = try JointShape(ir: ir, model: model, axis: axis.slot, seeds: seeds, forced: forced)
        guard shape.collapses(ir: ir, model: model, rule: rule) else { throw .nothingToCollapse }
    }

    /// Puts onto the spine what finishing a round declines (`finishJoint`), and reshapes: a run whose
    /// items share its length freely, as a free unit does (`forced`); a stack the top-down pass
    /// declines at the length the joint solve gives its unit, with its ancestors, as where the stacks
    /// alone decline does at the start (`seeds`). Rethrows any other decline.
    mutating func respine(after error: JointDecline, ir: ConstraintIR, model: StructuredModel) throws(JointDecline) {
        switch error {
        case .freeSplit(let item) where shape.unit[item] >= 0:
            force([shape.unit[item]])
        case .subtreeDeclined(let reason):
            guard let node = reason.spineNode, node < shape.spine.count, !shape.spine[node] else { throw error }
            seeds.append(node)
        default:
            throw error
        }
        try reshape(ir: ir, model: model)
    }

    /// Puts onto the spine the members of `units` whose places the levels and ties leave free.
    mutating func force(_ units: [Int]) {
        for unit in units {
            for member in layout.freeMembers(of: shape.units[unit], axis: axis.slot) { forced[member] = true }
        }
    }

    /// Moves the windows to where `value` puts this part's lengths (`problem` is the part's own), and,
    /// with `spreading`, gives those whose lengths reached an end four times the pieces each way, at
    /// least that many: the others keep theirs, since their pieces beyond did not matter.
    mutating func moveWindows(to value: (Int) -> Double, of problem: JointProblem, spreading window: Int?) {
        centres = problem.lengths(value)
        guard let window else { return }
        let ends = problem.atWindowEnds(value)
        spans = ends.indices.map { entry in
            let span = max(spans?[entry] ?? window, window)
            return ends[entry] ? 4 * span : span
        }
    }
}
