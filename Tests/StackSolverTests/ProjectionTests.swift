import Testing
@testable import StackSolver

/// Projection.swift: whether a small system holds for every value of the columns it keeps.
@Suite struct ProjectionTests {
    /// A label centred in its column (leading and trailing inside it, centres equal) fits whatever
    /// the column's place and width: its own place and width follow. Worked by hand: with
    /// `w_l = w_s - 2 (x_l - x_s)`, the trailing edge is inside exactly when `x_l >= x_s`.
    @Test func aCentredLabelFitsAnyColumn() {
        // Columns: x_label, w_label, x_stack, w_stack.
        let centred = [
            DenseRow(coefficients: [1, 0, -1, 0], constant: 0, isEquality: false),
            DenseRow(coefficients: [-1, -1, 1, 1], constant: 0, isEquality: false),
            DenseRow(coefficients: [1, 0.5, -1, -0.5], constant: 0, isEquality: true),
        ]
        #expect(holdsForEveryValue(centred, eliminating: [0, 1], largest: 64) == true)
        // At least 10 wide, it needs a column at least 10 wide.
        let wide = centred + [DenseRow(coefficients: [0, 1, 0, 0], constant: -10, isEquality: false)]
        #expect(holdsForEveryValue(wide, eliminating: [0, 1], largest: 64) == false)
        // Pinned to the column's leading edge and 10 wide, it fits a column of any width only with
        // its trailing edge free: `x_l == x_s`, `w_l == 10`.
        let pinned = [
            DenseRow(coefficients: [1, 0, -1, 0], constant: 0, isEquality: true),
            DenseRow(coefficients: [0, 1, 0, 0], constant: -10, isEquality: true),
        ]
        #expect(holdsForEveryValue(pinned, eliminating: [0, 1], largest: 64) == true)
        // Two equalities on one eliminated column tie the kept ones: `x_l == x_s`, `x_l == w_s`.
        let tied = [
            DenseRow(coefficients: [1, 0, -1, 0], constant: 0, isEquality: true),
            DenseRow(coefficients: [1, 0, 0, -1], constant: 0, isEquality: true),
        ]
        #expect(holdsForEveryValue(tied, eliminating: [0, 1], largest: 64) == false)
        // A contradiction among the eliminated columns alone: `w_l >= 3`, `w_l <= 2`.
        let contradiction = [
            DenseRow(coefficients: [0, 1, 0, 0], constant: -3, isEquality: false),
            DenseRow(coefficients: [0, -1, 0, 0], constant: 2, isEquality: false),
        ]
        #expect(holdsForEveryValue(contradiction, eliminating: [0, 1], largest: 64) == false)
    }

    /// Against the dense reference LP on random systems: the rows hold for every value of the kept
    /// columns exactly when they can hold at all and, with their constants at zero, for the kept
    /// columns at each unit vector and its negative (the values the kept columns can take form a
    /// polyhedron; a nonempty one whose recession cone holds every axis both ways is the whole space).
    @Test func randomSystemsAgreeWithTheReference() {
        var agreed = (yes: 0, no: 0)
        for seed in randomSeeds("projection", count: 2_000, long: 50_000) {
            var rng = SplitMix(seed: seed)
            let columns = Int.random(in: 2...5, using: &rng)
            let values: [Double] = [1, 1, -1, -1, 2, -2, 0.5, 0]
            let rows = (0..<Int.random(in: 1...6, using: &rng)).map { _ in
                DenseRow(
                    coefficients: (0..<columns).map { _ in Bool.random(using: &rng) ? 0 : values.randomElement(using: &rng)! },
                    constant: Double(Int.random(in: -4...4, using: &rng)), isEquality: Int.random(in: 0..<3, using: &rng) == 0)
            }
            let eliminated = (0..<columns).filter { _ in Bool.random(using: &rng) }
            guard let answer = holdsForEveryValue(rows, eliminating: eliminated, largest: 10_000) else {
                Issue.record("seed \(seed): passed 10,000 rows")
                continue
            }
            let kept = (0..<columns).filter { !eliminated.contains($0) }
            var expected = Self.feasible(rows)
            for column in kept where expected {
                for direction in [1.0, -1.0] where expected {
                    let cone = rows.map { DenseRow(coefficients: $0.coefficients, constant: 0, isEquality: $0.isEquality) }
                    let pins = kept.map { other in
                        var coefficients = [Double](repeating: 0, count: columns)
                        coefficients[other] = 1
                        return DenseRow(coefficients: coefficients, constant: other == column ? -direction : 0, isEquality: true)
                    }
                    expected = Self.feasible(cone + pins)
                }
            }
            #expect(answer == expected, "seed \(seed): \(rows), eliminating \(eliminated)")
            if expected { agreed.yes += 1 } else { agreed.no += 1 }
        }
        print("ProjectionTests: \(agreed.yes) systems hold for every value, \(agreed.no) do not")
        #expect(agreed.yes >= 200 && agreed.no >= 200, "too one-sided: \(agreed)")
    }

    /// Whether `rows` can all hold, by the dense reference LP over free columns.
    static func feasible(_ rows: [DenseRow]) -> Bool {
        let columns = rows.first?.coefficients.count ?? 0
        let reference = rows.map { row in
            ReferenceRow(
                coefficients: row.coefficients + row.coefficients.map { -$0 },
                relation: row.isEquality ? .equal : .greaterOrEqual, rhs: -row.constant)
        }
        return referenceMinimum(rows: reference, cost: [Double](repeating: 0, count: 2 * columns)) != nil
    }
}
