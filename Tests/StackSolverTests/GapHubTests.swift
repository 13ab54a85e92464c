import StackIR
import Testing
@testable import StackSolver

/// An equalCentering stack's first gap guide as a hub along the stack's axis (HubWalk.swift): every
/// other gap's equal width mentions it, so a joint solve pins it where the stacks alone put it and
/// walks it, even with nothing hanging off the spine.
@Suite struct GapHubTests {
    /// Four labels 10, 17, 24 and 31 wide centred at equal distances with 2 points between them, and
    /// `v0.width == v2.width`. Worked by hand: at 750 both compressions hold with v0 and v2 at 24
    /// (v0's hugging at 250 is broken by 14). The gaps between centres must be at least half of each
    /// pair plus 2: 22.5, 22.5 and 29.5. At natural size, the equal gaps (149, 148) hold before the
    /// stack's fit at 49 pulls it short, so every gap is 29.5: centres 12, 41.5, 71 and 100.5, the row
    /// 116 wide. At 200 points the three gaps share 200 - 12 - 15.5 = 172.5 equally: 57.5 each.
    static let row = """
        hstack main(distribution: equalCentering, spacing: 2) {
            label v0(intrinsic: 10 x 10)
            label v1(intrinsic: 17 x 10)
            label v2(intrinsic: 24 x 10)
            label v3(intrinsic: 31 x 10)
            constraints {
                v0.width == v2.width
            }
        }
        """

    @Test func anEqualCenteringRowWalksItsFirstGap() {
        let ir = JointGroupTests.lowered(Self.row)
        let names = ["main", "main.v0", "main.v1", "main.v2", "main.v3", "main#gap1", "main#gap2", "main#gap3"]
        let expected: [(width: Double?, frames: [[Double]])] = [
            (nil, [[0, 116], [0, 24], [33, 17], [59, 24], [85, 31], [12, 29.5], [41.5, 29.5], [71, 29.5]]),
            (200, [[0, 200], [0, 24], [61, 17], [115, 24], [169, 31], [12, 57.5], [69.5, 57.5], [127, 57.5]]),
        ]
        for (width, frames) in expected {
            let sized = ir.replacingRootSize(width: width != nil, height: false)
            let (solution, report) = JointHub.$worthAWalk.withValue(2) { solveLayoutReporting(ir: sized, width: width) }
            guard case .split(_, .horizontal, _, _, .solved(let joint)?) = report.path else {
                Issue.record("at \(String(describing: width)): solved by \(report.path)")
                continue
            }
            #expect(joint.walkedHubs.map { sized.items[$0].name } == ["main#gap1"])
            #expect(joint.subtrees + joint.runs + joint.leaves == 0, "nothing hangs off the row")
            let found = names.map { name in
                sized.items.firstIndex { $0.name == name }.map { solution.frames[$0] }.map { [$0.x, $0.width] } ?? []
            }
            #expect(found == frames, "at \(String(describing: width))")
            #expect(solutionDifference(solution, solve(sized, width: width), ir: sized) == nil)
        }
    }

    /// The row without its user constraint, 100 points wide: below the 116 where its gaps can be
    /// equal, so the stacks alone decline it, and its gap's pin starts at the natural size. Worked by
    /// hand: the compressions (750) keep every label at its width, 88 points with the spacing; the
    /// gaps between centres share 100 - 5 - 15.5 = 79.5 with the third at least 29.5. `gap2 ==
    /// gap1` (149) holds; `gap3 == gap1` (148) then misses least with gap1 = gap2 = 25, gap3 = 29.5.
    @Test func aSqueezedRowWalksItsFirstGapFromTheNaturalSize() {
        let text = Self.row.replacingOccurrences(of: "    constraints {\n        v0.width == v2.width\n    }\n", with: "")
        #expect(!text.contains("constraints"))
        let ir = JointGroupTests.lowered(text).replacingRootSize(width: true, height: false)
        let names = ["main", "main.v0", "main.v1", "main.v2", "main.v3", "main#gap1", "main#gap2", "main#gap3"]
        let (solution, report) = JointHub.$worthAWalk.withValue(2) { solveLayoutReporting(ir: ir, width: 100) }
        guard case .split(_, .horizontal, _, _, .solved(let joint)?) = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
        #expect(joint.walkedHubs.map { ir.items[$0].name } == ["main#gap1"])
        let found = names.map { name in
            ir.items.firstIndex { $0.name == name }.map { solution.frames[$0] }.map { [$0.x, $0.width] } ?? []
        }
        #expect(found == [[0, 100], [0, 10], [21.5, 17], [43, 24], [69, 31], [5, 25], [30, 25], [55, 29.5]])
    }

    /// Rows of twelve labels, half of them with a user constraint, squeezed from just below their
    /// natural size to far below their spacing, where labels go negative: the joint solve that walks
    /// the gap from the natural size gives the whole general solve's answer.
    @Test func squeezedRowsMatchTheGeneralSolver() {
        for seed in randomSeeds("squeezed gap hub rows", count: 40, long: 1_000) {
            var random = SplitMix(seed: seed)
            var lines = (0..<12).map { index in
                "    label v\(index)(intrinsic: \(Int.random(in: 4...40, using: &random)) x 10)"
            }
            if Bool.random(using: &random) {
                let (a, b) = (Int.random(in: 0..<12, using: &random), Int.random(in: 0..<12, using: &random))
                lines.append("    constraints {\n        v\(a).width == v\(b).width\n    }")
            }
            let spacing = Int.random(in: 0...6, using: &random)
            let text = "hstack main(distribution: equalCentering, spacing: \(spacing)) {\n" + lines.joined(separator: "\n") + "\n}\n"
            let ir = JointGroupTests.lowered(text)
            let natural = solve(ir).frames[0].width
            let sized = ir.replacingRootSize(width: true, height: false)
            let width = (natural * Double.random(in: 0.05...0.98, using: &random)).rounded()
            let (solution, report) = JointHub.$worthAWalk.withValue(2) { solveLayoutReporting(ir: sized, width: width) }
            guard case .split(_, .horizontal, _, _, .solved(let joint)?) = report.path, !joint.walkedHubs.isEmpty else {
                Issue.record("seed \(seed) at \(width) of \(natural): solved by \(report.path)")
                continue
            }
            #expect(solutionDifference(solution, solve(sized, width: width), ir: sized) == nil, "seed \(seed) at \(width) of \(natural)")
        }
    }

    /// Below the threshold of items the row is the whole general solver's, as it is with no hub.
    @Test func aShortRowIsNoHub() {
        let ir = JointGroupTests.lowered(Self.row)
        let (_, report) = solveLayoutReporting(ir: ir)
        guard case .split(_, .horizontal, _, _, .declined(.nothingToCollapse)?) = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
    }

    /// Random rows distributed equalCentering with user constraints (JointGroupTests'
    /// `solveRandomRow`), every stack with two items on the spine a hub: every joint solve, walked or
    /// not, gives the whole general solve's answer.
    @Test func equalCenteringRowsWithConstraintsMatchTheGeneralSolver() {
        var (joint, walked) = (0, 0)
        let seeds = randomSeeds("gap hub rows", count: 400, long: 6_000)
        for seed in seeds {
            JointHub.$worthAWalk.withValue(2) {
                JointGroupTests.solveRandomRow(seed: seed, distribution: "equalCentering") { group in
                    joint += 1
                    if !group.walkedHubs.isEmpty { walked += 1 }
                }
            }
        }
        print("GapHubTests: \(joint) equalCentering row solves by a joint group, \(walked) with a walked hub")
        #expect(walked >= seeds.count / 4, "only \(walked) equalCentering rows walked a hub")
    }

    /// An engine keeps the row's joint solve, its gap pinned and walked, across resizes from squeezed
    /// to wide and an intrinsic-size change: every answer is a fresh solve's.
    @Test func aKeptSolveWalksTheGapAgainOnEachResize() {
        let text = Self.row.replacingOccurrences(of: "label v3(intrinsic: 31 x 10)", with: """
            label v3(intrinsic: 31 x 10)
                    label v4(intrinsic: 12 x 10)
                    label v5(intrinsic: 40 x 10)
            """)
        let ir = JointGroupTests.lowered(text).replacingRootSize(width: true, height: false)
        JointHub.$worthAWalk.withValue(2) {
            let engine = LayoutEngine(ir: ir, width: 300)
            if case .split(_, .horizontal, _, _, .solved(let joint)?) = engine.lastSolveReport.path {
                #expect(joint.walkedHubs.map { ir.items[$0].name } == ["main#gap1"])
            } else {
                Issue.record("solved by \(engine.lastSolveReport.path)")
            }
            for (step, width) in [300.0, 320, 250, 180, 500, 310, 305].enumerated() {
                if step == 4, engine.setIntrinsicSize(of: 2, axis: .horizontal, to: 60) != .solved {
                    Issue.record("the intrinsic size did not change")
                }
                let solution = engine.resize(width: width, height: nil)
                let fresh = solveLayout(ir: engine.ir, width: width)
                #expect(solution.frames.isClose(to: fresh.frames), "at \(width)")
                #expect(solution.determined == fresh.determined, "at \(width)")
            }
            #expect(engine.movedKeptSolves > 0, "no resize moved the kept solve")
        }
    }
}
