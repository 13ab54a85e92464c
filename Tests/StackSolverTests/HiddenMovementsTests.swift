import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// Ambiguity does not depend on the basis the simplex stops in (HiddenMovements.swift). The layouts
/// below are worked by hand; the expectations are what the constraints decide, not what a solver
/// printed.
@Suite struct HiddenMovementsTests {
    /// An equalCentering column of labels 10, 50 and 10 tall, spacing 0, as iOS 9 lowers it: `b.top >=
    /// a.bottom`, `c.top >= b.bottom`, the gaps between centres equal at 149, nothing on the column's
    /// own height. With `b` at 10 + t and `c` at 60 + 2t both gaps are 30 + t and every constraint
    /// holds for every t >= 0: the column's height (70 + 2t) and the two labels' places are free. At
    /// t = 0 both spacings are tight and the equal gaps hold at zero violation, a degenerate vertex
    /// where each spacing's slack alone is blocked.
    static let column = """
        vstack col(distribution: equalCentering, spacing: 0) {
            label a(intrinsic: 20 x 10)
            label b(intrinsic: 10 x 50)
            label c(intrinsic: 20 x 10)
        }
        """

    static let views = ["col", "col.a", "col.b", "col.c"]

    static func lowered(_ text: String, uikit: UIKitTarget) -> ConstraintIR {
        let file = SourceFile(path: "hidden.stack", text: text)
        return lower(check(file).model.roots[0], in: file, uikit: uikit)
    }

    static func index(_ name: String, _ ir: ConstraintIR) -> Int {
        ir.items.firstIndex { $0.name == name } ?? -1
    }

    /// Natural size, iOS 9: the height and the places of `b` and `c` are undecided, `a`'s place and
    /// every label's height are decided. The rule for undecided values settles the column's height
    /// to the least it can be, 70, so the frames are t = 0: `b` at 10, `c` at 60.
    @Test func aFreeEqualCenteringColumnIsAmbiguous() {
        let ir = Self.lowered(Self.column, uikit: .iOS9)
        for solution in [solve(ir), solveLayout(ir: ir)] {
            let col = Self.index("col", ir)
            let (a, b, c) = (Self.index("col.a", ir), Self.index("col.b", ir), Self.index("col.c", ir))
            #expect(!solution.determined[col].height)
            #expect(!solution.determined[b].y && !solution.determined[c].y)
            #expect(solution.determined[a].y)
            #expect(solution.determined[a].height && solution.determined[b].height && solution.determined[c].height)
            #expect(solution.frames[col].height == 70)
            #expect(solution.frames[b].y == 10 && solution.frames[c].y == 60)
            #expect(solution.findings.contains { if case .ambiguous = $0.kind { true } else { false } })
        }
    }

    /// The same column 100 tall: 70 + 2t = 100 decides t = 15, so `b` sits at 25 and `c` at 90, every
    /// gap is 45, and nothing is ambiguous.
    @Test func aPinnedEqualCenteringColumnIsDecided() {
        let ir = Self.lowered(Self.column, uikit: .iOS9).replacingRootSize(width: false, height: true)
        for solution in [solve(ir, height: 100), solveLayout(ir: ir, height: 100)] {
            #expect(solution.findings.isEmpty)
            #expect(Self.views.allSatisfy { name in
                let d = solution.determined[Self.index(name, ir)]
                return d.x && d.y && d.width && d.height
            })
            #expect(solution.frames[Self.index("col.b", ir)].y == 25)
            #expect(solution.frames[Self.index("col.c", ir)].y == 90)
        }
    }

    /// Today's UIKit adds `col.height == 0 @49` (the canvas fit), which decides t = 0: the same
    /// frames, nothing ambiguous.
    @Test func theCanvasFitDecidesTheColumn() {
        let ir = Self.lowered(Self.column, uikit: .current)
        for solution in [solve(ir), solveLayout(ir: ir)] {
            #expect(solution.findings.isEmpty)
            #expect(Self.views.allSatisfy { name in
                let d = solution.determined[Self.index(name, ir)]
                return d.x && d.y && d.width && d.height
            })
            #expect(solution.frames[Self.index("col", ir)].height == 70)
        }
    }
}
