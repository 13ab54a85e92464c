import StackIR

// User constraints that relate the axes (`a.height == b.width`), solved as one joint group over both.
//
// Every stack constraint lies on one axis, so each hanging unit's own constraints do too, and each
// unit meets the rest of the layout only through its place and length along its own axis
// (JointGroup.swift). So the two axes' joint problems, each with its units entering by their cost
// functions, together with the constraints across the axes as written, are the layout's problem with
// the units' constraints replaced by their functions: the same argument, over both axes at once. The
// general solver then sees the two spines and the pieces, not the whole layout twice over; the
// tie rule follows IR order across both axes, as the whole solve's does.

extension JointProblem {
    /// One problem of `problems` (one per axis, each numbered from the layout's frame variables on)
    /// and the constraints `across` that relate them: each problem's pieces and parameters renumbered
    /// after the ones before it, the items whose frames the solver gives those of any of them. Its
    /// `numbering` holds the items of `forms` (every part's interface) too. The per-item fields of
    /// each axis's finishing stay with that axis's problem (`finishJoint`).
    init(joining problems: [JointProblem], across: [LinearConstraint], forms: [[LinearTerm]]) {
        let count = problems[0].solving.count
        let externals = count * FrameVariable.perItem
        var shift = 0
        solving = [Bool](repeating: false, count: count)
        for problem in problems {
            func moved(_ symbol: Int) -> Int { symbol < externals ? symbol : symbol + shift }
            func moved(_ row: Row) -> Row {
                var result = row
                result.symbols = row.symbols.map(moved)
                return result
            }
            windowEnds += problem.windowEnds.map { ($0.constraint + constraints.count, $0.toDomainEnd) }
            constraints += problem.constraints.map { constraint in
                var joined = constraint
                joined.expression = moved(constraint.expression)
                joined.slack = constraint.slack.map(moved)
                return joined
            }
            pieces += problem.pieces
            parameters += problem.parameters.map { parameter in
                var pin = parameter
                pin.symbol = moved(parameter.symbol)
                return pin
            }
            hubs += problem.hubs
            costs += problem.costs.map { LevelCost(priority: $0.priority, symbol: moved($0.symbol), coefficient: $0.coefficient) }
            tieCosts += problem.tieCosts.map {
                TieCost(priority: $0.priority, index: $0.index, symbol: moved($0.symbol), coefficient: $0.coefficient)
            }
            windows += problem.windows.map { window in
                (window.entry, window.length.map { (moved($0.symbol), $0.coefficient) }, window.low, window.high)
            }
            for item in 0..<count where problem.solving[item] { solving[item] = true }
            shift += problem.restricted
        }
        constraints += across
        solved = solving
        numbering = JointNumbering(count: count, constraints: constraints, kept: solving, forms: forms)
    }
}

/// `ir`, whose user constraints relate the axes (`across`: their indices, all user constraints), solved
/// as one joint group over both axes of the stack-only layout read into `model`: the frames, and per
/// axis (horizontal first) the general axis the report shows. Throws where a part declines as a joint
/// solve of one axis would; the caller then solves the whole layout by the general solver, whose
/// answer this is. `built`: the model's cost functions on both axes, when the caller has them.
func solveJointlyAcrossAxes(
    ir: ConstraintIR, model: StructuredModel, built: StructuredLayout?, across: [Int], width: Double?, height: Double?,
    mentioned: [Bool]
) throws(JointDecline) -> (solution: LayoutSolution, axes: [GeneralAxis]) {
    var terms: [LinearTerm] = []
    var linear: [LinearConstraint] = []
    for index in across {
        guard invalidReason(ir.constraints[index], items: ir.items.count) == nil else { throw .invalidConstraints }
        linear.append(linearized(ir.constraints[index], index: index, terms: &terms))
    }
    let parts = try [Axis.horizontal, .vertical].map { axis throws(JointDecline) in
        try jointPart(
            ir: ir, model: model, built: built?.alone(axis.slot), width: width, height: height, axis: axis,
            rule: HubRule(axis: axis, width: width, height: height))
    }
    let solves = try jointRounds(
        ir: ir, model: model, parts: parts, across: linear, width: width, height: height, mentioned: mentioned,
        keeping: false)
    var solution = solves[solves.count - 1].solution
    solution.findings = ambiguityFindings(determined: solution.determined, ir: ir)
    let axes = zip(parts, solves).map { part, solve in
        GeneralAxis(
            axis: part.axis, solution: solution, constraints: solve.summary.constraints, joint: .solved(solve.summary),
            kept: nil)
    }
    return (solution, axes)
}
