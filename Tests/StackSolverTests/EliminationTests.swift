import Foundation
import StackIR
import Testing
@testable import StackSolver

/// Eliminating the variables that only required equalities mention (Elimination.swift) is a
/// projection: it must not move any value, nor change what is decided or what is found.
/// The reference is the same solver over the constraints as written, which meets conflicts as its
/// tableau grows where the eliminating one finds them by bisection (ConflictSearch).
@Suite struct EliminationTests {
    @Test func randomLayoutsSolveAlikeWithAndWithoutElimination() {
        let seeds = randomSeeds("elimination tests", count: 600)
        var eliminated = 0
        var conflicts = 0
        for seed in seeds {
            let (ir, width, height) = randomCase(seed: seed)
            var reduced = Solver(ir: ir, width: width, height: height, eliminating: true)
            var plain = Solver(ir: ir, width: width, height: height, eliminating: false)
            let (a, b) = (reduced.run(), plain.run())
            if !b.brokenConstraints.isEmpty { conflicts += 1 }
            #expect(a.brokenConstraints == b.brokenConstraints, "seed \(seed): broken constraints differ")
            eliminated += reduced.elimination?.definitions.count ?? 0
            #expect(a.determined == b.determined, "seed \(seed): determinations differ")
            #expect(a.findings.map(\.kind) == b.findings.map(\.kind), "seed \(seed): findings differ")
            // Undecided values too: both settle them by the same rule (UndecidedValues.swift), one
            // through the eliminated symbols' definitions, the other in the tableau as written.
            for item in ir.items.indices {
                let (fa, fb) = (a.frames[item], b.frames[item])
                func same(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-6 * max(1, abs(x)) }
                #expect(same(fa.x, fb.x), "seed \(seed): item \(item) x \(fa.x) vs \(fb.x)")
                #expect(same(fa.y, fb.y), "seed \(seed): item \(item) y \(fa.y) vs \(fb.y)")
                #expect(same(fa.width, fb.width), "seed \(seed): item \(item) width \(fa.width) vs \(fb.width)")
                #expect(same(fa.height, fb.height), "seed \(seed): item \(item) height \(fa.height) vs \(fb.height)")
                #expect(same(a.baselines[item].first, b.baselines[item].first), "seed \(seed): item \(item) first baseline")
                #expect(same(a.baselines[item].last, b.baselines[item].last), "seed \(seed): item \(item) last baseline")
            }
        }
        // The generator's layouts do leave variables to eliminate, so the comparison means something.
        #expect(eliminated > seeds.count)
        // And conflicts, found by bisection with elimination on one side and as the tableau grows on the other.
        #expect(conflicts > 0)
        print("elimination tests: \(conflicts) layouts with a conflict")
    }

    /// A stack's chain of positions collapses to one row: `main.width == sum of widths + spacings`.
    @Test func aChainOfPositionsLeavesNoPositionInTheTableau() {
        var b = IRBuilder(root: .hstack)
        let views = (0..<5).map { b.view("v\($0)") }
        b.add(Anchor(b.root, .leading), .equal, Anchor(views[0], .leading))
        for (left, right) in zip(views, views.dropFirst()) {
            b.add(Anchor(right, .leading), .equal, Anchor(left, .trailing), c: 8)
        }
        b.add(Anchor(views[4], .trailing), .equal, Anchor(b.root, .trailing))
        for view in views { b.add(Anchor(view, .width), .equal, nil, c: 20) }
        var solver = Solver(ir: b.ir, width: nil, height: nil, eliminating: true)
        let solution = solver.run()
        let positions = Set(views.map { FrameVariable.x.symbol(of: $0.index) })
        #expect(solver.constraints.allSatisfy { row in row.expression.symbols.allSatisfy { !positions.contains($0) } })
        #expect(solution.width == 5 * 20 + 4 * 8)
        #expect(views.map { solution.frames[$0.index].x } == [0, 28, 56, 84, 112])
        #expect(solution.determined[views[4].index].x)
    }
}
