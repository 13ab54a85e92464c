import StackIR
import StackSemantics
import StackSyntax

/// The whole pipeline for one file, run once and shared by the command line, the tests and editors:
/// parse and check, then lower each root layout to the constraint IR.
///
/// Pure: no files, no output. Each phase's result is kept so callers can look at any of them.
public struct Compilation: Sendable {
    /// The source.
    public let file: SourceFile
    /// The checked model and the parser's and checker's diagnostics.
    public let checked: CheckResult
    /// One IR per root layout, in source order; empty when the checker found errors.
    public let irs: [ConstraintIR]

    /// Runs the pipeline.
    public init(file: SourceFile) {
        self.file = file
        self.checked = check(file)
        self.irs = checked.diagnostics.hasErrors ? [] : lower(checked.model)
    }

    /// Every diagnostic, sorted.
    public var diagnostics: [Diagnostic] { checked.diagnostics }

    /// The IR of the root named `name`, or of every root when `name` is nil; nil for an unknown name.
    public func roots(named name: String?) -> [ConstraintIR]? {
        guard let name else { return irs }
        return irs.first { $0.root == name }.map { [$0] }
    }
}
