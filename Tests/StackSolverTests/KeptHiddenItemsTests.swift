import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// Today's UIKit collapses a hidden item at 999.999 (uikit-current §2.3), so a required size inside it
/// wins: the item keeps that size where it is placed, beside its nearest visible neighbour at 50, and
/// takes no room from the visible items. The tree solver places it so. Frames worked by hand.
@Suite struct KeptHiddenItemsTests {
    /// Visible `a` (20), `c` (30) and `d` (25) 8 apart: 0, 28 and 66, the row 91 wide. Hidden `k`
    /// (30 wide) follows `a` by half the spacing, at 24; the hidden stack `h` (its view 15 wide)
    /// follows `c` at 62; hidden `z` (12 wide) before the first visible item ends where `a` starts.
    /// At 120 `a` takes the 29 extra (equal huggings: the tie rule stretches the earliest), and the
    /// others and the hidden items move along with it.
    @Test func aHiddenItemKeepsItsRequiredSizeWhereItIsPlaced() {
        let ir = loweredToday("""
            hstack main(spacing: 8) {
                label z(width: 12, intrinsic: 20 x 10, hidden: true)
                label a(intrinsic: 20 x 10)
                label k(width: 30, intrinsic: 20 x 10, hidden: true)
                label c(intrinsic: 30 x 12)
                vstack h(hidden: true) { view hv(width: 15) }
                label d(intrinsic: 25 x 12)
            }
            """)
        let names = ["main", "main.z", "main.a", "main.k", "main.c", "main.h", "main.h.hv", "main.d"]
        let expected: [(Double?, [[Double]])] = [
            (nil, [[0, 91], [-12, 12], [0, 20], [24, 30], [28, 30], [62, 15], [62, 15], [66, 25]]),
            (120, [[0, 120], [-12, 12], [0, 49], [53, 30], [57, 30], [91, 15], [91, 15], [95, 25]]),
        ]
        expectTreeSpans(ir, names, horizontal: true, expected)
    }
}
