import StackDriver
import StackIR
import StackSyntax

extension Compilation {
    /// The roots a command works on: the one named by `--root`, or all. Reports and returns nil for an unknown name.
    func selectRoots(_ name: String?, command: String) -> [ConstraintIR]? {
        if let roots = roots(named: name) { return roots }
        Output.error("stackc \(command): error: no root layout named '\(name ?? "")' in \(file.path); roots: \(irs.map(\.root).joined(separator: ", "))\n")
        return nil
    }

    /// Prints the diagnostics on standard error; true when there are errors (the caller stops with exit 1).
    func reportDiagnostics() -> Bool {
        Output.error(DiagnosticRenderer(colored: Output.stderrIsColorTerminal).render(diagnostics, in: file))
        return diagnostics.hasErrors
    }
}
