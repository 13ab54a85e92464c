import Foundation
import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// Today's firstBaseline rows (uikit-current §3.2-3.4; TopBoundedRow.swift) on the tree. Every item
/// hangs at a fixed offset from the reference's top (the difference of the baselines' depths, or 0
/// for a view without a baseline, which aligns by its top); the row reaches from its first item's
/// top down to the lowest visible bottom; a taller canvas keeps the items at its bottom (the
/// spanner's pull), a shorter one squeezes the items that reach below it. The frames below are
/// worked by hand from those constraints; the general solver must give them too.
@Suite struct TopBoundedRowTests {
    /// `a` is the reference (the first item, with a baseline 14 down); `b` has no baseline, so its top
    /// is `a`'s; `c`'s baseline is 30 down, so its top is 16 above `a`'s; hidden `d` has no
    /// baseline and keeps its own 70. Natural: the row runs from `a`'s top to `b`'s bottom, 50,
    /// `c` standing 16 above it, the spanner from `c`'s top to the row's bottom. At 100 the items
    /// sit at the bottom (a's top at 50). At 30 `b` is squeezed to 30 (`c` ends at 20); at 10 `a`
    /// and `b` to 10 and `c` to 26 (its top stays 16 above `a`'s).
    @Test func itemsHangFromTheFirstItemsTop() {
        let ir = loweredToday("""
            hstack main(alignment: firstBaseline, spacing: 8) {
                label a(intrinsic: 40 x 20, firstBaseline: 14)
                view b(intrinsic: 30 x 50)
                label c(intrinsic: 40 x 36, firstBaseline: 30)
                view d(intrinsic: 10 x 70, hidden: true)
            }
            """)
        let names = ["main", "main.a", "main.b", "main.c", "main.d", "main#spanner"]
        let expected: [(Double?, [[Double]])] = [
            (nil, [[0, 50], [0, 20], [0, 50], [-16, 36], [0, 70], [-16, 66]]),
            (100, [[0, 100], [50, 20], [50, 50], [34, 36], [50, 70], [34, 66]]),
            (30, [[0, 30], [0, 20], [0, 30], [-16, 36], [0, 70], [-16, 46]]),
            (10, [[0, 10], [0, 10], [0, 10], [-16, 26], [0, 70], [-16, 26]]),
        ]
        expectTreeSpans(ir, names, horizontal: false, expected)
    }

    /// The first item has no baseline, so the reference is the first visible item with one (`a`)
    /// and `b` aligns its top with `a`'s; the canvas's top is still bounded by `b`, the first item.
    /// The vstack's baseline is its first label's, 9 below its top, so its top is 14 - 9 = 5 below
    /// `a`'s and its bottom 5 + 12 + 40 = 57: the row is 57 tall.
    @Test func aFirstItemWithoutABaselineBoundsTheTop() {
        let ir = loweredToday("""
            hstack main(alignment: firstBaseline, spacing: 8) {
                view b(intrinsic: 30 x 50)
                label a(intrinsic: 40 x 20, firstBaseline: 14)
                label c(intrinsic: 40 x 36, firstBaseline: 30)
                vstack s {
                    label e(intrinsic: 10 x 12, firstBaseline: 9)
                    view f(intrinsic: 5 x 40)
                }
            }
            """)
        guard let solution = treeSolution(ir) else { return }
        let frames = spans(["main", "main.b", "main.a", "main.c", "main.s", "main.s.f"], solution, ir, horizontal: false)
        #expect(frames == [[0, 57], [0, 50], [0, 20], [-16, 36], [5, 52], [17, 40]])
    }

    /// A hidden first item is still the reference and still bounds the canvas's top: `a` hangs
    /// 30 - 10 = 20 below it, so the row is 40 tall with only a 20-tall item showing.
    @Test func aHiddenFirstItemKeepsItsPlace() {
        let ir = loweredToday("""
            hstack main(alignment: firstBaseline) {
                label h(intrinsic: 10 x 10, firstBaseline: 30, hidden: true)
                label a(intrinsic: 20 x 20, firstBaseline: 10)
            }
            """)
        guard let solution = treeSolution(ir) else { return }
        #expect(spans(["main", "main.h", "main.a", "main#spanner"], solution, ir, horizontal: false) == [[0, 40], [0, 10], [20, 20], [20, 20]])
    }

    /// With margins the canvas is the margins guide: the row's items span 20 below `a`'s top, and
    /// the stack adds 5 above and 7 below.
    @Test func marginsHoldTheCanvas() {
        let ir = loweredToday("""
            hstack main(alignment: firstBaseline, margins: (5, 3, 7, 3)) {
                label a(intrinsic: 20 x 20, firstBaseline: 14)
                label c(intrinsic: 20 x 36, firstBaseline: 30)
            }
            """)
        guard let solution = treeSolution(ir) else { return }
        #expect(spans(["main", "main.a", "main.c", "main#spanner"], solution, ir, horizontal: false) == [[0, 32], [5, 20], [-11, 36], [-11, 36]])
    }

    /// A long row of labels with different baselines and heights: each label's top is
    /// `b0 - b` below the first's, so the row's height is the greatest `b0 - b + h` (the first's top
    /// bounds it), worked out here from the labels' numbers.
    @Test func aLongRowIsSolvedOnTheTree() {
        let count = 2_000
        let labels = (0..<count).map { "label l\($0)(intrinsic: \(10 + $0 % 9) x \(12 + $0 % 7), firstBaseline: \(8 + $0 % 5))" }
        let ir = loweredToday("hstack main(alignment: firstBaseline, spacing: 2) {\n\(labels.joined(separator: "\n"))\n}")
        // The first label's baseline is 8 down; label k's top is 8 - baseline(k) below it.
        func bottom(_ k: Int) -> Double {
            let baseline = 8 + k % 5
            let height = 12 + k % 7
            return Double(8 - baseline + height)
        }
        let height = (0..<count).map(bottom).max() ?? 0
        let sized = ir.replacingRootSize(width: false, height: false)
        let (solution, report) = solveLayoutReporting(ir: sized)
        guard case .structured = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
        #expect(solution.frames[0].height == height)
        #expect(solution.findings.isEmpty)
    }

    /// Random trees whose hstacks are all baseline rows, lowered as today's UIKit does: the tree
    /// solver's frames are the general solver's (300 cases; 20,000 with `STACKC_LONG_TESTS=1`).
    @Test func todaysBaselineRowsMatchGeneral() {
        runCorpus("TopBoundedRowTests", seed: 20_261_128,
                  size: CorpusSize(cases: 300, longCases: 20_000, maxNodes: 14, longMaxNodes: 24, share: 3), baselineRows: true, uikit: .current)
    }
}
