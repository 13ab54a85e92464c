import Foundation
import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// User constraints solved as a joint group, the stacks and runs of items they do not touch entering
/// by their cost functions (JointGroup.swift): the general solver's answer on the whole layout, frame
/// for frame, what nothing decides included (UndecidedValues.swift).
@Suite struct JointGroupTests {
    static func lowered(_ text: String, uikit: UIKitTarget = .current) -> ConstraintIR {
        let file = SourceFile(path: "joint.stack", text: text)
        return lower(check(file).model.roots[0], in: file, uikit: uikit)
    }

    /// Three rows of labels under a vstack, with `constraints`.
    static func threeRows(_ constraints: [String]) -> String {
        """
        vstack main {
            hstack top { label a(intrinsic: 30 x 10) label b(intrinsic: 20 x 10) }
            hstack middle { label c(intrinsic: 40 x 10) label e(intrinsic: 25 x 10) }
            hstack bottom { label d(intrinsic: 10 x 10) }
            constraints {
                \(constraints.joined(separator: "\n        "))
            }
        }
        """
    }

    /// Three rows under a vstack, `a.width == d.width` across the first and the last. Worked by hand:
    /// the rows are as wide as the stack (fill alignment), so `a` and `d` both take the stack's width W
    /// and `b` is squeezed to 0 (its compression, 750, is violated by 20 whatever W is). The middle row
    /// needs W >= 65 to hold its labels at 750; at 250 the three hugging violations (W - 30) + (W - 10)
    /// + (W - 65) grow with W, so W = 65. The middle row is the subtree no user constraint touches.
    @Test func aConstraintAcrossRowsLeavesTheMiddleRowToItsCostFunction() {
        let ir = Self.lowered(Self.threeRows(["a.width == d.width"]))
        let (solution, report) = solveLayoutReporting(ir: ir)
        guard case .split(_, .horizontal, _, _, .solved(let joint)?) = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
        #expect(joint.subtrees == 1)
        func frame(_ name: String) -> Frame? {
            ir.items.firstIndex { $0.name == name }.map { solution.frames[$0] }
        }
        #expect(frame("main")?.width == 65)
        #expect(frame("main.top.a").map { ($0.x, $0.width) } ?? (-1, -1) == (0, 65))
        #expect(frame("main.top.b").map { ($0.x, $0.width) } ?? (-1, -1) == (65, 0))
        #expect(frame("main.middle.c").map { ($0.x, $0.width) } ?? (-1, -1) == (0, 40))
        #expect(frame("main.middle.e").map { ($0.x, $0.width) } ?? (-1, -1) == (40, 25))
        #expect(frame("main.bottom.d").map { ($0.x, $0.width) } ?? (-1, -1) == (0, 65))
        #expect(solution.findings.isEmpty)
        #expect(solutionDifference(solution, solve(ir), ir: ir) == nil)
    }

    /// The rows above with a second constraint on the other axis, `c.height == d.height + 6`: user
    /// constraints on both axes, so neither axis is the tree solver's alone, and each axis is a joint
    /// group of its own (AxisSplit.swift). Widths as above. Heights by hand: every label is 10 high and
    /// each row as high as its labels (fill alignment), so the middle row must be 6 higher than the
    /// bottom one. Raising the middle row by s and the bottom one by s - 6 violates d's compression (750)
    /// by 6 - s and c's and e's hugging (250) by 2s: the 750 level decides, s = 6. So the rows are 10,
    /// 16 and 10 high, at 0, 10 and 26. The top row hangs off the vertical group, the middle row off the
    /// horizontal one.
    /// A joint group whose required constraints conflict (JointConflicts.swift). Worked by hand: the
    /// rows fill the vstack's width W. The middle row's labels are 60 and 25 wide, required, so W = 85;
    /// `d.width == 70`, added last, would make the bottom row 70, so UIKit breaks it. Without it `d`
    /// spans the bottom row, 85; `b` takes what `a`'s required 50 leaves of the top row, 35, and `f`,
    /// in the row no user constraint touches, is 85 wide too. Every label is 10 high.
    @Test func aConflictingGroupIsSolvedWithoutWhatItBreaks() {
        let ir = Self.lowered("""
            vstack main {
                hstack top { label a(intrinsic: 30 x 10) label b(intrinsic: 20 x 10) }
                hstack middle { label c(intrinsic: 40 x 10) label e(intrinsic: 25 x 10) }
                hstack bottom { label d(intrinsic: 10 x 10) }
                hstack spare { label f(intrinsic: 15 x 10) }
                constraints {
                    a.width == 50
                    c.width == 60
                    e.width == 25
                    d.width == 70
                }
            }
            """)
        let (solution, report) = solveLayoutReporting(ir: ir)
        guard case .split(_, .horizontal, _, _, .solved(let joint)?) = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
        // The spare row stays outside the group.
        #expect(joint.brokenFirst == 1 && joint.subtrees + joint.runs + joint.leaves >= 1, "\(joint)")
        #expect(report.lines(in: ir).contains { $0.contains("solved without 1 required constraint, broken first to recover from a conflict") })
        func frame(_ name: String) -> Frame? {
            ir.items.firstIndex { $0.name == name }.map { solution.frames[$0] }
        }
        #expect(frame("main").map { ($0.width, $0.height) } ?? (-1, -1) == (85, 40))
        #expect(frame("main.top.b").map { ($0.x, $0.width) } ?? (-1, -1) == (50, 35))
        #expect(frame("main.middle.e").map { ($0.x, $0.width) } ?? (-1, -1) == (60, 25))
        #expect(frame("main.bottom.d").map { ($0.x, $0.width) } ?? (-1, -1) == (0, 85))
        #expect(frame("main.spare.f").map { ($0.x, $0.width) } ?? (-1, -1) == (0, 85))
        guard case .conflict(_, let broken)? = solution.findings.first?.kind, case .constraint(let index) = broken else {
            Issue.record("findings: \(solution.findings)")
            return
        }
        #expect(ir.constraints[index].category == .user && ir.constraints[index].constant == 70)
        #expect(solution.brokenConstraints == [index])
        // The general solver's answer, findings and all.
        #expect(solutionDifference(solution, solve(ir), ir: ir) == nil)
        #expect(solution.findings == solve(ir).findings)
    }

    @Test func constraintsOnBothAxesAreTwoJointGroups() {
        let ir = Self.lowered(Self.threeRows(["a.width == d.width", "c.height == d.height + 6"]))
        let (solution, report) = solveLayoutReporting(ir: ir)
        guard case .eachAxis(.userConstraints, let axes) = report.path, axes.map(\.axis) == [.horizontal, .vertical],
              case .solved(let horizontal)? = axes[0].joint, case .solved(let vertical)? = axes[1].joint else {
            Issue.record("solved by \(report.path)")
            return
        }
        #expect(horizontal.subtrees == 1 && vertical.subtrees == 1)
        func frame(_ name: String) -> [Double] {
            ir.items.firstIndex { $0.name == name }.map { solution.frames[$0] }.map { [$0.x, $0.y, $0.width, $0.height] } ?? []
        }
        #expect(frame("main") == [0, 0, 65, 36])
        #expect(frame("main.top.a") == [0, 0, 65, 10])
        #expect(frame("main.middle.c") == [0, 10, 40, 16])
        #expect(frame("main.middle.e") == [40, 10, 25, 16])
        #expect(frame("main.bottom.d") == [0, 26, 65, 10])
        #expect(solution.findings.isEmpty)
        #expect(solutionDifference(solution, solve(ir), ir: ir) == nil)
        // Pinned sizes, both axes moved off their natural lengths: the general solver's answer.
        for (width, height) in [(50.0, 30.0), (120, 60), (65, 36)] {
            let sized = ir.replacingRootSize(width: true, height: true)
            let (pinned, pinnedReport) = solveLayoutReporting(ir: sized, width: width, height: height)
            guard case .eachAxis = pinnedReport.path else {
                Issue.record("\(width) x \(height): solved by \(pinnedReport.path)")
                continue
            }
            #expect(solutionDifference(pinned, solve(sized, width: width, height: height), ir: sized) == nil, "\(width) x \(height)")
        }
    }

    /// An iOS 9/10 row aligned by first baselines and distributed by equalCentering (its items share
    /// its width as well as its gaps, which the structured model does not read on either axis) among
    /// 40 rows of labels: the row is left opaque (StructuredModel.tolerant), its subtree written out
    /// in a joint group on each axis, and the other rows enter by their cost functions, not the whole
    /// layout by the general solver. Frames, determinations and findings are the general solver's, at
    /// natural size and at pinned widths.
    @Test func aStackTheModelCannotReadIsLeftOpaque() {
        let rows = (0..<40).map { "hstack r\($0) { label a\($0)(intrinsic: \(10 + $0 % 7) x 10) label b\($0)(intrinsic: 20 x \(8 + $0 % 5)) }" }
        let ir = Self.lowered("""
            vstack main {
                \(rows.joined(separator: "\n    "))
                hstack odd(distribution: equalCentering, alignment: firstBaseline) {
                    label o1(intrinsic: 20 x 10, firstBaseline: 8)
                    hstack o2 {
                        label o2a(intrinsic: 20 x 10, firstBaseline: 7)
                    }
                    label o3(intrinsic: 30 x 12, firstBaseline: 9)
                }
            }
            """, uikit: .iOS9)
        guard let odd = ir.items.firstIndex(where: { $0.name == "main.odd" }) else {
            Issue.record("no main.odd")
            return
        }
        #expect(StructuredModel.tolerant(ir: ir)?.opaqueRoots == [odd])
        for width in [nil, 40.0, 90, 300] {
            let sized = width == nil ? ir : ir.replacingRootSize(width: true, height: false)
            let (solution, report) = solveLayoutReporting(ir: sized, width: width)
            guard case .eachAxis(.baselineAlignment(odd, .equalCenteringRow), let axes) = report.path,
                  axes.allSatisfy({ if case .solved? = $0.joint { true } else { false } }) else {
                Issue.record("\(String(describing: width)): solved by \(report.path)")
                continue
            }
            #expect(solutionDifference(solution, solve(sized, width: width), ir: sized) == nil, "\(String(describing: width))")
        }
    }

    /// The subtrees each axis's joint group took by cost functions, per axis (nil where an axis was
    /// not a joint group), when `report` solved each axis alone.
    static func hangingStacks(_ report: SolveReport) -> [Int?]? {
        guard case .eachAxis(_, let axes) = report.path else { return nil }
        return axes.map { if case .solved(let summary)? = $0.joint { summary.subtrees } else { nil } }
    }

    /// Expects `ir`'s root to be the one stack the model leaves opaque, and at each width each axis to
    /// be a joint group with `hanging` stacks entering by cost functions, with the general solver's
    /// frames, determinations and findings.
    static func expectOpaqueRoot(_ ir: ConstraintIR, widths: [Double?], hanging: Int) {
        #expect(StructuredModel.tolerant(ir: ir)?.opaqueRoots == [0])
        for width in widths {
            let sized = width == nil ? ir : ir.replacingRootSize(width: true, height: false)
            let (solution, report) = solveLayoutReporting(ir: sized, width: width)
            #expect(Self.hangingStacks(report) == [hanging, hanging], "\(String(describing: width)): \(report.path)")
            #expect(solutionDifference(solution, solve(sized, width: width), ir: sized) == nil, "\(String(describing: width))")
        }
    }

    /// A root aligned by first baselines with a hidden item, over 40 rows: a vertical stack so
    /// aligned aligns nothing across, which the tree solver declines on the horizontal axis alone
    /// (`StructuredModel.axisDeclines`), and at the root the whole of that axis; the vertical axis,
    /// read, stays the tree solver's. Frames, determinations and findings as the general solver's, at
    /// natural size and three widths.
    @Test func aRootDeclinedAcrossKeepsTheOtherAxis() {
        let rows = (0..<40).map { "hstack r\($0) {\n label a\($0)(intrinsic: \(10 + $0 % 7) x 10)\n label b\($0)(intrinsic: 20 x \(8 + $0 % 5))\n}" }
        let ir = Self.lowered("""
            vstack main(alignment: firstBaseline) {
                \(rows.joined(separator: "\n"))
                label gone(intrinsic: 20 x 10, hidden: true)
            }
            """)
        let model = StructuredModel.tolerant(ir: ir)
        #expect(model?.opaqueRoots == [])
        #expect(model?.axisDeclines == [[.baselineAlignment(stack: 0, .verticalStack)], []])
        for width in [nil, 40, 90, 300] as [Double?] {
            let sized = width == nil ? ir : ir.replacingRootSize(width: true, height: false)
            let (solution, report) = solveLayoutReporting(ir: sized, width: width)
            guard case .split(.baselineAlignment(0, .verticalStack), .horizontal, _, _, _) = report.path else {
                Issue.record("\(String(describing: width)): solved by \(report.path)")
                continue
            }
            #expect(solutionDifference(solution, solve(sized, width: width), ir: sized) == nil, "\(String(describing: width))")
        }
    }

    /// Twelve iOS 9/10 rows the model cannot read (aligned by first baselines, distributed by
    /// equalCentering) among 30 plain rows: one reading finds all twelve (each declines by itself), so
    /// both axes are joint groups with the plain rows hanging, not the whole layout by the general
    /// solver, and the report names the first reason and eight more. Frames as the general solver's at
    /// natural size and two widths.
    @Test func everyStackThatDeclinesByItselfIsFoundInOneReading() {
        let plain = (0..<30).map { "hstack p\($0) {\n label a\($0)(intrinsic: \(10 + $0 % 7) x 10)\n label b\($0)(intrinsic: 20 x 9)\n}" }
        let rows = (0..<12).map {
            "hstack t\($0)(distribution: equalCentering, alignment: firstBaseline) {\n label on\($0)(intrinsic: 20 x 10, firstBaseline: 8)\n"
                + " hstack off\($0) {\n label x\($0)(intrinsic: 20 x 10, firstBaseline: 7)\n }\n label c\($0)(intrinsic: \(30 + $0) x 12, firstBaseline: 9)\n}"
        }
        let ir = Self.lowered("vstack main {\n\((plain + rows).joined(separator: "\n"))\n}", uikit: .iOS9)
        #expect(StructuredModel.tolerant(ir: ir)?.opaqueRoots.count == 12)
        for lines in Self.expectJointOnEachAxis(ir, widths: [nil, 60, 200]) {
            #expect(lines.filter { $0.hasSuffix(": baseline alignment with equalCentering") }.count == 9, "\(lines)")
            #expect(lines.contains("and 3 more stacks declined"), "\(lines)")
        }
    }

    /// Three rows aligned by last baselines, each of ten columns whose last baseline is their last
    /// label's (so not a fixed depth below the column's top), among 20 plain rows. Only the vertical
    /// axis reads baselines: the model reads every stack, notes all thirty columns as moving, the
    /// tree solver answers the horizontal axis, and the vertical one is a joint group around the
    /// columns with the plain rows and the columns' first labels hanging, not the whole layout by the general solver. Frames,
    /// determinations and findings as the general solver's at natural size and two widths.
    @Test func everyColumnWhoseBaselineMovesDeclinesTheVerticalAxisAlone() {
        let plain = (0..<20).map { "hstack p\($0) {\n label a\($0)(intrinsic: \(10 + $0 % 7) x 10)\n label b\($0)(intrinsic: 20 x 9)\n}" }
        let rows = (0..<3).map { row in
            let columns = (0..<10).map { column in
                let labels = (0..<3).map { k in
                    "label l\(row)x\(column)x\(k)(intrinsic: \(10 + (column + k) % 5) x \(10 + (row + k) % 4), lastBaseline: \(7 + k))"
                }
                return "vstack c\(row)x\(column)(spacing: 2) {\n\(labels.joined(separator: "\n"))\n}"
            }
            return "hstack r\(row)(alignment: lastBaseline, spacing: 4) {\n\(columns.joined(separator: "\n"))\n}"
        }
        let ir = Self.lowered("vstack main {\n\((plain + rows).joined(separator: "\n"))\n}")
        let model = StructuredModel.tolerant(ir: ir)
        #expect(model?.opaqueRoots == [])
        #expect(model.map { $0.axisDeclines[1].map { ir.items[$0.node ?? 0].name } } == rows.indices.flatMap { row in
            (0..<10).map { "main.r\(row).c\(row)x\($0)" }
        })
        for width in [nil, 150, 400] as [Double?] {
            let sized = width == nil ? ir : ir.replacingRootSize(width: true, height: false)
            let (solution, report) = solveLayoutReporting(ir: sized, width: width)
            guard case .split(_, .vertical, _, _, .solved(let joint)?) = report.path else {
                Issue.record("\(String(describing: width)): \(report.path)")
                continue
            }
            // The plain rows hang as one run along main, and each column's first two labels as another.
            #expect((joint.runs, joint.subtrees) == (31, 0), "\(String(describing: width))")
            #expect(solutionDifference(solution, solve(sized, width: width), ir: sized) == nil, "\(String(describing: width))")
            #expect(report.lines(in: sized).contains("and 21 more stacks declined"), "\(report.lines(in: sized))")
        }
    }

    /// Solves `ir` at each width and expects each axis to be a joint group, with the general solver's
    /// frames, determinations and findings; returns each such solve's report lines.
    static func expectJointOnEachAxis(_ ir: ConstraintIR, widths: [Double?]) -> [[String]] {
        widths.compactMap { width in
            let sized = width == nil ? ir : ir.replacingRootSize(width: true, height: false)
            let (solution, report) = solveLayoutReporting(ir: sized, width: width)
            guard case .eachAxis(_, let axes) = report.path, case .solved? = axes[0].joint, case .solved? = axes[1].joint else {
                Issue.record("\(String(describing: width)): \(report.path)")
                return nil
            }
            #expect(solutionDifference(solution, solve(sized, width: width), ir: sized) == nil, "\(String(describing: width))")
            return report.lines(in: sized)
        }
    }

    /// A row of 40 labels that the model cannot read (today's UIKit shares its width between its two
    /// multiline labels), aligned `fill`: across it, the labels enter the vertical joint group by one
    /// function of the row's height (all but the first take its place), not one by one; aligned
    /// `center`, each label is on the spine. The multiline labels last, or first (where the row aligns
    /// every item to the first). Frames, determinations and findings as the general solver's at four
    /// heights.
    @Test func labelsAcrossAnOpaqueRowFollowTheFirst() {
        for (alignment, multilineFirst) in [("fill", false), ("fill", true), ("center", false)] {
            var labels = (0..<40).map { "label l\($0)(intrinsic: \(10 + $0 % 7) x \(8 + $0 % 5))" }
            let multiline = ["label m1(text: \"Hello there\", lines: 0)", "label m2(text: \"General Kenobi\", lines: 0)"]
            labels.insert(contentsOf: multiline, at: multilineFirst ? 0 : labels.count)
            let ir = Self.lowered("""
                hstack main(distribution: equalSpacing, alignment: \(alignment)) {
                    \(labels.joined(separator: "\n"))
                }
                """)
            for height in [nil, 5.0, 12, 40] {
                let sized = height == nil ? ir : ir.replacingRootSize(width: false, height: true)
                let (solution, report) = solveLayoutReporting(ir: sized, height: height)
                var leaves: Int?
                if case .eachAxis(_, let axes) = report.path, case .solved(let summary)? = axes[1].joint { leaves = summary.leaves }
                #expect(leaves == (alignment == "fill" ? 42 : nil), "\(alignment) \(String(describing: height)): \(report.path)")
                #expect(solutionDifference(solution, solve(sized, height: height), ir: sized) == nil, "\(alignment) \(String(describing: height))")
            }
        }
    }

    /// An equalCentering row aligned by first baselines (iOS 9), which the model leaves opaque, of
    /// columns whose baselines are their first labels': the row's constraints meet each column at its
    /// baseline, and each column's meets its label there, so columns and labels go onto the vertical
    /// spine, and each column's inner row hangs off it by its cost function. Horizontally the columns
    /// hang. Frames as the general solver's.
    @Test func baselinesTakeTheirItemsOntoTheSpine() {
        let columns = (0..<12).map { i in
            """
            vstack c\(i) {
                label t\(i)(intrinsic: 20 x \(10 + i % 3), firstBaseline: 8)
                hstack p\(i) {
                    label u\(i)(intrinsic: 10 x 10)
                    label v\(i)(intrinsic: 12 x \(9 + i % 4))
                }
            }
            """
        }
        let ir = Self.lowered("""
            hstack main(distribution: equalCentering, alignment: firstBaseline) {
            \(columns.joined(separator: "\n"))
            }
            """, uikit: .iOS9)
        Self.expectOpaqueRoot(ir, widths: [nil, 200, 400, 900], hanging: 12)
    }

    /// A row whose cost function the tree solver does not make (a lastBaseline row with a view that has
    /// no baseline, so it aligns by its bottom, and gives way at 40, below the spanner's pull) among 40
    /// rows of labels: the row starts the joint group of its axis from the
    /// bottom-up pass (`StructuredLayout.spineStarts`), and the other rows enter by their cost functions
    /// (as one run down the column), not the whole axis by the general solver. Frames as the general solver's, at natural size and at
    /// pinned widths.
    @Test func aStackWithoutACostFunctionStartsAJointGroup() {
        let rows = (0..<40).map { "hstack r\($0) { label a\($0)(intrinsic: \(10 + $0 % 7) x 10) label b\($0)(intrinsic: 20 x \(8 + $0 % 5)) }" }
        let ir = Self.lowered("""
            vstack main {
                \(rows.joined(separator: "\n    "))
                hstack odd(alignment: lastBaseline) {
                    label o1(intrinsic: 20 x 10, lastBaseline: 8)
                    view o2(intrinsic: 20 x 14, verticalCompression: 40)
                    label o3(intrinsic: 30 x 12, lastBaseline: 9)
                }
            }
            """)
        guard let odd = ir.items.firstIndex(where: { $0.name == "main.odd" }) else {
            Issue.record("no main.odd")
            return
        }
        for width in [nil, 40.0, 90, 300] {
            let sized = width == nil ? ir : ir.replacingRootSize(width: true, height: false)
            let (solution, report) = solveLayoutReporting(ir: sized, width: width)
            guard case .split(.baselineAlignment(odd, .lastBaselineRow), .vertical, _, _, .solved(let joint)?) = report.path else {
                Issue.record("\(String(describing: width)): solved by \(report.path)")
                continue
            }
            // Down the column the 40 rows before the odd one are one run.
            #expect(joint.runs == 1 && joint.items < 20, "\(String(describing: width)): \(joint)")
            #expect(solutionDifference(solution, solve(sized, width: width), ir: sized) == nil, "\(String(describing: width))")
        }
    }

    /// A vstack of a row of four labels and a wider label, `a.width == b.width` inside: its width is a
    /// hub (HubWalk.swift; KeptSolveTests too).
    static let hubVstack = """
        vstack main {
            hstack row {
                label a(intrinsic: 10 x 10)
                label b(intrinsic: 20 x 10)
                label c(intrinsic: 30 x 10)
                label d(intrinsic: 40 x 10)
            }
            label e(intrinsic: 50 x 10)
            constraints {
                a.width == b.width
            }
        }
        """

    /// A stack across the axis whose length the layout decides shares it with each of its items, a hub,
    /// so it is pinned where the stacks alone put it and walked to where the layout takes it
    /// (HubWalk.swift). Worked by hand: the vstack's row and label `e` are as wide as it (fill
    /// alignment). Without the constraint the row needs 100 = 10 + 20 + 30 + 40 against compression
    /// (750), and `e` hugs (250) at 50: 100 wide. `a.width == b.width` at 100 costs compression: a and
    /// b at 15 each squeeze b by 5, the least. Each point of width beyond 100 lets b out by a half, at
    /// the price of hugging only, down to none at 110, where a is 20; beyond, only hugging grows. So
    /// the walk moves the pin from 100 to 110, and c and d keep their 30 and 40. The same vstack as the
    /// root (the hub is the root) and inside an hstack beside a 5-point label (the hub is not).
    @Test func aHubLengthIsWalkedToWhereTheLayoutTakesIt() {
        let vstack = Self.hubVstack
        let nested = "hstack outer {\n" + vstack + "\nlabel tail(intrinsic: 5 x 10)\n}"
        for (text, prefix) in [(vstack, "main"), (nested, "outer.main")] {
            let ir = Self.lowered(text)
            let (solution, report) = JointHub.$worthAWalk.withValue(2) { solveLayoutReporting(ir: ir) }
            guard case .split(_, .horizontal, _, _, .solved(let joint)?) = report.path else {
                Issue.record("\(prefix): solved by \(report.path)")
                continue
            }
            #expect(joint.walkedHubs.map { ir.items[$0].name } == [prefix])
            let names = ["", ".row.a", ".row.b", ".row.c", ".row.d", ".e"].map { prefix + $0 }
            let frames = names.map { name in
                ir.items.firstIndex { $0.name == name }.map { solution.frames[$0] }.map { [$0.x, $0.width] } ?? []
            }
            #expect(frames == [[0, 110], [0, 20], [20, 20], [40, 30], [70, 40], [0, 110]], "\(prefix)")
            if prefix != "main" {
                let tail = ir.items.firstIndex { $0.name == "outer.tail" }.map { solution.frames[$0] }
                #expect(tail.map { [$0.x, $0.width] } == [110, 5])
            }
            #expect(solutionDifference(solution, solve(ir), ir: ir) == nil)
        }
    }

    /// A pin that holds only beyond a window (`jointSolve`), worked by hand: in a vstack over a label
    /// 50 wide, a row of `a` (10) and a column of labels 20 and 40 wide, `a.width == 40`. The column's
    /// function bends at 40 and at 20 (below each label's width, its compression at 750; above, its
    /// hugging at 250). With the hub pinned where the stacks alone put it, 50, the column must take 10:
    /// past its first piece, so the one-piece windows conflict with the pin, and only wider windows
    /// (not dropping the hub) keep the walk. The walk goes to 80, where nothing is compressed (the
    /// compressions outrank the hugging): a 40, the column 40 with both labels as wide, and the lower
    /// label as wide as the vstack.
    @Test func aPinBeyondTheWindowsWidensThemAndKeepsTheWalk() {
        let ir = Self.lowered("""
            vstack main {
                hstack row {
                    label a(intrinsic: 10 x 10)
                    vstack column {
                        label p(intrinsic: 20 x 10)
                        label q(intrinsic: 40 x 10)
                    }
                }
                label e(intrinsic: 50 x 10)
                constraints {
                    a.width == 40
                }
            }
            """)
        let (solution, report) = JointHub.$worthAWalk.withValue(2) { solveLayoutReporting(ir: ir) }
        guard case .split(_, .horizontal, _, _, .solved(let joint)?) = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
        #expect(joint.walkedHubs.map { ir.items[$0].name } == ["main"])
        #expect(joint.subtrees == 1 && joint.widenings > 0, "\(joint)")
        let names = ["main", "main.row.a", "main.row.column", "main.row.column.p", "main.row.column.q", "main.e"]
        let frames = names.map { name in
            ir.items.firstIndex { $0.name == name }.map { solution.frames[$0] }.map { [$0.x, $0.width] } ?? []
        }
        #expect(frames == [[0, 80], [0, 40], [40, 40], [40, 40], [40, 40], [0, 80]])
        #expect(solutionDifference(solution, solve(ir), ir: ir) == nil)
    }

    /// Columns side by side in an hstack, each the hub vstack above with its own constraint, its
    /// items' names prefixed with the column's.
    static func hubColumns(_ names: [String]) -> String {
        let columns = names.map { name in
            let labels = zip(["A", "B", "C", "D"], [10, 20, 30, 40]).map { "label \(name)\($0)(intrinsic: \($1) x 10)" }
            return "vstack \(name) {\nhstack \(name)Row {\n" + labels.joined(separator: "\n")
                + "\n}\nlabel \(name)E(intrinsic: 50 x 10)\nconstraints {\n\(name)A.width == \(name)B.width\n}\n}"
        }
        return "hstack outer {\n" + columns.joined(separator: "\n") + "\n}"
    }

    /// Two hubs side by side (HubWalk.swift): the hand-worked vstack above twice in an hstack, each with
    /// its own constraint. At natural size nothing ties their widths, so each is walked to its own 110
    /// as alone, and the second starts at 110; walked in turn and released, that is the answer. At a
    /// root width that they share, a point one gives up the other takes: one is walked and the other
    /// follows, and the answer is the general solver's (the tie rule squeezes `left`, the earlier).
    @Test func twoHubsAreWalkedAndReleased() {
        let ir = Self.lowered(Self.hubColumns(["left", "right"]))
        let (solution, report) = JointHub.$worthAWalk.withValue(2) { solveLayoutReporting(ir: ir) }
        guard case .split(_, .horizontal, _, _, .solved(let joint)?) = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
        #expect(joint.walkedHubs.map { ir.items[$0].name } == ["outer.left", "outer.right"])
        let names = ["left", "left.leftRow.leftB", "left.leftE", "right", "right.rightRow.rightA", "right.rightRow.rightD"]
            .map { "outer." + $0 }
        let frames = names.map { name in
            ir.items.firstIndex { $0.name == name }.map { solution.frames[$0] }.map { [$0.x, $0.width] } ?? []
        }
        #expect(frames == [[0, 110], [20, 20], [0, 110], [110, 110], [110, 20], [180, 40]])
        #expect(solutionDifference(solution, solve(ir), ir: ir) == nil)
        for width in [150.0, 200, 219, 230, 260] {
            let sized = ir.replacingRootSize(width: true, height: false)
            let (solution, report) = JointHub.$worthAWalk.withValue(2) { solveLayoutReporting(ir: sized, width: width) }
            guard case .split(_, .horizontal, _, _, .solved(let joint)?) = report.path else {
                Issue.record("at \(width): solved by \(report.path)")
                continue
            }
            // The root's pin ties the two columns' widths together: one is walked, the other follows.
            #expect(joint.walkedHubs.count == 1, "at \(width)")
            if let difference = solutionDifference(solution, solve(sized, width: width, height: nil), ir: sized) {
                Issue.record("at \(width): \(difference)")
            }
        }
    }

    /// Random trees with up to three user constraints on one axis (or none: an ambiguity seeds the
    /// joint group), both UIKit targets, three sizes each: every solve, joint or of a whole axis, is the
    /// whole general solve's answer (frames, what is decided, findings).
    @Test func randomJointSolvesMatchTheGeneralSolver() {
        let seeds = randomSeeds("joint groups", count: 1_500, long: 30_000)
        let file = SourceFile(path: "random.stack", text: String(repeating: "node\n", count: 40))
        var joint = 0
        var whole = 0
        var declines: [String: Int] = [:]
        for seed in seeds {
            var tree = AxisSplitTests.withUserConstraints(randomTree(seed: seed, maxNodes: 24), seed: seed)
            // Every other seed: the same constraints moved onto leaves, so that whole stacks hang.
            let leaves = tree.nodes.indices.filter { tree.nodes[$0].stack == nil }
            if seed % 2 == 1, !leaves.isEmpty {
                for k in tree.userConstraints.indices {
                    tree.userConstraints[k].first = leaves[tree.userConstraints[k].first % leaves.count]
                    tree.userConstraints[k].second = tree.userConstraints[k].second.map { leaves[$0 % leaves.count] }
                }
            }
            let ir = lower(tree, in: file, uikit: seed % 2 == 0 ? .current : .iOS9)
            for (width, height) in differentialSizes(seed: seed) {
                let sized = ir.replacingRootSize(width: width != nil, height: height != nil)
                let (automatic, report) = solveLayoutReporting(ir: sized, width: width, height: height)
                var grouped = false
                if case .split(_, _, _, _, let group) = report.path {
                    if case .solved? = group { grouped = true }
                    if grouped { joint += 1 } else { whole += 1 }
                    if case .declined(let decline)? = group { declines[Self.kind(of: decline), default: 0] += 1 }
                }
                let general = solve(sized, width: width, height: height)
                let difference = solutionDifference(automatic, general, ir: sized)
                if let difference {
                    Issue.record("seed \(seed) at \(String(describing: width)) x \(String(describing: height)): \(difference)")
                }
            }
        }
        print("JointGroupTests: \(joint) solves by a joint group, \(whole) split solves of a whole axis;"
            + " declined: " + declines.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        // Seeds 1..<1501 gave 60 joint solves: most random trees are small enough that the spine takes
        // every stack, or the levels leave a tie that sends the rest onto it.
        #expect(joint >= seeds.count / 40, "only \(joint) solves took a joint group")
    }

    /// One equalCentering row squeezed below equal gaps (its labels need 120 of its 100 points) among
    /// rows the tree solver holds: the row starts a joint group, and the general solver sees that row
    /// and its ancestors, not the whole axis. The other rows keep their frames worked by hand: `top`
    /// is as wide as the root (100, fill alignment), `a` and `b` at their 30 and 20 with `a`, the first,
    /// taking the 50 left over (both hug at 250: the tie rule's first item); `bottom`, a fillEqually
    /// row of 100 with spacing 4, gives its two labels 48 each. The squeezed row itself is the whole
    /// general solver's, frame for frame.
    @Test func aSqueezedEqualCenteringRowStartsAJointGroup() {
        let ir = Self.lowered("""
            vstack main {
                hstack top {
                    label a(intrinsic: 30 x 10)
                    label b(intrinsic: 20 x 10)
                }
                hstack squeezed(distribution: equalCentering, spacing: 10, width: 100) {
                    label c(intrinsic: 20 x 10)
                    label d(intrinsic: 60 x 10)
                    label e(intrinsic: 40 x 10)
                }
                hstack bottom(distribution: fillEqually, spacing: 4) {
                    vstack left { label f(intrinsic: 10 x 10) }
                    vstack right { label g(intrinsic: 12 x 10) }
                }
            }
            """, uikit: .iOS9)
        let (solution, report) = solveLayoutReporting(ir: ir)
        guard case .split(.equalCenteringSqueezed(let stack, .horizontal), .horizontal, _, _, .solved(let joint)?) = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
        #expect(ir.items[stack].name == "main.squeezed")
        // `top` and `bottom` hang by their cost functions; the root, the squeezed row, its labels and
        // its gap guides are the group.
        #expect(joint.subtrees == 2)
        func frame(_ name: String) -> Frame? {
            ir.items.firstIndex { $0.name == name }.map { solution.frames[$0] }
        }
        #expect(frame("main").map(\.width) == 100)
        #expect(frame("main.top.a").map { ($0.x, $0.width) } ?? (-1, -1) == (0, 80))
        #expect(frame("main.top.b").map { ($0.x, $0.width) } ?? (-1, -1) == (80, 20))
        #expect(frame("main.bottom.left").map { ($0.x, $0.width) } ?? (-1, -1) == (0, 48))
        #expect(frame("main.bottom.right").map { ($0.x, $0.width) } ?? (-1, -1) == (52, 48))
        #expect(solutionDifference(solution, solve(ir), ir: ir) == nil)
    }

    /// A row of labels with a squeezed equalCentering column across it: the labels hang across the
    /// row (fill alignment: each is as tall as the row, in its place), so with enough of them they
    /// enter by one function, the first label's place written out and the others following it. Worked
    /// by hand: the column's required height of 100 makes `box` (aligned top) and so the row at least
    /// 100 tall; the labels' hugging (250) and `box`'s canvas fit (49) pull it down, so it is 100, and
    /// every label is 100 tall at y = 0, its 20, 30 and 25 points of text stretched.
    @Test func aRowOfLeavesAcrossASqueezedColumnFollowsItsFirstLeaf() {
        let ir = Self.lowered("""
            hstack main(spacing: 2) {
                label a(intrinsic: 10 x 20)
                label b(intrinsic: 10 x 30)
                label c(intrinsic: 10 x 25)
                hstack box(alignment: top) {
                    vstack squeezed(distribution: equalCentering, spacing: 10, height: 100) {
                        label d(intrinsic: 10 x 20)
                        label e(intrinsic: 10 x 60)
                        label f(intrinsic: 10 x 40)
                    }
                }
            }
            """, uikit: .iOS9)
        let (solution, report) = JointLeaves.$worthAFunction.withValue(3) { solveLayoutReporting(ir: ir) }
        guard case .split(.equalCenteringSqueezed(_, .vertical), .vertical, _, _, .solved(let joint)?) = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
        #expect(joint.leaves == 3)
        func frame(_ name: String) -> Frame? {
            ir.items.firstIndex { $0.name == name }.map { solution.frames[$0] }
        }
        #expect(frame("main").map(\.height) == 100)
        for label in ["main.a", "main.b", "main.c"] {
            #expect(frame(label).map { ($0.y, $0.height) } ?? (-1, -1) == (0, 100), "\(label)")
        }
        #expect(solutionDifference(solution, solve(ir), ir: ir) == nil)
        // With the default threshold three leaves keep their own constraints: the axis is solved whole.
        guard case .split(_, .vertical, _, _, .declined(.nothingToCollapse)?) = solveLayoutReporting(ir: ir).report.path else {
            Issue.record("three leaves entered by a function at the default threshold")
            return
        }
    }

    /// A fillEqually row of labels 10 to 50 wide with `c.width <= 40` in the middle: a and b, and d and
    /// e, are runs on either side of c, each placed from its first label by its own row. Worked by
    /// hand: every label is as wide as the others, at most 40; the compressions (750) of d and e, 40
    /// and 50 wide, then take all of it; the hugging (250) of a, b and c comes last. So every label
    /// is 40 wide, 42 apart, and the row 5 * 40 + 4 * 2 = 208.
    @Test func runsAlongAFillEquallyRowArePlacedFromTheirFirstItems() {
        let ir = Self.lowered("""
            hstack main(distribution: fillEqually, spacing: 2) {
                label a(intrinsic: 10 x 10)
                label b(intrinsic: 20 x 10)
                label c(intrinsic: 30 x 10)
                label d(intrinsic: 40 x 10)
                label e(intrinsic: 50 x 10)
                constraints { c.width <= 40 }
            }
            """)
        let (solution, report) = solveLayoutReporting(ir: ir)
        guard case .split(.userConstraints, .horizontal, _, _, .solved(let joint)?) = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
        #expect(joint.runs == 2 && joint.items == 2, "\(joint)")
        for (k, item) in ir.items.enumerated().dropFirst() {
            #expect((solution.frames[k].x, solution.frames[k].width) == (Double(42 * (k - 1)), 40), "\(item.name)")
        }
        #expect(solution.frames[0].width == 208)
        #expect(solutionDifference(solution, solve(ir), ir: ir) == nil)
    }

    /// A fillEqually row of 19 labels, one of them asked to be 30 wide at 500: the 18 others are one
    /// run off the row and enter by one function, the sum of theirs, at the first of them, while the
    /// run's own row places its end. Worked by hand: every label is as wide as the others, so l12's compression
    /// (750, 40 points of text) makes each at least 40 before the user constraint's 500 is weighed;
    /// the hugging (250) of the 10-point labels comes last. So every label is 40 wide, 42 apart, and the
    /// row 19 * 40 + 18 * 2 = 796. Entering only the first leaf's function would give 30.
    @Test func theLeavesOfAFillEquallyRowAddUpToOneFunction() {
        let labels = (0..<18).map { "    label l\($0)(intrinsic: \($0 == 12 ? 40 : 10) x 10)" }
        let ir = Self.lowered((["hstack main(distribution: fillEqually, spacing: 2) {", "    label a(intrinsic: 10 x 10)"]
            + labels + ["    constraints { a.width == 30 @ 500 }", "}"]).joined(separator: "\n"))
        let (solution, report) = solveLayoutReporting(ir: ir)
        guard case .split(.userConstraints, .horizontal, _, _, .solved(let joint)?) = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
        #expect(joint.runs == 1 && joint.leaves == 0 && joint.items == 2, "\(joint)")
        for (k, item) in ir.items.enumerated().dropFirst() {
            #expect((solution.frames[k].x, solution.frames[k].width) == (Double(42 * (k - 1)), 40), "\(item.name)")
        }
        #expect(solution.frames[0].width == 796)
        #expect(solutionDifference(solution, solve(ir), ir: ir) == nil)
    }

    /// A centre-aligned row of 20 labels, one asked to be 30 tall at 500: the 19 others hang
    /// across the row and enter by one function of its height (the sum of their envelopes, each with
    /// the row's ambiguity suppression), and are placed in it as the tree solver places them. Worked by
    /// hand: every label must fit in the row (required), so l12's compression (750, 40 points of
    /// text) makes it at least 40 tall; the spanning fit (51) keeps it at 40. `a` takes its 30 (the
    /// user's 500 over its hugging, 250), `b` its 20, the others their 10, each centred: a at 5, b at
    /// 10, l12 at 0, the rest at 15. Without l12's envelope in the function the row would be 30 tall.
    @Test func theLeavesAcrossACentredRowAddUpToOneFunctionOfItsHeight() {
        let labels = (0..<18).map { "    label l\($0)(intrinsic: 10 x \($0 == 12 ? 40 : 10))" }
        let ir = Self.lowered((["hstack main(alignment: center, spacing: 2) {", "    label a(intrinsic: 10 x 10)"]
            + labels + ["    label b(intrinsic: 10 x 20)", "    constraints { a.height == 30 @ 500 }", "}"])
            .joined(separator: "\n"))
        let (solution, report) = solveLayoutReporting(ir: ir)
        guard case .split(.userConstraints, .vertical, _, _, .solved(let joint)?) = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
        #expect(joint.leaves == 19)
        #expect(solution.frames[0].height == 40)
        for (k, item) in ir.items.enumerated() where item.name.hasPrefix("main.") {
            let expected: (Double, Double) = switch item.name {
            case "main.a": (5, 30)
            case "main.b": (10, 20)
            case "main.l12": (0, 40)
            default: (15, 10)
            }
            #expect((solution.frames[k].y, solution.frames[k].height) == expected, "\(item.name)")
        }
        #expect(solutionDifference(solution, solve(ir), ir: ir) == nil)
    }

    /// An equalSpacing row 190 wide whose first label is made 40 wide: b, c and d hang off it as one
    /// run, their merged function of their lengths entered on the run's length less its two gap
    /// guides' widths. Worked by hand: the labels keep their 10 points of text, so the three gaps
    /// share 190 - 70 = 120: 40 each. a at 0, b at 80, c at 130, d at 180; the gap guides from each
    /// label's end, 40 wide.
    @Test func anEqualSpacingRunLeavesItsGapsToTheRow() {
        let ir = Self.lowered("""
            hstack main(distribution: equalSpacing, spacing: 4, width: 190) {
                label a(intrinsic: 20 x 10)
                label b(intrinsic: 10 x 10)
                label c(intrinsic: 10 x 10)
                label d(intrinsic: 10 x 10)
                constraints { a.width == 40 }
            }
            """)
        let (solution, report) = solveLayoutReporting(ir: ir)
        guard case .split(.userConstraints, .horizontal, _, _, .solved(let joint)?) = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
        #expect(joint.runs == 1)
        let expected = ["main.a": (0.0, 40.0), "main.b": (80, 10), "main.c": (130, 10), "main.d": (180, 10),
                        "main#gap1": (40, 40), "main#gap2": (90, 40), "main#gap3": (140, 40)]
        #expect(ir.items.count(where: { expected[$0.name] != nil }) == expected.count)
        for (k, item) in ir.items.enumerated() {
            guard let (x, width) = expected[item.name] else { continue }
            #expect((solution.frames[k].x, solution.frames[k].width) == (x, width), "\(item.name)")
        }
        #expect(solutionDifference(solution, solve(ir), ir: ir) == nil)
    }

    /// An equalSpacing row of three labels and a view with no size: the view's width is free, and with
    /// it the row's one gap width, yet the labels hang off the row as one run and the joint problem
    /// keeps three items. Worked by hand (UndecidedValues.swift: the views' lengths first, then the
    /// guides'): at its natural size the row is pulled to 0 wide, the gaps settle at their least, the
    /// spacing 2, and the view takes the rest, 0 - (60 + 3 * 2) = -66, from 66; at 200 the view settles
    /// at 0, from 200, and the gaps share 200 - 60, 46.667 each, the labels from 0, 56.667 and 123.333.
    /// The places past the first label move with the gap width, so the whole solve leaves them
    /// undecided, and so must the joint one: `solutionDifference` compares determinations too.
    @Test func aFreeGapWidthLeavesTheRunOutside() {
        let ir = Self.lowered("""
            hstack main(distribution: equalSpacing, spacing: 2) {
                label a(intrinsic: 10 x 10)
                label b(intrinsic: 20 x 10)
                label c(intrinsic: 30 x 10)
                view amb
            }
            """)
        let gap = 140.0 / 3
        let cases: [(Double?, [String: (Double, Double)])] = [
            (nil, ["main": (0, 0), "main.a": (0, 10), "main.b": (12, 20), "main.c": (34, 30), "main.amb": (66, -66),
                   "main#gap1": (10, 2), "main#gap2": (32, 2), "main#gap3": (64, 2)]),
            (200, ["main": (0, 200), "main.a": (0, 10), "main.b": (10 + gap, 20), "main.c": (30 + 2 * gap, 30),
                   "main.amb": (200, 0), "main#gap1": (10, gap), "main#gap2": (30 + gap, gap), "main#gap3": (60 + 2 * gap, gap)]),
        ]
        for (width, expected) in cases {
            let sized = ir.replacingRootSize(width: width != nil, height: false)
            let (solution, report) = solveLayoutReporting(ir: sized, width: width, height: nil)
            guard case .split(_, .horizontal, _, _, .solved(let joint)?) = report.path else {
                Issue.record("width \(String(describing: width)): solved by \(report.path)")
                continue
            }
            #expect(joint.runs == 1 && joint.items == 3, "width \(String(describing: width)): \(joint)")
            #expect(sized.items.count(where: { expected[$0.name] != nil }) == expected.count)
            for (k, item) in sized.items.enumerated() {
                guard let (x, length) = expected[item.name] else { continue }
                #expect(abs(solution.frames[k].x - x) < 1e-6 && abs(solution.frames[k].width - length) < 1e-6,
                        "width \(String(describing: width)): \(item.name) \(solution.frames[k])")
            }
            let b = sized.items.firstIndex { $0.name == "main.b" } ?? 0
            #expect(!solution.determined[b].x, "b's place moves with the gap width")
            #expect(solutionDifference(solution, solve(sized, width: width, height: nil), ir: sized) == nil)
        }
    }

    /// Random stack-only trees (every third with baseline rows), both UIKit targets, three sizes each:
    /// wherever the stacks alone decline, whatever the reason, the automatic solve is the whole general
    /// solve's answer, and the stacks where they decline start joint groups for reasons besides an
    /// ambiguity (counted by reason).
    @Test func declinedStacksStartJointGroups() {
        let seeds = randomSeeds("declined stacks as joint groups", count: 1_000, long: 20_000)
        let file = SourceFile(path: "random.stack", text: String(repeating: "node\n", count: 40))
        var started: [String: Int] = [:]
        var declines: [String: Int] = [:]
        var withLeaves = 0
        for seed in seeds {
            let tree = randomTree(seed: seed, maxNodes: 18, baselineRows: seed % 3 == 0)
            let ir = lower(tree, in: file, uikit: seed % 2 == 0 ? .current : .iOS9)
            for (width, height) in differentialSizes(seed: seed) {
                let sized = ir.replacingRootSize(width: width != nil, height: height != nil)
                // Every other seed: every leaf hanging across a fill-aligned stack enters by a function.
                let (automatic, report) = JointLeaves.$worthAFunction.withValue(seed % 2 == 0 ? 1 : JointLeaves.worthAFunction) {
                    solveLayoutReporting(ir: sized, width: width, height: height)
                }
                if case .split(let reason, _, _, _, let group) = report.path {
                    if case .solved(let summary)? = group {
                        started[reason.kind, default: 0] += 1
                        if summary.leaves > 0 { withLeaves += 1 }
                    }
                    if case .declined(let decline)? = group { declines[Self.kind(of: decline), default: 0] += 1 }
                }
                if let difference = solutionDifference(automatic, solve(sized, width: width, height: height), ir: sized) {
                    Issue.record("seed \(seed) at \(String(describing: width)) x \(String(describing: height)): \(difference)")
                }
            }
        }
        print("JointGroupTests: joint groups started where the stacks alone decline, by reason: "
            + started.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            + "; declined: " + declines.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            + "; \(withLeaves) with leaves entering by a function")
        #expect(started.contains { $0.key != "ambiguous" && $0.value > 0 }, "no joint group started from a reason besides an ambiguity")
        #expect(withLeaves > 0, "no joint group collapsed leaves")
    }

    /// The benchmark's nested shape (sections of columns of labels, every distribution and
    /// alignment) at random sizes, with one to three width or height equalities between labels in
    /// different sections: the joint solve's frames are the general solver's.
    @Test func nestedRowsWithConstraintsMatchTheGeneralSolver() {
        let seeds = randomSeeds("joint groups nested", count: 150, long: 3_000)
        var joint = 0
        var windowed = 0
        var widened = 0
        var withLeaves = 0
        var walked = 0
        var severalHubs = 0
        for seed in seeds {
            var rng = SplitMix(seed: seed ^ 0x501D)
            let distributions = ["fill", "equalSpacing", "fillEqually", "fillProportionally", "equalCentering"]
            let sectionAlignments = ["center", "top", "fill", "bottom"]
            let columnAlignments = ["leading", "center", "fill", "trailing"]
            var lines = ["vstack main(spacing: 4) {"]
            var labels: [(name: String, section: Int)] = []
            for section in 0..<Int.random(in: 2...5, using: &rng) {
                let distribution = distributions.randomElement(using: &rng)!
                let alignment = sectionAlignments.randomElement(using: &rng)!
                lines.append("    hstack s\(section)(distribution: \(distribution), alignment: \(alignment), spacing: 8) {")
                for column in 0..<Int.random(in: 1...4, using: &rng) {
                    lines.append("        vstack c\(section)x\(column)(alignment: \(columnAlignments.randomElement(using: &rng)!), spacing: 2) {")
                    for _ in 0..<Int.random(in: 1...3, using: &rng) {
                        let name = "v\(labels.count)"
                        labels.append((name, section))
                        lines.append("            label \(name)(intrinsic: \(Int.random(in: 5...60, using: &rng)) x \(Int.random(in: 5...30, using: &rng)))")
                    }
                    // Now and then a view with no size: the column ambiguous along its axis.
                    if Int.random(in: 0..<12, using: &rng) == 0 { lines.append("            view f\(section)x\(column)") }
                    lines.append("        }")
                }
                lines.append("    }")
            }
            if Int.random(in: 0..<6, using: &rng) == 0 { lines.append("    view amb") }
            let attribute = Bool.random(using: &rng) ? "width" : "height"
            lines.append("    constraints {")
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let a = labels.randomElement(using: &rng)!
                guard let b = labels.filter({ $0.section != a.section }).randomElement(using: &rng) else { continue }
                lines.append("        \(a.name).\(attribute) == \(b.name).\(attribute)")
            }
            lines += ["    }", "}"]
            let ir = Self.lowered(lines.joined(separator: "\n"), uikit: seed % 2 == 0 ? .current : .iOS9)
            for width in [nil, Double(Int.random(in: 80...400, using: &rng))] {
                let sized = ir.replacingRootSize(width: width != nil, height: false)
                // Odd seeds: the labels hanging across a touched fill-aligned column enter by a function.
                // And every stack across with two items on the spine is a hub worth a walk.
                let (automatic, report) = JointLeaves.$worthAFunction.withValue(seed % 2 == 1 ? 2 : JointLeaves.worthAFunction) {
                    JointHub.$worthAWalk.withValue(2) { solveLayoutReporting(ir: sized, width: width, height: nil) }
                }
                if case .split(_, _, _, _, .solved(let summary)?) = report.path {
                    joint += 1
                    if summary.leaves > 0 { withLeaves += 1 }
                    if summary.windowed { windowed += 1 }
                    if summary.widenings > 0 { widened += 1 }
                    if !summary.walkedHubs.isEmpty { walked += 1 }
                    if summary.walkedHubs.count > 1 { severalHubs += 1 }
                    if let difference = solutionDifference(automatic, solve(sized, width: width, height: nil), ir: sized) {
                        Issue.record("seed \(seed) at width \(String(describing: width)): \(difference)")
                    }
                }
            }
        }
        print("JointGroupTests: \(joint) nested solves by a joint group, \(windowed) answered from windows of pieces,"
            + " \(widened) solved again with wider windows, \(withLeaves) with leaves entering by a function,"
            + " \(walked) with a hub's width walked, \(severalHubs) of them several hubs' widths, then released")
        #expect(withLeaves > 0, "no nested joint group collapsed leaves")
        #expect(joint >= seeds.count / 3, "only \(joint) nested solves took a joint group")
        // Both ways out of a window (JointWindow): an answer inside it, and one at its end.
        #expect(windowed >= seeds.count / 10, "only \(windowed) answers from windows of pieces")
        #expect(widened > 0, "no answer reached the end of a window")
        // The vstack's width at natural size is its sections', and a touched column's is its labels': hubs
        // (HubWalk.swift).
        #expect(walked >= seeds.count / 2, "only \(walked) nested solves walked a hub's width")
        // A touched column and the vstack it is in: two hubs, walked in turn and released.
        #expect(severalHubs > 0, "no nested solve walked several hubs")
    }

    /// Rows of labels, spacers, views and small stacks along a fill stack, with one to three user
    /// constraints between random items on the row's axis (equalities, inequalities, multipliers,
    /// optional priorities): runs of untouched items enter by their merged cost functions. Every
    /// joint solve gives the whole general solve's frames, determinations and findings.
    @Test func rowsWithConstraintsMatchTheGeneralSolver() {
        var (joint, withRuns) = (0, 0)
        let seeds = Self.solveRandomRows("joint groups rows", distribution: "fill") { group in
            joint += 1
            if group.runs > 0 { withRuns += 1 }
        }
        print("JointGroupTests: \(joint) row solves by a joint group, \(withRuns) with runs of items")
        #expect(withRuns >= seeds.count / 4, "only \(withRuns) row solves had runs of items")
    }

    /// The same rows distributed fillEqually: every item is as long as the others, so the untouched
    /// ones (runs, leaves, and stacks) add up to one function of that length, entered at the first of
    /// them, while the row's chain places each unit and a run's own row its end. With a threshold of
    /// 2 on odd seeds, small rows collapse their lone leaves too. Every joint solve gives the whole
    /// general solve's answer.
    @Test func fillEquallyRowsWithConstraintsMatchTheGeneralSolver() {
        var (joint, withRuns, withLeaves, summed) = (0, 0, 0, 0)
        let seeds = Self.solveRandomRows("joint groups fillEqually rows", distribution: "fillEqually", oddThreshold: 2) { group in
            joint += 1
            if group.runs > 0 { withRuns += 1 }
            if group.leaves > 0 { withLeaves += 1 }
            if group.runs + group.leaves + group.subtrees > 1 { summed += 1 }
        }
        print("JointGroupTests: \(joint) fillEqually row solves by a joint group, \(withRuns) with runs of items,"
            + " \(withLeaves) with lone leaves entering by one function, \(summed) with several units in it")
        #expect(withRuns >= seeds.count / 4, "only \(withRuns) fillEqually row solves had runs of items")
        #expect(withLeaves > 0, "no fillEqually row collapsed its lone leaves")
        #expect(summed >= seeds.count / 8, "only \(summed) fillEqually rows summed several units")
    }

    /// The same rows distributed equalSpacing: a run of untouched items enters by its merged function
    /// of their lengths, the run's length less its gap guides' widths, which the stack's written equal
    /// widths keep as wide as every other gap. Every joint solve gives the whole general solve's answer.
    @Test func equalSpacingRowsWithConstraintsMatchTheGeneralSolver() {
        var (joint, withRuns) = (0, 0)
        let seeds = Self.solveRandomRows("joint groups equalSpacing rows", distribution: "equalSpacing") { group in
            joint += 1
            if group.runs > 0 { withRuns += 1 }
        }
        print("JointGroupTests: \(joint) equalSpacing row solves by a joint group, \(withRuns) with runs of items")
        #expect(withRuns >= seeds.count / 4, "only \(withRuns) equalSpacing row solves had runs of items")
    }

    /// The same rows with their user constraints across them (heights of an hstack's items, widths of
    /// a vstack's), their alignment random: the items hanging across a row that aligns them otherwise
    /// than `fill` enter by one function of its canvas's length and are placed in it as the tree
    /// solver places them (with a threshold of 2 on odd seeds, the leaves too); across a fill-aligned
    /// row, they follow the first. Every joint solve gives the whole general solve's answer.
    @Test func rowsWithConstraintsAcrossMatchTheGeneralSolver() {
        var (joint, withLeaves) = (0, 0)
        let seeds = Self.solveRandomRows("joint groups across rows", distribution: "fill", across: true, oddThreshold: 2) { group in
            joint += 1
            if group.leaves > 0 { withLeaves += 1 }
        }
        print("JointGroupTests: \(joint) row solves across by a joint group, \(withLeaves) with leaves entering by one function")
        #expect(withLeaves >= seeds.count / 4, "only \(withLeaves) rows collapsed their leaves across")
    }

    /// Lays out the random rows of the seeds named `name` (`solveRandomRow`), with leaves worth a function
    /// from `oddThreshold` on odd seeds when given; returns the seeds.
    static func solveRandomRows(_ name: String, distribution: String, across: Bool = false, oddThreshold: Int? = nil,
                                joined: (JointGroupSummary) -> Void) -> Range<UInt64> {
        let seeds = randomSeeds(name, count: 400, long: 6_000)
        for seed in seeds {
            let threshold = seed % 2 == 1 ? oddThreshold ?? JointLeaves.worthAFunction : JointLeaves.worthAFunction
            JointLeaves.$worthAFunction.withValue(threshold) {
                solveRandomRow(seed: seed, distribution: distribution, across: across, joined: joined)
            }
        }
        return seeds
    }

    /// Lays out a random row (see `rowsWithConstraintsMatchTheGeneralSolver`) distributed by
    /// `distribution`, its user constraints along it or `across` it, at its natural size and one
    /// random length on their axis; for each solve that takes a joint group, calls `joined` with its
    /// summary and records any difference from the whole general solve.
    static func solveRandomRow(seed: UInt64, distribution: String, across: Bool = false, joined: (JointGroupSummary) -> Void) {
        var rng = SplitMix(seed: seed ^ 0x2035)
        let horizontal = Bool.random(using: &rng)
        let (stack, cross) = horizontal ? ("hstack", "vstack") : ("vstack", "hstack")
        let (length, along) = horizontal ? ("width", "horizontal") : ("height", "vertical")
        let priorities = ["250", "251", "500", "749", "750", "999", "required", "1"]
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &rng)] }
        func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
        var names: [String] = []
        func label() -> String {
            let name = "v\(names.count)"
            names.append(name)
            var options = ["intrinsic: \(Int.random(in: 0...60, using: &rng)) x \(Int.random(in: 0...40, using: &rng))"]
            if chance(0.3) { options.append("\(along)Hugging: \(pick(priorities))") }
            if chance(0.3) { options.append("\(along)Compression: \(pick(priorities))") }
            if chance(0.06) { options.append("\(length): \(Int.random(in: 0...50, using: &rng))") }
            if chance(0.06) { options.append("hidden: true") }
            if chance(0.1) { options.append("spacingAfter: \(pick([0, 3, 12, -4]))") }
            return "label \(name)(\(options.joined(separator: ", ")))"
        }
        let alignments = ["fill", "leading", "center", "trailing"]
        let (spacing, alignment) = (pick([0, 2, 8]), pick(alignments))
        let margins = chance(0.3) ? ", margins: (4, 6)" : ""
        var lines = ["\(stack) main(distribution: \(distribution), spacing: \(spacing), alignment: \(alignment)\(margins)) {"]
        for k in 0..<Int.random(in: 3...14, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0:
                // A spacer, or a view with no size at all: free, the layout ambiguous unless
                // something else decides it.
                let (kind, name) = chance(0.5) ? ("spacer", "s\(k)") : ("view", "f\(k)")
                lines.append("    \(kind) \(name)")
                names.append(name)
            case 1, 2:
                let kind = pick([stack, cross])
                let distribution = pick(["fill", "fill", "fillEqually", "equalSpacing", "fillProportionally"])
                lines.append("    \(kind) g\(k)(distribution: \(distribution), alignment: \(pick(alignments)), spacing: \(pick([0, 4]))) {")
                names.append("g\(k)")
                for _ in 0..<Int.random(in: 1...3, using: &rng) { lines.append("        " + label()) }
                lines.append("    }")
            default:
                lines.append("    " + label())
            }
        }
        lines.append("    constraints {")
        let relations = ["==", "==", "<=", ">="]
        let constrainsWidth = horizontal != across
        let (attribute, start, end) = constrainsWidth ? ("width", "leading", "trailing") : ("height", "top", "bottom")
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let (a, b) = (pick(names), pick(names))
            let priority = chance(0.4) ? " @ \(pick(priorities))" : ""
            let constant = chance(0.5) ? " + \(Int.random(in: -10...30, using: &rng))" : ""
            if chance(0.7) {
                lines.append("        \(a).\(attribute) \(pick(relations)) \(pick(["", "2 * ", "0.5 * "]))\(b).\(attribute)\(constant)\(priority)")
            } else {
                lines.append("        \(a).\(start) \(pick(relations)) \(b).\(end)\(constant)\(priority)")
            }
        }
        lines += ["    }", "}"]
        let text = lines.joined(separator: "\n")
        let ir = lowered(text, uikit: seed % 2 == 0 ? .current : .iOS9)
        guard !ir.items.isEmpty else {
            Issue.record("seed \(seed): no layout from\n\(text)")
            return
        }
        let size = Double(Int.random(in: 0...400, using: &rng))
        for value in [nil, size] {
            let (width, height) = constrainsWidth ? (value, nil) : (nil, value)
            let sized = ir.replacingRootSize(width: width != nil, height: height != nil)
            let (automatic, report) = solveLayoutReporting(ir: sized, width: width, height: height)
            guard case .split(_, _, _, _, .solved(let group)?) = report.path else { continue }
            joined(group)
            if let difference = solutionDifference(automatic, solve(sized, width: width, height: height), ir: sized) {
                Issue.record("seed \(seed) at \(String(describing: value)): \(difference)\n\(text)")
            }
        }
    }

    /// A decline's case name, for counts.
    static func kind(of decline: JointDecline) -> String {
        switch decline {
        case .stacksAlone(let reason): "stacksAlone(\(reason.kind))"
        case .subtreeDeclined(let reason): "subtreeDeclined(\(reason.kind))"
        case .crossesSubtree: "crossesSubtree"
        default: "\(decline)"
        }
    }

    /// An engine for a layout with user constraints keeps its stacks' cost functions (without the user
    /// constraints) across resizes and intrinsic-size changes: every answer is, bit for bit, a fresh
    /// solve's of the same IR at the same size, with the same report.
    @Test func anEngineWithUserConstraintsAnswersAsAFreshSolve() {
        let seeds = randomSeeds("engine with user constraints", count: 300, long: 6_000)
        let file = SourceFile(path: "random.stack", text: String(repeating: "node\n", count: 40))
        var kept = 0
        var compared = 0
        for seed in seeds {
            let tree = AxisSplitTests.withUserConstraints(randomTree(seed: seed, maxNodes: 20), seed: seed)
            guard !tree.userConstraints.isEmpty else { continue }
            let ir = lower(tree, in: file, uikit: seed % 2 == 0 ? .current : .iOS9)
            var stacksOnly = ir
            stacksOnly.constraints.removeAll { $0.category == .user }
            if (try? StructuredLayout(ir: stacksOnly)) != nil { kept += 1 }
            let engine = LayoutEngine(ir: ir)
            var rng = SplitMix(seed: seed ^ 0xE461)
            let leaves = tree.nodes.indices.filter { tree.nodes[$0].leaf?.intrinsic.horizontal != nil }
            for step in 0..<6 {
                let size: (Double?, Double?) = step == 0 ? (nil, nil)
                    : (Double(Int.random(in: 0...400, using: &rng)), step % 2 == 0 ? Double(Int.random(in: 0...300, using: &rng)) : nil)
                if step == 3, let leaf = leaves.first {
                    let value = Double(Int.random(in: 1...90, using: &rng))
                    if engine.setIntrinsicSize(of: leaf, axis: .horizontal, to: value) != .solved { break }
                }
                let moved = engine.movedKeptSolves
                let solution = engine.resize(width: size.0, height: size.1)
                let (fresh, report) = solveLayoutReporting(ir: engine.ir, width: size.0, height: size.1)
                // A resize that moves the kept solve answers to the solvers' 1e-6 and reports the solve it
                // moved (KeptSolveTests); every other answer is the fresh solve's, bit for bit.
                let exact = solution.frames.map(\.bits) == fresh.frames.map(\.bits)
                if !(engine.movedKeptSolves > moved ? solution.frames.isClose(to: fresh.frames) : exact)
                    || solution.determined != fresh.determined || solution.findings.count != fresh.findings.count {
                    Issue.record("seed \(seed) step \(step) size \(size): the engine's answer is not a fresh solve's")
                }
                if engine.movedKeptSolves == moved {
                    #expect(engine.lastSolveReport.withoutWindows == report.withoutWindows, "seed \(seed) step \(step)")
                }
                compared += 1
            }
        }
        // Most random trees with user constraints have stacks the structured solver holds alone.
        #expect(kept >= Int(seeds.count) / 4, "only \(kept) layouts kept their stacks' cost functions")
        #expect(compared >= Int(seeds.count), "only \(compared) answers compared")
    }
}
