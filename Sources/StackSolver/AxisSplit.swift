import StackIR
import StackSemantics

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
enum SolveAxis: CaseIterable {
    case horizontal, vertical

    /// The axis of one of an item's six variables (`FrameVariable`).
    init(symbol: Int) {
        let slot = symbol % FrameVariable.perItem
        self = slot == FrameVariable.x.rawValue || slot == FrameVariable.width.rawValue ? .horizontal : .vertical
    }

    init(_ attribute: LayoutAttribute) {
        self = attribute.isHorizontal ? .horizontal : .vertical
    }
}

/// Solves a layout whose user constraints all lie on one axis: that axis by the general solver (its
/// constraints only), the other by the tree solver on the layout without its user constraints.
/// Nil when the user constraints touch both axes, some constraint relates the axes, or the tree
/// solver does not solve the rest; the caller then solves the whole layout by the general solver.
func solveSplittingAxes(tree: LayoutTree, ir: ConstraintIR, width: Double?, height: Double?) -> LayoutSolution? {
    var touched: Set<SolveAxis> = []
    for constraint in ir.constraints {
        let first = SolveAxis(constraint.first.attribute)
        if let second = constraint.second, SolveAxis(second.attribute) != first { return nil }
        if constraint.category == .user { touched.insert(first) }
    }
    guard touched.count == 1, let axis = touched.first else { return nil }
    var stackOnly = tree
    stackOnly.userConstraints = []
    var stackOnlyIR = ir
    stackOnlyIR.constraints.removeAll { $0.category == .user }
    guard let other = StructuredLayout(tree: stackOnly, ir: stackOnlyIR)?.frames(width: width, height: height) else { return nil }
    var solver = Solver(ir: ir, width: width, height: height, eliminating: true, axis: axis)
    var general = solver.run()
    if general == nil {
        var unreduced = Solver(ir: ir, width: width, height: height, eliminating: false, axis: axis)
        general = unreduced.run()
    }
    guard let general, general.frames.count == other.frames.count else { return nil }
    // The tree solver's axis is rounded as the general solver rounds, so the frames print as they do
    // when the general solver answers for the whole layout.
    var merged = general
    let horizontal = axis == .horizontal
    for item in merged.frames.indices {
        let (f, d) = (other.frames[item], other.determined[item])
        if horizontal {
            merged.frames[item].y = roundedToSolverPrecision(f.y)
            merged.frames[item].height = roundedToSolverPrecision(f.height)
            merged.determined[item].y = d.y
            merged.determined[item].height = d.height
            let baselines = other.baselines[item]
            merged.baselines[item] = BaselinePair(
                first: roundedToSolverPrecision(baselines.first), last: roundedToSolverPrecision(baselines.last))
        } else {
            merged.frames[item].x = roundedToSolverPrecision(f.x)
            merged.frames[item].width = roundedToSolverPrecision(f.width)
            merged.determined[item].x = d.x
            merged.determined[item].width = d.width
        }
    }
    // The general solve's own ambiguity findings count the other axis as undecided: find them again.
    merged.findings = general.findings.filter {
        if case .ambiguous = $0.kind { return false }
        return true
    } + ambiguityFindings(determined: merged.determined, ir: ir)
    return merged
}
