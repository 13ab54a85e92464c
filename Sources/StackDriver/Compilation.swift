import StackIR
import StackSemantics
import StackSolver
import StackSyntax
import StackText

/// The whole pipeline for one file, run once and shared by the command line, the tests and editors:
/// parse and check, lower each root layout to the constraint IR, and solve it at its own size to find
/// conflicts and ambiguity at build time.
///
/// Pure: no files, no output. Each phase's result is kept so callers can look at any of them.
public struct Compilation: Sendable {
    /// The source.
    public let file: SourceFile
    /// The checked model and the parser's and checker's diagnostics.
    public let checked: CheckResult
    /// One IR per root layout, in source order; empty when the checker found errors.
    public let irs: [ConstraintIR]
    /// One solution per IR at the root's own size (explicit, else natural); empty when not solved.
    public let solutions: [LayoutSolution]
    /// Every diagnostic of every phase, sorted by position, each reported once.
    public let diagnostics: [Diagnostic]
    /// What text was measured in.
    public let text: TextEnvironment

    /// Parses `file` and runs the pipeline. `solving: false` stops after lowering (no layout diagnostics).
    /// `maximumItems` bounds what components may expand to (see `check(_:maximumItems:)`).
    /// `text` is what labels' and buttons' text is measured in (fonts, content size category, screen scale).
    /// `uikit` is the UIKit whose constraint sets the stacks are lowered to.
    public init(
        file: SourceFile, solving: Bool = true, maximumItems: Int = defaultMaximumItems, text: TextEnvironment = .standard,
        uikit: UIKitTarget = .default
    ) {
        self.init(tree: Parser.parse(file), solving: solving, maximumItems: maximumItems, text: text, uikit: uikit)
    }

    /// Runs the pipeline on a tree already parsed (an editor keeps the tree for symbols and completion).
    public init(
        tree: SyntaxTree, solving: Bool = true, maximumItems: Int = defaultMaximumItems, text: TextEnvironment = .standard,
        uikit: UIKitTarget = .default
    ) {
        let file = tree.file
        self.file = file
        self.text = text
        self.checked = check(tree, maximumItems: maximumItems, text: text)
        self.irs = checked.diagnostics.hasErrors ? [] : lower(checked.model, uikit: uikit)
        var solutions: [LayoutSolution] = []
        var layout: [Diagnostic] = []
        if solving {
            for index in irs.indices {
                let (solution, tree, _) = Self.solve(irs[index], tree: checked.model.roots[index], file: file, text: text,
                                                     width: nil, height: nil, direction: .leftToRight)
                solutions.append(solution)
                // A constraint inside a component body is lowered once per instance: one report per place and cause.
                layout += solution.diagnostics(in: file, ir: irs[index], tree: tree, text: text)
            }
        }
        self.solutions = solutions
        if layout.isEmpty {
            self.diagnostics = checked.diagnostics
        } else {
            var seen = Set(checked.diagnostics)
            self.diagnostics = (checked.diagnostics + layout.filter { seen.insert($0).inserted }).sortedByLocation()
        }
    }

    /// The IR of the root named `name`, or of every root when `name` is nil; nil for an unknown name.
    public func roots(named name: String?) -> [ConstraintIR]? {
        guard let name else { return irs }
        return irs.first { $0.root == name }.map { [$0] }
    }
}

extension Compilation {
    /// The root at `index` in `irs` solved at a requested size, which replaces the root's own
    /// `width:`/`height:` (the file's size is the default preview size): what `stackc layout`,
    /// `stackc render` and StackTesting show.
    /// `direction` right to left mirrors leading and trailing, as `semanticContentAttribute` does.
    public func solution(root index: Int, width: Double?, height: Double?, direction: LayoutDirection = .leftToRight) -> LayoutSolution {
        measuredSolution(root: index, width: width, height: height, direction: direction).solution
    }

    /// `solution(root:width:height:direction:)` with the tree its multi-line labels were measured in at
    /// that size (for the truncation check: `LayoutSolution.diagnostics(in:ir:tree:text:)`).
    public func measuredSolution(
        root index: Int, width: Double?, height: Double?, direction: LayoutDirection = .leftToRight
    ) -> (solution: LayoutSolution, tree: LayoutTree?) {
        let tree = checked.model.roots.indices.contains(index) ? checked.model.roots[index] : nil
        let (solution, measured, _) = Self.solve(sized(index, width: width, height: height), tree: tree, file: file,
                                                 text: text, width: width, height: height, direction: direction)
        return (solution.mirrored(for: direction), measured)
    }

    /// `solution(root:width:height:direction:)` with how it was solved (`stackc layout --explain-solver`).
    public func solutionReporting(
        root index: Int, width: Double?, height: Double?, direction: LayoutDirection = .leftToRight
    ) -> (solution: LayoutSolution, report: SolveReport) {
        let tree = checked.model.roots.indices.contains(index) ? checked.model.roots[index] : nil
        let (solution, _, report) = Self.solve(sized(index, width: width, height: height), tree: tree, file: file, text: text,
                                               width: width, height: height, direction: direction, reporting: true)
        return (solution.mirrored(for: direction), report ?? SolveReport(path: .structured([])))
    }

    private func sized(_ index: Int, width: Double?, height: Double?) -> ConstraintIR {
        irs[index].replacingRootSize(width: width != nil, height: height != nil)
    }
}
