import StackIR

// A resize of a layout the general solver answers (the whole layout, one axis, or a joint group),
// without solving it again: kiwi's edit variables, for a lexicographic solve.
//
// The root's pin along each solved axis carries a parameter symbol (`addParameter`), frozen at zero,
// so every row of the final tableau says how its basic symbol moves with the root's size. A new size
// moves the row constants along that column, as kiwi's `suggestValue` moves an edit variable. The
// basis does not depend on the constants: each priority level's and tie step's objective is, in the
// final basis, its optimum plus nonnegative multiples of symbols frozen at zero, and frozen symbols
// stay nonbasic. So while the moved basis stays feasible it is the solve at the new size, at every
// level and through the tie rule. Where a basic symbol turns negative, the lexicographic dual simplex
// (`Tableau.reoptimize`) pivots back to a feasible basis that keeps every stage optimal in order. The
// rest runs as usual on the moved tableau: what is undecided, and for a joint group the windows of
// pieces, whether its hanging units are still fixed (asked again when the optimal face may have
// changed), the split of each run and the top-down pass inside each unit. Where the moved answer
// reaches the end of a window, or the move cannot be made inside the windows, the kept problem enters
// new windows (JointWindows.swift) and is solved as a joint solve's round is. Where any of those
// declines, the caller solves afresh. The solve moved to one size is kept for the next resize, so a
// sweep of sizes pivots only across what changes between them.

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
    /// What moves on the optimal face there (`Solver.faceFree`): the same after a move that keeps
    /// it (`Tableau.moveParameter`), so finishing that move does not look for it again.
    var free: [Bool]
    /// For a joint group, what places its hanging units.
    var joint: KeptJoint?

    /// Keeps `solver` (after `breakTies`, answering `solution`, whose finishing found `free`) when it
    /// found nothing to report: a conflict or a pivot limit at one size says nothing about another.
    init?(
        _ solver: Solver, axes: [Axis], width: Double?, height: Double?, solution: LayoutSolution, free: [Bool],
        joint: KeptJoint? = nil
    ) {
        guard solver.findings.isEmpty, !solver.tableau.hitPivotLimit else { return nil }
        (self.solver, self.axes, self.width, self.height) = (solver, axes, width, height)
        (self.solution, self.free, self.joint) = (solution, free, joint)
    }

    /// Moves the kept solve of `ir` to root size `width` x `height` and returns its answer there (along
    /// `axes`; the other axis's fields as the solve leaves them), or nil when the kept basis does not
    /// answer it (see the top of this file); the kept solve is then half moved, for the caller to
    /// drop. In place: a caller that holds the only copy moves the tableau without copying it.
    mutating func resize(ir: ConstraintIR, width: Double?, height: Double?) -> LayoutSolution? {
        var (moved, sameFace, sameFreedom) = (false, true, true)
        for axis in axes {
            let (kept, new) = axis == .horizontal ? (self.width, width) : (self.height, height)
            guard kept != new else { continue }
            // A pin that appears or goes away changes the problem, not a constant.
            guard let new, new.isFinite, abs(new) <= largestMagnitude,
                  let parameter = solver.parameters.firstIndex(where: { $0.axis == axis && $0.item == 0 }) else { return nil }
            let move = solver.move(parameter, to: new)
            // A windowed problem may not reach the new size inside its windows at all (a length the
            // pins decide leaves one): new windows around the last answer's lengths.
            guard move.moved else {
                return joint.flatMap { recentre(ir: ir, around: $0.problem.lengths(in: solution), width: width, height: height) }
            }
            // A hub's length follows the root's: walked again from where it was (HubWalk.swift).
            let hubs = solver.walkHubs(on: axis)
            guard hubs.held else { return nil }
            (moved, sameFace) = (true, sameFace && move.sameFace && !hubs.moved)
            sameFreedom = sameFreedom && move.sameFreedom && !hubs.moved
        }
        guard moved else { return solution }
        (self.width, self.height) = (width, height)
        // What follows changes a copy: the kept solver stays as the moved tie rule left it.
        var finishing = solver
        if let joint {
            let problem = joint.problem
            guard problem.windows.isEmpty || problem.insideWindows(problem.values(in: finishing)) else {
                return recentre(ir: ir, around: problem.lengths(problem.values(in: finishing)), width: width, height: height)
            }
            // On another face a hanging unit may be free, which the joint solve does not answer.
            guard sameFace || problem.fixes(problem.interface(of: joint.shape, axis: joint.axis).flatMap { $0 }, in: finishing) else { return nil }
            guard let solve = try? finishJoint(
                solver: &finishing, shape: joint.shape, problem: problem, layout: joint.layout, width: width,
                height: height, axis: joint.axis, mentioned: joint.mentioned, keeping: false,
                free: sameFreedom ? free : nil
            ) else { return nil }
            solution = solve.solution
        } else {
            solution = finishing.finish(free: sameFreedom ? free : nil)
        }
        free = finishing.faceFree
        return solution
    }
}

extension KeptSolve {
    /// Where the kept joint problem does not answer a new root size inside its windows: the problem
    /// with its windows entered around `centres` (per entry, a length: where the moved answer reached
    /// the end of a window, or the last answer where the move could not be made), solved as a round
    /// of `jointSolve` is, and kept in place of this one. Nil where that round does not answer: the
    /// problem walks hubs (their pins start from the stacks alone), its constraints conflict, its answer
    /// reaches the end of a new window, a hanging unit is free on its optimal face, or finishing declines.
    private mutating func recentre(
        ir: ConstraintIR, around centres: [Double], width: Double?, height: Double?
    ) -> LayoutSolution? {
        guard let joint, joint.problem.hubs.isEmpty, !joint.problem.windows.isEmpty else { return nil }
        guard let problem = try? JointProblem(
            recentring: joint.problem, centres: centres, shape: joint.shape, model: joint.layout.model, width: width,
            height: height, axis: joint.axis) else { return nil }
        var solver = problem.solver(ir)
        guard !solver.conflicted else { return nil }
        solver.minimiseLevelSums()
        solver.breakTies()
        guard problem.insideWindows(problem.values(in: solver)),
              problem.fixes(problem.interface(of: joint.shape, axis: joint.axis).flatMap { $0 }, in: solver),
              let solve = try? finishJoint(
                solver: &solver, shape: joint.shape, problem: problem, layout: joint.layout, width: width, height: height,
                axis: joint.axis, mentioned: joint.mentioned, keeping: true),
              let next = solve.kept else { return nil }
        self = next
        return solve.solution
    }
}

extension Solver {
    /// `run`, with the solve kept for resizes of `axes` when `keeping` (the solver made with
    /// `parameterized`). Only a kept solve holds on to the solver: a second copy would make finishing
    /// copy the tableau.
    mutating func run(keeping: Bool, axes: [Axis], width: Double?, height: Double?) -> (solution: LayoutSolution, kept: KeptSolve?) {
        minimiseLevelSums()
        breakTies()
        let solved = keeping ? self : nil
        let solution = finish()
        let kept = solved.flatMap { KeptSolve($0, axes: axes, width: width, height: height, solution: solution, free: faceFree) }
        return (solution, kept)
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
