import StackSemantics
import StackSyntax

/// The pipeline for one file, run once and shared by the commands: parse, check, and the later phases.
struct Compilation {
    let file: SourceFile
    let checked: CheckResult

    init(file: SourceFile) {
        self.file = file
        self.checked = check(file)
    }

    /// Every diagnostic, sorted.
    var diagnostics: [Diagnostic] { checked.diagnostics }
}
