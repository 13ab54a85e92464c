import Foundation
import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// Which symbol a new row is solved for (`Tableau.add`) changes the basis the solve passes through,
/// never the answer. With `SolverLimits.subjectFill` at zero every optional row that could be solved
/// for an external is solved for its own error or slack symbol instead, so restricted rows come to
/// mention nonbasic externals: a later row solved for one of them must not move those rows' constants
/// below zero (it goes through phase one). The reference is the same solver with the default rule.
@Suite struct SubjectRuleTests {
    static func solve(_ ir: ConstraintIR, width: Double?, height: Double?, fill: Int) -> LayoutSolution {
        SolverLimits.$subjectFill.withValue(fill) { SolvesAlike.general(ir, width: width, height: height) }
    }

    /// The default rule (true) against the rule at every row (false).
    static func solve(_ ir: ConstraintIR, width: Double?, height: Double?, usual: Bool) -> LayoutSolution {
        solve(ir, width: width, height: height, fill: usual ? SolverLimits.subjectFill : 0)
    }

    @Test func randomProblemsSolveAlikeWhateverTheSubject() {
        SolvesAlike.problems("subject rule, random problems", count: 600, long: 20_000) { Self.solve($0, width: $1, height: $2, usual: $3) }
    }

    @Test func randomLayoutsSolveAlikeWhateverTheSubject() {
        SolvesAlike.layouts("subject rule, random layouts", count: 300, long: 3_000) { Self.solve($0, width: $1, height: $2, usual: $3) }
    }

    /// An equalCentering row of twenty labels squeezed into 320 points on iOS 9: every label's
    /// compression at 750 competes, and the rows that the labels' own errors take mention the
    /// row's widths. Solved with the rule at every row, it must keep its optimum at 750.
    @Test func aSqueezedEqualCenteringRowKeepsItsOptimum() throws {
        let sizes = (0..<20).map { i in "\(10 + (i * 7) % 31) x \(10 + (i * 13) % 23)" }
        let text = "hstack main(distribution: equalCentering, spacing: 2) {\n"
            + sizes.enumerated().map { "    label v\($0.offset)(intrinsic: \($0.element))" }.joined(separator: "\n") + "\n}\n"
        let file = SourceFile(path: "row.stack", text: text)
        let tree = try #require(check(file).model.roots.first)
        let ir = lower(tree, in: file, uikit: .iOS9)
        let usual = Self.solve(ir, width: 320, height: nil, fill: SolverLimits.subjectFill)
        let own = Self.solve(ir, width: 320, height: nil, fill: 0)
        #expect(solutionDifference(usual, own, ir: ir) == nil)
        // The labels' compression at 750 adds up to 194 points either way (the row's labels are
        // 476 points wide at rest, and 19 gaps of 2 leave them 282).
        let natural = (0..<20).map { Double(10 + ($0 * 7) % 31) }
        for solution in [usual, own] {
            let widths = (0..<20).map { i in solution.frames[ir.items.firstIndex { $0.name == "main.v\(i)" } ?? 0].width }
            let compression = zip(natural, widths).reduce(0) { $0 + max(0, $1.0 - $1.1) }
            #expect(abs(compression - 194) < 1e-6)
        }
    }
}
