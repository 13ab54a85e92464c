import StackIR

/// The frames of a joint solve after its tie rule (the other `finishJoint`), and with `keeping` the
/// solve kept for resizes (KeptSolve.swift) when the axis's length is pinned.
/// `free`: what moves on the optimal face, when a kept solve knows it (`Solver.finish`).
func finishJoint(
    solver: inout Solver, shape: JointShape, problem: JointProblem, layout: StructuredLayout, width: Double?,
    height: Double?, axis: Axis, mentioned: [Bool], keeping: Bool, free: [Bool]? = nil
) throws(JointDecline) -> JointSolve {
    guard !solver.tableau.hitPivotLimit else { throw .pivotLimit }
    // Only a kept solve holds on to the solver: a second copy would make finishing copy the tableau.
    let solved = keeping ? solver : nil
    var solve = try finishJoint(
        solution: problem.finish(&solver, free: free), value: problem.values(in: solver), shape: shape, problem: problem,
        layout: layout, axis: axis, mentioned: mentioned)
    solve.kept = solved.flatMap { solved in
        KeptSolve(
            joint: solved, finished: solver, solution: solve.solution, shape: shape, problem: problem, layout: layout,
            axis: axis, mentioned: mentioned, width: width, height: height)
    }
    return solve
}

extension KeptSolve {
    /// The joint solve `solved` of `axis` (its solver before finishing; `finished`, after) kept for resizes.
    init?(joint solved: Solver, finished: Solver, solution: LayoutSolution, shape: JointShape, problem: JointProblem,
          layout: StructuredLayout, axis: Axis, mentioned: [Bool], width: Double?, height: Double?) {
        self.init(
            solved, axes: [axis], width: width, height: height, solution: solution, free: finished.faceFree,
            joint: KeptJoint(shape: shape, problem: problem, layout: layout, axis: axis, mentioned: mentioned))
    }
}

/// The frames of a joint solve after its tie rule: the joint part from the solver, each run's items
/// by splitting its length as the structured solver splits a stack's, and inside each hanging unit by
/// the structured solver's top-down pass from its place. Throws when a run's items share its length
/// freely (`jointRounds` then puts them onto the spine) or the top-down pass declines a unit.
/// `solution` is the solver's (`JointProblem.finish`), `value` its values by the layout's numbering
/// (`JointProblem.values`): of `problem`, or of a problem joining it with the other axis's
/// (JointAcrossAxes.swift). Only the fields along `axis` change.
func finishJoint(
    solution: LayoutSolution, value: (Int) -> Double, shape: JointShape, problem: JointProblem, layout: StructuredLayout,
    axis: Axis, mentioned: [Bool]
) throws(JointDecline) -> JointSolve {
    let model = layout.model
    let n = model.count
    let (slot, position, length) = (axis.slot, axis.position, axis.length)
    // Whose place the solver gives (`JointProblem.solved`): the others' places along the axis come
    // from the top-down pass below, and the caller fills in the other axis.
    let joint = problem.solved
    // A run's gap width is the stack's one gap width, a symbol of the joint problem that the face may
    // leave free (a view with no size beside the run): the solver decides and settles it, by its first
    // gap guide, as the whole solve does (`runGapsFree` below); so it gives that guide's frame too
    // (`JointProblem.solving`). What the joint part leaves undecided is settled as the whole solve
    // settles it (UndecidedValues.swift): the hanging units are fixed, so the two faces agree on the
    // joint part.
    var solution = solution
    let freeGaps = shape.gaps.map { gaps in
        gaps.first.map { slot == 0 ? !solution.determined[$0].width : !solution.determined[$0].height } ?? false
    }
    var placement = JointPlacement(
        spine: shape.spine, position: [Double](repeating: 0, count: n), length: [Double](repeating: 0, count: n))
    for item in 0..<n where joint[item] {
        placement.position[item] = value(position.symbol(of: item))
        placement.length[item] = value(length.symbol(of: item))
    }
    for item in 0..<n where problem.leader[item] >= 0 && !problem.placed[item] {
        placement.position[item] = placement.position[problem.leader[item]]
        placement.length[item] = placement.length[problem.leader[item]]
    }
    // Items placed across their stack's canvas: as the tree solver's top-down pass places them.
    for bundle in problem.placedAcross { bundle.place(in: &placement, model: model, axis: axis, value: value) }
    // Each run's items one after another from its first item's place: along a fillEqually stack each
    // as long as the first, else by splitting the run's length as the structured solver splits a stack's.
    var lengths: [Double] = []
    // A run's gap guides along an equalSpacing stack: each from the item before it, as wide as the solve says.
    var gaps: [(guide: Int, position: Double, length: Double)] = []
    for (unit, members) in shape.units.enumerated() where members.count > 1 {
        if shape.equalRun[unit] {
            lengths = [Double](repeating: value(length.symbol(of: members[0])), count: members.count)
        } else if let merged = problem.merges[unit] {
            let total = shape.lengthForm(unit, axis: axis).reduce(0) { $0 + $1.coefficient * value($1.symbol) }
            let anchors = members.map { layout.outer[2 * $0 + slot].anchor }
            // Lengths the run's constraints leave free to trade between its items: the run goes onto the
            // spine (`jointSolve`).
            guard split(merged, total: total - shape.spacing(unit, model: model), anchors: anchors, into: &lengths) else {
                throw .freeSplit(item: members[0])
            }
        } else {
            continue
        }
        var x = value(position.symbol(of: members[0]))
        for (k, member) in members.enumerated() {
            if k > 0, shape.gaps[unit].isEmpty {
                x += model.spacingBefore[member]
            } else if k > 0 {
                // Every gap guide of the run is as wide as its first.
                gaps.append((shape.gaps[unit][k - 1], x, value(length.symbol(of: shape.gaps[unit][0]))))
                x += gaps[gaps.count - 1].length
            }
            placement.position[member] = x
            placement.length[member] = lengths[k]
            x += lengths[k]
        }
    }
    let inside: LayoutSolution
    do throws(FallbackReason) {
        inside = try layout.frames(along: slot, rootLength: placement.length[0], joint: placement)
    } catch {
        throw .subtreeDeclined(error)
    }
    copyAxis(slot, from: inside, into: &solution, mentioned: mentioned, skipping: joint)
    runGapsFree(freeGaps, shape: shape, axis: axis, in: &solution)
    for gap in gaps {
        var frame = solution.frames[gap.guide]
        let (start, extent) = (roundedToSolverPrecision(gap.position), roundedToSolverPrecision(gap.length))
        if slot == 0 { (frame.x, frame.width) = (start, extent) } else { (frame.y, frame.height) = (start, extent) }
        solution.frames[gap.guide] = frame
    }
    solution.findings = []
    let runs = shape.units.count(where: { $0.count > 1 })
    let leaves = shape.units.count(where: { $0.count == 1 && model.stackAxis[$0[0]] < 0 })
    let summary = JointGroupSummary(
        items: joint.count(where: { $0 }), constraints: problem.constraints.count - problem.hubs.count,
        subtrees: shape.units.count - runs - leaves, runs: runs, leaves: leaves, pieces: problem.pieces,
        windowed: !problem.windows.isEmpty, walkedHubs: problem.hubs)
    return JointSolve(solution: solution, summary: summary)
}

/// Where a run's gap width is free on the optimal face (`freeGaps`, per unit), every place along the
/// axis past the run's first item moves with it: its later items', everything inside them, and its
/// gap guides', whose widths are that width. The whole solve reports them undecided, and so does this.
private func runGapsFree(_ freeGaps: [Bool], shape: JointShape, axis: Axis, in solution: inout LayoutSolution) {
    guard freeGaps.contains(true) else { return }
    let parent = shape.parent
    var moves = [Bool](repeating: false, count: parent.count)
    for (unit, members) in shape.units.enumerated() where freeGaps[unit] {
        for member in members.dropFirst() { moves[member] = true }
        for (k, guide) in shape.gaps[unit].enumerated() {
            if k > 0 { moves[guide] = true }
            if axis == .horizontal { solution.determined[guide].width = false } else { solution.determined[guide].height = false }
        }
    }
    // Owners come before their items (the lowering's order).
    for item in parent.indices where moves[item] || (parent[item] >= 0 && moves[parent[item]]) {
        moves[item] = true
        if axis == .horizontal { solution.determined[item].x = false } else { solution.determined[item].y = false }
    }
}
