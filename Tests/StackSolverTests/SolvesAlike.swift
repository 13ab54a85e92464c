import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// A rule of the general solver that changes the work it does, never the answer, checked against the
/// same solver without it: `solve(ir, width, height, withRule)`. Every difference in frames (what
/// nothing decides included), determinations, findings or broken constraints is an issue, located by
/// its seed.
enum SolvesAlike {
    typealias Solve = (ConstraintIR, Double?, Double?, Bool) -> LayoutSolution

    /// The whole layout by the general solver, under whatever task-local rule the caller sets.
    static func general(_ ir: ConstraintIR, width: Double?, height: Double?) -> LayoutSolution {
        var solver = Solver(ir: ir, width: width, height: height)
        return solver.run()
    }

    /// The general solve with `rule`, a task-local switch, on (true) or off (false).
    static func under(_ rule: TaskLocal<Bool>) -> Solve {
        { ir, width, height, on in rule.withValue(on) { general(ir, width: width, height: height) } }
    }

    static func compare(_ ir: ConstraintIR, width: Double?, height: Double?, place: String, _ solve: Solve) {
        let ruled = solve(ir, width, height, true)
        let reference = solve(ir, width, height, false)
        #expect(ruled.brokenConstraints == reference.brokenConstraints, "\(place): broken constraints differ")
        if let difference = solutionDifference(ruled, reference, ir: ir) { Issue.record("\(place): \(difference)") }
    }

    /// Random problems (`randomCase`), `count` of them (`long` in long mode).
    static func problems(_ name: String, count: UInt64, long: UInt64, _ solve: Solve) {
        for seed in randomSeeds(name, count: count, long: long) {
            let (ir, width, height) = randomCase(seed: seed)
            compare(ir, width: width, height: height, place: "seed \(seed)", solve)
        }
    }

    /// Random layouts with user constraints, lowered for current UIKit and iOS 9, each at the
    /// differential test's three sizes.
    static func layouts(_ name: String, count: UInt64, long: UInt64, _ solve: Solve) {
        let file = SourceFile(path: "random.stack", text: String(repeating: "node\n", count: 40))
        for seed in randomSeeds(name, count: count, long: long) {
            let tree = AxisSplitTests.withUserConstraints(randomTree(seed: seed, maxNodes: 14), seed: seed)
            for uikit in [UIKitTarget.current, .iOS9] {
                let ir = lower(tree, in: file, uikit: uikit)
                for (width, height) in differentialSizes(seed: seed) {
                    let place = "seed \(seed), \(uikit), \(String(describing: width)) x \(String(describing: height))"
                    compare(ir, width: width, height: height, place: place, solve)
                }
            }
        }
    }
}
