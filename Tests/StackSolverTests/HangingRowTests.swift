import StackIR
import Testing
@testable import StackSolver

/// lastBaseline rows whose items hang from the baseline (HangingRow.swift) on the tree, squeezed or
/// not. Each item's top is a fixed depth above the baseline, or its bottom is on it; the canvas top
/// is the spanner's (pulled short at 51), the first item's bottom bounds the canvas bottom. The
/// frames are worked by hand from those constraints (seed 000 §2.6, uikit-current §3.2-3.4); the
/// general solver must give them too.
@Suite struct HangingRowTests {
    /// Today's UIKit, every item with a baseline: depths 15, 30, 5, so the baseline is 30 down (`b`'s
    /// top at the canvas top) and the tops are 15, 0, 25. `b` gives way at 40, below the spanner's
    /// 51, so the spanner ends where the others keep their heights: 5 below the baseline (`a`, `c`),
    /// and `b` is 35 tall. The canvas holds `a`: 35. At 30 `a` gives way to 15; at 50 nothing moves.
    @Test func theSpannerSqueezesWhatGivesWayBelowIt() {
        let ir = loweredToday("""
            hstack main(alignment: lastBaseline) {
                label a(intrinsic: 40 x 20, lastBaseline: 15)
                label b(intrinsic: 40 x 40, lastBaseline: 30, verticalCompression: 40)
                label c(intrinsic: 40 x 10, lastBaseline: 5)
            }
            """)
        let names = ["main", "main.a", "main.b", "main.c", "main#spanner"]
        let expected: [(Double?, [[Double]])] = [
            (nil, [[0, 35], [15, 20], [0, 35], [25, 10], [0, 35]]),
            (30, [[0, 30], [15, 15], [0, 35], [25, 10], [0, 35]]),
            (50, [[0, 50], [15, 20], [0, 35], [25, 10], [0, 35]]),
        ]
        expectTreeSpans(ir, names, horizontal: false, expected)
    }

    /// Today's UIKit, views without baselines: each aligns its bottom with the first's, so all hang
    /// by their bottoms. `b` gives way at 40, so the spanner (51) pulls the baseline up to where
    /// `a` (750) holds: 20, `b` 20 tall too. At 12 both give way to 12.
    @Test func viewsHangByTheirBottoms() {
        let ir = loweredToday("""
            hstack main(alignment: lastBaseline) {
                view a(intrinsic: 40 x 20)
                view b(intrinsic: 40 x 30, verticalCompression: 40)
            }
            """)
        let names = ["main", "main.a", "main.b", "main#spanner"]
        let expected: [(Double?, [[Double]])] = [
            (nil, [[0, 20], [0, 20], [0, 20], [0, 20]]),
            (12, [[0, 12], [0, 12], [0, 12], [0, 12]]),
        ]
        expectTreeSpans(ir, names, horizontal: false, expected)
    }

    /// A hidden first item still bounds the canvas bottom, but not the spanner. The baseline is 10
    /// down (`b`'s depth), so hidden `a` (depth 15) starts 5 above the canvas and ends 15 down: the
    /// row is 15 tall and `b` (30) overflows it, the spanner with it. At 10 `a` gives way to 15.
    @Test func aHiddenFirstItemBoundsTheCanvas() {
        let ir = loweredToday("""
            hstack main(alignment: lastBaseline) {
                label a(intrinsic: 40 x 20, lastBaseline: 15, hidden: true)
                label b(intrinsic: 40 x 30, lastBaseline: 10)
            }
            """)
        let names = ["main", "main.a", "main.b", "main#spanner"]
        let expected: [(Double?, [[Double]])] = [
            (nil, [[0, 15], [-5, 20], [0, 30], [0, 30]]),
            (10, [[0, 10], [-5, 15], [0, 30], [0, 30]]),
        ]
        expectTreeSpans(ir, names, horizontal: false, expected)
    }

    /// iOS 9/10: a view's last baseline is its bottom, a label's a depth below its top; both hang
    /// from one baseline. `b`'s depth 25 puts the baseline 25 down, `a` ends on it (top 5), `b`
    /// hangs 5 below it; the canvas holds the first item, `a`: 25. At 40 nothing moves.
    @Test func mixedItemsHangFromOneBaseline() {
        let ir = lowered("""
            hstack main(alignment: lastBaseline) {
                view a(intrinsic: 40 x 20)
                label b(intrinsic: 40 x 30, lastBaseline: 25)
            }
            """, uikit: .iOS9)
        let names = ["main", "main.a", "main.b", "main#spanner"]
        let expected: [(Double?, [[Double]])] = [
            (nil, [[0, 25], [5, 20], [0, 30], [0, 30]]),
            (40, [[0, 40], [5, 20], [0, 30], [0, 30]]),
        ]
        expectTreeSpans(ir, names, horizontal: false, expected)
    }
}
