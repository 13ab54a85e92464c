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
    /// The structured solver, for the other axis.
    var tree: StructuredLayout

    /// The stacks the structured solver split, with their mechanisms (for `SolveReport`).
    func treeStacks() -> [StructuredStack] { tree.structuredStacks() }
}

/// Solves one axis of a layout by the general solver and the other by the tree solver: the axis of
/// the user constraints when they all lie on one; with none, whichever axis the tree solver cannot
/// answer alone (a conflict or an ambiguity is usually on one axis only).
/// Nil when the user constraints touch both axes, some constraint relates the axes, or the tree
/// solver answers neither axis alone; the caller then solves the whole layout by the general solver.
func solveSplittingAxes(ir: ConstraintIR, width: Double?, height: Double?) -> AxisSplit? {
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
    for axis in candidates {
        let treeAxis = axis == .horizontal ? 1 : 0
        do throws(FallbackReason) {
            let layout = try StructuredLayout(ir: stackOnlyIR, axes: [treeAxis])
            let other = try layout.frames(width: width, height: height)
            var solver = Solver(ir: ir, width: width, height: height, axis: axis)
            let general = solver.run()
            guard let merged = merge(general: general, axis: axis, tree: other, ir: ir) else { return nil }
            return AxisSplit(solution: merged, generalAxis: axis, generalConstraints: solver.linearCount, tree: layout)
        } catch {
            continue
        }
    }
    return nil
}

/// `general`'s frames along `axis` with `tree`'s along the other.
private func merge(general: LayoutSolution, axis: Axis, tree other: LayoutSolution, ir: ConstraintIR) -> LayoutSolution? {
    guard general.frames.count == other.frames.count else { return nil }
    // A variable no constraint mentions (a gap guide's position across its stack) is free: 0 and
    // undecided, as the general solver leaves it. The tree solver's pass along the other axis is the
    // one that says so, and it did not run.
    var mentioned = [Bool](repeating: false, count: general.frames.count * FrameVariable.perItem)
    // The root's frame is pinned or sized by the solve itself.
    for variable in [FrameVariable.x, .y, .width, .height] where !mentioned.isEmpty { mentioned[variable.symbol(of: 0)] = true }
    for constraint in ir.constraints {
        for anchor in [constraint.first] + (constraint.second.map { [$0] } ?? []) {
            for term in linearForm(anchor) where mentioned.indices.contains(term.symbol) { mentioned[term.symbol] = true }
        }
    }
    func treeValue(_ value: Double, _ variable: FrameVariable, of item: Int) -> Double {
        mentioned[variable.symbol(of: item)] ? roundedToSolverPrecision(value) : 0
    }
    // The tree solver's axis is rounded as the general solver rounds, so the frames print as they do
    // when the general solver answers for the whole layout.
    let treeFields: [(frame: WritableKeyPath<Frame, Double>, decided: WritableKeyPath<Determination, Bool>, variable: FrameVariable)]
        = axis == .horizontal ? [(\.y, \.y, .y), (\.height, \.height, .height)] : [(\.x, \.x, .x), (\.width, \.width, .width)]
    var merged = general
    for item in merged.frames.indices {
        for field in treeFields {
            merged.frames[item][keyPath: field.frame] = treeValue(other.frames[item][keyPath: field.frame], field.variable, of: item)
            merged.determined[item][keyPath: field.decided] =
                other.determined[item][keyPath: field.decided] && mentioned[field.variable.symbol(of: item)]
        }
        if axis == .horizontal {
            let baselines = other.baselines[item]
            merged.baselines[item] = BaselinePair(
                first: treeValue(baselines.first, .firstBaseline, of: item), last: treeValue(baselines.last, .lastBaseline, of: item))
        }
    }
    // The general solve's own ambiguity findings count the other axis as undecided: find them again.
    merged.findings = general.findings.filter {
        if case .ambiguous = $0.kind { return false }
        return true
    } + ambiguityFindings(determined: merged.determined, ir: ir)
    return merged
}
