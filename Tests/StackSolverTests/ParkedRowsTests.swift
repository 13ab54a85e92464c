import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// Frame variables' rows set aside while the levels and ties are optimised (Tableau+Parking.swift)
/// change the work the pivots do, never the answer: the same solver with its rows kept in the tableau
/// all along is the reference, frame for frame (what nothing decides included), with the same
/// determinations, findings and broken constraints.
@Suite struct ParkedRowsTests {
    static func solve(_ ir: ConstraintIR, width: Double?, height: Double?, parking: Bool) -> LayoutSolution {
        SolvesAlike.under(SolverLimits.$parksFrameRows)(ir, width, height, parking)
    }

    @Test func randomProblemsSolveAlikeWithRowsSetAside() {
        SolvesAlike.problems("parked rows, random problems", count: 600, long: 20_000, SolvesAlike.under(SolverLimits.$parksFrameRows))
    }

    @Test func randomLayoutsSolveAlikeWithRowsSetAside() {
        SolvesAlike.layouts("parked rows, random layouts", count: 300, long: 3_000, SolvesAlike.under(SolverLimits.$parksFrameRows))
    }

    /// Values read while the rows are set aside (between the levels' optimisation and the ties, as a
    /// joint group's relaxation reads its lengths, JointWindows.swift) are the ones the rows give once
    /// they are back, at the same basis: every frame variable of the row below, whose length is basic
    /// and set aside. Read as zero, they would put the relaxation's lengths in the wrong places, and
    /// windows moved there would conflict.
    @Test func valuesReadWhileRowsAreAsideAreTheirs() throws {
        let labels = (0..<40).map { "    label v\($0)(intrinsic: \(20 + 10 * ($0 % 4)) x 10)" }.joined(separator: "\n")
        let text = "hstack main(spacing: 2) {\n\(labels)\n    constraints {\n        v0.width == v1.width\n    }\n}\n"
        let file = SourceFile(path: "row.stack", text: text)
        let ir = lower(try #require(check(file).model.roots.first), in: file, uikit: .current)
        var solver = Solver(ir: ir, width: nil, height: nil)
        solver.minimiseLevelSums()
        #expect(!solver.tableau.parked.isEmpty)
        let aside = solver.unroundedValue()
        var restored = solver
        restored.tableau.restoreParked()
        let back = restored.unroundedValue()
        let differing = (0..<ir.items.count * FrameVariable.perItem).filter { abs(aside($0) - back($0)) > 1e-9 }
        #expect(differing.isEmpty, "\(differing.count) values differ, the first \(differing.first.map { (aside($0), back($0)) }.debugDescription)")
        #expect(abs(back(FrameVariable.width.rawValue) - aside(FrameVariable.width.rawValue)) < 1e-9 && back(FrameVariable.width.rawValue) > 1000)
    }

    /// A row of 40 labels at its natural width, whose length every label's errors reach, with a user
    /// constraint that ties two widths. The labels are 20 + 10k points wide (k = 0, 1, 2, 3 in turn),
    /// hugging at 250 and resisting compression at 750, and `v0.width == v1.width` is required: v1
    /// (30) compressing would cost at 750, v0 (20) growing costs at 250 only, so both are 30 (strict
    /// priority order). The other labels keep their widths, and the stack is as wide as its labels and
    /// 39 gaps of 2.
    @Test func aRowsLengthIsItsLabelsWhenItsRowIsSetAside() throws {
        let labels = (0..<40).map { "    label v\($0)(intrinsic: \(20 + 10 * ($0 % 4)) x 10)" }.joined(separator: "\n")
        let text = "hstack main(spacing: 2) {\n\(labels)\n    constraints {\n        v0.width == v1.width\n    }\n}\n"
        let file = SourceFile(path: "row.stack", text: text)
        let tree = try #require(check(file).model.roots.first)
        let ir = lower(tree, in: file, uikit: .current)
        let solution = Self.solve(ir, width: nil, height: nil, parking: true)
        func width(_ name: String) -> Double { solution.frames[ir.items.firstIndex { $0.name == name } ?? 0].width }
        #expect(width("main.v0") == 30 && width("main.v1") == 30)
        #expect(width("main.v2") == 40 && width("main.v3") == 50)
        var labelsWidth = 30.0 + 30
        for k in 2..<40 { labelsWidth += Double(20 + 10 * (k % 4)) }
        #expect(abs(width("main") - (labelsWidth + 39 * 2)) < 1e-6)
    }
}
