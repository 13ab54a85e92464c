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

/// A layout solved one axis by each solver.
struct AxisSplit {
    var solution: LayoutSolution
    /// The axis the general solver answered, and how many of its linear constraints it solved.
    var generalAxis: Axis
    var generalConstraints: Int
    /// `mentionedSymbols` of the layout.
    var mentioned: [Bool]
    /// The joint group's size (JointGroup.swift), or why the general solver solved the whole axis; nil
    /// when the layout has no user constraints and its stacks alone decline the axis for a reason no
    /// joint group starts from (`FallbackReason.spineNode`; the report's first line says it).
    var joint: JointGroupOutcome?
    /// The structured solver, for the other axis.
    var tree: StructuredLayout
    /// The general solver's axis, kept for resizes when asked for (KeptSolve.swift).
    var kept: KeptSolve?

    /// The stacks the structured solver split, with their mechanisms (for `SolveReport`).
    func treeStacks() -> [StructuredStack] { tree.structuredStacks() }

    /// Moves the split to a new root size, the kept general solve (in place) and the tree solver's
    /// other axis, and returns the layout there; nil when the kept solve does not answer it (the
    /// caller then drops the split and solves afresh).
    mutating func resize(ir: ConstraintIR, width: Double?, height: Double?) -> LayoutSolution? {
        guard let general = kept?.resize(width: width, height: height),
              let other = try? tree.frames(width: width, height: height),
              let merged = merge(general: general, axis: generalAxis, tree: other, ir: ir, mentioned: mentioned)
        else { return nil }
        solution = merged
        return merged
    }
}

/// Solves one axis of a layout by the general solver and the other by the tree solver: the axis of
/// the user constraints when they all lie on one; with none, whichever axis the tree solver cannot
/// answer alone (a conflict or an ambiguity is usually on one axis only).
/// Nil when the user constraints touch both axes, some constraint relates the axes, or the tree
/// solver answers neither axis alone; the caller then solves the whole layout by the general solver.
/// `built`: the cost functions on both axes of the layout without its user constraints (the layout
/// itself when it has none), when the caller has them (each axis's are the same alone). `keeping`:
/// whether to keep a joint solve for resizes.
func solveSplittingAxes(
    ir: ConstraintIR, width: Double?, height: Double?, built: StructuredLayout? = nil, keeping: Bool = false
) -> AxisSplit? {
    var touched: Set<Axis> = []
    for constraint in ir.constraints {
        let first = Axis(constraint.first.attribute)
        if let second = constraint.second, Axis(second.attribute) != first { return nil }
        if constraint.category == .user { touched.insert(first) }
    }
    // The layout without its user constraints (the layout itself when it has none: no copies).
    var stackOnlyIR = ir
    if !touched.isEmpty {
        stackOnlyIR.constraints.removeAll { $0.category == .user }
    }
    let candidates: [Axis] = touched.isEmpty ? [.horizontal, .vertical] : touched.count == 1 ? Array(touched) : []
    guard !candidates.isEmpty, let model = built?.model ?? (try? StructuredModel(ir: stackOnlyIR)) else { return nil }
    for axis in candidates {
        let treeAxis = 1 - axis.slot
        do throws(FallbackReason) {
            let layout: StructuredLayout
            if let built { layout = built.alone(treeAxis) } else { layout = try StructuredLayout(model: model, axes: [treeAxis]) }
            let other = try layout.frames(width: width, height: height)
            let general: LayoutSolution
            let count: Int
            var kept: KeptSolve?
            let mentioned = mentionedSymbols(ir)
            let joint = solveJointly(
                ir: ir, model: model, built: built?.alone(axis.slot), width: width, height: height, axis: axis,
                mentioned: mentioned, keeping: keeping)
            // Without user constraints the first line of the report already says why the stacks alone
            // decline, so a joint group that declines for that reason is not reported again.
            var outcome: JointGroupOutcome? = joint.outcome
            if touched.isEmpty, case .declined(.stacksAlone) = joint.outcome { outcome = nil }
            if let solved = joint.solve {
                (general, count, kept) = (solved.solution, solved.summary.constraints, solved.kept)
            } else {
                var solver = Solver(ir: ir, width: width, height: height, axis: axis, parameterized: keeping)
                let run = solver.run(keeping: keeping, axes: [axis], width: width, height: height)
                (general, count, kept) = (run.solution, solver.linearCount, run.kept)
            }
            guard let merged = merge(general: general, axis: axis, tree: other, ir: ir, mentioned: mentioned) else { return nil }
            return AxisSplit(
                solution: merged, generalAxis: axis, generalConstraints: count, mentioned: mentioned, joint: outcome,
                tree: layout, kept: kept)
        } catch {
            continue
        }
    }
    return nil
}

/// `general`'s frames along `axis` with `tree`'s along the other.
/// `mentioned` is `mentionedSymbols(ir)`.
private func merge(general: LayoutSolution, axis: Axis, tree other: LayoutSolution, ir: ConstraintIR, mentioned: [Bool])
    -> LayoutSolution? {
    guard general.frames.count == other.frames.count else { return nil }
    // The tree solver's pass along the other axis says which variables no constraint mentions (a gap
    // guide's position across its stack), and it did not run: `copyAxis` leaves them 0 and undecided.
    let treeSlot = 1 - axis.slot
    var merged = general
    for item in merged.frames.indices {
        copyAxis(treeSlot, of: item, from: other, into: &merged, mentioned: mentioned)
    }
    // A one-axis solve does not find ambiguity (the other axis is undecided there): find it here.
    merged.findings = general.findings + ambiguityFindings(determined: merged.determined, ir: ir)
    return merged
}
