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

    /// `solved`, when the automatic entry answers on the tree (nil, with an issue, otherwise).
    static func solvedOnTheTree(_ ir: ConstraintIR, _ label: String) -> LayoutSolution? {
        let solution = solved(ir)
        let report = solveLayoutReporting(ir: ir).report
        guard case .structured = report.path else {
            Issue.record("\(label): solved by \(report.path)")
            return nil
        }
        return solution
    }

    /// An item's position and length along one axis.
    static func along(_ name: String, _ solution: LayoutSolution, _ ir: ConstraintIR, horizontal: Bool) -> [Double] {
        guard let frame = frame(name, solution, ir) else { return [] }
        return horizontal ? [frame.x, frame.width] : [frame.y, frame.height]
    }

    /// The ambiguity findings, as each item's name and undecided attributes.
    static func ambiguous(_ solution: LayoutSolution, _ ir: ConstraintIR) -> [String] {
        solution.findings.compactMap { finding -> String? in
            guard case .ambiguous(let item, let attributes) = finding.kind else { return nil }
            return "\(ir.items[item.index].name) \(attributes.map(\.rawValue))"
        }
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

    /// An equalCentering row whose last view has no size: the gap equalities hold (priorities 149 down)
    /// at any common gap g between centres at least the widest pair's (w + w') / 2 + spacing 2, so
    /// every position after the first and the view's width are free until settled. The row's width
    /// goes to 0 at 49 (the view's width can be negative), so the view ends at x = 0: its centre, one
    /// gap past the last label's, is at half its x, and its width is minus its x. Settled first, that
    /// width nearest 0 takes the least g: (24 + 31) / 2 + 2 = 29.5, from the first centre at 5. Then
    /// each label's x is its centre, 5 + 29.5k, less half its width (26, 52, 78, 117, 137), and the
    /// view's centre is 5 + 6 * 29.5 = 182: x 364, width -364. The general solver takes this axis
    /// whole (the tree solver declines an equalCentering row with an ambiguous item), and settles the
    /// labels' positions, each eliminated along the chain of the ones before it.
    @Test func anEqualCenteringRowSettlesAlongItsChain() {
        let ir = Self.lowered("""
            hstack main(distribution: equalCentering, spacing: 2) {
                label v0(intrinsic: 10 x 10)
                label v1(intrinsic: 17 x 23)
                label v2(intrinsic: 24 x 13)
                label v3(intrinsic: 31 x 26)
                label v4(intrinsic: 12 x 26)
                label v5(intrinsic: 31 x 26)
                view amb
            }
            """)
        let solution = Self.solved(ir)
        let xs = (0..<6).map { Self.frame("main.v\($0)", solution, ir)?.x ?? -1 }
        #expect(xs == [0, 26, 52, 78, 117, 137])
        #expect(Self.frame("main.amb", solution, ir).map { ($0.x, $0.width) } ?? (-1, -1) == (364, -364))
        #expect(Self.frame("main", solution, ir)?.width == 0)
        #expect((1...6).map { Self.frame("main#gap\($0)", solution, ir)?.width ?? -1 } == Array(repeating: 29.5, count: 6))
    }

    /// Settling keeps each variable's form once computed, up to a bound on the terms kept; past it,
    /// every form is expanded afresh (CurrentForms.swift). Either way the frames are the same: with
    /// no form kept, with the bound passed midway along the chain, and with room for them all.
    @Test(arguments: [0, 12, 1_000_000]) func keptFormsOrNotTheFramesAreTheSame(bound: Int) {
        let texts = [
            """
            hstack main(distribution: equalCentering, spacing: 2) {
                label v0(intrinsic: 10 x 10)
                label v1(intrinsic: 17 x 23)
                label v2(intrinsic: 24 x 13)
                view amb
            }
            """,
            """
            vstack main(distribution: equalSpacing, spacing: 4) {
                view p
                label a(intrinsic: 30 x 20)
                view q
                view r(intrinsic: 10 x none)
            }
            """,
        ]
        for text in texts {
            let ir = Self.lowered(text)
            let expected = solve(ir)
            let settled = SolverLimits.$keptFormTerms.withValue(bound) { solve(ir) }
            #expect(solutionDifference(settled, expected, ir: ir) == nil, "bound \(bound)")
            #expect(settled.frames == expected.frames, "bound \(bound)")
        }
    }

    /// Today's UIKit places a gap distribution's hidden items only by `>=` at 50, so each one's
    /// position along the stack is free on one side, and the structured solver settles it by the rule
    /// (`LooseHidden`), with the same ambiguity reported. In a row at x = 60 (after a 50-wide label and
    /// a spacing of 10), spacing 4: `a` at 60-80, `b` at 84-114. h0, before the first visible item, has
    /// `h0.trailing <= a.leading`: nearest 0 is 0. h1 has `h1.leading >= a.trailing + 2` (half the
    /// spacing): 82. h2, after the last, `h2.leading >= b.trailing`: 114. All are 0 wide. The same in
    /// a column (y instead of x), and with equalCentering, whose items sit where equalSpacing's do at
    /// natural size.
    @Test func aGapDistributionsHiddenItemIsPlacedByTheRuleInTheTreeSolver() {
        for (outer, inner, distribution) in [("hstack", "hstack", "equalSpacing"), ("vstack", "vstack", "equalSpacing"),
                                              ("hstack", "hstack", "equalCentering")] {
            let horizontal = outer == "hstack"
            func size(_ length: Int) -> String { horizontal ? "\(length) x 10" : "10 x \(length)" }
            let ir = Self.lowered("""
                \(outer) main(spacing: 10) {
                    label pad(intrinsic: \(size(50)))
                    \(inner) row(distribution: \(distribution), spacing: 4) {
                        label h0(intrinsic: \(size(20)), hidden: true)
                        label a(intrinsic: \(size(20)))
                        label h1(intrinsic: \(size(20)), hidden: true)
                        label b(intrinsic: \(size(30)))
                        label h2(intrinsic: \(size(20)), hidden: true)
                    }
                }
                """)
            guard let solution = Self.solvedOnTheTree(ir, "\(outer) \(distribution)") else { continue }
            func along(_ name: String) -> [Double] { Self.along(name, solution, ir, horizontal: horizontal) }
            #expect(along("main.row.a") == [60, 20] && along("main.row.b") == [84, 30], "\(outer) \(distribution)")
            #expect(along("main.row.h0") == [0, 0] && along("main.row.h1") == [82, 0] && along("main.row.h2") == [114, 0],
                    "\(outer) \(distribution)")
            let ambiguous = Self.ambiguous(solution, ir)
            let attribute = horizontal ? "leading" : "top"
            #expect(ambiguous == ["main.row.h0", "main.row.h1", "main.row.h2"].map { "\($0) [\"\(attribute)\"]" }, "\(ambiguous)")
        }
    }

    /// The same row with hidden stacks in place of the hidden labels (one with margins, one an
    /// equalSpacing stack of two labels, so layout guides sit inside). Each stack is 0 long, and its
    /// insides split that 0: h0's label is -6 long between margins of 3; in h1 the labels' 30 and the
    /// gap's 2 meet 0, and the earlier label gives way (-12, then 10 at -10 from h1's start). Only a
    /// stack's place decides where its insides are, and undecided values are settled from the last
    /// item back: each stack's last item goes nearest 0 on the stack's half-line. h0 (before a, at
    /// most 60): its label at 0, so h0 at -3. h1 (at least 82): h1b at 0 would put h1 at 10, so 82.
    /// h2 (at least 114): 114. On the tree, with the general solver's frames, determinations (the
    /// guides' included) and findings: the leaves inside each hidden stack, the deepest items
    /// nothing places.
    @Test func aGapDistributionsHiddenStackIsPlacedWithItsInsides() {
        for (outer, distribution) in [("hstack", "equalSpacing"), ("vstack", "equalSpacing"), ("hstack", "equalCentering")] {
            let horizontal = outer == "hstack"
            func size(_ length: Int) -> String { horizontal ? "\(length) x 10" : "10 x \(length)" }
            let ir = Self.lowered("""
                \(outer) main(spacing: 10) {
                    label pad(intrinsic: \(size(50)))
                    \(outer) row(distribution: \(distribution), spacing: 4) {
                        \(outer) h0(hidden: true, margins: 3) {
                            label h0a(intrinsic: \(size(20)))
                        }
                        label a(intrinsic: \(size(20)))
                        \(outer) h1(hidden: true, distribution: equalSpacing, spacing: 2) {
                            label h1a(intrinsic: \(size(20)))
                            label h1b(intrinsic: \(size(10)))
                        }
                        label b(intrinsic: \(size(30)))
                        \(outer) h2(hidden: true) {
                            label h2a(intrinsic: \(size(20)))
                        }
                    }
                }
                """)
            guard let solution = Self.solvedOnTheTree(ir, "\(outer) \(distribution)") else { continue }
            func along(_ name: String) -> [Double] { Self.along(name, solution, ir, horizontal: horizontal) }
            #expect(along("main.row.a") == [60, 20] && along("main.row.b") == [84, 30], "\(outer) \(distribution)")
            #expect(along("main.row.h0") == [-3, 0] && along("main.row.h1") == [82, 0] && along("main.row.h2") == [114, 0],
                    "\(outer) \(distribution)")
            #expect(along("main.row.h0.h0a") == [0, -6] && along("main.row.h1.h1a") == [82, -12] && along("main.row.h1.h1b") == [72, 10]
                    && along("main.row.h2.h2a") == [114, 0], "\(outer) \(distribution)")
            let ambiguous = Self.ambiguous(solution, ir)
            let attribute = horizontal ? "leading" : "top"
            let leaves = ["main.row.h0.h0a", "main.row.h1.h1a", "main.row.h1.h1b", "main.row.h2.h2a"]
            #expect(ambiguous == leaves.map { "\($0) [\"\(attribute)\"]" }, "\(ambiguous)")
        }
    }

    /// Views with no size in a vstack distributed by equalCentering: the rule gives every view
    /// length 0 and place 0 (each height, settled from the last, can be 0; then the gaps between
    /// centres are 0, and so every place is the stack's top), worked by hand. Every undecided variable
    /// sits at 0 when the tie rule ends, so settling moves nothing and takes no pivot: each settle
    /// would walk rows that the stack's gap equalities make as long as the stack.
    @Test func viewsWithNoSizeAtZeroAreSettledWithoutAPivot() {
        let views = (0..<40).map { "    view v\($0)(intrinsic: 80 x none)" }.joined(separator: "\n")
        let ir = Self.lowered("vstack free(distribution: equalCentering) {\n\(views)\n}\n")
        let solution = Self.solved(ir)
        for index in 0..<40 {
            #expect(Self.along("free.v\(index)", solution, ir, horizontal: false) == [0, 0], "v\(index)")
        }
        #expect(Self.ambiguous(solution, ir) == (0..<40).map { "free.v\($0) [\"height\"]" })
        var solver = Solver(ir: ir, width: nil, height: nil, axis: .vertical)
        solver.minimiseLevelSums()
        solver.breakTies()
        let beforeSettling = solver.tableau.pivots
        #expect(solver.finish().pivots == beforeSettling)
    }
}
