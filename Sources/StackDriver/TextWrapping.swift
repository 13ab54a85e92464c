import StackIR
import StackSemantics
import StackSolver
import StackSyntax
import StackText

extension Compilation {
    /// The most measure-and-solve rounds for wrapped text: each round re-measures the labels whose
    /// solved width differs from the one they were measured at.
    static let wrappingRounds = 3

    /// Solves a root, then gives every label of several lines (`lines:` other than 1) sized by its text
    /// the height of its text wrapped at its solved width (UIKit's second pass, with the width as
    /// `preferredMaxLayoutWidth`), lowers again and solves again, until no label's measure changes.
    /// Returns the solution and the tree as last measured.
    static func solve(
        _ ir: ConstraintIR, tree: LayoutTree?, file: SourceFile, text: TextEnvironment,
        width: Double?, height: Double?, direction: LayoutDirection, reporting: Bool = false
    ) -> (LayoutSolution, LayoutTree?, SolveReport?) {
        func solved(_ ir: ConstraintIR) -> (LayoutSolution, SolveReport?) {
            guard reporting else { return (solveLayout(ir: ir, width: width, height: height), nil) }
            let (solution, report) = solveLayoutReporting(ir: ir, width: width, height: height)
            return (solution, report)
        }
        var (solution, report) = solved(ir.forDirection(direction))
        guard var tree, tree.nodes.count <= solution.frames.count else { return (solution, tree, report) }
        let wrapping = tree.nodes.indices.filter { index in
            guard let leaf = tree.nodes[index].leaf else { return false }
            return leaf.measuredText && leaf.text != nil && leaf.lines != 1 && tree.nodes[index].kind == .label
        }
        guard !wrapping.isEmpty else { return (solution, tree, report) }
        for _ in 0..<wrappingRounds {
            var changed = false
            for index in wrapping {
                guard let leaf = tree.nodes[index].leaf, let content = leaf.text else { continue }
                let measured = text.measureLabel(content, font: leaf.font ?? .default, lines: leaf.lines,
                                                 width: max(0, solution.frames[index].width))
                guard measured.width != leaf.intrinsic.horizontal || measured.height != leaf.intrinsic.vertical else { continue }
                tree.nodes[index].leaf?.intrinsic = PerAxis(horizontal: measured.width, vertical: measured.height)
                if tree.nodes[index].origins.baselines == nil {
                    tree.nodes[index].leaf?.lastBaseline = measured.lastBaseline
                }
                changed = true
            }
            guard changed else { break }
            let lowered = lower(tree, in: file, uikit: ir.uikit).replacingRootSize(width: width != nil, height: height != nil)
            (solution, report) = solved(lowered.forDirection(direction))
        }
        return (solution, tree, report)
    }
}
