import StackDriver
import StackIR
import StackSyntax
import Testing
@testable import StackSolver

/// An objective the current point already meets is held there without the simplex
/// (Tableau+MetObjective.swift).
@Suite struct MetObjectiveTests {
    /// Rows worked by hand, all slack symbols:
    ///
    ///     e1 = 0 + p - q      q is in this row only, p in two: q enters   ->  q = p - e1
    ///     e2 = 0 + p + s      s is in this row only: s enters              ->  s = e2 - p
    ///     e3 = 3 - t          at 3, not met
    ///
    /// Holding e1 and e2 at zero leaves q and s basic, e1 and e2 nonbasic and frozen, and every value
    /// where it was (all 0, e3 at 3).
    private static func worked() -> (tableau: Tableau, symbol: [String: Int]) {
        var tableau = Tableau(externals: 0)
        var symbol: [String: Int] = [:]
        for name in ["e1", "e2", "e3", "p", "q", "s", "t"] { symbol[name] = tableau.newSymbol(.slack) }
        func define(_ basic: String, _ constant: Double, _ terms: [(String, Double)]) {
            let row = Row(constant: constant, terms: [(symbol[basic]!, -1)] + terms.map { (symbol[$0.0]!, $0.1) })
            #expect(tableau.add(row, marker: symbol[basic]!, other: nil) == .added)
        }
        define("e1", 0, [("p", 1), ("q", -1)])
        define("e2", 0, [("p", 1), ("s", 1)])
        define("e3", 3, [("t", -1)])
        for name in ["e1", "e2", "e3"] { #expect(tableau.isBasic(symbol[name]!), "\(name) is basic") }
        return (tableau, symbol)
    }

    @Test func aMetObjectiveLeavesTheBasisForTheSparsestSymbols() {
        var (tableau, symbol) = Self.worked()
        let held = tableau.holdMetObjective([(symbol["e1"]!, 1), (symbol["e2"]!, 2)])
        #expect(held)
        for name in ["q", "s", "e3"] { #expect(tableau.isBasic(symbol[name]!), "\(name) is basic") }
        for name in ["e1", "e2", "p", "t"] { #expect(!tableau.isBasic(symbol[name]!), "\(name) is nonbasic") }
        #expect(tableau.frozen[symbol["e1"]!] && tableau.frozen[symbol["e2"]!])
        #expect(!tableau.frozen[symbol["p"]!] && !tableau.frozen[symbol["q"]!] && !tableau.frozen[symbol["s"]!])
        for name in ["e1", "e2", "p", "q", "s", "t"] { #expect(tableau.value(of: symbol[name]!) == 0, "\(name) at 0") }
        #expect(tableau.value(of: symbol["e3"]!) == 3)
        // The rows read q = p - e1 and s = e2 - p.
        let q = tableau.substituted(Row(constant: 0, terms: [(symbol["q"]!, 1)]))
        #expect(q.coefficient(of: symbol["p"]!) == 1 && q.coefficient(of: symbol["e1"]!) == -1 && q.symbols.count == 2)
        let s = tableau.substituted(Row(constant: 0, terms: [(symbol["s"]!, 1)]))
        #expect(s.coefficient(of: symbol["e2"]!) == 1 && s.coefficient(of: symbol["p"]!) == -1 && s.symbols.count == 2)
    }

    @Test func anObjectiveNotMetOrNotAPositiveSumIsLeftToTheSimplex() {
        let (worked, symbol) = Self.worked()
        let cases: [(String, [(Int, Double)])] = [
            ("a symbol above zero", [(symbol["e1"]!, 1), (symbol["e3"]!, 1)]),
            ("a weight below zero", [(symbol["e1"]!, -1)]),
            ("no symbol", []),
        ]
        for (name, objective) in cases {
            var tableau = worked
            let held = tableau.holdMetObjective(objective)
            #expect(!held, "\(name)")
            for basic in ["e1", "e2", "e3"] { #expect(tableau.isBasic(symbol[basic]!), "\(name): \(basic) stays basic") }
            #expect(tableau.pivots == worked.pivots, "\(name): no pivot")
        }
        var external = Tableau(externals: 1)
        let slack = external.newSymbol(.slack)
        #expect(external.add(Row(constant: 0, terms: [(slack, -1), (0, 1)]), marker: slack, other: nil) == .added)
        let heldExternal = external.holdMetObjective([(0, 1)])
        #expect(!heldExternal, "an external symbol has no sign to hold")
    }

    /// e = 0 + f - g with f frozen and g, nonbasic, in the objective too: only g could enter, and
    /// leaving e basic would cost g at 1 - 1 = 0 over the basis, so the simplex is left to it. With g
    /// frozen as well, the row holds e at 0 on the face already, and stays.
    @Test func aRowOfFrozenSymbolsStaysAndOneOfObjectiveSymbolsIsLeft() {
        var tableau = Tableau(externals: 0)
        let (e, f, g) = (tableau.newSymbol(.error), tableau.newSymbol(.slack), tableau.newSymbol(.error))
        #expect(tableau.add(Row(constant: 0, terms: [(e, -1), (f, 1), (g, -1)]), marker: e, other: nil) == .added)
        tableau.freeze(f)
        var unfrozen = tableau
        let heldUnfrozen = unfrozen.holdMetObjective([(e, 1), (g, 1)])
        #expect(!heldUnfrozen)
        tableau.freeze(g)
        let heldFrozen = tableau.holdMetObjective([(e, 1), (g, 1)])
        #expect(heldFrozen)
        #expect(tableau.isBasic(e) && tableau.pivots == 0)
    }

    /// e = 5e-10 + 0.001 x: within `tolerance` of 0, so met; e goes to exactly 0 before x enters, and
    /// x stays at 0 rather than taking -5e-10 / 0.001 = -5e-7. With f = 0 + 1e-8 y, y's coefficient is
    /// too small to enter by, and the simplex is left to it.
    @Test func aSymbolNearZeroIsPutAtZeroAndATinyCoefficientIsNotPivotedOn() {
        var tableau = Tableau(externals: 0)
        let (e, x, f, y) = (tableau.newSymbol(.error), tableau.newSymbol(.slack), tableau.newSymbol(.error), tableau.newSymbol(.slack))
        #expect(tableau.add(Row(constant: 5e-10, terms: [(e, -1), (x, 0.001)]), marker: e, other: nil) == .added)
        #expect(tableau.add(Row(constant: 0, terms: [(f, -1), (y, 1e-8)]), marker: f, other: nil) == .added)
        var near = tableau
        let heldNear = near.holdMetObjective([(e, 1)])
        #expect(heldNear)
        #expect(near.isBasic(x) && !near.isBasic(e) && near.frozen[e])
        #expect(near.value(of: x) == 0 && near.value(of: e) == 0)
        var tiny = tableau
        let heldTiny = tiny.holdMetObjective([(f, 1)])
        #expect(!heldTiny)
        #expect(tiny.isBasic(f) && tiny.pivots == 0)
    }

    /// Holding a met objective changes the work the general solver does, never its answer: random
    /// problems and random layouts with user constraints, solved with and without it.
    @Test func randomProblemsSolveAlikeWithTheSimplexAlone() {
        SolvesAlike.problems("met objective, random problems", count: 600, long: 20_000, SolvesAlike.under(MetObjective.$holds))
    }

    @Test func randomLayoutsSolveAlikeWithTheSimplexAlone() {
        SolvesAlike.layouts("met objective, random layouts", count: 300, long: 3_000, SolvesAlike.under(MetObjective.$holds))
    }

    /// An equalCentering column of 3,000 views with a width and no height: every height is ambiguous,
    /// so the general solver takes the vertical axis. Its gap equalities (levels 149 down to 50) and
    /// the column's fit (49) are all met with every view 0 high at y = 0, so each view's frame is
    /// (0, 0, 80, 0). Through the simplex, the first pivot at 50 moves nothing and writes the column's
    /// length into every gap's row, past the term limit: the solve stops.
    @Test func aColumnOfViewsWithoutHeightSolvesWithoutFillingItsRows() {
        let count = 3_000
        let text = "vstack free(distribution: equalCentering) {\n"
            + (0..<count).map { "    view v\($0)(intrinsic: 80 x none)" }.joined(separator: "\n") + "\n}\n"
        let compilation = Compilation(file: SourceFile(path: "free.stack", text: text))
        let (solution, _) = compilation.measuredSolution(root: 0, width: nil, height: nil)
        let stopped = solution.stopped
        #expect(!stopped)
        let ir = compilation.irs[0]
        var wrong: [String] = []
        for (index, item) in ir.items.enumerated() where item.name.hasPrefix("free.v") {
            let frame = solution.frames[index]
            if [frame.x, frame.y, frame.width, frame.height] != [0, 0, 80, 0] { wrong.append("\(item.name) \(frame)") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(ir.items.filter { $0.name.hasPrefix("free.v") }.count == count)
        let ambiguous = solution.findings.filter { if case .ambiguous = $0.kind { return true } else { return false } }
        #expect(ambiguous.count == count)
    }
}
