import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// Today's lastBaseline rows (uikit-current §3.2-3.4; LastBaselineAlignment.swift): a view without a
/// baseline aligns its bottom with the reference's bottom; the spanner meets the canvas at the top,
/// and the canvas's bottom holds the first item. Frames worked by hand.
@Suite struct LastBaselineRowTests {
    /// `a` is the reference (baseline 14 down, so its bottom is 6 below the baseline B). `b` (50) and
    /// hidden `d` (70) have no baseline: their bottoms are `a`'s, at B + 6, so `b`'s top is 44 above
    /// B. `c`'s baseline is 30 down: its top is 30 above B and its bottom at B + 6. The highest top is
    /// `b`'s, so B is 44 below the canvas top, and the row is 44 + 6 = 50 tall; a taller canvas keeps
    /// the items at its top (the spanner meets it there).
    @Test func viewsWithoutABaselineAlignTheirBottomsWithTheReference() {
        let text = """
            hstack main(alignment: lastBaseline, spacing: 8) {
                label a(intrinsic: 40 x 20, lastBaseline: 14)
                view b(intrinsic: 30 x 50)
                label c(intrinsic: 40 x 36, lastBaseline: 30)
                view d(intrinsic: 10 x 70, hidden: true)
            }
            """
        let ir = loweredToday(text)
        let names = ["main", "main.a", "main.b", "main.c", "main.d", "main#spanner"]
        for height in [nil, 100.0] {
            guard let solution = treeSolution(ir, height: height) else { continue }
            #expect(spans(names, solution, ir, horizontal: false) == [[0, height ?? 50], [30, 20], [0, 50], [14, 36], [-20, 70], [0, 50]],
                    "\(String(describing: height))")
        }
    }
}
