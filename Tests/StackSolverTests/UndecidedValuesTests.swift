import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// What no constraint decides is settled by one rule (UndecidedValues.swift): from the last item's
/// variables back to the root's, each to the value nearest 0 the rest allows. The frames below are
/// worked by hand from that rule; every solver path must give them.
@Suite struct UndecidedValuesTests {
    static func lowered(_ text: String) -> ConstraintIR {
        let file = SourceFile(path: "undecided.stack", text: text)
        return lower(check(file).model.roots[0], in: file, uikit: .current)
    }

    /// The whole general solve, the same without elimination, and the automatic entry (tree, axis
    /// split, joint group) agree frame for frame.
    static func solved(_ ir: ConstraintIR, width: Double? = nil, height: Double? = nil) -> LayoutSolution {
        let whole = solve(ir, width: width, height: height)
        var plain = Solver(ir: ir, width: width, height: height, eliminating: false)
        let asWritten = plain.run()
        let automatic = solveLayout(ir: ir, width: width, height: height)
        if let difference = solutionDifference(asWritten, whole, ir: ir) { Issue.record("without elimination: \(difference)") }
        if let difference = solutionDifference(automatic, whole, ir: ir) { Issue.record("automatic: \(difference)") }
        return whole
    }

    static func frame(_ name: String, _ solution: LayoutSolution, _ ir: ConstraintIR) -> Frame? {
        ir.items.firstIndex { $0.name == name }.map { solution.frames[$0] }
    }

    /// A view with no size under a label, natural height: the view's height is settled first (it
    /// comes after its stack), to 0, and the stack wraps the label alone: 20 tall, the view at y = 20.
    @Test func aViewWithNoSizeTakesNoLength() {
        let ir = Self.lowered("""
            vstack main {
                label a(intrinsic: 30 x 20)
                view amb
            }
            """)
        let solution = Self.solved(ir)
        #expect(Self.frame("main", solution, ir)?.height == 20)
        #expect(Self.frame("main.amb", solution, ir).map { ($0.y, $0.height) } ?? (-1, -1) == (20, 0))
        #expect(solution.findings.contains { if case .ambiguous = $0.kind { true } else { false } })
    }

    /// Two views with no size share a row 100 wide: the last is settled first, to width 0 at x = 100,
    /// and the first takes the row.
    @Test func theLastOfTwoFreeViewsIsSettledFirst() {
        let ir = Self.lowered("""
            hstack main {
                view p
                view q
            }
            """).replacingRootSize(width: true, height: false)
        let solution = Self.solved(ir, width: 100)
        #expect(Self.frame("main.p", solution, ir).map { ($0.x, $0.width) } ?? (-1, -1) == (0, 100))
        #expect(Self.frame("main.q", solution, ir).map { ($0.x, $0.width) } ?? (-1, -1) == (100, 0))
    }

    /// A free length bounded on one side sits on its bound when the bound is beyond 0 (30), and at 0
    /// when 0 is allowed (`>= -10`): q (last) gets 0, p 30, and the column wraps them, 30 tall.
    @Test func aOneSidedLengthSitsOnItsBoundOrAtZero() {
        let ir = Self.lowered("""
            vstack main {
                view p
                view q
                constraints {
                    p.height >= 30
                    q.height >= -10
                }
            }
            """)
        let solution = Self.solved(ir)
        #expect(Self.frame("main", solution, ir)?.height == 30)
        #expect(Self.frame("main.p", solution, ir).map { ($0.y, $0.height) } ?? (-1, -1) == (0, 30))
        #expect(Self.frame("main.q", solution, ir).map { ($0.y, $0.height) } ?? (-1, -1) == (30, 0))
    }
}
