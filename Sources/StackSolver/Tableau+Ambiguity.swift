// What the optimum leaves free to move: the tableau's side of ambiguity (Solver.swift's findings,
// HiddenMovements.swift, OptimalFace.swift).

extension Tableau {
    /// Whether the optimum lets `symbol` move: some unfrozen nonbasic symbol it depends on can take a
    /// positive step (in a direction its sign allows) before any restricted basic symbol hits zero.
    /// Degenerate directions (blocked at step zero in this basis) count as fixed; the solution checks
    /// those on the face (HiddenMovements.swift). `movable`: what `isMovableNonbasic` found so far,
    /// for this tableau as it stands: a nonbasic symbol that many rows mention is judged once, not
    /// once per row (each judgement reads its column).
    func canMove(_ symbol: Int, movable: inout MovableNonbasics) -> Bool {
        let slot = slotOf[symbol]
        if slot < 0 { return hasFreeStep(symbol, direction: 1) || hasFreeStep(symbol, direction: -1) }
        return rows[slot].symbols.contains { isMovableNonbasic($0, known: &movable) }
    }

    /// Two random linear functionals of a form over the unfrozen nonbasic symbols (weights fixed per
    /// symbol id), and the scale they are compared with: both negligible exactly when the form
    /// mentions no unfrozen symbol or its unfrozen terms cancel.
    struct UnfrozenWeights {
        var first = 0.0
        var second = 0.0
        var scale = 0.0

        mutating func add(_ other: UnfrozenWeights, times coefficient: Double) {
            first += coefficient * other.first
            second += coefficient * other.second
            scale += abs(coefficient) * other.scale
        }

        /// Whether the form may move on the optimal face.
        var moves: Bool { abs(first) > 1e-9 * (1 + scale) || abs(second) > 1e-9 * (1 + scale) }
    }

    /// The unfrozen weights of `symbol` alone: a nonbasic symbol's own random weights (zero when
    /// frozen), a basic symbol's its row's.
    func unfrozenWeights(of symbol: Int) -> UnfrozenWeights {
        let slot = slotOf[symbol]
        guard slot < 0 else {
            var weights = UnfrozenWeights()
            for (nonbasic, factor) in zip(rows[slot].symbols, rows[slot].coefficients) {
                weights.add(unfrozenWeights(of: nonbasic), times: factor)
            }
            return weights
        }
        guard !frozen[symbol] else { return UnfrozenWeights() }
        let (a, b) = randomWeights(of: symbol)
        return UnfrozenWeights(first: a, second: b, scale: a + b)
    }

    /// Whether `symbol` is nonbasic and `canMove` counts it as a direction its dependants move in
    /// (unfrozen, with a free step one way, or either way for an external); remembered in `known`.
    func isMovableNonbasic(_ symbol: Int, known: inout MovableNonbasics) -> Bool {
        if let answer = known.answer(symbol) { return answer }
        let answer = slotOf[symbol] < 0 && movesFreely(symbol)
        known.remember(symbol, answer)
        return answer
    }

    /// Whether nonbasic `symbol` is a direction its dependants move in: unfrozen, with a free step
    /// one way, or either way for an external.
    private func movesFreely(_ symbol: Int) -> Bool {
        !frozen[symbol] && (hasFreeStep(symbol, direction: 1) || (kinds[symbol] == .external && hasFreeStep(symbol, direction: -1)))
    }

    /// Two random linear functionals of the directions `symbol` moves in on the optimum (weights
    /// fixed per symbol id, so results are reproducible): both zero exactly when `canMove` is false,
    /// but unlike a Bool they add up, so a combination of symbols whose movements cancel is seen
    /// as fixed (Elimination.swift). `movable`: what `isMovableNonbasic` found so far, for this
    /// tableau as it stands.
    func movement(of symbol: Int, movable: inout MovableNonbasics) -> (Double, Double) {
        let slot = slotOf[symbol]
        if slot < 0 { return isMovableNonbasic(symbol, known: &movable) ? randomWeights(of: symbol) : (0, 0) }
        var first = 0.0
        var second = 0.0
        for (dependency, coefficient) in zip(rows[slot].symbols, rows[slot].coefficients)
        where isMovableNonbasic(dependency, known: &movable) {
            let (a, b) = randomWeights(of: dependency)
            first += coefficient * a
            second += coefficient * b
        }
        return (first, second)
    }

    private func hasFreeStep(_ symbol: Int, direction: Double) -> Bool {
        // Stale or repeated column entries are harmless: an absent symbol has coefficient 0.
        for slot in columns[symbol] where basicOf[slot] >= 0 && kinds[basicOf[slot]] != .external {
            let rate = rows[slot].coefficient(of: symbol) * direction
            if rate < -tolerance, rows[slot].constant / -rate <= tolerance { return false }
        }
        return true
    }
}

/// Two pseudo-random weights in [1, 2) fixed per symbol id (SplitMix64 of the id), so that checks
/// by random combinations are reproducible.
func randomWeights(of id: Int) -> (Double, Double) {
    var z = UInt64(truncatingIfNeeded: id) &* 0x9E37_79B9_7F4A_7C15 &+ 0x632B_E59B_D9B4_E019
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return (1 + Double(z >> 40) / Double(1 << 24), 1 + Double(z & 0xFF_FFFF) / Double(1 << 24))
}

/// Per symbol of one tableau, whether it is a movable nonbasic (`Tableau.isMovableNonbasic`), found
/// when first asked: a back substitution asks about the symbols its definitions mention, not about
/// every symbol of the tableau.
struct MovableNonbasics {
    /// 0: not asked yet, 1: no, 2: yes.
    private var known: [UInt8]

    init(symbols: Int) {
        known = [UInt8](repeating: 0, count: symbols)
    }

    func answer(_ symbol: Int) -> Bool? {
        known[symbol] == 0 ? nil : known[symbol] == 2
    }

    mutating func remember(_ symbol: Int, _ answer: Bool) {
        known[symbol] = answer ? 2 : 1
    }
}
