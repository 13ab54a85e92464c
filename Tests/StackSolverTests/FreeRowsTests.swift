import Testing
@testable import StackSolver

/// The rank of `rows` (dense, over `count` variables), by Gaussian elimination with partial pivoting.
func denseRank(_ rows: [[Double]], count: Int) -> Int {
    var matrix = rows
    var rank = 0
    for column in 0..<count where rank < matrix.count {
        let pivot = (rank..<matrix.count).max { abs(matrix[$0][column]) < abs(matrix[$1][column]) }!
        guard abs(matrix[pivot][column]) > 1e-9 else { continue }
        matrix.swapAt(rank, pivot)
        for row in rank + 1..<matrix.count {
            let factor = matrix[row][column] / matrix[rank][column]
            guard factor != 0 else { continue }
            for k in column..<count { matrix[row][k] -= factor * matrix[rank][k] }
        }
        rank += 1
    }
    return rank
}

/// `SparseRows.withoutFreeRows` drops rows that decide nothing about the variables left. The
/// reference is linear algebra, done densely here: a variable is decided by homogeneous equalities
/// exactly when its unit vector lies in their row space, that is when appending it leaves the rank as it is.
@Suite struct FreeRowsTests {
    private func decided(_ variable: Int, by rows: [LinearConstraint], count: Int) -> Bool {
        let dense = rows.map { row in
            var line = [Double](repeating: 0, count: count)
            for (symbol, coefficient) in zip(row.expression.symbols, row.expression.coefficients) { line[symbol] = coefficient }
            return line
        }
        var unit = [Double](repeating: 0, count: count)
        unit[variable] = 1
        return denseRank(dense + [unit], count: count) == denseRank(dense, count: count)
    }

    /// Random sparse systems shaped like a stack's outside rows: chains (`next = item + length`), a
    /// few rows across the chain, some variables alone in a row, and now and then a variable pinned
    /// (`v == 0`), a tiny coefficient or a longer row.
    private func randomSystem(_ random: inout SplitMix, count: Int) -> [LinearConstraint] {
        var rows: [LinearConstraint] = []
        func add(_ terms: [(Int, Double)]) {
            var merged: [Int: Double] = [:]
            for (symbol, coefficient) in terms { merged[symbol, default: 0] += coefficient }
            let kept = merged.filter { abs($0.value) > 1e-15 }.sorted { $0.key < $1.key }.map { (symbol: $0.key, coefficient: $0.value) }
            guard !kept.isEmpty else { return }
            rows.append(LinearConstraint(expression: Row(constant: 0, terms: kept), isEquality: true, priority: 1000, source: .constraint(rows.count)))
        }
        var position = 0
        while position + 2 < count {
            // next position == position + length
            add([(position + 2, 1), (position, -1), (position + 1, -1)])
            position += 2
        }
        for _ in 0..<Int.random(in: 0...count / 3, using: &random) {
            let width = Int.random(in: 1...4, using: &random)
            let tiny = Int.random(in: 0..<15, using: &random) == 0
            add((0..<width).map { index in
                let coefficient = tiny && index == 0 ? 1e-5 : Double(Int.random(in: -3...3, using: &random)) / 2
                return (Int.random(in: 0..<count, using: &random), coefficient)
            })
        }
        rows.shuffle(using: &random)
        return rows
    }

    @Test func droppedRowsDecideNothingLeft() {
        for seed in randomSeeds("free rows", count: 400, long: 20_000) {
            var random = SplitMix(seed: seed)
            let count = Int.random(in: 2...24, using: &random)
            let rows = randomSystem(&random, count: count)
            let variable = Int.random(in: 0..<count, using: &random)
            let kept = SparseRows(rows).withoutFreeRows(keeping: variable, externals: count).map { rows[$0] }
            #expect(kept.count <= rows.count, "seed \(seed)")
            #expect(decided(variable, by: kept, count: count) == decided(variable, by: rows, count: count),
                    "seed \(seed): variable \(variable) of \(count), \(rows.count) rows, \(kept.count) kept")
        }
    }

    /// A chain whose start is pinned decides nothing but the start: for its end every row goes, and
    /// for the start its pin stays.
    @Test func aChainPeelsAway() {
        func row(_ terms: [(Int, Double)]) -> LinearConstraint {
            LinearConstraint(expression: Row(constant: 0, terms: terms), isEquality: true, priority: 1000, source: .constraint(0))
        }
        // x2 = x0 + l1, x4 = x2 + l3, x0 = 0.
        let rows = [row([(0, -1), (1, -1), (2, 1)]), row([(2, -1), (3, -1), (4, 1)]), row([(0, 1)])]
        #expect(SparseRows(rows).withoutFreeRows(keeping: 4, externals: 5).isEmpty)
        #expect(SparseRows(rows).withoutFreeRows(keeping: 0, externals: 5).map { rows[$0].expression.symbols } == [[0]])
        #expect(decided(0, by: rows, count: 5) && !decided(4, by: rows, count: 5))
    }
}
