import Foundation
import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// Random stack trees (`randomTree`) with up to three user constraints on one axis: solving the axes
/// apart (AxisSplit.swift) must give the whole general solve's answer, for layouts the tree solver
/// does not solve whole (with user constraints, conflicts or ambiguity). Frames, what is decided,
/// conflicts and ambiguity are compared: what nothing decides is settled by one rule in both
/// (UndecidedValues.swift).
@Suite struct AxisSplitTests {
    static let horizontal: [AnchorAttribute] = [.leading, .trailing, .left, .right, .centerX, .width]
    static let vertical: [AnchorAttribute] = [.top, .bottom, .centerY, .height, .firstBaseline, .lastBaseline]

    static func withUserConstraints(_ base: LayoutTree, seed: UInt64) -> LayoutTree {
        var rng = SplitMix(seed: seed ^ 0xA715)
        var tree = base
        let attributes = Bool.random(using: &rng) ? horizontal : vertical
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            let first = Int.random(in: 0..<tree.nodes.count, using: &rng)
            let second = Int.random(in: 0..<4, using: &rng) == 0 ? nil : Int.random(in: 0..<tree.nodes.count, using: &rng)
            tree.userConstraints.append(UserConstraint(
                first: first, firstAttribute: attributes.randomElement(using: &rng)!,
                relation: [.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!,
                multiplier: [1, 1, 0.5, 2].randomElement(using: &rng)!,
                second: second, secondAttribute: second.map { _ in attributes.randomElement(using: &rng)! },
                constant: Double(Int.random(in: -20...60, using: &rng)),
                priority: [1000, 1000, 999, 750, 500, 250, 50].randomElement(using: &rng)!,
                origin: SourceRange(start: 0, end: 1)))
        }
        return tree
    }

    @Test func axesSolvedApartMatchTheWholeSolve() {
        let seeds = randomSeeds("axis split tests", count: 1_500)
        let file = SourceFile(path: "random.stack", text: String(repeating: "node\n", count: 40))
        var split = 0
        var conflicts = 0
        var ambiguous = 0
        for seed in seeds {
            let tree = Self.withUserConstraints(randomTree(seed: seed, maxNodes: 14), seed: seed)
            let ir = lower(tree, in: file, uikit: .iOS9)
            for (width, height) in differentialSizes(seed: seed) {
                if tree.userConstraints.isEmpty, (try? StructuredLayout(ir: ir).frames(width: width, height: height)) != nil {
                    continue
                }
                guard let apart = try? solveSplittingAxes(ir: ir, width: width, height: height).solution else { continue }
                split += 1
                if !apart.brokenConstraints.isEmpty { conflicts += 1 }
                if apart.findings.contains(where: { if case .ambiguous = $0.kind { true } else { false } }) { ambiguous += 1 }
                let whole = solve(ir, width: width, height: height)
                if let difference = solutionDifference(apart, whole, ir: ir) {
                    Issue.record("seed \(seed) at \(String(describing: width)) x \(String(describing: height)): \(difference)")
                }
            }
        }
        print("axis split tests: \(split) solved apart, \(conflicts) with a conflict, \(ambiguous) ambiguous")
        // Most draws are solved apart (the rest: the tree solver declines both axes), some with conflicts
        // or ambiguity.
        #expect(split > seeds.count / 2)
        #expect(conflicts > 0 && ambiguous > 0)
    }

    /// A row of labels with `l0.width == l1.width`: widths by the general solver, heights by the tree.
    @Test func aRowWithOneWidthConstraintIsSolvedApart() throws {
        let text = """
            hstack row(spacing: 2) {
                label l0(intrinsic: 10 x 12)
                label l1(intrinsic: 30 x 20)
                label l2(intrinsic: 15 x 8)
                constraints { l0.width == l1.width }
            }
            """
        let checked = check(SourceFile(path: "row.stack", text: text))
        let tree = try #require(checked.model.roots.first)
        let ir = lower(tree, in: SourceFile(path: "row.stack", text: text), uikit: .iOS9)
        let apart = try solveSplittingAxes(ir: ir, width: 100, height: nil).solution
        // Hand-worked: the row is 20 tall (the tallest); l0 and l1 share 100 - 4 - 15 = 81 equally.
        #expect(apart.frames[0...3].map(\.height) == [20, 20, 20, 20])
        #expect(apart.frames[1].width == 40.5 && apart.frames[2].width == 40.5 && apart.frames[3].width == 15)
        #expect(apart.frames[3].x == 85)
        #expect(apart.findings.isEmpty)
    }
}
