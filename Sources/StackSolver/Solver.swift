// The exact solver: constraint IR -> frames, with Auto Layout's priority semantics.
//
// SEMANTICS
// - Every item has a frame: variables x, y, width, height. leading = left = x,
//   trailing = right = x + width, centerX = x + width / 2; top = y, bottom = y + height,
//   centerY = y + height / 2. firstBaseline and lastBaseline are two more variables per item, tied
//   to the frame only by the IR's own `baseline` constraints; unconstrained they are free.
// - The root (`items[0]`) sits at x = 0, y = 0. A width or height passed to `solve` pins the root's
//   size (required); without one the root takes its natural size from the constraints.
// - Required constraints (priority >= 1000) hold exactly (to 1e-9 before rounding).
// - Optional constraints are satisfied in strict priority order, priorities being real numbers:
//   no violation at a higher priority is ever traded for any amount of lower-priority violation.
//   Within one priority the sum of violations is minimised (|first - m * second - c| for `==`,
//   only the violating side for `<=` and `>=`), as Cassowary does.
//
// TIE RULE (what UIKit calls "resolved by index in arrangedSubviews")
// - Once every priority's sum is optimal (all levels, highest first), ties are broken level by level
//   (highest first): the level's constraints are taken in reverse IR order, the LAST constraint's
//   violation is minimised, then the one before it, and so on, each keeping everything decided so
//   far. So when violation must go somewhere, the earliest constraint of the level absorbs it.
//   IR order follows arranged-subview order, hence in a fill stack with equal
//   hugging the FIRST arranged view stretches (seed 003: red takes the extra space).
// - Whatever is still free after every level (no constraint at any priority decides it) is
//   settled one variable at a time, lengths before positions, from the last item back to the
//   root, each to the value nearest 0 the rest allows (UndecidedValues.swift), so every solve of the
//   same layout gives the same frames. Such items are reported as ambiguous (`SolverFinding.Kind.ambiguous`).
//
// ALGORITHM
// - Kiwi's tableau (rows `basic = constant + sum(c * s)`, externals never leave the basis), built
//   constraint by constraint: required ones first (pins, then IR order), then optional ones with
//   error variables, each priority level's just before the level is minimised. A required row with
//   no feasible subject goes through phase one with an artificial variable; if its minimum is
//   positive the constraint conflicts with those already in.
// - On a conflict a minimal conflicting set is found by the additive method (QuickXplain's simple
//   cousin) over the constraints sharing variables with the failing one; the failing constraint is
//   dropped, as UIKit breaks the constraint it was adding, and the solve goes on.
// - Objectives are then minimised one level at a time (lexicographic simplex). After each level
//   every nonbasic symbol with a positive reduced cost is frozen at zero: that is exactly the
//   level's optimal face, so later levels cannot disturb it and no weights or epsilons are needed.
//   Meanwhile the frame variables' rows sit outside the tableau (Tableau+Parking.swift).
// - Every choice is made from counts, costs and dense ids (Tableau.swift), so output never depends
//   on hashing.

import StackIR

/// Solves `ir` to frames under the semantics at the top of `Solver.swift`.
///
/// - Parameters:
///   - width: pins the root's width (required); `nil` lets it take its natural size.
///   - height: pins the root's height likewise.
/// Total: never traps; invalid constraints (unknown items, non-finite numbers) are reported in
/// `findings` and ignored, conflicts are reported and broken, ambiguity is reported.
public func solve(_ ir: ConstraintIR, width: Double? = nil, height: Double? = nil) -> LayoutSolution {
    solve(ir, width: width, height: height, axis: nil)
}

/// `solve`, of the constraints on one axis only when `axis` is given (AxisSplit.swift).
func solve(_ ir: ConstraintIR, width: Double?, height: Double?, axis: Axis?) -> LayoutSolution {
    var solver = Solver(ir: ir, width: width, height: height, axis: axis)
    return solver.run()
}

/// A solved value with float noise rounded away (a required constraint holds to 1e-9 before
/// rounding); not finite becomes 0, and so does -0.
func roundedToSolverPrecision(_ raw: Double) -> Double {
    let rounded = (raw * 1e9).rounded() / 1e9
    return rounded.isFinite ? (rounded == 0 ? 0 : rounded) : 0
}

/// One term of a level's objective beside the violations: `coefficient * symbol` at `priority`.
struct LevelCost {
    var priority: Double
    var symbol: Int
    var coefficient: Double
}

/// One term of the tie rule's objective for IR constraint `index` at `priority` beside that
/// constraint's own violation: `coefficient * symbol` (a cost function's piece whose most significant
/// tie component is that constraint, JointGroup.swift).
struct TieCost {
    var priority: Double
    var index: Int
    var symbol: Int
    var coefficient: Double
}

/// One solve: the tableau plus the bookkeeping that maps it back to the IR.
struct Solver {
    let ir: ConstraintIR
    let constraints: [LinearConstraint]
    let invalid: [(Int, InvalidReason)]
    var tableau: Tableau
    /// The variables solved before the simplex (Elimination.swift); `nil` when not eliminating.
    var elimination: Elimination?
    var findings: [SolverFinding] = []
    /// Whether the solution reports ambiguity. A solve of one axis leaves the other undecided, so its
    /// caller finds ambiguity on the merged frames instead (AxisSplit.swift).
    var findsAmbiguity = true
    var broken: [Int] = []
    /// Conflicts found before elimination, in the order UIKit meets them: the constraint broken and
    /// a minimal set it conflicts with.
    private let conflicts: [(broken: LinearConstraint, members: [LinearConstraint])]
    /// How many linear constraints (pins included) this solve took, before conflicts and elimination.
    let linearCount: Int
    /// Whether `init` already added every required row (no conflict), so `run` starts at the optional ones.
    private let requiredAdded: Bool
    /// The parameters the root's pins carry (`PinParameter`), at the pins' values the tableau holds.
    var parameters: [PinParameter]
    /// Whether the required constraints conflict and `init` was asked not to break them.
    private(set) var conflicted = false
    /// Objective terms beside the optional constraints' violations, by level and for the tie rule.
    private let costs: [LevelCost]
    private let tieCosts: [TieCost]
    /// Per optional constraint index, its error symbols, and the priority levels (after `minimiseLevelSums`).
    private var errors: [Int: [Int]] = [:]
    private var levels: [PriorityLevel] = []
    /// With parameters, each stage's final objective (every priority level's and tie step's, in
    /// order), for moving them after the solve (PinParameter.swift, HubWalk.swift).
    var stages = Stages()
    /// Per external symbol, whether it moves on the optimal face, as the last `finish` found it.
    private(set) var faceFree: [Bool] = []

    /// One priority level: its optional constraints (indices into `constraints`, ascending), its cost
    /// terms, and its tie costs by the IR index of the constraint they stand for.
    private struct PriorityLevel {
        var constraints: [Int]
        var costs: [(Int, Double)]
        var ties: [Int: [TieCost]]
    }

    /// - Parameters:
    ///   - eliminating: eliminates (Elimination.swift); when the required constraints conflict, breaks
    ///     the conflicts first (ConflictSearch). Without it, conflicts are met as the tableau grows and
    ///     nothing is eliminated.
    ///   - axis: solves only the constraints on that axis (AxisSplit.swift); nil solves all.
    ///   - parameterized: the root's pins on the axes solved carry parameters (`PinParameter`), so
    ///     that the solve can be moved to other root sizes (KeptSolve.swift).
    init(ir: ConstraintIR, width: Double?, height: Double?, eliminating: Bool = true, axis: Axis? = nil,
         parameterized: Bool = false) {
        var (all, invalid) = linearize(ir, width: width, height: height)
        if let axis {
            all.removeAll { constraint in constraint.expression.symbols.contains { Axis(symbol: $0) != axis } }
        }
        var parameters: [PinParameter] = []
        for pinned in axis.map({ [$0] }) ?? [.horizontal, .vertical] where parameterized {
            let symbol = ir.items.count * FrameVariable.perItem + parameters.count
            if let parameter = addParameter(to: &all, axis: pinned, width: width, height: height, symbol: symbol) {
                parameters.append(parameter)
            }
        }
        self.init(ir: ir, constraints: all, invalid: invalid, eliminating: eliminating, restricted: parameters.count,
                  parameters: parameters)
        findsAmbiguity = axis == nil
    }

    /// A solve of `all`, linear constraints over the IR's frame variables and, from
    /// `ir.items.count * FrameVariable.perItem` on, `restricted` more symbols that are `>= 0` (the
    /// pieces of cost functions, JointGroup.swift) whose `costs` join the objective of their level
    /// and `tieCosts` the tie rule's.
    /// - Parameters:
    ///   - breakingConflicts: finds and breaks required conflicts; without it a conflict only sets
    ///     `conflicted` (the caller then solves another way).
    ///   - parameters: `restricted` symbols that pins' rows carry (`PinParameter`).
    init(ir: ConstraintIR, constraints all: [LinearConstraint], invalid: [(Int, InvalidReason)], eliminating: Bool = true,
         restricted: Int = 0, costs: [LevelCost] = [], tieCosts: [TieCost] = [], breakingConflicts: Bool = true,
         parameters: [PinParameter] = []) {
        self.ir = ir
        self.invalid = invalid
        self.costs = costs
        self.tieCosts = tieCosts
        self.parameters = parameters
        let externals = ir.items.count * FrameVariable.perItem
        linearCount = all.count
        /// A tableau for `constraints`, with `slacks` more slack symbols after the restricted ones.
        func tableau(for constraints: [LinearConstraint], slacks: Int = 0) -> Tableau {
            var tableau = Tableau(externals: externals)
            for symbol in externals..<externals + restricted {
                _ = tableau.newSymbol(parameters.contains { $0.symbol == symbol } ? .parameter : .slack)
            }
            for _ in 0..<slacks { _ = tableau.newSymbol(.slack) }
            tableau.mentions = [Int](repeating: 0, count: externals)
            for constraint in constraints {
                for symbol in constraint.expression.symbols where symbol < externals { tableau.mentions[symbol] += 1 }
            }
            for parameter in parameters { tableau.freeze(parameter.symbol) }
            tableau.pivotLimit = 10_000 + 40 * (tableau.kinds.count + 4 * constraints.count)
            tableau.termLimit = SolverLimits.termLimit(symbols: tableau.kinds.count, constraints: constraints.count)
            tableau.workLimit = SolverLimits.workLimit(termLimit: tableau.termLimit)
            return tableau
        }
        guard eliminating else {
            conflicts = []
            elimination = nil
            constraints = all
            self.tableau = tableau(for: all)
            requiredAdded = false
            return
        }
        // The required inequalities as equalities over slacks of their own, numbered after the
        // restricted symbols, so that elimination may solve them for a position too.
        let slacked = withSlacks(all, from: externals + restricted)
        // The required rows go in at once; only when they cannot all hold are the conflicts found and
        // broken, over the constraints as written (a merged row stands for several of them), and what
        // remains is eliminated again.
        var elimination = Elimination(slacked.constraints, externals: externals)
        var candidate = tableau(for: elimination.constraints, slacks: slacked.count)
        if elimination.constraints.allSatisfy({ $0.priority < 1000 || candidate.addRequired($0) != .infeasible }) {
            conflicts = []
            requiredAdded = true
        } else if !breakingConflicts {
            conflicts = []
            conflicted = true
            requiredAdded = true
        } else {
            // The search sees the pins as written: a parameter is no free variable to it.
            let search = ConflictSearch(constraints: removingParameters(parameters, from: all), externals: externals)
            let found = search.breakConflicts(among: all.indices.filter { all[$0].priority >= 1000 })
            conflicts = found.map { (all[$0.broken], $0.members.map { all[$0] }) }
            let brokenIndices = Set(found.map(\.broken))
            elimination = Elimination(
                slacked.constraints.indices.filter { !brokenIndices.contains($0) }.map { slacked.constraints[$0] },
                externals: externals)
            candidate = tableau(for: elimination.constraints, slacks: slacked.count)
            requiredAdded = false
        }
        self.elimination = elimination
        constraints = elimination.constraints
        self.tableau = candidate
    }

    mutating func run() -> LayoutSolution {
        minimiseLevelSums()
        breakTies()
        return finish()
    }

    /// Adds every constraint and minimises each priority level's sum, highest first: the optimal
    /// face of the priorities, before the tie rule.
    mutating func minimiseLevelSums() {
        for (index, reason) in invalid {
            findings.append(.invalid(index, reason, ir: ir))
        }
        for conflict in conflicts {
            reportConflict(broken: conflict.broken, members: conflict.members)
        }
        if !requiredAdded { addRequired() }
        // Until `breakTies` ends, the frame variables' rows take no pivots (Tableau+Parking.swift).
        if SolverLimits.parksFrameRows { tableau.parkExternalRows() }
        levels = priorityLevels()
        for level in levels {
            addOptional(level.constraints)
            minimise(level.constraints.flatMap { index in (errors[index] ?? []).map { ($0, 1.0) } } + level.costs)
        }
    }

    /// The solution, after `breakTies`; `solving` as in `makeSolution`, `free` as its `known`.
    mutating func finish(solving: [Bool]? = nil, free: [Bool]? = nil) -> LayoutSolution {
        if tableau.hitPivotLimit {
            findings.append(tableau.hitTermLimit ? .termLimit(tableau, ir: ir) : .pivotLimit(tableau.pivots, ir: ir))
        }
        return makeSolution(solving: solving, known: free)
    }

    /// Required constraints in order; each one that conflicts with those before is reported and dropped.
    /// (After `ConflictSearch` none does, but float noise on a merged row is handled the same way.)
    private mutating func addRequired() {
        var accepted: [Int] = []
        for (index, constraint) in constraints.enumerated() where constraint.priority >= 1000 {
            switch tableau.addRequired(constraint) {
            case .added, .redundant:
                accepted.append(index)
            case .infeasible:
                let search = ConflictSearch(
                    constraints: removingParameters(parameters, from: constraints), externals: ir.items.count * FrameVariable.perItem)
                reportConflict(
                    broken: constraint, members: search.minimalConflict(failing: index, accepted: accepted).map { constraints[$0] })
            }
        }
        broken.sort()
    }

    private mutating func reportConflict(broken constraint: LinearConstraint, members: [LinearConstraint]) {
        if case .constraint(let irIndex) = constraint.source { broken.append(irIndex) }
        findings.append(.conflict(members: members.map(\.source), broken: constraint.source, ir: ir))
    }

    /// Adds the optional constraints at `indices` (one priority level's) with their error variables,
    /// kept per constraint index in `errors`.
    ///
    /// Each level's rows go in just before the level is minimised, not all before the first: a row
    /// of a lower level cannot narrow a higher level's face (its own error variables absorb any
    /// violation), so the face each level leaves is the same, but the pivots of the levels above do
    /// not rewrite it. That matters where many lower rows share a symbol: an equalCentering stack's
    /// gap equalities all mention its first gap's length, a fillProportionally stack's shares its
    /// length, and with them in, every pivot of the items' compression and hugging rewrote all of
    /// them, the square of the stack. A row that waits is written once, over the basis of its level:
    /// long where the levels above leave many lengths basic on one shared length (a tied
    /// fillProportionally row with user constraints, which costs more this way; Benchmarks/RESULTS.md).
    private mutating func addOptional(_ indices: [Int]) {
        for index in indices {
            let constraint = constraints[index]
            // Rows that fill in as they come stop the solve here (`termLimit`): the required
            // constraints are in, so the frames still satisfy them.
            guard !tableau.limitReached() else { break }
            var row = constraint.expression
            if constraint.isEquality {
                // expr == 0 @p  ->  expr - plus + minus = 0, violation plus + minus
                let plus = tableau.newSymbol(.error)
                let minus = tableau.newSymbol(.error)
                _ = row.add(Row(constant: 0, terms: [(plus, -1), (minus, 1)]), times: 1)
                _ = tableau.add(row, marker: plus, other: minus)
                errors[index] = [plus, minus]
            } else {
                // expr >= 0 @p  ->  expr - slack + error = 0, violation error
                let slack = tableau.newSymbol(.slack)
                let error = tableau.newSymbol(.error)
                _ = row.add(Row(constant: 0, terms: [(slack, -1), (error, 1)]), times: 1)
                _ = tableau.add(row, marker: slack, other: error)
                errors[index] = [error]
            }
        }
    }

    /// The priority levels, highest first, grouped in one pass (an equalCentering stack gives each
    /// of its gaps a level of its own).
    private func priorityLevels() -> [PriorityLevel] {
        var byPriority: [Double: PriorityLevel] = [:]
        func level(_ priority: Double, _ change: (inout PriorityLevel) -> Void) {
            change(&byPriority[priority, default: PriorityLevel(constraints: [], costs: [], ties: [:])])
        }
        for index in constraints.indices where constraints[index].priority < 1000 {
            level(constraints[index].priority) { $0.constraints.append(index) }
        }
        for cost in costs { level(cost.priority) { $0.costs.append((cost.symbol, cost.coefficient)) } }
        for tie in tieCosts { level(tie.priority) { $0.ties[tie.index, default: []].append(tie) } }
        // Read in descending priority order: no dictionary order reaches the solve.
        return byPriority.sorted { $0.key > $1.key }.map(\.value)
    }

    /// The tie rule, after `minimiseLevelSums`, level by level (highest first). Ties are broken only
    /// after all levels, so a tie at a high priority is first narrowed by every lower priority, as
    /// strict priority order demands.
    mutating func breakTies() {
        for level in levels {
            // Tie rule: the last constraint's violation first, so the earliest absorbs what remains.
            // A constraint a cost function stands for (`tieCosts`) takes its place by its IR index.
            var steps: [(irIndex: Int, constraint: Int?)] = level.constraints.map { index in
                guard case .constraint(let irIndex) = constraints[index].source else { return (-1, index) }
                return (irIndex, index)
            }
            steps += level.ties.keys.map { ($0, nil) }
            steps.sort { $0.irIndex != $1.irIndex ? $0.irIndex > $1.irIndex : ($0.constraint ?? -1) > ($1.constraint ?? -1) }
            for step in steps {
                guard let index = step.constraint else {
                    minimise((level.ties[step.irIndex] ?? []).map { ($0.symbol, $0.coefficient) })
                    continue
                }
                let own = errors[index] ?? []
                if own.allSatisfy({ !tableau.isBasic($0) }) {
                    // Nonbasic means zero already, the least possible: keep it there.
                    for symbol in own { tableau.freeze(symbol) }
                    if !parameters.isEmpty { stages.append(Row(constant: 0, terms: own.map { ($0, 1) })) }
                } else {
                    minimise(own.map { ($0, 1) })
                }
            }
        }
        tableau.restoreParked()
    }

    /// Minimises `terms` on the current optimal face, then narrows the face to its optimum.
    mutating func minimise(_ terms: [(Int, Double)]) {
        guard !tableau.hitPivotLimit else { return }
        // An objective the point meets already is held there by pivots that move nothing, and so is
        // one that reaches 0 while the simplex runs (Tableau+MetObjective.swift).
        if holdMet(terms) { return }
        var objective = tableau.substituted(Row(constant: 0, terms: terms))
        if tableau.isPositiveSum(terms) {
            if tableau.optimize(&objective, stopAtZero: true), objective.constant <= tolerance, holdMet(terms) { return }
            // A hold that gives up may have pivoted first: the objective is written over today's basis.
            objective = tableau.substituted(Row(constant: 0, terms: terms))
        }
        if tableau.optimize(&objective) {
            tableau.freezePositiveCosts(of: objective)
            if !parameters.isEmpty { stages.append(objective) }
        }
    }

    /// `Tableau.holdMetObjective`, with the stage a kept solve needs: the objective over the new
    /// basis, which costs only the symbols it froze.
    private mutating func holdMet(_ terms: [(Int, Double)]) -> Bool {
        guard tableau.holdMetObjective(terms) else { return false }
        if !parameters.isEmpty { stages.append(tableau.substituted(Row(constant: 0, terms: terms))) }
        return true
    }

    /// The solution, what no constraint decides settled (UndecidedValues.swift). With `solving` (per
    /// item), only the items it marks get their frames and determinations from the tableau; the others
    /// are left zero and undecided for the caller to fill in (a joint solve's hanging units, which the
    /// top-down pass places). `known`: what moves on the optimal face, per external symbol, from a
    /// solve of the same face (a kept solve moved without changing what moves on it, KeptSolve.swift);
    /// without it, found here (HiddenMovements.swift). Either way kept in `faceFree`.
    private mutating func makeSolution(solving: [Bool]? = nil, known: [Bool]? = nil) -> LayoutSolution {
        let count = ir.items.count
        var determined: [Determination] = []
        determined.reserveCapacity(count)
        var undecided: [Int] = []
        var eliminated = backSubstitution(movements: known == nil)
        let free = known ?? faceFreedom(solving: solving, eliminated: eliminated)
        faceFree = free
        for item in 0..<count {
            guard solving?[item] ?? true else {
                determined.append(Determination(x: false, y: false, width: false, height: false))
                continue
            }
            func decided(_ variable: FrameVariable) -> Bool { !free[variable.symbol(of: item)] }
            determined.append(Determination(
                x: decided(.x), y: decided(.y), width: decided(.width), height: decided(.height)))
            for variable in FrameVariable.allCases where !decided(variable) { undecided.append(variable.symbol(of: item)) }
        }
        if settleUndecided(undecided, eliminated: eliminated.values) {
            eliminated = backSubstitution(movements: false)
        }
        let tableau = self.tableau
        func value(_ variable: FrameVariable, _ item: Int) -> Double {
            let symbol = variable.symbol(of: item)
            return roundedToSolverPrecision(eliminated.values[symbol] ?? tableau.value(of: symbol))
        }
        var frames: [Frame] = []
        var baselines: [BaselinePair] = []
        frames.reserveCapacity(count)
        baselines.reserveCapacity(count)
        for item in 0..<count {
            guard solving?[item] ?? true else {
                frames.append(Frame(x: 0, y: 0, width: 0, height: 0))
                baselines.append(BaselinePair(first: 0, last: 0))
                continue
            }
            frames.append(Frame(
                x: value(.x, item), y: value(.y, item), width: value(.width, item), height: value(.height, item)))
            baselines.append(BaselinePair(first: value(.firstBaseline, item), last: value(.lastBaseline, item)))
        }
        var all = findings
        // A stopped solve's free symbols include those of the constraints it did not reach.
        if findsAmbiguity && !tableau.hitPivotLimit { all += ambiguityFindings(determined: determined, ir: ir) }
        return LayoutSolution(
            frames: frames, determined: determined, baselines: baselines, findings: all,
            brokenConstraints: broken, pivots: tableau.pivots)
    }

    /// Per external symbol, whether it moves on the optimal face, for the items `solving` marks
    /// (the others false); `eliminated` is `backSubstitution(movements: true)`.
    private func faceFreedom(solving: [Bool]?, eliminated: (values: [Int: Double], decided: [Int: Bool])) -> [Bool] {
        let count = ir.items.count
        let current = tableau
        var free = [Bool](repeating: false, count: count * FrameVariable.perItem)
        var movable = MovableNonbasics(symbols: current.kinds.count)
        for item in 0..<count where solving?[item] ?? true {
            for variable in FrameVariable.allCases {
                let symbol = variable.symbol(of: item)
                free[symbol] = !(eliminated.decided[symbol] ?? !current.canMove(symbol, movable: &movable))
            }
        }
        for symbol in hiddenMovements(free: free, now: eliminated.values, solving: solving) { free[symbol] = true }
        return free
    }
}
