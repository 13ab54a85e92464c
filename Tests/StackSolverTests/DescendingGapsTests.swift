import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// Today's equalCentering stacks (uikit-current §2.6-2.7): the gap equalities count down from 149
/// and the canvas fit pulls the stack short at 49. At its natural length the stack is as long as its
/// gaps need to be equal (every gap priority outweighs the fit), which the tree solver settles; below
/// that length only a bound of the cost is known (`StructuredLayout.unevenGapsBound`), and the
/// general solver answers. Frames worked by hand.
@Suite struct DescendingGapsTests {
    static func row(_ widths: [Int], spacing: Int) -> String {
        let labels = widths.enumerated().map { "    label v\($0.offset)(intrinsic: \($0.element) x 10)" }
        return "hstack main(distribution: equalCentering, spacing: \(spacing)) {\n\(labels.joined(separator: "\n"))\n}"
    }

    /// Six labels 10, 17, 24, 31, 38 and 14 wide, spacing 2: the widest least centre distance is
    /// 31 / 2 + 2 + 38 / 2 = 36.5, so the centres are 36.5 apart from 5 (half the first label) and
    /// the row is 5 + 5 * 36.5 + 7 = 194.5 wide. In a vstack above a label 40 wide that hugs at 40,
    /// below every gap priority, the row keeps that width (hugging at 250 would squeeze it).
    @Test func aNaturalRowHasEqualGapsOnTheTree() {
        let widths = [10, 17, 24, 31, 38, 14]
        let xs: [Double] = [0, 33, 66, 99, 132, 180.5]
        for nested in [false, true] {
            let text = nested ? "vstack outer {\n\(Self.row(widths, spacing: 2))\n    label under(intrinsic: 40 x 10, hugging: 40)\n}" : Self.row(widths, spacing: 2)
            let ir = loweredToday(text)
            guard let solution = treeSolution(ir) else { continue }
            let prefix = nested ? "outer.main" : "main"
            let frames = (0..<6).map { k in ir.items.firstIndex { $0.name == "\(prefix).v\(k)" }.map { solution.frames[$0] } }
            #expect(frames.map { $0?.x } == xs, "nested \(nested)")
            #expect(ir.items.firstIndex { $0.name == prefix }.map { solution.frames[$0].width } == 194.5, "nested \(nested)")
        }
    }

    /// A row of 1,000 labels: the widest least centre distance is that of the widest neighbouring
    /// pair, and the row's width follows from it as above, on the tree.
    @Test func aLongNaturalRowIsSolvedOnTheTree() {
        let widths = (0..<1_000).map { 10 + ($0 * 7) % 31 }
        let ir = loweredToday(Self.row(widths, spacing: 2))
        let widest = (0..<(widths.count - 1)).map { Double(widths[$0] + widths[$0 + 1]) / 2 + 2 }.max() ?? 0
        let expected = Double(widths[0]) / 2 + Double(widths.count - 1) * widest + Double(widths[widths.count - 1]) / 2
        let (solution, report) = solveLayoutReporting(ir: ir)
        guard case .structured = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
        #expect(solution.frames[0].width == expected)
    }

    /// Given 150 of the 194.5 its gaps need, the row's gaps give way one level at a time, which the
    /// tree solver does not work out: it declines, and the general solver's frames are the answer.
    @Test func aSqueezedRowIsLeftToTheGeneralSolver() {
        let ir = loweredToday(Self.row([10, 17, 24, 31, 38, 14], spacing: 2)).replacingRootSize(width: true, height: false)
        let (solution, report) = solveLayoutReporting(ir: ir, width: 150)
        if case .structured = report.path { Issue.record("a squeezed row solved on the tree") }
        #expect(solutionDifference(solution, solve(ir, width: 150), ir: ir) == nil)
        #expect(solution.frames[0].width == 150)
    }

    /// Two items equally centred have one gap and no equality: the stack is placed as equalSpacing
    /// places it, squeezed or not. `a` 40 and `b` 60 wide, 10 apart at the least: 110 wide at its
    /// natural width, the gap guide from `a`'s centre (20) to `b`'s (80); at 200 the gap takes the
    /// rest (`b` at 140, its centre at 170); at 90 `b`, compressed at 700 (below `a`'s 750), gives
    /// way to 40, its centre at 70.
    @Test func twoItemsAreEquallySpaced() {
        let ir = loweredToday("""
            hstack main(distribution: equalCentering, spacing: 10) {
                label a(intrinsic: 40 x 10)
                label b(intrinsic: 60 x 10, horizontalCompression: 700)
            }
            """)
        let names = ["main", "main.a", "main.b", "main#gap1"]
        let expected: [(Double?, [[Double]])] = [
            (nil, [[0, 110], [0, 40], [50, 60], [20, 60]]),
            (200, [[0, 200], [0, 40], [140, 60], [20, 150]]),
            (90, [[0, 90], [0, 40], [50, 40], [20, 50]]),
        ]
        expectTreeSpans(ir, names, horizontal: true, expected)
    }
}
