import StackDriver
import StackIR
import StackSyntax
import Testing
@testable import StackSolver

/// A degenerate step through a long column is taken by a sparser improving symbol
/// (Tableau+DegenerateSteps.swift).
@Suite struct DegenerateStepsTests {
    /// Rows worked by hand, all slack symbols, every one at 0 (a degenerate vertex):
    ///
    ///     r_k = 0 - d + t_k    for k = 0 ..< 70: d is in 70 rows
    ///     r   = 0 - s + u      s is in this row only
    ///
    /// The objective -2 d - s improves by raising d (the largest cost) or s. Raising d moves nothing
    /// (r_0 blocks it at once) and would write its row into 70 rows, so s steps instead: it leaves
    /// through r, the only row that mentions it, and moves nothing either.
    @Test func aStepThatMovesNothingTakesTheSymbolInFewerRows() {
        var tableau = Tableau(externals: 0)
        let d = tableau.newSymbol(.slack), s = tableau.newSymbol(.slack), u = tableau.newSymbol(.slack)
        var rowSymbols: [Int] = []
        for _ in 0..<70 {
            let (r, t) = (tableau.newSymbol(.slack), tableau.newSymbol(.slack))
            #expect(tableau.add(Row(constant: 0, terms: [(r, -1), (d, -1), (t, 1)]), marker: r, other: nil) == .added)
            rowSymbols.append(r)
        }
        let r = tableau.newSymbol(.slack)
        #expect(tableau.add(Row(constant: 0, terms: [(r, -1), (s, -1), (u, 1)]), marker: r, other: nil) == .added)
        var costs = ReducedCosts()
        costs.load(Row(constant: 0, terms: [(d, -2), (s, -1)]), kinds: tableau.kinds, frozen: tableau.frozen)
        let entering = costs.entering(lowestID: false)
        #expect(entering?.symbol == d, "Dantzig's rule takes d")
        let step = tableau.ratioTest(d, direction: 1)
        #expect(step.ratio == 0 && step.column.count == 70 && step.slot == tableau.slotOf[rowSymbols[0]])
        let sparser = tableau.sparserStep(than: step.column.count, costs: costs)
        #expect(sparser?.symbol == s && sparser?.direction == 1)
        #expect(sparser?.step.slot == tableau.slotOf[r] && sparser?.step.ratio == 0 && sparser?.step.column.count == 1)
        // Below `DegenerateSteps.denseColumn` rows, or with the rule off, the largest cost steps.
        let off = DegenerateSteps.$sparser.withValue(false) { tableau.sparserStep(than: step.column.count, costs: costs) }
        #expect(off == nil)
        #expect(tableau.sparserStep(than: DegenerateSteps.denseColumn, costs: costs) == nil)
        _ = costs.unload()
    }

    /// The rule changes the work the general solver does, never its answer: random problems and
    /// random layouts with user constraints, solved with and without it.
    @Test func randomProblemsSolveAlikeWithDantzigsRuleAlone() {
        SolvesAlike.problems("degenerate steps, random problems", count: 600, long: 20_000, SolvesAlike.under(DegenerateSteps.$sparser))
    }

    @Test func randomLayoutsSolveAlikeWithDantzigsRuleAlone() {
        SolvesAlike.layouts("degenerate steps, random layouts", count: 300, long: 3_000, SolvesAlike.under(DegenerateSteps.$sparser))
    }

    /// An equalCentering row of labels (the `centres` workload) ending in a view of no size. Every
    /// label keeps its intrinsic width (its levels are above the gaps'), so the gaps can all be equal
    /// at the widest least centre distance, g = max (w_i + w_i+1) / 2 + 2, and are: label i's centre
    /// is w_0 / 2 + i g. The view's centre is the next one, c = w_0 / 2 + n g, and the row's fit at
    /// 49 pulls the row to no width, which the view's own width, free, gives it: -2c wide at x = 2c,
    /// so that it ends at 0. Worked out here from the widths. The sparser steps must give the same
    /// frames as Dantzig's rule alone, and their pivots write a tenth of the terms or less (18,539
    /// against 381,809 when written).
    @Test func aRowWithAViewOfNoSizeWritesATenthOfTheTerms() throws {
        let count = 1_000
        let widths = (0..<count).map { Double(10 + ($0 * 7) % 31) }
        let text = "hstack main(distribution: equalCentering, spacing: 2) {\n"
            + widths.indices.map { "    label v\($0)(intrinsic: \(Int(widths[$0])) x \(10 + ($0 * 13) % 23))" }.joined(separator: "\n")
            + "\n    view amb\n}\n"
        let compilation = Compilation(file: SourceFile(path: "centres.stack", text: text))
        let ir = try #require(compilation.irs.first)
        let gap = zip(widths, widths.dropFirst()).map { ($0 + $1) / 2 + 2 }.max()!
        func centre(_ i: Int) -> Double { widths[0] / 2 + Double(i) * gap }
        // The horizontal axis alone, as the layout's solve takes it (the view has no width).
        var written: [Bool: Int] = [:]
        var solutions: [Bool: LayoutSolution] = [:]
        for sparser in [true, false] {
            DegenerateSteps.$sparser.withValue(sparser) {
                var solver = Solver(ir: ir, width: nil, height: nil, axis: .horizontal)
                let required = solver.tableau.written
                solutions[sparser] = solver.run()
                written[sparser] = solver.tableau.written - required
            }
        }
        let solution = try #require(solutions[true])
        var wrong: [String] = []
        var checked = 0
        for (index, item) in ir.items.enumerated() {
            let frame = solution.frames[index]
            let expected: (x: Double, width: Double)
            if item.name == "main.amb" {
                expected = (2 * centre(count), -2 * centre(count))
            } else if item.name.hasPrefix("main.v"), let i = Int(item.name.dropFirst("main.v".count)) {
                expected = (centre(i) - widths[i] / 2, widths[i])
            } else {
                continue
            }
            checked += 1
            if abs(frame.x - expected.x) > 1e-6 || abs(frame.width - expected.width) > 1e-6 { wrong.append("\(item.name) \(frame) \(expected)") }
        }
        #expect(checked == count + 1)
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(solutionDifference(solution, try #require(solutions[false]), ir: ir) == nil)
        let (with, without) = (written[true] ?? 0, written[false] ?? 0)
        #expect(10 * with < without, "terms written: \(with) with sparser steps, \(without) without")
    }
}
