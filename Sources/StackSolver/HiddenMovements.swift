// What no constraint decides is ambiguous. `Tableau.canMove` decides that in the current basis: a
// symbol moves when some unfrozen nonbasic symbol it depends on has a free step. At a degenerate
// vertex a direction can be open on the optimal face and still blocked at step zero in this basis:
// in an equalCentering column whose container is free, `b.top >= a.bottom - 2` and `c.top >= b.bottom
// - 2` are tight and the equal gaps hold at zero violation, so each spacing slack alone would unequal
// the gaps, while both together move `b`, `c` and the container's height with every gap equal. The
// optimum is the same in every basis; which symbols move on its face is too, so the solver must not
// depend on the basis it stopped in.
//
// So the symbols `canMove` calls fixed whose forms still mention an unfrozen symbol (an eliminated
// symbol's form is its definition's, over the kept symbols) are checked on the face itself: a
// random positive combination of them is pushed one unit up, and one unit down, on copies of the
// tableau (two optimisations that never leave the face: frozen symbols stay at zero), and every
// symbol whose value differs there is undecided. Each round finds at least one more or shows that
// the rest cannot move (a random combination of symbols that move is constant on the face only for
// weights in a set of measure zero), so the rounds end. Settling what is undecided
// (UndecidedValues.swift) reads the face the same way: by the unfrozen symbols, not the basis.
//
// Before any push, what the rows at zero hold at zero is frozen on the copy (`heldAtZero`): a
// label's compression slack sits at zero in a row where its hugging slack only lowers it, so the
// hugging slack cannot grow anywhere on the face. Left unfrozen, each such symbol makes every
// position after it a candidate, and the push takes one degenerate pivot per label, each rewriting
// the long row of the stack's length: in an equalCentering row of 10,000 labels with one user
// constraint, 9,352 pivots and half the solve.

extension Solver {
    /// The external symbols that `free` (per external symbol: movable as `canMove` and the eliminated
    /// symbols' movements see it) marks fixed but that move on the optimal face, ascending; only
    /// those of the items `solving` marks, when given. `now`: the eliminated symbols' values
    /// (`backSubstitution`).
    func hiddenMovements(free: [Bool], now: [Int: Double], solving: [Bool]?) -> [Int] {
        // What the rows at zero hold there is fixed on the face: frozen, it leaves the forms and the pushes.
        var tableau = self.tableau
        for symbol in tableau.heldAtZero() { tableau.freeze(symbol) }
        let elimination = self.elimination
        func eliminatedValues(_ tableau: Tableau) -> [Int: Double] {
            elimination?.backSubstitute(value: { tableau.value(of: $0) }, movement: { _ in (0, 0) }).values ?? [:]
        }
        let watched = free.indices.filter { !free[$0] && (solving?[$0 / FrameVariable.perItem] ?? true) }
        // A symbol whose form (an eliminated one's by its definition) mentions no unfrozen symbol, or
        // whose unfrozen terms cancel, is constant on the face. The others are pushed, the eliminated
        // ones too: a push that moves the kept symbols of a definition may still leave its sum where
        // it stands. The tableau stands still here (the pushes move copies): one set of forms.
        var expander = Elimination.Expander(elimination, symbols: tableau.kinds.count)
        var forms = UnfrozenForms()
        let candidates = watched.filter { forms.moves($0, in: tableau, definitions: expander) }
        var known = free
        var found: [Int] = []
        while true {
            let pushed = candidates.filter { !known[$0] }
            guard !pushed.isEmpty else { break }
            let form = expander.expand(pushed.map { ($0, randomWeights(of: $0).0) })
            var moved: [Int] = []
            for sign in [1.0, -1.0] {
                guard let extreme = tableau.pushed(form, by: sign) else { continue }
                let values = eliminatedValues(extreme)
                for symbol in watched where !known[symbol] {
                    let before = now[symbol] ?? tableau.value(of: symbol)
                    let after = values[symbol] ?? extreme.value(of: symbol)
                    if abs(after - before) > 1e-7 * max(1, abs(before)) {
                        known[symbol] = true
                        moved.append(symbol)
                    }
                }
            }
            guard !moved.isEmpty else { break }
            found += moved
        }
        return found.sorted()
    }
}

extension Tableau {
    /// The unfrozen nonbasic restricted symbols that stay at zero everywhere on the optimal face. A
    /// restricted basic symbol at zero whose row's unfrozen terms all lower it as they grow (each by
    /// a step the tolerance absorbs) holds every one of them at zero: any of them growing would take
    /// it below zero, and the others cannot make up for it. Once those are known, a row left with
    /// only such terms holds its own, and so on. Each row is read once, and again per symbol it loses.
    func heldAtZero() -> [Int] {
        func open(_ symbol: Int) -> Bool { slotOf[symbol] < 0 && !frozen[symbol] }
        /// Whether the row of `slot` holds `symbol`, a term with `coefficient`, at zero.
        func holds(_ slot: Int, _ symbol: Int, _ coefficient: Double) -> Bool {
            kinds[symbol] != .external && coefficient < -tolerance && rows[slot].constant / -coefficient <= tolerance
        }
        // Per row at zero, how many of its open terms it does not hold; per symbol, those rows.
        var loose = [Int](repeating: -1, count: rows.count)
        var looseIn = [[Int]](repeating: [], count: kinds.count)
        var ready: [Int] = []
        for slot in rows.indices where basicOf[slot] >= 0 && kinds[basicOf[slot]] != .external
            && rows[slot].constant <= tolerance {
            var count = 0
            var any = false
            for (symbol, coefficient) in zip(rows[slot].symbols, rows[slot].coefficients) where open(symbol) {
                any = true
                if !holds(slot, symbol, coefficient) {
                    count += 1
                    looseIn[symbol].append(slot)
                }
            }
            guard any else { continue }
            loose[slot] = count
            if count == 0 { ready.append(slot) }
        }
        var held = [Bool](repeating: false, count: kinds.count)
        var found: [Int] = []
        while let slot = ready.popLast() {
            for (symbol, coefficient) in zip(rows[slot].symbols, rows[slot].coefficients)
            where open(symbol) && !held[symbol] && holds(slot, symbol, coefficient) {
                held[symbol] = true
                found.append(symbol)
                for other in looseIn[symbol] {
                    loose[other] -= 1
                    if loose[other] == 0 { ready.append(other) }
                }
            }
        }
        return found.sorted()
    }

    /// A copy moved on the current optimal face as far as `sign * form` can grow, up to one unit
    /// (a bound added to the copy keeps the optimisation finite); nil when it cannot be optimised.
    func pushed(_ form: Row, by sign: Double) -> Tableau? {
        var copy = self
        let now = copy.substituted(form).constant
        // sign * now + 1 - sign * form - slack == 0, slack >= 0: feasible where the copy stands.
        var bound = form
        bound.scale(by: -sign)
        bound.constant += sign * now + 1
        let slack = copy.newSymbol(.slack)
        _ = bound.add(Row(constant: 0, terms: [(slack, -1)]), times: 1)
        guard copy.add(bound, marker: slack, other: nil) != .infeasible else { return nil }
        var goal = form
        goal.scale(by: -sign)
        var objective = copy.substituted(goal)
        guard copy.optimizeAside(&objective, restoring: true) else { return nil }
        return copy
    }
}
