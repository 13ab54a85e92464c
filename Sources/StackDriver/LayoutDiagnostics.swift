import StackIR
import StackSolver
import StackSyntax

extension LayoutSolution {
    /// The findings as diagnostics. A finding's range is its origin's byte range; when the IR was read
    /// from text (no ranges), `file` turns line and column into an offset; without either the range is
    /// empty at offset 0, and `SolverFinding.origin` still has the line and column.
    public func diagnostics(in file: SourceFile? = nil) -> [Diagnostic] {
        func range(_ origin: Origin) -> SourceRange {
            if let range = origin.range { return range }
            if let file { return .empty(at: file.offset(of: SourceLocation(line: origin.line, column: origin.column))) }
            return .empty(at: 0)
        }
        return findings.map { finding in
            Diagnostic(
                finding.id, finding.message, at: range(finding.origin),
                notes: finding.notes.map { DiagnosticNote($0.message, at: range($0.origin)) })
        }
    }
}
