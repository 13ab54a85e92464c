import Testing
@testable import StackSolver

/// The simplex's entering rule (`Tableau.optimize`): the largest cost enters, and at a degenerate
/// vertex the lowest id takes over, so the simplex cannot cycle.
@Suite struct PivotRuleTests {
    /// Beale's example (E. M. L. Beale, "Cycling in the dual simplex algorithm", 1955): with the
    /// largest cost entering and the lowest basic symbol leaving among ties, the simplex goes round
    /// a cycle of degenerate bases for ever.
    ///
    ///     minimise  -3/4 x4 + 20 x5 - 1/2 x6 + 6 x7
    ///     where     x1 = -1/4 x4 + 8 x5 + x6 - 9 x7
    ///               x2 = -1/2 x4 + 12 x5 + 1/2 x6 - 3 x7
    ///               x3 = 1 - x6,        every x >= 0
    ///
    /// Worked by hand: x5 = x7 = 0 (their costs are positive at the optimum), x6 = 1 (x3 at zero),
    /// and x4 as large as x2 >= 0 allows, 1: the minimum is -3/4 - 1/2 = -5/4, with x1 = 3/4.
    static func beale(stallsBeforeBland: Int) -> (optimal: Bool, tableau: Tableau, objective: Row, x: [Int]) {
        SolverLimits.$stallsBeforeBland.withValue(stallsBeforeBland) {
            var tableau = Tableau(externals: 0)
            let x = [-1] + (1...7).map { _ in tableau.newSymbol(.slack) }
            // `0 = row` with its basic symbol's coefficient -1: `add` solves the row for that marker.
            func define(_ basic: Int, _ constant: Double, _ terms: [(Int, Double)]) {
                let row = Row(constant: constant, terms: [(x[basic], -1)] + terms.map { (x[$0.0], $0.1) })
                #expect(tableau.add(row, marker: x[basic], other: nil) == .added)
            }
            define(1, 0, [(4, -0.25), (5, 8), (6, 1), (7, -9)])
            define(2, 0, [(4, -0.5), (5, 12), (6, 0.5), (7, -3)])
            define(3, 1, [(6, -1)])
            tableau.pivotLimit = 1_000
            var objective = tableau.substituted(Row(constant: 0, terms: [(x[4], -0.75), (x[5], 20), (x[6], -0.5), (x[7], 6)]))
            let optimal = tableau.optimize(&objective)
            return (optimal, tableau, objective, x)
        }
    }

    @Test func bealesExampleReachesItsOptimum() {
        let (optimal, tableau, objective, x) = Self.beale(stallsBeforeBland: SolverLimits.stallsBeforeBland)
        #expect(optimal)
        #expect(abs(objective.constant - -1.25) < 1e-9)
        for (symbol, value) in [(1, 0.75), (2, 0), (3, 0), (4, 1), (5, 0), (6, 1), (7, 0)] {
            #expect(abs(tableau.value(of: x[symbol]) - value) < 1e-9, "x\(symbol)")
        }
        #expect(tableau.pivots < 20)
    }

    /// The example does cycle under the largest cost alone: without the fallback the pivot limit
    /// stops it, so the test above exercises the fallback.
    @Test func bealesExampleCyclesWithoutTheFallback() {
        let (optimal, tableau, _, _) = Self.beale(stallsBeforeBland: Int.max)
        #expect(!optimal)
        #expect(tableau.hitPivotLimit)
    }
}
