import Testing
@testable import StackSolver

/// The objective `Tableau.optimize` pivots on (ReducedCosts.swift): the same costs as a row would
/// hold, and the entering symbol the rules name, read off the row by their definitions.
@Suite struct ReducedCostsTests {
    /// A random sparse row over symbols below `range`, without `excluded`; coefficients never near zero.
    private func randomRow(_ random: inout SplitMix, range: Int, excluding excluded: Int = -1) -> Row {
        var terms: [(symbol: Int, coefficient: Double)] = []
        for symbol in 0..<range where symbol != excluded && Int.random(in: 0..<3, using: &random) == 0 {
            terms.append((symbol, Double(Int.random(in: -4...4, using: &random)) / 2 + 0.25))
        }
        return Row(constant: Double(Int.random(in: -50...50, using: &random)), terms: terms)
    }

    /// The rules by their definitions (`Tableau.optimize`'s documentation), over the row's terms in
    /// ascending order: an unfrozen symbol improves when its cost is negative, or positive on an
    /// external symbol; Dantzig's rule takes the largest cost, the lowest id among equals, and
    /// Bland's the lowest id.
    private func expectedEntering(_ row: Row, kinds: [SymbolKind], frozen: [Bool], lowestID: Bool) -> (symbol: Int, direction: Double)? {
        var best: (symbol: Int, direction: Double, magnitude: Double)?
        for (symbol, cost) in zip(row.symbols, row.coefficients) where !frozen[symbol] {
            let direction: Double
            if cost < -tolerance { direction = 1 } else if cost > tolerance && kinds[symbol] == .external { direction = -1 } else { continue }
            if lowestID { return (symbol, direction) }
            if best == nil || abs(cost) > best!.magnitude { best = (symbol, direction, abs(cost)) }
        }
        return best.map { ($0.symbol, $0.direction) }
    }

    @Test func substitutionsAndChoicesMatchTheRow() {
        for seed in randomSeeds("reduced costs", count: 500, long: 20_000) {
            var random = SplitMix(seed: seed)
            let range = Int.random(in: 1...40, using: &random)
            let kinds = (0..<range).map { _ in Bool.random(using: &random) ? SymbolKind.external : .slack }
            let frozen = (0..<range).map { _ in Int.random(in: 0..<5, using: &random) == 0 }
            var row = randomRow(&random, range: range)
            var costs = ReducedCosts()
            // A second load into used storage must start from nothing.
            costs.load(randomRow(&random, range: range), kinds: kinds, frozen: frozen)
            _ = costs.unload()
            costs.load(row, kinds: kinds, frozen: frozen)
            for step in 0..<Int.random(in: 0...30, using: &random) {
                for lowestID in [false, true] {
                    let chosen = costs.entering(lowestID: lowestID)
                    let expected = expectedEntering(row, kinds: kinds, frozen: frozen, lowestID: lowestID)
                    #expect(chosen?.symbol == expected?.symbol && chosen?.direction == expected?.direction,
                            "seed \(seed), step \(step), lowest id \(lowestID)")
                }
                // The entering symbol is substituted, as a pivot does, or now and then another.
                let symbol = costs.entering(lowestID: false)?.symbol ?? Int.random(in: 0..<range, using: &random)
                let definition = randomRow(&random, range: range, excluding: symbol)
                let factor = row.coefficient(of: symbol)
                if factor != 0 { _ = row.add(definition, times: factor, removing: symbol) }
                costs.substitute(symbol, by: definition)
                #expect(costs.coefficient(of: symbol) == 0, "seed \(seed), step \(step)")
            }
            let read = costs.unload()
            #expect(read.symbols == row.symbols, "seed \(seed): symbols")
            #expect(read.coefficients == row.coefficients, "seed \(seed): coefficients")
            #expect(read.constant == row.constant, "seed \(seed): constant")
        }
    }

    /// Rows worked by hand, one per case of `Tableau.heldAtZero`:
    ///
    ///     r1 = 0 - a          a cannot grow: r1 would fall below zero            held
    ///     r2 = 0 - b + 2a     with a held, b alone lowers r2                     held
    ///     r3 = 0 - c + d      d grows with c and keeps r3 at zero                free
    ///     r4 = 0 - e + x      x, an external symbol, can make up for e           free
    ///     r5 = 5 - f          r5 is above zero: f may grow up to 5               free
    ///     r6 = 0 - g          g is frozen already: not reported again
    @Test func rowsAtZeroHoldWhatOnlyLowersThem() {
        var tableau = Tableau(externals: 1)
        let x = 0
        let names = ["r1", "r2", "r3", "r4", "r5", "r6", "a", "b", "c", "d", "e", "f", "g"]
        var symbol: [String: Int] = [:]
        for name in names { symbol[name] = tableau.newSymbol(.slack) }
        func define(_ basic: String, _ constant: Double, _ terms: [(Int, Double)]) {
            let row = Row(constant: constant, terms: [(symbol[basic]!, -1)] + terms)
            #expect(tableau.add(row, marker: symbol[basic]!, other: nil) == .added)
        }
        define("r1", 0, [(symbol["a"]!, -1)])
        define("r2", 0, [(symbol["b"]!, -1), (symbol["a"]!, 2)])
        define("r3", 0, [(symbol["c"]!, -1), (symbol["d"]!, 1)])
        // The row's own symbol takes it, not x (which stays nonbasic), as past `subjectFill`.
        tableau.subjectFill = -1
        define("r4", 0, [(symbol["e"]!, -1), (x, 1)])
        define("r5", 5, [(symbol["f"]!, -1)])
        define("r6", 0, [(symbol["g"]!, -1)])
        for name in ["r1", "r2", "r3", "r4", "r5", "r6"] { #expect(tableau.isBasic(symbol[name]!), "\(name) is basic") }
        tableau.freeze(symbol["g"]!)
        #expect(tableau.heldAtZero() == [symbol["a"]!, symbol["b"]!])
    }
}
