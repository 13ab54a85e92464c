import StackIR

// User constraints on one axis, solved as a joint group: the stacks they do not touch enter the
// general solver by their cost functions, not by their constraints.
//
// The user constraints touch a few items. Those items and their ancestors are the *spine*, with
// every leaf and hidden item of a spine stack. Every other item of a spine stack is a stack that no
// user constraint reaches into: a *hanging* subtree. Its own constraints (its stacks' constraints and
// its leaves' content sizes) mention only its own items and do not change when the subtree moves, so
// they meet the rest of the layout only through its length, and at each priority level their least
// violation is a function of that length: the structured solver's cost function (StructuredSolver.swift),
// convex and piecewise linear with slopes over the priority levels.
//
// The joint problem keeps every other constraint as written and replaces each hanging subtree's
// constraints by its function: `length == anchor + sum(right pieces) - sum(left pieces)`, each piece a
// variable from 0 to its length, whose cost at each level is its slope's component there. Because the
// slopes grow (lexicographically) outwards, the cheapest way to reach a length fills the pieces in
// order, and the least cost of reaching it is the function's value at every level: the priority
// levels' optimum of the joint problem is exactly the layout's.
//
// The tie rule (Slope.swift): within a level the constraints' violations are minimised one at a time,
// the last in IR order first. A piece's slope keeps its most significant tie component, the constraint
// of its subtree whose violation it changes first in that order, and the joint solve's tie rule takes
// that constraint's step at its place in IR order with the piece's sign as its cost. As in the tree
// solver's merges, every comparison is between changes of different subtrees' constraints (each
// subtree owns its own), so the most significant component decides it. Once the ties are broken,
// every hanging subtree's position and length must be fixed on the optimal face: then each subtree's
// own ties are its alone, at that length (the structured solver's top-down pass). The check takes two
// optimisations of a random positive combination, its least and greatest value on the face. A subtree
// still free goes onto the spine and the group is solved again; a joint problem that is ambiguous or
// conflicts is solved whole by the caller, as before. The joint solve is a shortcut to the general
// solver's answer, never a different one (JointGroupTests).

/// One axis of a layout solved as a joint group: frames along `axis` (the other axis's fields are
/// left for the caller), with the summary.
struct JointSolve {
    var solution: LayoutSolution
    var summary: JointGroupSummary
}

/// The spine and hanging subtrees of a layout's user constraints.
private struct JointShape {
    /// Per arranged item (node): on the spine.
    var spine: [Bool]
    /// Per item (guides included): the root of the hanging subtree it is in, or -1 on the spine.
    var hangingRoot: [Int]
    /// The hanging subtrees' roots, ascending.
    var hanging: [Int]
    /// Per item: its owner (parent stack or guide's creator), -1 for the root.
    var parent: [Int]
    var depth: [Int]

    /// - Parameter forced: per node, on the spine though no user constraint reaches into it (a subtree
    ///   whose place the levels and ties left free in an earlier round).
    init(ir: ConstraintIR, model: StructuredModel, forced: [Bool]) throws(JointDecline) {
        let n = model.count
        let count = ir.items.count
        parent = ir.items.map { $0.owner?.index ?? -1 }
        // Nodes come before their items (the lowering's order); guides after every node.
        guard n <= count, parent.enumerated().allSatisfy({ $0.element < $0.offset }) else { throw .irOrder }
        depth = [Int](repeating: 0, count: count)
        for item in 1..<max(1, count) where parent[item] >= 0 { depth[item] = depth[parent[item]] + 1 }
        spine = [Bool](repeating: false, count: n)
        let parent = self.parent
        func node(_ item: Int) -> Int { item < n ? item : parent[item] }
        for constraint in ir.constraints where constraint.category == .user {
            for anchor in [constraint.first] + (constraint.second.map { [$0] } ?? []) {
                guard anchor.item.index >= 0, anchor.item.index < count else { throw .irOrder }
                var item = node(anchor.item.index)
                while item >= 0, item < n, !spine[item] {
                    spine[item] = true
                    item = parent[item]
                }
            }
        }
        hangingRoot = [Int](repeating: -1, count: count)
        hanging = []
        guard n > 0 else { throw .irOrder }
        spine[0] = true
        for item in 1..<count {
            let above = parent[item]
            guard above >= 0 else { throw .irOrder }
            if item >= n {
                hangingRoot[item] = hangingRoot[above]
            } else if !spine[above] {
                hangingRoot[item] = hangingRoot[above]
            } else if !spine[item] {
                // A leaf's cost is its own two constraints: nothing to collapse.
                if model.stackAxis[item] < 0 || model.hidden[item] || forced[item] {
                    spine[item] = true
                } else {
                    hangingRoot[item] = item
                    hanging.append(item)
                }
            }
        }
    }

    /// The stack or leaf that made an IR constraint, by the items it mentions: the lowest common
    /// owner; for a constraint on one item, the item for what it brings itself (content size, explicit
    /// size, a stack's canvas fit), else the stack it is arranged in (hiding it, its fillProportionally
    /// zero length, suppressing its ambiguity) or that made it (a guide's).
    func owner(of constraint: IRConstraint, nodes n: Int) -> Int {
        func node(_ item: Int) -> Int { item < n ? item : parent[item] }
        var a = node(constraint.first.item.index)
        guard let second = constraint.second else {
            let own: [ConstraintCategory] = [.contentHugging, .contentCompression, .explicitSize, .canvasFit]
            return constraint.first.item.index >= n || own.contains(constraint.category) ? a : parent[a]
        }
        var b = node(second.item.index)
        while depth[a] > depth[b] { a = parent[a] }
        while depth[b] > depth[a] { b = parent[b] }
        while a != b {
            a = parent[a]
            b = parent[b]
        }
        return a
    }
}

/// Solves `axis` of `ir` (whose user constraints all lie on that axis) as a joint group over the
/// stack-only layout `stackOnly`; why not when there is nothing to collapse or the shortcut does not
/// give the general solver's answer (see the top of this file), and the caller solves the axis whole.
/// `mentioned` is `mentionedSymbols(ir)`.
func solveJointly(ir: ConstraintIR, stackOnly: ConstraintIR, width: Double?, height: Double?, axis: Axis, mentioned: [Bool])
    -> (solve: JointSolve?, outcome: JointGroupOutcome) {
    do throws(JointDecline) {
        let solve = try jointSolve(ir: ir, stackOnly: stackOnly, width: width, height: height, axis: axis, mentioned: mentioned)
        return (solve, .solved(solve.summary))
    } catch {
        return (nil, .declined(error))
    }
}

private func jointSolve(
    ir: ConstraintIR, stackOnly: ConstraintIR, width: Double?, height: Double?, axis: Axis, mentioned: [Bool]
) throws(JointDecline) -> JointSolve {
    let slot = axis.slot
    // The cost functions name constraints by their indices in `stackOnly`: the same in `ir` when the
    // user constraints come last, as the lowering puts them.
    guard let firstUser = ir.constraints.firstIndex(where: { $0.category == .user }),
          ir.constraints[firstUser...].allSatisfy({ $0.category == .user }) else { throw .irOrder }
    // The shape first: a layout with nothing to collapse costs no cost functions.
    let model: StructuredModel
    do throws(FallbackReason) { model = try StructuredModel(ir: stackOnly) } catch { throw .stacksAlone(error) }
    let n = model.count
    var forced = [Bool](repeating: false, count: n)
    var shape = try JointShape(ir: ir, model: model, forced: forced)
    guard !shape.hanging.isEmpty else { throw .nothingToCollapse }
    let layout: StructuredLayout
    do throws(FallbackReason) { layout = try StructuredLayout(model: model, axes: [slot]) } catch { throw .stacksAlone(error) }
    let (linear, invalid) = linearize(ir, width: width, height: height)
    guard invalid.isEmpty else { throw .invalidConstraints }
    let stacksAlone = try? layout.frames(width: width, height: height)
    let centres = (0..<n).map { node in
        stacksAlone.map { slot == 0 ? $0.frames[node].width : $0.frames[node].height } ?? layout.outer[2 * node + slot].anchor
    }
    // A subtree whose place the levels and ties leave free goes onto the spine, and the group is solved
    // again: each round takes one more level of the tree, so the rounds are few (and bounded here).
    for _ in 0..<8 {
        let problem = try JointProblem(ir: ir, shape: shape, layout: layout, linear: linear, axis: axis, centres: centres)
        var solver = Solver(
            ir: ir, constraints: problem.constraints, invalid: [], restricted: problem.pieces, costs: problem.costs,
            tieCosts: problem.tieCosts, breakingConflicts: false)
        guard !solver.conflicted else { throw .conflict }
        solver.minimiseLevelSums()
        solver.breakTies()
        let interface = shape.hanging.flatMap { [axis.position.symbol(of: $0), axis.length.symbol(of: $0)] }
        guard solver.fixes(interface) else {
            let moving = solver.moving(interface)
            let free = shape.hanging.indices.filter { moving[2 * $0] || moving[2 * $0 + 1] }
            guard !free.isEmpty else { throw .unsettled }
            for index in free { forced[shape.hanging[index]] = true }
            shape = try JointShape(ir: ir, model: model, forced: forced)
            guard !shape.hanging.isEmpty else { throw .nothingToCollapse }
            continue
        }
        return try finishJoint(solver: &solver, shape: shape, problem: problem, layout: layout, axis: axis, mentioned: mentioned)
    }
    throw .unsettled
}

/// The joint problem's constraints: the IR's on the axis but the hanging subtrees' own, and each
/// hanging subtree's cost function as pieces (restricted symbols after the frame variables).
private struct JointProblem {
    var constraints: [LinearConstraint] = []
    var pieces = 0
    var costs: [LevelCost] = []
    var tieCosts: [TieCost] = []

    /// - Parameter centres: per node, where its cost function's pieces start from.
    init(ir: ConstraintIR, shape: JointShape, layout: StructuredLayout, linear: [LinearConstraint], axis: Axis, centres: [Double])
        throws(JointDecline) {
        let n = layout.model.count
        let (position, length) = (axis.position, axis.length)
        let positions: Set<Int> = axis == .horizontal ? [FrameVariable.x.rawValue]
            : [FrameVariable.y.rawValue, FrameVariable.firstBaseline.rawValue, FrameVariable.lastBaseline.rawValue]
        var written: [LinearConstraint] = []
        for constraint in linear where constraint.expression.symbols.allSatisfy({ Axis(symbol: $0) == axis }) {
            if case .constraint(let index) = constraint.source {
                let owner = shape.owner(of: ir.constraints[index], nodes: n)
                if owner >= 0, shape.hangingRoot[owner] >= 0 {
                    // A hanging subtree's own constraint: it must not change when the subtree moves.
                    var shift = 0.0
                    for (symbol, coefficient) in zip(constraint.expression.symbols, constraint.expression.coefficients)
                    where positions.contains(symbol % FrameVariable.perItem) { shift += coefficient }
                    guard nearZero(shift) else { throw .crossesSubtree(item: shape.hangingRoot[owner]) }
                    continue
                }
            }
            // The rest meets a hanging subtree only at its root's position and length.
            for symbol in constraint.expression.symbols {
                let item = symbol / FrameVariable.perItem
                let root = shape.hangingRoot[item]
                guard root < 0 || (item == root && [position.rawValue, length.rawValue].contains(symbol % FrameVariable.perItem))
                else { throw .crossesSubtree(item: root) }
            }
            written.append(constraint)
        }
        let externals = shape.hangingRoot.count * FrameVariable.perItem
        let slot = axis.slot
        // Hanging stacks across a fill-aligned stack are all as long as its canvas (its required
        // alignment constraints, kept above, say so): their costs add up to one function of that
        // length, entered once at the first of them (a vstack of many rows: one row, not one per row).
        var bundles: [(root: Int, members: [Int])] = []
        var bundleOf: [Int: Int] = [:]
        let model = layout.model
        for root in shape.hanging {
            let stack = shape.parent[root]
            let across = model.stackAxis[stack] >= 0 && Int(model.stackAxis[stack]) != slot && model.alignment[stack] == .fill
                && !model.baselineRow[stack]
            if across, let bundle = bundleOf[stack] {
                bundles[bundle].members.append(root)
            } else {
                if across { bundleOf[stack] = bundles.count }
                bundles.append((root, [root]))
            }
        }
        for (root, members) in bundles {
            guard let function = members.count == 1 ? layout.outer[2 * root + slot]
                    : pointwiseSum(members.map { layout.outer[2 * $0 + slot] }) else { throw .conflict }
            let (start, ascending) = function.ascendingPieces()
            // Pieces from the length the layout has without its user constraints, so that a solve
            // starts where the stacks alone put it (a start from the anchor walks every piece in between).
            let centre = min(max(start, centres[root]), ascending.last?.end ?? start)
            guard centre.isFinite else { throw .crossesSubtree(item: root) }
            var terms: [(symbol: Int, coefficient: Double)] = [(length.symbol(of: root), 1)]
            func add(_ piece: Double, cost slope: Slope, sign: Double) {
                let symbol = externals + pieces
                pieces += 1
                terms.append((symbol, -sign))
                if piece.isFinite {
                    constraints.append(LinearConstraint(
                        expression: Row(constant: piece, terms: [(symbol, -1)]), isEquality: false, priority: 1000,
                        source: .costFunction(item: root)))
                }
                for i in 0..<Int(slope.levels.count) {
                    let term = slope.levels.term(i, function.extra)
                    costs.append(LevelCost(priority: term.priority, symbol: symbol, coefficient: sign * term.coefficient))
                }
                if let tie = slope.tie {
                    tieCosts.append(TieCost(priority: tie.priority, index: tie.index, symbol: symbol, coefficient: sign * slope.tieSign))
                }
            }
            // Rightwards the cost grows at the slope; leftwards (outwards) at minus the slope.
            for (k, piece) in ascending.enumerated() where piece.end > centre {
                let from = max(k == 0 ? start : ascending[k - 1].end, centre)
                if piece.end - from > 0 { add(piece.end - from, cost: piece.slope, sign: 1) }
            }
            for k in ascending.indices.reversed() {
                let from = k == 0 ? start : ascending[k - 1].end
                guard from < centre else { continue }
                let to = min(ascending[k].end, centre)
                if to - from > 0 { add(to - from, cost: ascending[k].slope, sign: -1) }
            }
            constraints.append(LinearConstraint(
                expression: Row(constant: -centre, terms: terms), isEquality: true, priority: 1000,
                source: .costFunction(item: root)))
        }
        // The pieces' rows go in first: each has its length to solve for, and so the rows as written
        // find more of their subjects already placed (fewer phase-one searches; nested spread at
        // N = 10,000: 21 s -> 6.5 s). The tie rule follows IR order, not this one.
        constraints += written
    }
}

/// The frames of a joint solve after its tie rule: the joint part from the solver, each hanging
/// subtree by the structured solver's top-down pass from its root's place. Throws when the joint part is
/// not decided: there the general solver's own choice of vertex shows, which only the whole axis
/// reproduces.
private func finishJoint(
    solver: inout Solver, shape: JointShape, problem: JointProblem, layout: StructuredLayout, axis: Axis, mentioned: [Bool]
) throws(JointDecline) -> JointSolve {
    let ir = solver.ir
    let n = layout.model.count
    let (slot, position, length) = (axis.slot, axis.position, axis.length)
    guard !solver.tableau.hitPivotLimit else { throw .pivotLimit }
    var solution = solver.finish()
    for item in 0..<ir.items.count where shape.hangingRoot[item] < 0 || shape.hangingRoot[item] == item {
        let decided = solution.determined[item]
        let along = slot == 0 ? (decided.x, decided.width) : (decided.y, decided.height)
        guard along.0 || !mentioned[position.symbol(of: item)], along.1 || !mentioned[length.symbol(of: item)] else {
            throw .ambiguous
        }
    }
    let value = solver.unroundedValue()
    var placement = JointPlacement(
        spine: shape.spine, position: [Double](repeating: 0, count: n), length: [Double](repeating: 0, count: n))
    for item in 0..<n where shape.spine[item] || shape.hangingRoot[item] == item {
        placement.position[item] = value(position.symbol(of: item))
        placement.length[item] = value(length.symbol(of: item))
    }
    let inside: LayoutSolution
    do throws(FallbackReason) {
        inside = try layout.frames(along: slot, rootLength: placement.length[0], joint: placement)
    } catch {
        throw .subtreeDeclined(error)
    }
    for item in 0..<ir.items.count where shape.hangingRoot[item] >= 0 && shape.hangingRoot[item] != item {
        copyAxis(slot, of: item, from: inside, into: &solution, mentioned: mentioned)
    }
    solution.findings = []
    let summary = JointGroupSummary(
        items: (0..<ir.items.count).count(where: { shape.hangingRoot[$0] < 0 || shape.hangingRoot[$0] == $0 }),
        constraints: problem.constraints.count, subtrees: shape.hanging.count, pieces: problem.pieces)
    return JointSolve(solution: solution, summary: summary)
}

/// Per external symbol: whether some constraint of `ir` mentions it (or it is the root's frame, which
/// the solve pins or sizes). A variable nothing mentions is free: 0 and undecided, as the general
/// solver leaves it.
func mentionedSymbols(_ ir: ConstraintIR) -> [Bool] {
    var mentioned = [Bool](repeating: false, count: ir.items.count * FrameVariable.perItem)
    for variable in [FrameVariable.x, .y, .width, .height] where !mentioned.isEmpty { mentioned[variable.symbol(of: 0)] = true }
    for constraint in ir.constraints {
        for anchor in [constraint.first] + (constraint.second.map { [$0] } ?? []) {
            for term in linearForm(anchor) where mentioned.indices.contains(term.symbol) { mentioned[term.symbol] = true }
        }
    }
    return mentioned
}

/// Copies `item`'s fields along axis `slot` (0 horizontal) from a structured solve into `solution`,
/// rounded as the general solver rounds; a variable nothing mentions is 0 and undecided.
func copyAxis(_ slot: Int, of item: Int, from tree: LayoutSolution, into solution: inout LayoutSolution, mentioned: [Bool]) {
    func value(_ value: Double, _ variable: FrameVariable) -> Double {
        mentioned[variable.symbol(of: item)] ? roundedToSolverPrecision(value) : 0
    }
    let frame = tree.frames[item]
    let decided = tree.determined[item]
    if slot == 0 {
        solution.frames[item].x = value(frame.x, .x)
        solution.frames[item].width = value(frame.width, .width)
        solution.determined[item].x = decided.x && mentioned[FrameVariable.x.symbol(of: item)]
        solution.determined[item].width = decided.width && mentioned[FrameVariable.width.symbol(of: item)]
    } else {
        solution.frames[item].y = value(frame.y, .y)
        solution.frames[item].height = value(frame.height, .height)
        solution.determined[item].y = decided.y && mentioned[FrameVariable.y.symbol(of: item)]
        solution.determined[item].height = decided.height && mentioned[FrameVariable.height.symbol(of: item)]
        let baselines = tree.baselines[item]
        solution.baselines[item] = BaselinePair(
            first: value(baselines.first, .firstBaseline), last: value(baselines.last, .lastBaseline))
    }
}

extension Solver {
    /// Whether the optimal face so far fixes every symbol of `symbols`: the least and the greatest
    /// value of a combination of them with random positive weights agree. (Were one free, the
    /// combination would vary but for weights in a set of measure zero.)
    func fixes(_ symbols: [Int]) -> Bool {
        var combination: [Int: Double] = [:]
        var constant = 0.0
        for symbol in symbols { combination[symbol, default: 0] += randomWeights(of: symbol).0 }
        // Eliminated symbols by their definitions, in elimination order: each mentions only kept
        // symbols and symbols eliminated later.
        for definition in elimination?.definitions ?? [] {
            guard let factor = combination.removeValue(forKey: definition.symbol) else { continue }
            constant += factor * definition.value.constant
            for (symbol, coefficient) in zip(definition.value.symbols, definition.value.coefficients) {
                combination[symbol, default: 0] += factor * coefficient
            }
        }
        var row = Row(constant: constant, terms: combination.map { ($0.key, $0.value) })
        var low = tableau
        var least = low.substituted(row)
        guard low.optimize(&least) else { return false }
        row.scale(by: -1)
        var high = tableau
        var greatest = high.substituted(row)
        guard high.optimize(&greatest) else { return false }
        let range = -greatest.constant - least.constant
        return range <= 1e-7 * max(1, abs(least.constant), abs(greatest.constant))
    }

    /// Per symbol of `symbols`: whether it can still move on the optimal face so far, as the solver
    /// decides ambiguity (`Tableau.canMove`, and back-substitution for eliminated symbols).
    func moving(_ symbols: [Int]) -> [Bool] {
        let tableau = self.tableau
        var decided: [Int: Bool] = [:]
        if let elimination, !elimination.definitions.isEmpty {
            let movable = tableau.movableNonbasics()
            decided = elimination.backSubstitute(
                value: { tableau.value(of: $0) }, movement: { tableau.movement(of: $0, movable: movable) }).decided
        }
        return symbols.map { !(decided[$0] ?? !tableau.canMove($0)) }
    }

    /// Each symbol's value before rounding, eliminated ones by back-substitution.
    func unroundedValue() -> (Int) -> Double {
        let tableau = self.tableau
        guard let elimination, !elimination.definitions.isEmpty else { return { tableau.value(of: $0) } }
        let values = elimination.backSubstitute(value: { tableau.value(of: $0) }, movement: { _ in (0, 0) }).values
        return { values[$0] ?? tableau.value(of: $0) }
    }
}

