import StackDriver
import StackIR
import StackSyntax

extension Compilation {
    /// The indices (in `irs`) of the roots a command works on: the one named by `--root`, or all.
    /// Reports and returns nil for an unknown name.
    func selectRoots(_ name: String?, command: String) -> [Int]? {
        guard let name else { return Array(irs.indices) }
        if let index = irs.firstIndex(where: { $0.root == name }) { return [index] }
        let names = irs.prefix(10).map(\.root).joined(separator: ", ") + (irs.count > 10 ? " and \(irs.count - 10) more" : "")
        Output.error("stackc \(command): error: no root layout named '\(name)' in \(file.path); roots: \(names)\n")
        return nil
    }

    /// Prints the diagnostics on standard error; true when there are errors (the caller stops with exit 1).
    func reportDiagnostics() -> Bool {
        Output.error(DiagnosticRenderer(colored: Output.stderrIsColorTerminal).render(diagnostics, in: file))
        return diagnostics.hasErrors
    }
}
