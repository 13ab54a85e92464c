import Testing
@testable import StackSolver

/// `Row.add` merges in place from the back (Row.swift). The reference here is the definition: a map
/// from symbol to coefficient, summed term by term, with the removed symbol and near-zero sums left out.
@Suite struct RowTests {
    /// A random sparse row: ascending symbols below `range`, no coefficient near zero (`Row`'s
    /// promise, which `scale` keeps too), and no symbols at all now and then.
    private func randomRow(_ random: inout SplitMix, range: Int) -> Row {
        var row = Row(constant: Double(Int.random(in: -50...50, using: &random)))
        for symbol in 0..<range where Int.random(in: 0..<3, using: &random) == 0 {
            row.symbols.append(symbol)
            row.coefficients.append(Double(Int.random(in: -4...4, using: &random)) / 2 + 0.25)
        }
        return row
    }

    @Test func scalingDropsTheTermsItMakesNearZero() {
        var row = Row(constant: 2, terms: [(1, 1e-3), (4, 2), (7, -5e-4), (9, 1)])
        row.scale(by: 1e-7)
        // 1e-10 and -5e-11 are below the solver's tolerance of 1e-9; 2e-7 and 1e-7 are not.
        #expect(row.symbols == [4, 9])
        #expect(row.coefficients == [2e-7, 1e-7])
        #expect(row.constant == 2e-7)
    }

    /// A few terms of a row, each kept with probability `1 / keep`, at least one when `row` has any.
    private func someTerms(of row: Row, _ random: inout SplitMix, keep: Int) -> Row {
        var terms = zip(row.symbols, row.coefficients).filter { _ in Int.random(in: 0..<keep, using: &random) == 0 }
        if terms.isEmpty, let first = row.symbols.first { terms = [(first, row.coefficients[0])] }
        return Row(constant: row.constant, terms: terms.map { (symbol: $0.0, coefficient: $0.1) })
    }

    @Test func addMatchesTheTermByTermDefinition() {
        for seed in randomSeeds("row tests", count: 2_000, long: 100_000) {
            checkAdd(seed: seed, long: false)
        }
    }

    /// A short row into a long one (`addShort`): terms that cancel, appear and vanish at the same
    /// place, at the ends and next to one another.
    @Test func addOfAShortRowToALongOneMatchesTheDefinition() {
        for seed in randomSeeds("long row tests", count: 2_000, long: 100_000) {
            checkAdd(seed: seed, long: true)
        }
    }

    private func checkAdd(seed: UInt64, long: Bool) {
        var random = SplitMix(seed: seed)
        let range = long ? Int.random(in: 96...400, using: &random) : Int.random(in: 1...24, using: &random)
        var row = randomRow(&random, range: range)
        // Rows in the tableau often have spare capacity, and often none.
        if Bool.random(using: &random) { row.symbols.reserveCapacity(64); row.coefficients.reserveCapacity(64) }
        var other = randomRow(&random, range: range)
        let factor = [1, -1, 0.5, -3, 1e-13][Int.random(in: 0..<5, using: &random)]
        var skip = Int.random(in: -1..<range, using: &random)
        if long {
            // A few of the long row's own terms, cancelling it now and then, and a few others.
            var mine = someTerms(of: row, &random, keep: 40)
            if Bool.random(using: &random) { mine.scale(by: -1 / factor) }
            let others = someTerms(of: other, &random, keep: 30)
            other = Row(constant: others.constant, terms: zip(mine.symbols, mine.coefficients).map { ($0, $1) }
                        + zip(others.symbols, others.coefficients).map { ($0, $1) })
            if Bool.random(using: &random), let symbol = row.symbols.randomElement(using: &random) { skip = symbol }
        }

        var expected: [Int: Double] = [:]
        for (symbol, coefficient) in zip(row.symbols, row.coefficients) { expected[symbol, default: 0] += coefficient }
        var appeared: [Int] = []
        for (symbol, coefficient) in zip(other.symbols, other.coefficients) {
            if expected[symbol] == nil, symbol != skip, !nearZero(factor * coefficient) { appeared.append(symbol) }
            expected[symbol] = (expected[symbol] ?? 0) + factor * coefficient
        }
        let kept = expected.filter { $0.key != skip && !nearZero($0.value) }.sorted { $0.key < $1.key }
        let constant = row.constant + factor * other.constant

        let added = row.add(other, times: factor, removing: skip)
        #expect(row.symbols == kept.map(\.key), "seed \(seed): symbols")
        #expect(row.coefficients == kept.map(\.value), "seed \(seed): coefficients")
        #expect(row.constant == constant, "seed \(seed): constant")
        #expect(added == appeared, "seed \(seed): the symbols that appeared")
    }

    @Test func addingARowToItselfDoublesIt() {
        var row = Row(constant: 1, terms: [(2, 1), (5, -2), (9, 0.5)])
        let copy = row
        _ = row.add(copy, times: 1)
        #expect(row.symbols == [2, 5, 9])
        #expect(row.coefficients == [2, -4, 1])
        #expect(row.constant == 2)
        _ = row.add(row, times: -1, removing: 5)
        #expect(row.symbols.isEmpty)
        #expect(row.constant == 0)
    }
}
