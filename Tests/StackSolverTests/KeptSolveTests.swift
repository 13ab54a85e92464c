import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// A resize of a layout the structured solver declines moves the kept solve (KeptSolve.swift) instead
/// of solving again, and answers as a fresh solve does.
@Suite struct KeptSolveTests {
    /// Two labels made equally wide by a user constraint around a box 40 wide, in a row pinned to a
    /// width: the labels share what the box leaves, (width - 40) / 2 each. Worked by hand: at 300 they
    /// are 130 wide (a at 0, the box at 130, b at 170); at 320, 140 (the box at 140, b at 180).
    static let row = """
        hstack main {
            label a(intrinsic: 50 x 20)
            vstack box {
                view c(width: 40, intrinsic: 40 x 20)
            }
            label b(intrinsic: 60 x 20)
            constraints {
                a.width == b.width
            }
        }
        """

    /// The row's IR, and an engine that has laid it out 300 x 20.
    static func rowAt300() -> (ConstraintIR, LayoutEngine) {
        let file = SourceFile(path: "resize.stack", text: row)
        let ir = lower(check(file).model.roots[0], in: file, uikit: .current)
        return (ir, LayoutEngine(ir: ir, width: 300, height: 20))
    }

    static func index(_ name: String, _ ir: ConstraintIR) -> Int { ir.items.firstIndex { $0.name == name } ?? -1 }

    @Test func aResizeMovesTheKeptJointSolve() throws {
        let (ir, engine) = Self.rowAt300()
        let (a, box, b) = (Self.index("main.a", ir), Self.index("main.box", ir), Self.index("main.b", ir))
        #expect(engine.solution.frames[a].width == 130 && engine.solution.frames[b].width == 130)
        #expect(engine.solution.frames[box].x == 130 && engine.solution.frames[b].x == 170)
        let resized = engine.resize(width: 320, height: 20)
        #expect(engine.movedKeptSolves == 1, "the resize solved the joint group again")
        #expect(resized.frames[a].width == 140 && resized.frames[b].width == 140)
        #expect(resized.frames[a].x == 0 && resized.frames[box].x == 140 && resized.frames[b].x == 180)
        #expect(resized.findings.isEmpty)
        let (fresh, report) = solveLayoutReporting(ir: ir, width: 320, height: 20)
        #expect(resized.frames == fresh.frames && resized.determined == fresh.determined)
        #expect(engine.lastSolveReport.withoutWindows == report.withoutWindows, "the same joint group at both widths")
    }

    /// The same row at 130 points: a and b are 45 wide, both now below their intrinsic widths, so the
    /// constraints that bind are the compression resistances, not the hugging ones: the kept basis is
    /// not feasible there, and the dual simplex pivots to the one that is.
    @Test func aResizeAcrossABreakpointPivots() throws {
        let (ir, engine) = Self.rowAt300()
        let (a, box, b) = (Self.index("main.a", ir), Self.index("main.box", ir), Self.index("main.b", ir))
        let before = engine.solution.pivots
        let resized = engine.resize(width: 130, height: 20)
        #expect(engine.movedKeptSolves == 1, "the resize solved the joint group again")
        #expect(resized.pivots > before, "no pivot restored the optimum")
        #expect(resized.frames[a].width == 45 && resized.frames[b].width == 45)
        #expect(resized.frames[box].x == 45 && resized.frames[b].x == 85)
        let fresh = solveLayout(ir: ir, width: 130, height: 20)
        #expect(resized.frames == fresh.frames && resized.findings.isEmpty)
    }

    /// A hub's length follows the root's size (HubWalk.swift): the vstack `main`, whose row and label
    /// `e` are as wide as it, beside a label that hugs its 5 points at 999 in an hstack root. The kept solve
    /// at 200 points holds main's width by its pin at 195; resized to 230, the root's pin moves and
    /// the hub is walked again, to 225, with `e`.
    @Test func aResizeWalksTheHubAgain() {
        // JointGroupTests' hub vstack beside the label.
        let text = "hstack outer {\n" + JointGroupTests.hubVstack + "\nlabel tail(intrinsic: 5 x 10, hugging: 999)\n}"
        let file = SourceFile(path: "hub.stack", text: text)
        let ir = lower(check(file).model.roots[0], in: file, uikit: .current)
        let main = Self.index("outer.main", ir)
        JointHub.$worthAWalk.withValue(2) {
            let engine = LayoutEngine(ir: ir, width: 200, height: nil)
            guard case .split(_, _, _, _, .solved(let joint)?) = engine.lastSolveReport.path else {
                Issue.record("solved by \(engine.lastSolveReport.path)")
                return
            }
            #expect(joint.walkedHubs == [main])
            #expect(engine.solution.frames[main].width == 195)
            let resized = engine.resize(width: 230, height: nil)
            #expect(engine.movedKeptSolves == 1, "the resize solved the joint group again")
            #expect(resized.frames[main].width == 225 && resized.frames[Self.index("outer.main.e", ir)].width == 225)
            #expect(resized.frames.isClose(to: solveLayout(ir: ir, width: 230, height: nil).frames))
        }
    }

    /// Three hub columns in an hstack of pinned width (JointGroupTests.hubColumns): the root's pin ties
    /// their pins together, so one follows and two are walked, then released (HubWalk.swift). The kept
    /// solve holds them as plain rows: each resize, across the widths where the columns trade width,
    /// answers as the general solver does.
    @Test func aResizeMovesReleasedHubs() {
        let file = SourceFile(path: "hubs.stack", text: JointGroupTests.hubColumns(["left", "middle", "right"]))
        let ir = lower(check(file).model.roots[0], in: file, uikit: .current)
        let sized = ir.replacingRootSize(width: true, height: false)
        JointHub.$worthAWalk.withValue(2) {
            let engine = LayoutEngine(ir: ir, width: 300, height: nil)
            guard case .split(_, _, _, _, .solved(let joint)?) = engine.lastSolveReport.path else {
                Issue.record("solved by \(engine.lastSolveReport.path)")
                return
            }
            #expect(joint.walkedHubs.count == 2)
            for width in [280.0, 320, 329, 330, 345, 360, 400, 250, 300] {
                let resized = engine.resize(width: width, height: nil)
                if let difference = solutionDifference(resized, solve(sized, width: width, height: nil), ir: sized) {
                    Issue.record("at \(width): \(difference)")
                }
            }
            #expect(engine.movedKeptSolves > 0, "no resize moved the kept solve")
        }
    }

    /// A conflict inside a stack (a 10-point stack around a 44-point view) is searched inside that
    /// stack, which no root size reaches: a resize keeps the broken constraint and moves the rest.
    @Test func aResizeKeepsConflictsFoundInsideTheirStack() {
        let text = """
            hstack main {
                label a(intrinsic: 50 x 20)
                hstack bad(width: 10) {
                    view inner(width: 44, intrinsic: 10 x 10)
                }
            }
            """
        let file = SourceFile(path: "conflict.stack", text: text)
        let ir = lower(check(file).model.roots[0], in: file, uikit: .current)
        let engine = LayoutEngine(ir: ir, width: 300, height: 20)
        let resized = engine.resize(width: 320, height: 20)
        #expect(engine.movedKeptSolves == 1, "the resize searched for the conflict again")
        let fresh = solveLayout(ir: ir, width: 320, height: 20)
        #expect(resized.frames == fresh.frames && resized.brokenConstraints == fresh.brokenConstraints)
        #expect(resized.findings.map(\.kind) == fresh.findings.map(\.kind))
        #expect(resized.findings.contains { if case .conflict = $0.kind { true } else { false } })
    }

    /// Random layouts with user constraints (some with conflicts or ambiguity), each laid out at one
    /// size and resized to sizes near it and far from it: every answer is a fresh solve's (frames to
    /// the solvers' 1e-6, determinations, findings and report), whether the kept solve answered it or
    /// the engine solved afresh.
    @Test func resizesAnswerAsFreshSolves() {
        let seeds = randomSeeds("joint resize", count: 400, long: 8_000)
        let file = SourceFile(path: "random.stack", text: String(repeating: "node\n", count: 40))
        var (compared, moved, walked) = (0, 0, 0)
        for seed in seeds {
            let tree = AxisSplitTests.withUserConstraints(randomTree(seed: seed, maxNodes: 20), seed: seed)
            guard !tree.userConstraints.isEmpty else { continue }
            let ir = lower(tree, in: file, uikit: seed % 2 == 0 ? .current : .iOS9)
            var rng = SplitMix(seed: seed ^ 0x5E51)
            let start = Double(Int.random(in: 40...400, using: &rng))
            let height: Double? = Bool.random(using: &rng) ? Double(Int.random(in: 20...300, using: &rng)) : nil
            // Odd seeds: every stack across with two items on the spine is a hub worth a walk, which a
            // kept solve walks again after the root's size moves (HubWalk.swift). One seed in four: kept
            // windows of one piece each way.
            JointWindow.$keptPieces.withValue(seed % 4 == 0 ? 1 : JointWindow.keptPieces) {
                JointHub.$worthAWalk.withValue(seed % 2 == 1 ? 2 : JointHub.worthAWalk) {
                    let engine = LayoutEngine(ir: ir, width: start, height: height)
                    for step in 0..<8 {
                        let width = step < 6 ? start + Double(Int.random(in: -8...8, using: &rng)) / 2
                            : Double(Int.random(in: 0...500, using: &rng))
                        // Every third step moves the height too (a pinned one), which only a solve of both axes
                        // or of the vertical one has to follow.
                        let height = step % 3 == 2 ? height.map { $0 + Double(Int.random(in: -6...6, using: &rng)) } : height
                        let before = engine.movedKeptSolves
                        let solution = engine.resize(width: width, height: height)
                        let (fresh, report) = solveLayoutReporting(ir: ir, width: width, height: height)
                        if !solution.frames.isClose(to: fresh.frames) || solution.determined != fresh.determined
                            || solution.findings.map(\.kind) != fresh.findings.map(\.kind) {
                            Issue.record("seed \(seed) step \(step) width \(width): the engine's answer is not a fresh solve's")
                        }
                        // A moved solve reports the solve it moved, which a fresh one may have reached otherwise.
                        if engine.movedKeptSolves == before {
                            #expect(engine.lastSolveReport.withoutWindows == report.withoutWindows, "seed \(seed) step \(step)")
                        }
                        compared += 1
                        if case .split(_, _, _, _, .solved(let group)?) = report.path, !group.walkedHubs.isEmpty { walked += 1 }
                    }
                    moved += engine.movedKeptSolves
                }
            }
        }
        print("joint resize: \(compared) resizes compared, \(moved) answered by the kept solve, \(walked) with a hub walked")
        #expect(walked > 0, "no resize walked a hub")
        // Most resizes by a few points keep the joint solve's basis.
        #expect(moved >= compared / 8, "only \(moved) of \(compared) resizes moved the kept solve")
    }
}

extension [Frame] {
    /// Whether every coordinate is within the solvers' 1e-6 of `other`'s.
    func isClose(to other: [Frame]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { a, b in
            abs(a.x - b.x) <= 1e-6 && abs(a.y - b.y) <= 1e-6 && abs(a.width - b.width) <= 1e-6 && abs(a.height - b.height) <= 1e-6
        }
    }
}

extension SolveReport {
    /// The report without a joint group's windows of pieces: a layout engine enters wider windows, so
    /// that its solve can be moved to other sizes (KeptSolve.swift), and a finite piece is a row, so
    /// without the group's count of rows either. Nor its hub: with other windows a pin that conflicts
    /// in one solve may hold in the other (HubWalk.swift).
    var withoutWindows: SolveReport {
        func without(_ axis: GeneralAxisReport) -> GeneralAxisReport {
            guard case .solved(var summary)? = axis.joint else { return axis }
            (summary.pieces, summary.windowed, summary.widenings, summary.walkedHubs) = (0, false, 0, [])
            summary.movedWindows = 0
            summary.constraints = 0
            return GeneralAxisReport(axis: axis.axis, constraints: 0, joint: .solved(summary))
        }
        switch path {
        case .split(let reason, let axis, let stacks, let constraints, let joint):
            let general = without(GeneralAxisReport(axis: axis, constraints: constraints, joint: joint))
            return SolveReport(path: .split(
                reason: reason, generalAxis: axis, stacks: stacks, constraints: general.constraints, joint: general.joint))
        case .eachAxis(let reason, let axes):
            return SolveReport(path: .eachAxis(reason: reason, axes: axes.map(without)))
        default:
            return self
        }
    }
}
