import StackIR

// User constraints on one axis, solved as a joint group: the stacks they do not touch enter the
// general solver by their cost functions, not by their constraints.
//
// The user constraints touch a few items. Those items and their ancestors are the *spine*, with
// every hidden item of a spine stack. The other items of a spine stack hang off it in *units*: along
// a fill or equalSpacing chain (a stack whose items' lengths add up along the axis), each run of
// consecutive untouched items is one unit; elsewhere each untouched stack is one (a leaf alone stays on
// the spine: its cost is its own two constraints; many leaves hanging off one stack do not, and units
// whose lengths the stack ties to one length of its own enter by one function: JointBundles.swift).
// A unit's own constraints (its stacks' constraints, its leaves' content sizes, the spacing between a
// run's items) mention only its own items and do not change when the unit moves, so they meet the rest
// of the layout only through its length (a run's, from its first item's start to its last item's end,
// less an equalSpacing run's gaps), and at each priority level their least violation is a
// function of that length: the structured solver's cost function (StructuredSolver.swift), a run's
// the merge of its items' as for a whole stack, convex and piecewise linear with slopes over the
// priority levels.
//
// The joint problem keeps every other constraint as written and replaces each hanging unit's
// constraints by its function: `length == anchor + sum(right pieces) - sum(left pieces)`, each piece a
// variable from 0 to its length, whose cost at each level is its slope's component there. Because the
// slopes grow (lexicographically) outwards, the cheapest way to reach a length fills the pieces in
// order, and the least cost of reaching it is the function's value at every level: the priority
// levels' optimum of the joint problem is exactly the layout's.
//
// The tie rule (Slope.swift): within a level the constraints' violations are minimised one at a time,
// the last in IR order first. A piece's slope keeps its most significant tie component, the constraint
// of its unit whose violation it changes first in that order, and the joint solve's tie rule takes
// that constraint's step at its place in IR order with the piece's sign as its cost. As in the tree
// solver's merges, every comparison is between changes of different units' constraints (each unit
// owns its own), so the most significant component decides it. Once the ties are broken, every
// hanging unit's position and length must be fixed on the optimal face: then each unit's own ties
// are its alone, at that length (a run's length split among its items as the tree solver splits a
// stack's, then the top-down pass). The check takes two optimisations of a random positive
// combination, its least and greatest value on the face. A unit still free goes onto the spine (of
// a run, the items whose own length nothing decides) and the group is solved again; a joint problem
// that conflicts is solved whole by the caller. What the joint part leaves undecided is settled as
// the whole solve settles it (UndecidedValues.swift).
//
// A user constraint is one reason to write a stack's constraints out; the tree solver declining the
// stack is the other, whatever its reason (an ambiguity, an equalCentering stack squeezed below equal
// gaps, a baseline row outside where its cost is exact, a split it does not settle): without user
// constraints the spine starts at the stack where the stacks alone decline, and a unit the top-down
// pass declines at the length the joint solve gives it goes onto the spine from the stack where it
// stops, and the group is solved again. So one such stack costs what its own subtree and its
// ancestors cost, not what the whole axis does. The joint solve is a shortcut to the general solver's
// answer, never a different one (JointGroupTests).

/// One axis of a layout solved as a joint group: frames along `axis` (the other axis's fields are
/// left for the caller), with the summary.
struct JointSolve {
    var solution: LayoutSolution
    var summary: JointGroupSummary
    /// The solve kept for resizes along its axis (KeptSolve.swift), when asked for and the axis's
    /// length is pinned.
    var kept: KeptSolve?
}

/// Solves `axis` of `ir` (whose user constraints all lie on that axis) as a joint group over the
/// stack-only layout read into `model`; why not when there is nothing to collapse or the shortcut does not
/// give the general solver's answer (see the top of this file), and the caller solves the axis whole.
/// `mentioned` is `mentionedSymbols(ir)`; `built`, the model's cost functions along `axis` when the
/// caller has them; `keeping`, whether to keep the solve for resizes; `walkingShares`, whether
/// fillProportionally stacks' lengths are hubs too (`HubRule`).
func solveJointly(
    ir: ConstraintIR, model: StructuredModel, built: StructuredLayout? = nil, width: Double?, height: Double?, axis: Axis,
    mentioned: [Bool], keeping: Bool = false, walkingShares: Bool = false
) -> (solve: JointSolve?, outcome: JointGroupOutcome) {
    do throws(JointDecline) {
        let solve = try jointSolve(
            ir: ir, model: model, built: built, width: width, height: height, axis: axis, mentioned: mentioned,
            keeping: keeping, rule: HubRule(axis: axis, width: width, height: height, walkingShares: walkingShares))
        return (solve, .solved(solve.summary))
    } catch {
        return (nil, .declined(error))
    }
}

/// Where a joint solve starts: the stack-only layout along `axis` (`built` when the caller has it),
/// its frames when the stacks alone have them, the items that seed the spine besides the user
/// constraints' (without user constraints along the axis, the stack where the stacks alone decline:
/// `FallbackReason.spineNode`), and the first shape.
/// With user constraints the shape comes first, so a layout with nothing to collapse builds no cost
/// functions.
private func jointStart(
    ir: ConstraintIR, model: StructuredModel, built: StructuredLayout?, width: Double?, height: Double?, axis: Axis,
    rule: HubRule
) throws(JointDecline) -> (layout: StructuredLayout, stacksAlone: LayoutSolution?, seeds: [Int], shape: JointShape) {
    let slot = axis.slot
    // The cost functions name constraints by their indices in the stack-only IR: the same in `ir` when the
    // user constraints come last, as the lowering puts them.
    let firstUser = ir.constraints.firstIndex(where: { $0.category == .user })
    guard ir.constraints[(firstUser ?? ir.constraints.count)...].allSatisfy({ $0.category == .user }) else { throw .irOrder }
    func build() throws(JointDecline) -> StructuredLayout {
        if let built { return built }
        do throws(FallbackReason) {
            return try StructuredLayout(model: model, axes: [slot], keepingDeclines: true)
        } catch {
            throw .stacksAlone(error)
        }
    }
    /// The frames of the stacks alone, where the hubs' pins start (HubWalk.swift): at the size asked
    /// for, else at the natural size, where a stack declined only at that size (an equalCentering
    /// row squeezed below equal gaps) has them; the walk takes the pins from there.
    func stacksAlone(_ layout: StructuredLayout) -> LayoutSolution? {
        (try? layout.frames(width: width, height: height)) ?? (rule.rootPinned ? try? layout.frames(width: nil, height: nil) : nil)
    }
    func shape(seeds: [Int]) throws(JointDecline) -> JointShape {
        let shape = try JointShape(ir: ir, model: model, axis: slot, seeds: seeds, forced: [Bool](repeating: false, count: model.count))
        guard shape.collapses(ir: ir, model: model, rule: rule) else { throw .nothingToCollapse }
        return shape
    }
    // User constraints along the axis start the spine; without any, the stack where the stacks alone
    // decline the axis starts it. The stacks without a cost function of their own (those the model
    // leaves unread, StructuredModel.tolerant, and those the tree solver makes none for) are on the
    // spine from the start, and then the stacks alone have no frames.
    guard !ir.constraints[(firstUser ?? ir.constraints.count)...].contains(where: { $0.touches(axis) }) else {
        let first = try shape(seeds: model.opaqueRoots)
        let layout = try build()
        let starts = layout.spineStarts
        guard starts == model.opaqueRoots else { return (layout, nil, starts, try shape(seeds: starts)) }
        return (layout, starts.isEmpty ? stacksAlone(layout) : nil, starts, first)
    }
    let layout = try build()
    let starts = layout.spineStarts
    guard starts.isEmpty else { return (layout, nil, starts, try shape(seeds: starts)) }
    do throws(FallbackReason) {
        _ = try layout.frames(width: width, height: height)
    } catch {
        guard let node = error.spineNode else { throw .stacksAlone(error) }
        return (layout, stacksAlone(layout), [node], try shape(seeds: [node]))
    }
    throw .nothingToCollapse
}

/// The joint solve of `axis`, in rounds (`jointRounds`).
private func jointSolve(
    ir: ConstraintIR, model: StructuredModel, built: StructuredLayout?, width: Double?, height: Double?, axis: Axis,
    mentioned: [Bool], keeping: Bool, rule: HubRule
) throws(JointDecline) -> JointSolve {
    let part = try jointPart(ir: ir, model: model, built: built, width: width, height: height, axis: axis, rule: rule)
    return try jointRounds(
        ir: ir, model: model, parts: [part], across: [], width: width, height: height, mentioned: mentioned,
        keeping: keeping)[0]
}

/// The start of `axis`'s part of a joint solve (`jointStart`).
func jointPart(
    ir: ConstraintIR, model: StructuredModel, built: StructuredLayout?, width: Double?, height: Double?, axis: Axis,
    rule: HubRule
) throws(JointDecline) -> JointPart {
    let start = try jointStart(ir: ir, model: model, built: built, width: width, height: height, axis: axis, rule: rule)
    return JointPart(
        axis: axis, rule: rule, layout: start.layout, stacksAlone: start.stacksAlone, seeds: start.seeds, shape: start.shape,
        forced: [Bool](repeating: false, count: model.count))
}

/// A joint solve in rounds, of one axis, or of both (`parts`, horizontal first) with the constraints
/// `across` that relate them (JointAcrossAxes.swift): one answer per part, each with its part's
/// summary and the frames along the parts finished so far (the last answer's are the whole solve's).
/// A unit whose place the levels and ties leave free goes onto
/// the spine, and the group is solved again: each round takes one more level of the tree, so the
/// rounds are few (and bounded here). A round whose answer reaches the end of a window of pieces is
/// solved again with that window four times wider, the others moved to the answer (a few rounds; then
/// every window four times wider, at last with every piece), and does not count. The
/// hubs' lengths are pinned and walked (HubWalk.swift), unless the pins conflict or the layout leaves
/// a length undecided: then the group is solved without them. Of hubs whose pins are tied together,
/// one is left out. Hubs are walked along one axis alone: a walk moves one pin at a time, and a
/// constraint across the axes ties pins of both.
func jointRounds(
    ir: ConstraintIR, model: StructuredModel, parts: [JointPart], across: [LinearConstraint], width: Double?,
    height: Double?, mentioned: [Bool], keeping: Bool
) throws(JointDecline) -> [JointSolve] {
    var parts = parts
    var windows = WindowGrowth(window: keeping ? JointWindow.keptPieces : JointWindow.pieces)
    var walkingHubs = parts.count == 1
    var (rounds, crossings) = (0, 0)
    var moving = true
    while rounds < 8 {
        guard let problems = try roundProblems(
            ir: ir, model: model, parts: &parts, width: width, height: height, window: windows.window,
            walkingHubs: walkingHubs, crossings: &crossings)
        else { continue }
        let interfaces = zip(parts, problems).map { part, own in own.interface(of: part.shape, axis: part.axis) }
        let problem = problems.count == 1 ? problems[0]
            : JointProblem(joining: problems, across: across, forms: interfaces.flatMap { $0.flatMap { $0 } })
        var solver = problem.solver(ir)
        guard !solver.conflicted else {
            if !problem.hubs.isEmpty {
                // The pins hold where the lengths may leave the windows (a user constraint moves an item
                // further than one piece): wider windows keep the walk. Else the pins themselves conflict.
                if !problem.windows.isEmpty, !problem.openingWindows().solver(ir).conflicted {
                    windows.widen()
                    continue
                }
                walkingHubs = false
                continue
            }
            guard problem.windows.isEmpty else {
                // Where the required rows move lengths past the windows (a squeeze), the windows move to
                // where the relaxation (`openingWindows`) puts them, before they widen.
                if moving, parts.allSatisfy({ $0.centres == nil }),
                   let centres = try relaxedLengths(problem, of: problems, ir: ir) {
                    for k in parts.indices { parts[k].centres = centres[k] }
                    windows.moves += 1
                } else {
                    windows.widen()
                }
                continue
            }
            throw .conflict
        }
        if let tied = solver.tiedHub() {
            parts[0].unwalked.append(tied)
            continue
        }
        solver.minimiseLevelSums()
        solver.breakTies()
        // A solve stopped at its limit has no optimal face to read: units would look free that are not.
        guard !solver.tableau.hitPivotLimit else { throw .pivotLimit }
        guard solver.walkHubsToFreeLengths() else {
            walkingHubs = false
            continue
        }
        guard problem.windows.isEmpty || problem.insideWindows(problem.values(in: solver)) else {
            // Without hubs, the windows move to where this answer put the lengths, and those whose
            // lengths reached an end widen (`JointPart.moveWindows`); past a few such rounds, all do.
            let spreading = moving && problem.hubs.isEmpty ? windows.spread() : nil
            if moving, problem.hubs.isEmpty {
                let value = problem.values(in: solver)
                for k in parts.indices { parts[k].moveWindows(to: value, of: problems[k], spreading: spreading) }
                windows.moves += 1
            }
            if spreading == nil { windows.widen() }
            continue
        }
        rounds += 1
        guard problem.fixes(interfaces.flatMap { $0.flatMap { $0 } }, in: solver) else {
            let free = parts.indices.map { problem.freeUnits(interfaces[$0], in: solver) }
            for k in parts.indices where !free[k].isEmpty {
                parts[k].force(free[k])
                try parts[k].reshape(ir: ir, model: model)
            }
            guard free.contains(where: { !$0.isEmpty }) else {
                // Windows moved away from where the stacks alone put the lengths can leave a face this
                // check cannot read; the group is solved again from there, with wider windows that stay.
                guard moving, parts.contains(where: { $0.centres != nil }) else { throw .unsettled }
                for k in parts.indices { (parts[k].centres, parts[k].spans) = (nil, nil) }
                moving = false
                windows.widen()
                continue
            }
            continue
        }
        guard var solves = try finishRound(
            solver: &solver, problem: problem, problems: problems, parts: &parts, ir: ir, model: model,
            mentioned: mentioned, keeping: keeping, width: width, height: height)
        else { continue }
        for k in solves.indices {
            (solves[k].summary.widenings, solves[k].summary.movedWindows) = (windows.widenings, windows.moves)
            solves[k].summary.acrossAxes = across.count
        }
        return solves
    }
    throw .unsettled
}

/// The frames of a round whose solve fixes every part's units: each part finished along its axis from
/// the one solve (`finishJoint`), and with `keeping` the solve kept for resizes (of one part); nil where
/// a part's finishing declines and its spine grows (`JointPart.respine`) for another round.
private func finishRound(
    solver: inout Solver, problem: JointProblem, problems: [JointProblem], parts: inout [JointPart], ir: ConstraintIR,
    model: StructuredModel, mentioned: [Bool], keeping: Bool, width: Double?, height: Double?
) throws(JointDecline) -> [JointSolve]? {
    guard !solver.tableau.hitPivotLimit else { throw .pivotLimit }
    // Only a kept solve holds on to the solver: a second copy would make finishing copy the tableau.
    let solved = keeping ? solver : nil
    var solution = problem.finish(&solver, free: nil)
    let value = problem.values(in: solver)
    var solves: [JointSolve] = []
    for k in parts.indices {
        let part = parts[k]
        do throws(JointDecline) {
            let solve = try finishJoint(
                solution: solution, value: value, shape: part.shape, problem: problems[k], layout: part.layout,
                axis: part.axis, mentioned: mentioned)
            solution = solve.solution
            solves.append(solve)
        } catch {
            try parts[k].respine(after: error, ir: ir, model: model)
            return nil
        }
    }
    if let solved, let part = parts.first, parts.count == 1 {
        solves[0].kept = KeptSolve(
            joint: solved, finished: solver, solution: solution, shape: part.shape, problem: problem, layout: part.layout,
            axis: part.axis, mentioned: mentioned, width: width, height: height)
    }
    return solves
}

/// Each part's joint problem for a round of `jointRounds`, its windows around the part's `centres`
/// where it has them and walks no hub; nil where a written constraint crosses into a part's hanging
/// items, which then go onto its spine for the round to start again.
private func roundProblems(
    ir: ConstraintIR, model: StructuredModel, parts: inout [JointPart], width: Double?, height: Double?, window: Int?,
    walkingHubs: Bool, crossings: inout Int
) throws(JointDecline) -> [JointProblem]? {
    var problems: [JointProblem] = []
    for k in parts.indices {
        let part = parts[k]
        // A pin starts where the stacks alone put its length: without their frames, none.
        let hubs = !walkingHubs || part.stacksAlone == nil ? []
            : part.shape.hubs(ir: ir, model: model, rule: part.rule).filter { !part.unwalked.contains($0) }
        // Without its hubs, a group with nothing hanging off its spine is the whole axis.
        guard !hubs.isEmpty || !part.shape.units.isEmpty else { throw .nothingToCollapse }
        do throws(JointDecline) {
            // Windows moved elsewhere enter the last build's functions and written constraints again.
            let moved = part.centres != nil && hubs.isEmpty && window != nil
            let problem: JointProblem
            if moved, let entered = part.entered {
                problem = entered
            } else {
                problem = try JointProblem(
                    ir: ir, shape: part.shape, layout: part.layout, width: width, height: height, axis: part.axis,
                    stacksAlone: part.stacksAlone, window: window, hubs: hubs)
                parts[k].entered = problem
            }
            guard let centres = part.centres, moved else {
                problems.append(problem)
                continue
            }
            problems.append(try JointProblem(
                recentring: problem, centres: centres, shape: part.shape, model: model, width: width, height: height,
                axis: part.axis, window: window, spans: part.spans))
        } catch {
            // The hanging items that a written constraint meets at more than their position and length
            // (a baseline, an item inside), or whose own constraints move with more than they do, go
            // onto the spine: a few rounds at most (each takes one more level of a baseline's chain).
            guard case .crossesSubtree(let items) = error, crossings < 8 else { throw error }
            crossings += 1
            for item in items where parts[k].forced.indices.contains(item) { parts[k].forced[item] = true }
            try parts[k].reshape(ir: ir, model: model)
            return nil
        }
    }
    return problems
}

/// The joint problem's constraints: the IR's on the axis but the hanging units' own, and each
/// hanging unit's cost function as pieces (restricted symbols after the frame variables).
struct JointProblem {
    var constraints: [LinearConstraint] = []
    var pieces = 0
    /// The parameters of the pins along the axis, the symbols after the pieces: the root's when its
    /// size is asked for, then the hubs' (HubWalk.swift).
    var parameters: [PinParameter] = []
    /// The hubs whose lengths the problem pins for the solve to walk, which are no constraints of the
    /// layout's: the last `hubs.count` parameters.
    var hubs: [Int] = []
    /// The restricted symbols: the pieces, and the parameters.
    var restricted: Int { pieces + parameters.count }
    var costs: [LevelCost] = []
    var tieCosts: [TieCost] = []
    /// Per unit: a run's merged items (the split of its length among them), nil for a stack alone.
    var merges: [Merge?] = []
    /// The units entered by a window of their pieces: the entry's index, the length's linear form, and
    /// the ends of the window where pieces were left out (nil where none were).
    var windows: [(entry: Int, length: [LinearTerm], low: Double?, high: Double?)] = []
    /// The indices in `constraints` of the bounds of each window's last pieces, where pieces were left
    /// out beyond them, and how wide each such piece may grow up to its function's domain end
    /// (infinite where the domain is open) (`openingWindows`).
    var windowEnds: [(constraint: Int, toDomainEnd: Double)] = []
    /// Per item: the item whose place it takes (a hanging item across a fill-aligned stack, not the
    /// first of them; or one placed across its stack's canvas, JointBundles.swift), -1 for the rest.
    /// Its alignment constraints and spanning bounds are not written.
    var leader: [Int] = []
    /// Per item: placed across its stack's canvas after the solve; and those items, by stack.
    var placed: [Bool] = []
    var placedAcross: [PlacedAcross] = []
    /// Per item: whether the solver gives its place along the axis: the spine (with its guides) and
    /// each item hanging alone but those that follow another. The others' places come from the
    /// top-down pass (JointFinish.swift).
    var solved: [Bool] = []
    /// Per item: whether the solver gives its frame: `solved`, and each run's first gap guide, whose
    /// width is the run's gap width, a symbol of the problem (JointFinish.swift).
    var solving: [Bool] = []
    /// The solver's numbering: the items this problem mentions (JointNumbering.swift).
    var numbering = JointNumbering()
    /// Each bundle's function, entered by a window of its pieces (JointWindows.swift).
    var entries: [JointEntry] = []
    /// The IR's constraints the problem keeps as written, at the root size it was made for and
    /// without parameters (the pins' parameters are added as the windows are entered).
    var written: [LinearConstraint] = []

    /// - Parameters:
    ///   - stacksAlone: the layout's frames without its user constraints, where the cost functions'
    ///     pieces start from (nil: their anchors).
    ///   - window: how many pieces of each function to enter on each side of that start (nil: all).
    ///   - hubs: stacks whose lengths to pin where the stacks alone put them, for the solve to walk.
    init(ir: ConstraintIR, shape: JointShape, layout: StructuredLayout, width: Double?, height: Double?, axis: Axis,
         stacksAlone: LayoutSolution?, window: Int?, hubs: [Int] = []) throws(JointDecline) {
        let slot = axis.slot
        merges = shape.units.indices.map { unit in
            let members = shape.units[unit]
            return members.count == 1 || shape.equalRun[unit] ? nil : merge(members.map { layout.outer[2 * $0 + slot] })
        }
        let bundles = bundle(shape, layout: layout, axis: slot)
        // An item another constraint mentions (beside its alignment) keeps its constraints written.
        while true {
            let kept = try shape.constraintsAsWritten(
                ir, width: width, height: height, axis: axis, following: leader.map { $0 >= 0 }, placed: placed)
            written = kept.written
            guard !kept.unfollowed.isEmpty else { break }
            for item in kept.unfollowed { leader[item] = -1 }
        }
        var centres: [Double] = []
        for bundle in bundles {
            let (function, form, alone) = try entry(of: bundle, shape: shape, layout: layout, axis: axis, frames: stacksAlone?.frames)
            let (start, ascending) = function.ascendingPieces()
            let entry = JointEntry(
                root: shape.units[bundle.unit][0], function: function, form: form, start: start, ascending: ascending)
            // Pieces from the length the layout has without its user constraints, so that a solve
            // starts where the stacks alone put it (a start from the anchor walks every piece in between).
            centres.append(try entry.centre(near: alone, axis: axis))
            entries.append(entry)
        }
        // A pin starts where the stacks alone put its length: without their frames, none.
        let pins = hubs.compactMap { hub in
            stacksAlone.map { (hub: hub, length: axis == .horizontal ? $0.frames[hub].width : $0.frames[hub].height) }
        }
        try enterWindows(
            centres: centres, window: window, hubs: pins, shape: shape, model: layout.model, width: width, height: height,
            axis: axis)
    }

    /// Per unit, the linear forms that must be fixed on the optimal face: its place and its length (a
    /// follower's place is its leader's, so only the leader's is asked about; an item placed across its
    /// stack's canvas, the canvas's). An equalSpacing run's length is its items' (`lengthForm`), not its
    /// gaps': their width is the stack's one gap width, a symbol of the joint problem, which the face may
    /// leave free, and which finishing decides and settles there as the whole solve does (JointFinish.swift).
    func interface(of shape: JointShape, axis: Axis) -> [[[LinearTerm]]] {
        shape.units.indices.map { unit in
            let first = shape.units[unit][0]
            guard leader[first] < 0 else { return [] }
            let stack = shape.parent[first]
            guard !placed[first] else {
                return [[(axis.position.symbol(of: stack), 1.0)], [(axis.length.symbol(of: stack), 1.0)]]
            }
            return [[(axis.position.symbol(of: first), 1.0)], shape.lengthForm(unit, axis: axis)]
        }
    }

}
