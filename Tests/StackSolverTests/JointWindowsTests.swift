import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// A kept joint solve whose answer leaves its windows of pieces enters new ones around it
/// (JointWindows.swift) and answers as a fresh solve does.
@Suite struct JointWindowsTests {
    /// A column of 40 labels, 100 + 5k points wide, aligned leading between two labels made equally wide
    /// by a user constraint (both resist compression at 900, so the column gives first). The column
    /// enters the joint group by its cost function, one breakpoint per label width, and a kept solve
    /// enters 16 pieces each way (`JointWindow.keptPieces`). Narrowed 5 points at a time from its
    /// natural 415 to 240, the row crosses 35 breakpoints, more than a window holds: the kept solve
    /// enters new windows where its answer leaves the old ones (JointWindows.swift) and answers every
    /// size itself, as a fresh solve does. Worked by hand: a and b are 60 wide (b's compression at
    /// 900 outweighs a's hugging), the column takes the rest, W - 120, from x = 60, and each label is
    /// as wide as it or the column, whichever is narrower.
    @Test func aResizePastItsWindowsEntersNewOnes() throws {
        let labels = (0..<40).map { "        label u\($0)(intrinsic: \(100 + 5 * $0) x 10)" }.joined(separator: "\n")
        let text = """
            hstack main {
                label a(intrinsic: 50 x 20, horizontalCompression: 900)
                vstack column(alignment: leading) {
            \(labels)
                }
                label b(intrinsic: 60 x 20, horizontalCompression: 900)
                constraints {
                    a.width == b.width
                }
            }
            """
        let file = SourceFile(path: "windows.stack", text: text)
        let ir = lower(check(file).model.roots[0], in: file, uikit: .current)
        let engine = LayoutEngine(ir: ir, width: 415, height: nil)
        let (a, column, b) = (KeptSolveTests.index("main.a", ir), KeptSolveTests.index("main.column", ir), KeptSolveTests.index("main.b", ir))
        let widths = Array(stride(from: 410.0, through: 240, by: -5))
        for width in widths {
            let resized = engine.resize(width: width, height: nil)
            #expect(resized.frames[a].width == 60 && resized.frames[b].width == 60, "at \(width)")
            #expect(resized.frames[column].x == 60 && resized.frames[column].width == width - 120, "at \(width)")
            for k in 0..<40 {
                let label = resized.frames[KeptSolveTests.index("main.column.u\(k)", ir)]
                #expect(label.x == 60 && label.width == min(100 + 5 * Double(k), width - 120), "u\(k) at \(width)")
            }
            let fresh = solveLayout(ir: ir, width: width, height: nil)
            #expect(resized.frames.isClose(to: fresh.frames) && resized.determined == fresh.determined, "at \(width)")
        }
        #expect(engine.movedKeptSolves == widths.count, "\(widths.count - engine.movedKeptSolves) resizes solved afresh")
    }

    /// A squeeze: `a.width <= 12` in a fillEqually row of two, under a vstack aligned fill, holds the
    /// root at most 24 wide, far below where the stacks alone put the other row (8 labels, 20 to 55
    /// wide, fillEqually: 440). The window of one piece around 440 makes the joint problem conflict; the
    /// relaxation with the windows' far ends open says where the lengths go, and the windows move there
    /// (`jointRounds`). Worked by hand: every label's compression (750) pulls the root out to 24, so
    /// a and b are 12 wide and the other row's labels 3 each, one after another; every label is 10
    /// high. The frames are the whole general solve's too.
    @Test func aSqueezeMovesTheWindowsToWhereTheRelaxationPutsTheLengths() throws {
        let labels = (0..<8).map { "label c\($0)(intrinsic: \(20 + 5 * $0) x 10)" }.joined(separator: " ")
        let text = """
            vstack main {
                hstack top(distribution: fillEqually) { label a(intrinsic: 40 x 10) label b(intrinsic: 40 x 10) }
                hstack row(distribution: fillEqually) { \(labels) }
                constraints { a.width <= 12 }
            }
            """
        let file = SourceFile(path: "squeeze.stack", text: text)
        let ir = lower(check(file).model.roots[0], in: file, uikit: .current)
        let (solution, report) = solveLayoutReporting(ir: ir)
        guard case .split(_, .horizontal, _, _, .solved(let joint)?) = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
        #expect(joint.movedWindows >= 1 && joint.subtrees == 1, "\(joint)")
        #expect(solution.frames[KeptSolveTests.index("main", ir)] == Frame(x: 0, y: 0, width: 24, height: 20))
        #expect(solution.frames[KeptSolveTests.index("main.top.a", ir)] == Frame(x: 0, y: 0, width: 12, height: 10))
        #expect(solution.frames[KeptSolveTests.index("main.top.b", ir)] == Frame(x: 12, y: 0, width: 12, height: 10))
        for k in 0..<8 {
            #expect(solution.frames[KeptSolveTests.index("main.row.c\(k)", ir)] == Frame(x: 3 * Double(k), y: 10, width: 3, height: 10))
        }
        #expect(solutionDifference(solution, solve(ir), ir: ir) == nil)
    }

    /// The squeeze across a tree: sections of ten columns of ten labels, every third section
    /// fillEqually, under a column that aligns them `fill`, and every 200th label held to at most 12 to
    /// 20 points wide. Each held label narrows its section, and through the column every section,
    /// far from where the stacks alone put them. The windows move to where the relaxation puts the
    /// lengths, then to where answers reach, and the answer comes from windows of at most 16 pieces
    /// each way (two widenings). Only the windows whose lengths reached an end widen: 63 pieces in
    /// all, where widening every window enters 225. Were the relaxation's lengths read as zero where
    /// the frame variables' rows are set aside (ParkedRowsTests), the windows moved there would
    /// conflict and the group would widen to 64. The frames are the whole solve's.
    @Test func aSqueezeAcrossTheTreeIsSolvedInWindowsThatMove() throws {
        var lines = ["vstack main(spacing: 4) {"]
        let distributions = ["fill", "equalSpacing", "fillEqually"]
        let alignments = ["leading", "center", "fill", "trailing"]
        var label = 0
        for section in 0..<10 {
            lines.append("hstack s\(section)(distribution: \(distributions[section % 3]), spacing: 8) {")
            for column in 0..<10 {
                lines.append("vstack c\(section)x\(column)(alignment: \(alignments[(section + column) % 4]), spacing: 2) {")
                for _ in 0..<10 {
                    lines.append("label v\(label)(intrinsic: \(10 + (label * 7) % 31) x \(10 + (label * 13) % 23))")
                    label += 1
                }
                lines.append("}")
            }
            lines.append("}")
        }
        lines.append("constraints {")
        for k in 0..<5 { lines.append("v\(200 * k).width <= \(12 + 2 * k)") }
        lines += ["}", "}"]
        let file = SourceFile(path: "squeeze.stack", text: lines.joined(separator: "\n"))
        let checked = check(file)
        #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(checked.diagnostics.map(\.message))")
        let ir = lower(try #require(checked.model.roots.first), in: file, uikit: .current)
        let (solution, report) = solveLayoutReporting(ir: ir)
        guard case .split(_, .horizontal, _, _, .solved(let joint)?) = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
        print("JointWindowsTests: the squeeze across a tree: \(joint)")
        #expect(joint.windowed && joint.movedWindows >= 1 && joint.widenings <= 2 && joint.pieces < 100, "\(joint)")
        #expect(solutionDifference(solution, solve(ir), ir: ir) == nil)
    }

    /// Random rows of the same kind: two labels tied by a random user constraint, around one to three
    /// columns of labels with random intrinsic widths, aligned at random: a run whose function has a
    /// piece per label width. The row is narrowed from its natural width by random steps of 5 to 30
    /// points, across several pieces, with kept windows of 1, 2 or 4 pieces: every answer must be a
    /// fresh solve's (frames to the solvers' 1e-6, determinations and findings), and most sizes must
    /// be answered by the kept solve: about 94%, against 79% where it does not enter new windows.
    @Test func sweepsPastTheWindowsAnswerAsFreshSolves() {
        var (compared, moved) = (0, 0)
        for seed in randomSeeds("joint windows", count: 60, long: 2_000) {
            var rng = SplitMix(seed: seed)
            let file = SourceFile(path: "windows.stack", text: Self.randomRow(&rng))
            let checked = check(file)
            guard !checked.diagnostics.contains(where: { $0.severity == .error }), let root = checked.model.roots.first else {
                Issue.record("seed \(seed): the row does not check: \(checked.diagnostics.map(\.message))")
                continue
            }
            let ir = lower(root, in: file, uikit: seed % 2 == 0 ? .current : .iOS9)
            let natural = solveLayout(ir: ir, width: nil, height: nil).frames[0].width
            let pieces = [1, 2, 4][Int.random(in: 0...2, using: &rng)]
            JointWindow.$keptPieces.withValue(pieces) {
                var width = natural.rounded()
                let engine = LayoutEngine(ir: ir, width: width, height: nil)
                for step in 0..<24 {
                    width = max(1, width - Double(Int.random(in: 5...30, using: &rng)))
                    let solution = engine.resize(width: width, height: nil)
                    let fresh = solveLayout(ir: ir, width: width, height: nil)
                    if !solution.frames.isClose(to: fresh.frames) || solution.determined != fresh.determined
                        || solution.findings.map(\.kind) != fresh.findings.map(\.kind) {
                        Issue.record("seed \(seed) step \(step) width \(width): the engine's answer is not a fresh solve's")
                    }
                    compared += 1
                }
                moved += engine.movedKeptSolves
            }
        }
        print("joint windows: \(compared) resizes compared, \(moved) answered by the kept solve")
        #expect(moved >= compared * 7 / 8, "only \(moved) of \(compared) resizes moved the kept solve")
    }

    /// A row for `sweepsPastTheWindowsAnswerAsFreshSolves`.
    static func randomRow(_ rng: inout SplitMix) -> String {
        func width() -> Int { Int.random(in: 4...60, using: &rng) * 5 }
        var lines = ["hstack main(spacing: \(Int.random(in: 0...8, using: &rng))) {",
                     "    label a(intrinsic: \(width()) x 20, horizontalCompression: \(Int.random(in: 760...990, using: &rng)))"]
        for stack in 0..<Int.random(in: 1...3, using: &rng) {
            let alignment = ["leading", "center", "trailing", "fill"][Int.random(in: 0...3, using: &rng)]
            lines.append("    vstack s\(stack)(alignment: \(alignment)) {")
            for label in 0..<Int.random(in: 8...30, using: &rng) {
                let priorities = Bool.random(using: &rng)
                    ? ", horizontalCompression: \(Int.random(in: 700...760, using: &rng)), horizontalHugging: \(Int.random(in: 200...300, using: &rng))" : ""
                lines.append("        label l\(stack)x\(label)(intrinsic: \(width()) x 10\(priorities))")
            }
            lines.append("    }")
        }
        lines.append("    label b(intrinsic: \(width()) x 20, horizontalCompression: \(Int.random(in: 760...990, using: &rng)))")
        let relation = ["==", ">=", "<="][Int.random(in: 0...2, using: &rng)]
        let multiplier = [1, 2][Int.random(in: 0...1, using: &rng)]
        lines += ["    constraints {", "        a.width \(relation) \(multiplier) * b.width + \(Int.random(in: 0...20, using: &rng))", "    }", "}"]
        return lines.joined(separator: "\n")
    }
}
