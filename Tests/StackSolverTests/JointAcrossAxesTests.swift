import Foundation
import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// User constraints that relate the axes, solved as one joint group over both (JointAcrossAxes.swift):
/// the general solver's answer on the whole layout, frame for frame.
@Suite struct JointAcrossAxesTests {
    /// Worked by hand. The row is aligned fill, so every item in it is as high as the row, `a` too, and
    /// `a.height == b.width`. Below 20, `b`'s width breaks its compression (750); above 10, every item
    /// in the row breaks its height's hugging (250), and above 20 `b`'s width too: so 20. The row is
    /// 30 + 4 + 20 + 4 + 22 = 80 wide; the column below it, two 15-high labels, 40 wide and 30 high.
    @Test func aHeightEqualToAWidthIsSolvedAsOneGroup() throws {
        let ir = JointGroupTests.lowered("""
            vstack main(alignment: leading) {
                hstack row(spacing: 4) {
                    label a(intrinsic: 30 x 10)
                    label b(intrinsic: 20 x 10)
                    hstack tools(spacing: 2) { label t0(intrinsic: 10 x 10) label t1(intrinsic: 10 x 10) }
                }
                vstack column { label c(intrinsic: 40 x 15) label d(intrinsic: 40 x 15) }
                constraints { a.height == b.width }
            }
            """)
        let (solution, report) = solveLayoutReporting(ir: ir)
        guard case .eachAxis(_, let axes) = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
        // Along each axis some stack stays outside the group.
        for axis in axes {
            guard case .solved(let joint)? = axis.joint else {
                Issue.record("\(axis.axis): \(String(describing: axis.joint))")
                continue
            }
            #expect(joint.acrossAxes == 1 && joint.subtrees + joint.runs + joint.leaves >= 1, "\(axis.axis): \(joint)")
        }
        func frame(_ name: String) throws -> Frame {
            solution.frames[try #require(ir.items.firstIndex { $0.name == name }, "\(name)")]
        }
        #expect(try frame("main") == Frame(x: 0, y: 0, width: 80, height: 50))
        #expect(try frame("main.row.a") == Frame(x: 0, y: 0, width: 30, height: 20))
        #expect(try frame("main.row.b") == Frame(x: 34, y: 0, width: 20, height: 20))
        #expect(try frame("main.row.tools") == Frame(x: 58, y: 0, width: 22, height: 20))
        #expect(try frame("main.row.tools.t1") == Frame(x: 70, y: 0, width: 10, height: 20))
        #expect(try frame("main.column") == Frame(x: 0, y: 20, width: 40, height: 30))
        #expect(try frame("main.column.d") == Frame(x: 0, y: 35, width: 40, height: 15))
        #expect(solution.findings.isEmpty)
        #expect(solutionDifference(solution, solve(ir), ir: ir) == nil)
    }

    /// `base` with one to three user constraints, the first relating the axes and the others on either.
    static func withConstraintsAcrossAxes(_ base: LayoutTree, seed: UInt64) -> LayoutTree {
        var rng = SplitMix(seed: seed ^ 0xC405)
        var tree = base
        for k in 0..<Int.random(in: 1...3, using: &rng) {
            let vertical = Bool.random(using: &rng)
            let firstAxis = vertical ? AxisSplitTests.vertical : AxisSplitTests.horizontal
            let secondAxis = k == 0 ? (vertical ? AxisSplitTests.horizontal : AxisSplitTests.vertical)
                : (Bool.random(using: &rng) ? AxisSplitTests.horizontal : AxisSplitTests.vertical)
            tree.userConstraints.append(UserConstraint(
                first: Int.random(in: 0..<tree.nodes.count, using: &rng),
                firstAttribute: firstAxis.randomElement(using: &rng)!,
                relation: [.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!,
                multiplier: [1, 1, 0.5, 2].randomElement(using: &rng)!,
                second: Int.random(in: 0..<tree.nodes.count, using: &rng),
                secondAttribute: secondAxis.randomElement(using: &rng)!,
                constant: Double(Int.random(in: -20...60, using: &rng)),
                priority: [1000, 1000, 999, 750, 500, 250, 50].randomElement(using: &rng)!,
                origin: SourceRange(start: 0, end: 1)))
        }
        return tree
    }

    /// The lowered random tree of `seed` with constraints across the axes (`withConstraintsAcrossAxes`).
    static func randomIR(seed: UInt64, maxNodes: Int, uikit: UIKitTarget) -> ConstraintIR {
        let file = SourceFile(path: "random.stack", text: String(repeating: "node\n", count: 40))
        return lower(Self.withConstraintsAcrossAxes(randomTree(seed: seed, maxNodes: maxNodes), seed: seed), in: file, uikit: uikit)
    }

    /// Whether `report` says both axes were solved as one joint group.
    static func joinedAcross(_ report: SolveReport) -> Bool {
        if case .eachAxis(_, let axes) = report.path { axes.contains(where: \.isJoinedAcross) } else { false }
    }

    /// Random stack trees with constraints across the axes (`withConstraintsAcrossAxes`): the same
    /// frames, decisions, conflicts and ambiguity as the whole general solve. Most are answered by one
    /// joint group over both axes; the rest (a conflict, nothing to collapse) by the whole solve.
    @Test func randomConstraintsAcrossTheAxesMatchTheWholeSolve() {
        let seeds = randomSeeds("joint groups across the axes", count: 600, long: 10_000)
        var joined = 0
        for seed in seeds {
            let ir = Self.randomIR(seed: seed, maxNodes: 16, uikit: seed % 2 == 0 ? .iOS9 : .current)
            for (width, height) in differentialSizes(seed: seed) {
                let sized = width == nil && height == nil ? ir
                    : ir.replacingRootSize(width: width != nil, height: height != nil)
                let (solution, report) = solveLayoutReporting(ir: sized, width: width, height: height)
                if Self.joinedAcross(report) { joined += 1 }
                if let difference = solutionDifference(solution, solve(sized, width: width, height: height), ir: sized) {
                    Issue.record("seed \(seed) at \(String(describing: width)) x \(String(describing: height)): \(difference)")
                }
            }
        }
        print("joint groups across the axes: \(joined) solved as one group over both axes")
        #expect(joined > seeds.count / 4)
    }

    /// A layout engine keeps nothing of a joint group over both axes: each resize solves afresh, and
    /// answers as a fresh solve at that size does.
    @Test func resizesAnswerAsFreshSolves() {
        let seeds = randomSeeds("joint groups across the axes, resized", count: 150, long: 2_000)
        var joined = 0
        for seed in seeds {
            let ir = Self.randomIR(seed: seed, maxNodes: 20, uikit: seed % 2 == 0 ? .current : .iOS9)
            var rng = SplitMix(seed: seed ^ 0x5E52)
            let engine = LayoutEngine(ir: ir, width: Double(Int.random(in: 40...400, using: &rng)), height: nil)
            for step in 0..<4 {
                let width = Double(Int.random(in: 0...500, using: &rng))
                let solution = engine.resize(width: width, height: nil)
                let (fresh, report) = solveLayoutReporting(ir: ir, width: width, height: nil)
                if Self.joinedAcross(report) { joined += 1 }
                #expect(solution.frames.isClose(to: fresh.frames) && solution.determined == fresh.determined
                            && solution.findings.map(\.kind) == fresh.findings.map(\.kind),
                        "seed \(seed) step \(step) width \(width)")
            }
        }
        print("joint groups across the axes, resized: \(joined) resizes solved as one group over both axes")
        // Many random widths make the constraints conflict or leave nothing to collapse.
        #expect(joined > seeds.count / 4)
    }
}
