import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// A joint solve numbers only the items its problem mentions (JointNumbering.swift). The symbols
/// below are worked by hand from the rule: six frame variables per item, the held items renumbered in
/// their order, the symbols after the frame variables moved down to follow them.
@Suite struct JointNumberingTests {
    /// A layout of 8 items (48 frame variables); constraints over item 1's x (symbol 6), item 5's
    /// width (32) and the second piece (49); item 6 kept; a form over item 3's y (19).
    static func numbering() -> (JointNumbering, ConstraintIR) {
        var builder = IRBuilder()
        for k in 1..<8 { _ = builder.view("v\(k)") }
        let row = Row(constant: 3, terms: [(6, 1), (32, -2), (49, 1)])
        let constraint = LinearConstraint(expression: row, isEquality: true, priority: 1000, source: .constraint(0))
        var kept = [Bool](repeating: false, count: 8)
        kept[6] = true
        let numbering = JointNumbering(count: 8, constraints: [constraint], kept: kept, forms: [[(19, 1)]])
        return (numbering, builder.ir)
    }

    @Test func theHeldItemsAreRenumberedInTheirOrder() {
        let (numbering, ir) = Self.numbering()
        // The root, the two items the constraint mentions, the kept one and the form's.
        #expect(numbering.items == [0, 1, 3, 5, 6])
        #expect(numbering.ir(ir).items.map(\.name) == ["main", "main.v1", "main.v3", "main.v5", "main.v6"])
        #expect(numbering.symbol(6) == 6)
        #expect(numbering.symbol(19) == 13)
        #expect(numbering.symbol(32) == 20)
        // 48 frame variables become 30: the pieces and parameters move down by 18.
        #expect(numbering.symbol(48) == 30)
        #expect(numbering.symbol(49) == 31)
        // Item 2 is in no constraint, kept by nothing: the solve does not hold it.
        #expect(numbering.symbol(12) == nil)
        #expect(numbering.symbol(47) == nil)
        let row = numbering.renumbered(Row(constant: 3, terms: [(6, 1), (32, -2), (49, 1)]))
        #expect(row.symbols == [6, 20, 31])
        #expect(row.coefficients == [1, -2, 1])
        #expect(row.constant == 3)
    }

    @Test func aSolutionComesBackToTheLayoutsItems() {
        let (numbering, _) = Self.numbering()
        let frames = (0..<5).map { Frame(x: Double($0), y: 10, width: 20, height: 30) }
        let solution = LayoutSolution(
            frames: frames, determined: [Determination](repeating: .all, count: 5),
            baselines: [BaselinePair](repeating: BaselinePair(first: 1, last: 2), count: 5),
            findings: [], brokenConstraints: [4], pivots: 7)
        let whole = numbering.expanded(solution)
        #expect(whole.frames.map(\.x) == [0, 1, 0, 2, 0, 3, 4, 0])
        #expect(whole.frames[2] == .zero)
        #expect(whole.determined.map(\.isComplete) == [true, true, false, true, false, true, true, false])
        #expect(whole.baselines[7] == BaselinePair(first: 0, last: 0))
        #expect(whole.baselines[5] == BaselinePair(first: 1, last: 2))
        #expect(whole.brokenConstraints == [4])
        #expect(whole.pivots == 7)
    }

    /// Forty rows of four labels under a vstack, `a0.width == a39.width` across the first and the
    /// last: a joint group of 6 items (`--explain-solver`), among them the root, the two rows and
    /// their first labels, with the 38 rows between and the two rows' other labels entering by their
    /// cost functions. Its solver (kept for resizes) holds those items and the few whose places it is asked
    /// about (10 here), not the layout's 200-odd; and it answers every width as a fresh solve of the
    /// whole layout does.
    @Test func aJointSolveHoldsItsGroupNotTheLayout() {
        let rows = (0..<40).map { k in
            "    hstack r\(k) {\n" + (0..<4).map { "        label \(["a", "b", "c", "d"][$0])\(k)(intrinsic: \(10 + 7 * $0 + k % 5) x 10)\n" }
                .joined() + "    }"
        }
        let text = "vstack main {\n" + rows.joined(separator: "\n") + "\n    constraints { a0.width == a39.width }\n}\n"
        let file = SourceFile(path: "numbering.stack", text: text)
        let checked = check(file)
        #expect(checked.diagnostics.isEmpty)
        let ir = lower(checked.model.roots[0], in: file, uikit: .current)
        let declined = solveDeclined(ir: ir, width: 300, height: nil, reason: .userConstraints, built: nil, keeping: true)
        guard case .split(let split)? = declined.kept, let kept = split.general.first?.kept, split.general.first?.axis == .horizontal
        else {
            Issue.record("not a kept joint group: \(declined.report().path)")
            return
        }
        #expect(ir.items.count > 200)
        #expect(kept.solver.ir.items.count < 20, "the joint solve holds \(kept.solver.ir.items.count) items")
        #expect(solutionDifference(declined.solution, solve(ir, width: 300), ir: ir) == nil)
        let engine = LayoutEngine(ir: ir, width: 300)
        for width in [120.0, 260, 300, 444, 900] {
            #expect(solutionDifference(engine.resize(width: width, height: nil), solve(ir, width: width), ir: ir) == nil)
        }
    }
}
