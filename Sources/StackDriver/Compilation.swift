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

    /// Parses `file` and runs the pipeline. `solving: false` stops after lowering (no layout diagnostics).
    /// `maximumItems` bounds what components may expand to (see `check(_:maximumItems:)`).
    /// `text` is what labels' and buttons' text is measured in (fonts, content size category, screen scale).
    public init(file: SourceFile, solving: Bool = true, maximumItems: Int = defaultMaximumItems, text: TextEnvironment = .standard) {
        self.init(tree: Parser.parse(file), solving: solving, maximumItems: maximumItems, text: text)
    }

    /// Runs the pipeline on a tree already parsed (an editor keeps the tree for symbols and completion).
    public init(tree: SyntaxTree, solving: Bool = true, maximumItems: Int = defaultMaximumItems, text: TextEnvironment = .standard) {
        let file = tree.file
        self.file = file
        self.checked = check(tree, maximumItems: maximumItems, text: text)
        self.irs = checked.diagnostics.hasErrors ? [] : lower(checked.model)
        self.solutions = solving ? irs.map { solveLayout(ir: $0) } : []
        // A constraint inside a component body is lowered once per instance: one report per place and cause.
        // The checker's own are distinct already, so only the layout's are looked up.
        let layout = zip(solutions, irs).flatMap { $0.diagnostics(in: file, ir: $1) }
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
        solveLayout(ir: sized(index, width: width, height: height, direction: direction), width: width, height: height)
            .mirrored(for: direction)
    }

    /// `solution(root:width:height:direction:)` with how it was solved (`stackc layout --explain-solver`).
    public func solutionReporting(
        root index: Int, width: Double?, height: Double?, direction: LayoutDirection = .leftToRight
    ) -> (solution: LayoutSolution, report: SolveReport) {
        let (solution, report) = solveLayoutReporting(ir: sized(index, width: width, height: height, direction: direction), width: width, height: height)
        return (solution.mirrored(for: direction), report)
    }

    private func sized(_ index: Int, width: Double?, height: Double?, direction: LayoutDirection) -> ConstraintIR {
        irs[index].replacingRootSize(width: width != nil, height: height != nil).forDirection(direction)
    }
}
