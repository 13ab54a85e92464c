import StackIR

/// The two axes of a layout as two problems, when no constraint relates one to the other.
///
/// Every stack constraint stays on one axis, and so do most user constraints (`a.width == b.width`,
/// `a.centerX == b.centerX`). Then the lexicographic problem is two problems with no shared
/// variable and a separable objective: at each priority level the least total violation is the sum of
/// the two least totals, and the tie rule minimises one constraint at a time, each on its own axis. So
/// each axis can be solved alone and the frames put together, exactly.
///
/// That matters because the general solver's cost is in the stacks' shapes, not in the user
/// constraints: a row of labels aligned `fill` makes every height equal to the row's, a star that each
/// simplex pivot walks across. With `l0.width == l1.width` the vertical axis has no user constraint,
/// so the tree solver answers it and the general solver sees the horizontal constraints only.
extension Axis {
    /// The axis of one of an item's six variables (`FrameVariable`).
    init(symbol: Int) {
        let slot = symbol % FrameVariable.perItem
        self = slot == FrameVariable.x.rawValue || slot == FrameVariable.width.rawValue ? .horizontal : .vertical
    }

    init(_ attribute: LayoutAttribute) {
        self = attribute.isHorizontal ? .horizontal : .vertical
    }
}

extension IRConstraint {
    /// Whether an anchor of the constraint lies on `axis`.
    func touches(_ axis: Axis) -> Bool {
        Axis(first.attribute) == axis || second.map { Axis($0.attribute) == axis } == true
    }

    /// Whether the constraint relates the two axes (`a.height == b.width`).
    var relatesAxes: Bool { second.map { Axis($0.attribute) != Axis(first.attribute) } ?? false }
}

/// One axis the general solver answered alone: the whole axis, or a joint group (JointGroup.swift).
struct GeneralAxis {
    var axis: Axis
    /// Its answer along `axis` (the other axis's fields as the solve leaves them).
    var solution: LayoutSolution
    /// How many of the axis's linear constraints the general solver solved.
    var constraints: Int
    /// The joint group's size, or why the general solver solved the whole axis; nil when the layout
    /// has no user constraints and its stacks alone decline the axis for a reason no joint group
    /// starts from (`FallbackReason.spineNode`; the report's first line says it).
    var joint: JointGroupOutcome?
    /// The solve kept for resizes when asked for (KeptSolve.swift).
    var kept: KeptSolve?
}

extension GeneralAxis {
    /// The answer of a joint solve along `axis`; `joint` as reported (the solve's own summary unless
    /// the caller leaves it out).
    init(axis: Axis, _ solved: JointSolve, joint: JointGroupOutcome?) {
        self.init(axis: axis, solution: solved.solution, constraints: solved.summary.constraints, joint: joint, kept: solved.kept)
    }
}

/// A layout solved axis by axis: the general solver for one axis and the tree solver for the other,
/// or the general solver for each axis alone.
struct AxisSplit {
    var solution: LayoutSolution
    /// The axes the general solver answered: one, or both (horizontal first).
    var general: [GeneralAxis]
    /// `mentionedSymbols` of the layout.
    var mentioned: [Bool]
    /// The structured solver, for the other axis when the general solver answered one.
    var tree: StructuredLayout?
    /// The tree solver's last pass along its axis: a resize that keeps that axis's root length
    /// reuses its frames.
    var treeScratch = TopDownScratch()
    /// Why the model left its opaque stacks unread and declines an axis at others
    /// (`StructuredModel.declineReasons`), for `SolveReport`.
    var opaqueReasons: [FallbackReason] = []

    /// The stacks the structured solver split, with their mechanisms (for `SolveReport`).
    func treeStacks() -> [StructuredStack] { tree?.structuredStacks() ?? [] }

    /// Whether every general axis is kept for resizes.
    var isKept: Bool { general.allSatisfy { $0.kept != nil } }

    /// Moves the split to a new root size, the kept general solves (in place) and the tree solver's
    /// other axis, and returns the layout there; nil when a kept solve does not answer it (the caller
    /// then drops the split and solves afresh).
    mutating func resize(ir: ConstraintIR, width: Double?, height: Double?) -> LayoutSolution? {
        var moved: [LayoutSolution] = []
        for k in general.indices {
            guard let solution = general[k].kept?.resize(ir: ir, width: width, height: height) else { return nil }
            moved.append(solution)
        }
        let other: LayoutSolution
        if let tree {
            guard let frames = try? tree.frames(width: width, height: height, scratch: &treeScratch) else { return nil }
            other = frames
        } else {
            other = moved[1]
        }
        guard let merged = merge(moved[0], axis: general[0].axis, other: other, ir: ir, mentioned: mentioned) else { return nil }
        solution = merged
        return merged
    }
}

/// Solves a layout axis by axis, when no constraint relates the axes: the general solver for one axis
/// and the tree solver for the other where the tree solver answers an axis alone (the axis of the
/// user constraints when they all lie on one; with none, whichever axis the tree solver cannot answer
/// alone: a conflict or an ambiguity is usually on one axis only); else the general solver for each
/// axis alone (user constraints on both axes, or stacks the tree solver declines on both), each as a
/// joint group where one starts. Where user constraints relate the axes, one joint group over both
/// (JointAcrossAxes.swift).
/// Throws why not (WholeSolveReason) when a stack's own constraint relates the axes, the joint group
/// over both axes declines, the stacks alone cannot be read into a model, or both axes' general
/// solves report something (their findings' order across the axes is the whole solve's); the caller
/// then solves the whole layout by the general solver.
/// `built`: the cost functions on both axes of the layout without its user constraints (the layout
/// itself when it has none), when the caller has them (each axis's are the same alone). `keeping`:
/// whether to keep the general solves for resizes.
func solveSplittingAxes(
    ir: ConstraintIR, width: Double?, height: Double?, built: StructuredLayout? = nil, keeping: Bool = false
) throws(WholeSolveReason) -> AxisSplit {
    var touched: Set<Axis> = []
    var across: [Int] = []
    for (index, constraint) in ir.constraints.enumerated() {
        if constraint.relatesAxes {
            // Only a user constraint relates the axes: a stack whose own does is the general solver's.
            guard constraint.category == .user else { throw .stackRelatesAxes }
            across.append(index)
        }
        if constraint.category == .user { touched.formUnion([Axis.horizontal, .vertical].filter(constraint.touches)) }
    }
    // The layout's stacks alone: its user constraints left unread, the others at their indices.
    guard let model = built?.model ?? StructuredModel.tolerant(ir: ir, without: touched.isEmpty ? [] : ir.userConstraintFlags)
    else { throw .unreadableStacks }
    let mentioned = mentionedSymbols(ir)
    // Axes related by a constraint are one problem: one joint group over both, else the whole solve.
    guard across.isEmpty else {
        let joint: (solution: LayoutSolution, axes: [GeneralAxis])
        do throws(JointDecline) {
            joint = try solveJointlyAcrossAxes(
                ir: ir, model: model, built: built, across: across, width: width, height: height, mentioned: mentioned)
        } catch {
            throw .acrossAxes(error)
        }
        return AxisSplit(
            solution: joint.solution, general: joint.axes, mentioned: mentioned, tree: nil, opaqueReasons: model.declineReasons)
    }
    /// The general solver's answer along `axis`: a joint group where one starts, else the whole axis.
    func generalAxis(_ axis: Axis) -> GeneralAxis {
        // The stacks alone along the axis, built once for the joint group and, where its constraints
        // conflict, for the one solved after they are broken (nil: each builds its own, and says why
        // it cannot).
        let alone = built?.alone(axis.slot) ?? (try? StructuredLayout(model: model, axes: [axis.slot], keepingDeclines: true))
        let joint = solveJointly(
            ir: ir, model: model, built: alone, width: width, height: height, axis: axis, mentioned: mentioned,
            keeping: keeping)
        // Without user constraints the first line of the report already says why the stacks alone
        // decline, so a joint group that declines for that reason is not reported again.
        var outcome: JointGroupOutcome? = joint.outcome
        if touched.isEmpty, case .declined(.stacksAlone) = joint.outcome { outcome = nil }
        if let solved = joint.solve { return GeneralAxis(axis: axis, solved, joint: outcome) }
        // Kept for resizes or not, the same answer: nothing is kept of it, so a resize solves afresh.
        if case .declined(.conflict) = joint.outcome,
           let solved = solveJointlyBreakingConflicts(
               ir: ir, model: model, built: alone, width: width, height: height, axis: axis, mentioned: mentioned) {
            return GeneralAxis(axis: axis, solved, joint: .solved(solved.summary))
        }
        var solver = Solver(ir: ir, width: width, height: height, axis: axis, parameterized: keeping)
        let run = solver.run(keeping: keeping, axes: [axis], width: width, height: height)
        if run.solution.stopped, let walked = walkingShares(axis, alone: alone) { return walked }
        return GeneralAxis(axis: axis, solution: run.solution, constraints: solver.linearCount, joint: outcome, kept: run.kept)
    }
    /// Where the general solve of the whole axis stopped at its limit: the joint solve with every
    /// fillProportionally stack's length along the axis walked as a hub (`HubRule.walkingShares`), when
    /// the layout has one, none of them has more than `JointHub.sharesWalkedUpTo` items, and that
    /// solve answers without stopping.
    func walkingShares(_ axis: Axis, alone: StructuredLayout?) -> GeneralAxis? {
        let rule = HubRule(axis: axis, width: width, height: height, walkingShares: true)
        let proportional = (0..<model.count).filter { stack in
            model.distribution[stack] == .fillProportionally && Int(model.stackAxis[stack]) == axis.slot
                && model.hubLength(of: stack, rule: rule) != nil
        }
        guard !proportional.isEmpty, proportional.allSatisfy({ model.children($0).count <= JointHub.sharesWalkedUpTo })
        else { return nil }
        let joint = solveJointly(
            ir: ir, model: model, built: alone, width: width, height: height, axis: axis, mentioned: mentioned,
            keeping: keeping, walkingShares: true)
        guard var solved = joint.solve, !solved.solution.stopped else { return nil }
        solved.summary.afterStop = true
        return GeneralAxis(axis: axis, solved, joint: .solved(solved.summary))
    }
    // With a stack the model leaves unread, the tree solver answers neither axis.
    let candidates: [Axis] = !model.opaqueRoots.isEmpty ? []
        : touched.isEmpty ? [.horizontal, .vertical] : touched.count == 1 ? Array(touched) : []
    for axis in candidates {
        let treeAxis = 1 - axis.slot
        let layout: StructuredLayout
        let other: LayoutSolution
        var scratch = TopDownScratch()
        do throws(FallbackReason) {
            if let built { layout = built.alone(treeAxis) } else { layout = try StructuredLayout(model: model, axes: [treeAxis]) }
            other = try layout.frames(width: width, height: height, scratch: &scratch)
        } catch {
            continue
        }
        let general = generalAxis(axis)
        guard let merged = merge(general.solution, axis: axis, other: other, ir: ir, mentioned: mentioned) else {
            throw .mismatchedAxes
        }
        return AxisSplit(
            solution: merged, general: [general], mentioned: mentioned, tree: layout, treeScratch: scratch,
            opaqueReasons: model.declineReasons)
    }
    // Neither axis is the tree solver's alone: each axis by the general solver, as its own problem.
    let general = [generalAxis(.horizontal), generalAxis(.vertical)]
    guard general.contains(where: { $0.solution.findings.isEmpty }) else { throw .findingsOnBothAxes }
    guard let merged = merge(general[0].solution, axis: .horizontal, other: general[1].solution, ir: ir, mentioned: mentioned)
    else { throw .mismatchedAxes }
    return AxisSplit(solution: merged, general: general, mentioned: mentioned, tree: nil, opaqueReasons: model.declineReasons)
}

/// `general`'s frames along `axis` with `other`'s along the other axis (the tree solver's, or a
/// general solve of that axis alone). `mentioned` is `mentionedSymbols(ir)`.
private func merge(_ general: LayoutSolution, axis: Axis, other: LayoutSolution, ir: ConstraintIR, mentioned: [Bool])
    -> LayoutSolution? {
    guard general.frames.count == other.frames.count else { return nil }
    // The tree solver's pass along the other axis says which variables no constraint mentions (a gap
    // guide's position across its stack), and it did not run: `copyAxis` leaves them 0 and undecided.
    let otherSlot = 1 - axis.slot
    var merged = general
    copyAxis(otherSlot, from: other, into: &merged, mentioned: mentioned)
    // A one-axis solve does not find ambiguity (the other axis is undecided there): find it here. The
    // tree solver finds nothing; a general solve of the other axis may (at most one axis does). A solve
    // stopped at a limit leaves free what it did not reach: no ambiguity is read from it.
    let stopped = general.stopped || other.stopped
    merged.findings = general.findings + other.findings + (stopped ? [] : ambiguityFindings(determined: merged.determined, ir: ir))
    merged.brokenConstraints = general.brokenConstraints + other.brokenConstraints
    merged.pivots = general.pivots + other.pivots
    return merged
}
