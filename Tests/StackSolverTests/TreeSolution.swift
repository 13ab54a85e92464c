import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// The automatic solve of `ir` at a size (the root's own where nil), which must come from the tree
/// solver and give the general solver's frames; nil, with an issue, when the tree solver declines.
func treeSolution(_ ir: ConstraintIR, width: Double? = nil, height: Double? = nil) -> LayoutSolution? {
    let sized = width == nil && height == nil ? ir : ir.replacingRootSize(width: width != nil, height: height != nil)
    let place = "\(String(describing: width)) x \(String(describing: height))"
    let (solution, report) = solveLayoutReporting(ir: sized, width: width, height: height)
    guard case .structured = report.path else {
        Issue.record("\(place): solved by \(report.path)")
        return nil
    }
    if let difference = solutionDifference(solution, solve(sized, width: width, height: height), ir: sized) {
        Issue.record("\(place): \(difference)")
    }
    return solution
}

/// Each named item's position and length along one axis in `solution`.
func spans(_ names: [String], _ solution: LayoutSolution, _ ir: ConstraintIR, horizontal: Bool) -> [[Double]] {
    names.map { name in
        guard let index = ir.items.firstIndex(where: { $0.name == name }) else { return [] }
        let frame = solution.frames[index]
        return horizontal ? [frame.x, frame.width] : [frame.y, frame.height]
    }
}

/// For each root length of `expected` (nil: natural) along one axis, the named items' spans on that
/// axis (`spans`) from a solve that must come from the tree with the general solver's frames
/// (`treeSolution`).
func expectTreeSpans(_ ir: ConstraintIR, _ names: [String], horizontal: Bool, _ expected: [(Double?, [[Double]])],
                     sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    for (length, frames) in expected {
        guard let solution = horizontal ? treeSolution(ir, width: length) : treeSolution(ir, height: length) else { continue }
        #expect(spans(names, solution, ir, horizontal: horizontal) == frames, "\(String(describing: length))",
                sourceLocation: sourceLocation)
    }
}

/// `text`'s first root, lowered as today's UIKit creates its constraints.
func loweredToday(_ text: String) -> ConstraintIR { lowered(text, uikit: .current) }

/// `text`'s first root, lowered as `uikit` creates its constraints.
func lowered(_ text: String, uikit: UIKitTarget) -> ConstraintIR {
    let file = SourceFile(path: "lowered.stack", text: text)
    return lower(check(file).model.roots[0], in: file, uikit: uikit)
}
