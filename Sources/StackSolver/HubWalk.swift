import StackIR

// A stack across the axis whose length the layout decides is a hub: its items all take its length
// (a vstack's rows are all as wide as it), so each of their rows mentions it, and each pivot through
// it rewrites rows across the whole stack. A joint group that spans such a stack costs the square of
// its size: a vstack of a thousand sections with user constraints spread across them. A pin does
// not: its row holds the length at a constant plus its parameter (PinParameter.swift), which never
// enters the basis, and the sections' rows stay apart.
//
// So a joint solve pins each hub's length where the stacks alone put it, solves, and then walks the
// pins to the lengths the layout takes (several hubs: `walkHubsToFreeLengths`). All along, the
// tableau is the solve with the length held where the pin is: the parameter's coefficient in each
// stage's objective is that stage's rate of change with the length, and the lexicographic dual
// simplex (`Tableau.dualPivot`) crosses each length where the basis changes. The walk goes the way the
// rates, compared stage by stage, say the layout improves, and stops where neither way does. That is the layout's optimum: each stage's
// least value is convex in the length over the lengths the earlier stages leave, so a length that no
// small move improves is optimal, and the pinned solve there has the free solve's optimal face. When
// one way costs nothing at every stage, the layout does not decide the length, and the walk says so:
// the caller solves the layout without the pin.
//
// Along the axis, an equalCentering stack's first gap guide is a hub: every other gap's equal width
// mentions its width, and the row that closes the stack (its ends, the first and last items' halves
// and every gap) carries them all. Its equalities sit below every item's own levels, so the walk
// crosses few lengths: a row of 1,000 labels with one user constraint solves in 0.5 s pinned, 4 s
// without. A stack's own length along the axis is not a hub: it is its items' chain, one row. A
// fillProportionally stack's shares mention it at the top levels, and a user constraint that breaks
// one share walks the length through every other (a row of 1,000 labels walks to zero in 4,790
// pivots under the lowest-id entering rule: 3.3 s against 0.03 s unpinned). So its length is a hub
// only where the solve of the whole axis stopped at its limit (`HubRule.walkingShares`), and the stack
// has at most `JointHub.sharesWalkedUpTo` items: there the optimum moves the length, whose row the
// solve writes into every share's, the square of the row (a row of 3,000 labels with 1% of them in
// user constraints stops unpinned and takes 0.9 s walked). A hub alone is reason enough for a joint
// group, with no unit hanging off it (JointShape.collapses).

/// How many items on the spine make a stack's hub worth a walk. Below that the rows that mention its
/// length are few, and the walk's own steps (each reads every row that mentions the pin) cost more
/// than they save: a touched column of ten labels, walked on every resize of a nested layout of 1,000
/// views with one user constraint, made each resize 1.5x slower (784 against 533 us). Task-local so
/// that tests can change it.
enum JointHub {
    @TaskLocal static var worthAWalk = 16
    /// How many times several hubs are walked in turn before their pins are released. More rounds
    /// move the lengths nearer the optimum; the release reaches it whatever the rounds left.
    static let rounds = 8
    /// The most items a fillProportionally stack may have for its length to be walked after a stop
    /// (`HubRule.walkingShares`). The walk reads every share at each of its steps, and its steps grow
    /// with the row: a row of 3,000 labels with 1% of them in user constraints walks in 0.9 s, of
    /// 10,000 in 6-9 s, of 30,000 in 50 s, where the stopped solve took under a second. Past this
    /// many, the stop's warning stands. Task-local so that tests can change it.
    @TaskLocal static var sharesWalkedUpTo = 4_096
}

/// How a walk of a parameter in one direction ended.
enum ParameterWalk: Equatable {
    /// It moved `distance` and stopped where moving on costs more.
    case rising(distance: Double)
    /// It moved `distance` and stopped where the constraints cannot hold beyond.
    case blocked(distance: Double)
    /// Moving on changes no stage's cost: nothing decides the value.
    case flat
    /// An improvement without end (unsound numbers) or the pivot limit.
    case failed
}

extension Tableau {
    /// Moves `parameter` (see `moveParameter`) in `direction` (1 or -1) while that lowers the stages'
    /// costs lexicographically, keeping the basis optimal for `stages` with `dualPivot` wherever it
    /// changes. `changed` collects what `refreeze` must set again.
    mutating func walk(_ parameter: Int, direction: Double, stages: inout Stages, changed: inout [Int]) -> ParameterWalk {
        guard !pinnedParameters.contains(parameter) else { return .blocked(distance: 0) }
        // Whether the row of `slot` holds a restricted symbol at zero that the move would lower.
        func blocks(_ slot: Int) -> Bool {
            guard basicOf[slot] >= 0, kinds[basicOf[slot]] != .external, rows[slot].constant <= tolerance else { return false }
            return rows[slot].coefficient(of: parameter) * direction < -tolerance
        }
        var distance = 0.0
        while true {
            // The first restricted basic symbol the move brings to zero, and after how long a step.
            var step = Double.infinity
            var blocking = -1
            for (slot, coefficient) in rowsContaining(parameter) where kinds[basicOf[slot]] != .external {
                let rate = coefficient * direction
                guard rate < -tolerance else { continue }
                let ratio = max(0, rows[slot].constant) / -rate
                if blocking < 0 || ratio < step - tolerance || (ratio <= step + tolerance && basicOf[slot] < basicOf[blocking]) {
                    step = min(step, ratio)
                    blocking = slot
                }
            }
            if blocking >= 0, blocks(blocking) {
                // Where the basis changes: the rows at zero that the move would lower leave, the lowest
                // basic symbol first, for the basis beyond. A pivot rewrites only the rows it touches,
                // so only those are looked at again.
                var candidates = rowsContaining(parameter).map(\.slot).filter(blocks)
                while true {
                    var unique: [Int] = []
                    for slot in candidates.filter(blocks).sorted() where slot != unique.last { unique.append(slot) }
                    candidates = unique
                    guard let leaving = candidates.min(by: { basicOf[$0] < basicOf[$1] }) else { break }
                    guard dualPivot(leaving: leaving, stages: &stages, changed: &changed, touched: &candidates)
                    else { return hitPivotLimit ? .failed : .blocked(distance: distance) }
                }
                continue
            }
            // The stages' rate along the move: the first that is not zero decides.
            let rate = stages.leadingCost(of: parameter) * direction
            if rate == 0 { return .flat }
            if rate > 0 { return .rising(distance: distance) }
            guard blocking >= 0 else { return .failed }
            _ = moveParameter(parameter, by: direction * step)
            distance += step
        }
    }
}

extension Solver {
    /// Walks the pin of `parameters[index]` to the length the layout takes without it (see the top of
    /// this file), after `breakTies`. False when the layout does not decide that length, or the walk
    /// fails; the solver is then half moved, for the caller to drop.
    mutating func walkToFreeLength(_ index: Int) -> Bool {
        let symbol = parameters[index].symbol
        var changed: [Int] = []
        defer { tableau.refreeze(changed, stages: stages) }
        var moved = 0.0
        // Rightwards first; a length that does not move right may move left. A length that moves
        // leaves behind a side that costs more, so only the way on needs to cost more too.
        for direction in [1.0, -1.0] where moved == 0 {
            switch tableau.walk(symbol, direction: direction, stages: &stages, changed: &changed) {
            case .flat, .failed:
                return false
            case .rising(let distance), .blocked(let distance):
                moved = direction * distance
            }
        }
        parameters[index].value += moved
        elimination?.moveParameter(symbol, by: moved)
        return true
    }

    /// Walks the hubs' pins to the lengths the layout takes without them, after `breakTies`. One hub's
    /// walk is exact (see the top of this file). Several hubs are walked in turn until none moves, which
    /// lands on the optimum when their lengths do not trade against each other (columns side by side
    /// with their own user constraints, at natural size). Where they do (through the widest hub, which
    /// constraints may tie to the others, a stack that holds two of them, or a root of pinned size), a
    /// move of one alone may cost more while a move of two together costs less. So their pins are then
    /// released (`releaseHubs`), and each stage is optimised again from the walked basis: exact either
    /// way, and with the lengths already where the layout takes them, a few pivots.
    ///
    /// False when the layout leaves some hub's length undecided, or a walk fails; the solver is then
    /// half moved, for the caller to drop. Several hubs' pins must not be tied together (`tiedHub`).
    mutating func walkHubsToFreeLengths() -> Bool {
        let hubs = parameters.indices.filter { parameters[$0].walked }
        guard hubs.count > 1 else { return walk(hubs).held }
        for _ in 0..<JointHub.rounds {
            let round = walk(hubs)
            guard round.held else { return false }
            if !round.moved { break }
        }
        return releaseHubs()
    }

    /// Of several hubs, one whose pin a required row ties to other pins (columns that share a root of
    /// pinned size), the one with the fewest items: tied pins hold no lengths of their own to release,
    /// and without that hub the rest can move. Known once the required rows are in (`init`).
    func tiedHub() -> Int? {
        let hubs = parameters.filter(\.walked)
        guard hubs.count > 1 else { return nil }
        return hubs.last { tableau.pinnedParameters.contains($0.symbol) }?.item
    }

    /// Turns the hubs' pins into plain rows (their parameters become free symbols) and optimises each
    /// stage again, in order, from the current basis: the lexicographic solve without the pins.
    /// False when the pivot limit is hit.
    private mutating func releaseHubs() -> Bool {
        let hubs = parameters.filter(\.walked).map(\.symbol)
        parameters.removeAll(where: \.walked)
        tableau.release(hubs)
        var settled = Stages()
        for objective in stages.objectives {
            // Pivots of earlier stages enter symbols this one may cost: over today's nonbasic symbols.
            var row = tableau.substituted(objective)
            guard tableau.optimize(&row) else { return false }
            tableau.freezePositiveCosts(of: row)
            settled.append(row)
        }
        stages = settled
        return true
    }

    /// Walks every hub's pin on `axis` again (after the root's size moved). `held`: false as
    /// `walkToFreeLength`; `moved`: some hub's length changed.
    mutating func walkHubs(on axis: Axis) -> (held: Bool, moved: Bool) {
        walk(parameters.indices.filter { parameters[$0].item != 0 && parameters[$0].axis == axis })
    }

    /// Walks the pins of `parameters[indices]` in turn (`walkToFreeLength`). `held`: false when one
    /// of them does not hold; `moved`: some pin moved.
    private mutating func walk(_ indices: [Int]) -> (held: Bool, moved: Bool) {
        var moved = false
        for index in indices {
            let before = parameters[index].value
            guard walkToFreeLength(index) else { return (false, moved) }
            moved = moved || parameters[index].value != before
        }
        return (true, moved)
    }
}

/// Which lengths a joint solve along an axis pins and walks as hubs (see the top of this file).
struct HubRule {
    /// The axis, 0 horizontal.
    var axis: Int
    /// Whether the root's length along the axis is pinned: its pin holds it already, so it is no hub.
    var rootPinned: Bool
    /// Whether a fillProportionally stack's own length along its axis is a hub too. Its shares mention
    /// it at their levels, so an unpinned solve whose optimum moves it writes the length's row into
    /// every share's: the square of the row. Walking it is usually slower still (see the top of this
    /// file), so only a solve of the whole axis that stopped at its limit is tried again with it.
    var walkingShares = false

    init(axis: Axis, width: Double?, height: Double?, walkingShares: Bool = false) {
        self.axis = axis.slot
        rootPinned = (axis == .horizontal ? width : height) != nil
        self.walkingShares = walkingShares
    }
}

extension JointShape {
    /// Whether a joint solve of this shape gains anything over the whole axis: some unit collapses to
    /// its function, or some hub's pin keeps its rows apart (`hubs`).
    func collapses(ir: ConstraintIR, model: StructuredModel, rule: HubRule) -> Bool {
        !units.isEmpty || !hubs(ir: ir, model: model, rule: rule).isEmpty
    }

    /// The hubs to pin and walk (see the top of this file) along the rule's axis, as the items whose
    /// lengths the pins hold (`hubLength`). Of the spine stacks that have one, with
    /// `JointHub.worthAWalk` items or more on the spine: the one with the most items, and each other
    /// one that every user constraint reaching into it lies wholly inside (a column with its own
    /// constraints). A hub that a constraint ties to items outside it trades length with them in ways
    /// that walking one hub at a time does not see; the release after the walks
    /// (`walkHubsToFreeLengths`) would find them, at the cost of many pivots through the hubs' rows.
    func hubs(ir: ConstraintIR, model: StructuredModel, rule: HubRule) -> [Int] {
        let axis = rule.axis
        var candidates: [(stack: Int, items: Int)] = []
        for stack in 0..<model.count where spine[stack] {
            guard model.hubLength(of: stack, rule: rule) != nil else { continue }
            let items = model.children(stack).count(where: { spine[$0] })
            if items >= JointHub.worthAWalk { candidates.append((stack, items)) }
        }
        candidates.sort { $0.items != $1.items ? $0.items > $1.items : $0.stack < $1.stack }
        func hub(_ stack: Int) -> Int { model.hubLength(of: stack, rule: rule) ?? stack }
        guard candidates.count > 1 else { return candidates.map { hub($0.stack) } }
        // Per stack, whether some user constraint reaches into it from outside.
        var isCandidate = [Bool](repeating: false, count: model.count)
        for candidate in candidates { isCandidate[candidate.stack] = true }
        var reachedFromOutside = [Bool](repeating: false, count: model.count)
        for constraint in ir.constraints where constraint.category == .user && Axis(constraint.first.attribute).slot == axis {
            let items = [constraint.first.item.index] + (constraint.second.map { [$0.item.index] } ?? [])
            var ancestors: [[Int]] = []
            for item in items {
                var chain: [Int] = []
                // A constraint on a hub's own length reaches into it too.
                var node = item < model.count ? item : parent[item]
                while node >= 0 {
                    if node < model.count, isCandidate[node] { chain.append(node) }
                    node = parent[node]
                }
                ancestors.append(chain)
            }
            for chain in ancestors {
                for stack in chain where !ancestors.allSatisfy({ $0.contains(stack) }) { reachedFromOutside[stack] = true }
            }
        }
        return ([candidates[0].stack] + candidates.dropFirst().map(\.stack).filter { !reachedFromOutside[$0] }).map(hub)
    }
}

extension StructuredModel {
    /// The item whose length along the rule's axis is the hub of `stack` (see the top of this file),
    /// nil when it has none: a stack across the axis, its own (not the root's when its size is asked
    /// for, which a pin holds already); an equalCentering stack along it, its first gap guide; a
    /// fillProportionally stack along it, its own when the rule walks shares.
    func hubLength(of stack: Int, rule: HubRule) -> Int? {
        guard stackAxis[stack] >= 0 else { return nil }
        let own = stack == 0 && rule.rootPinned ? nil : stack
        guard Int(stackAxis[stack]) == rule.axis else { return own }
        switch distribution[stack] {
        case .equalCentering: return gapGuides[stack].first
        case .fillProportionally where rule.walkingShares: return own
        default: return nil
        }
    }
}
