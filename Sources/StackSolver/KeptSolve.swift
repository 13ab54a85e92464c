import StackIR

// A resize of a layout the general solver answers along one axis (a joint group, or the whole axis),
// without solving that axis again.
//
// The root's pin along the axis carries a parameter symbol (`addParameter`), frozen at zero, so every
// row of the final tableau says how its basic symbol moves with the root's length. A new length moves
// the row constants along that column, as kiwi's `suggestValue` moves an edit variable. The basis
// does not depend on the constants: each priority level's and tie step's objective is, in the final
// basis, its optimum plus nonnegative multiples of symbols frozen at zero, and frozen symbols stay
// nonbasic. So while the moved basis stays feasible, the moved tableau is the solve at the new
// length, at every level and through the tie rule; and since `Tableau.moveParameter` keeps every
// restricted symbol at zero at zero, the optimal face does not grow (a joint group's hanging units
// stay fixed on it, as the joint solve checked). The rest runs as usual on the moved tableau: what is
// undecided, and for a joint group the windows of pieces, the split of each run and the top-down
// pass inside each unit. Where the moved basis is not feasible, or any of those declines, the caller
// solves afresh.

/// A general solve (of the whole layout, one axis, or a joint group) after its tie rule, kept to
/// answer other root sizes.
struct KeptSolve {
    /// The solver after `breakTies`, at the root size `width` x `height`.
    var solver: Solver
    /// The axes the solve answers.
    var axes: [Axis]
    var width: Double?
    var height: Double?
    /// Its answer at that size.
    var solution: LayoutSolution
    /// For a joint group, what places its hanging units.
    var joint: KeptJoint?

    /// Keeps `solver` (after `breakTies`, answering `solution`) when it found nothing to report: a
    /// conflict or a pivot limit at one size says nothing about another.
    init?(_ solver: Solver, axes: [Axis], width: Double?, height: Double?, solution: LayoutSolution, joint: KeptJoint? = nil) {
        guard solver.findings.isEmpty, !solver.tableau.hitPivotLimit else { return nil }
        (self.solver, self.axes, self.width, self.height) = (solver, axes, width, height)
        (self.solution, self.joint) = (solution, joint)
    }

    /// The answer at root size `width` x `height` (along `axes`; the other axis's fields as the
    /// solve leaves them), or nil when the kept basis does not answer it (see the top of this file).
    func resized(width: Double?, height: Double?) -> LayoutSolution? {
        var solver = self.solver
        var moved = false
        for axis in axes {
            let (kept, new) = axis == .horizontal ? (self.width, width) : (self.height, height)
            guard kept != new else { continue }
            // A pin that appears or goes away changes the problem, not a constant.
            guard let new, new.isFinite, abs(new) <= largestMagnitude,
                  let parameter = solver.parameters.first(where: { $0.axis == axis }),
                  solver.move(parameter, to: new) else { return nil }
            moved = true
        }
        guard moved else { return solution }
        guard let joint else { return solver.finish() }
        let problem = joint.problem
        guard problem.windows.isEmpty || problem.insideWindows(solver.unroundedValue()) else { return nil }
        return try? finishJoint(
            solver: &solver, shape: joint.shape, problem: problem, layout: joint.layout, axis: joint.axis,
            mentioned: joint.mentioned
        ).solution
    }
}

/// What a kept joint solve needs besides its solver to place its hanging units (`finishJoint`).
struct KeptJoint {
    var shape: JointShape
    var problem: JointProblem
    var layout: StructuredLayout
    var axis: Axis
    var mentioned: [Bool]
}
