import StackDriver
import StackSyntax

/// `stackc check --fix`: applies each file's fix-its in place (see `FixApplication` for which apply), and
/// counts them for the closing line "applied N fix-its to M files".
struct FixTally {
    private(set) var fixIts = 0
    private(set) var files = 0
    /// Why the current file's fix-its were not written, when they were not.
    private var refusal: String?
    /// Whether writing the current file failed (already reported, with the file unchanged).
    private var writeFailed = false

    /// Applies the fix-its of `file` and writes the result over it when anything changes; `file` becomes
    /// the text written. False when the write failed (reported; the file is unchanged).
    mutating func fix(_ file: inout SourceFile, configuration: ProjectConfiguration, maximumItems: Int) -> Bool {
        let application = FixApplication(file: file, configuration: configuration, maximumItems: maximumItems)
        refusal = application.refusal
        writeFailed = false
        guard application.changed else { return true }
        guard Output.writeFile(bytes: application.bytes, to: file.path) else {
            writeFailed = true
            return false
        }
        file = SourceFile(path: file.path, bytes: application.bytes)
        fixIts += application.applied
        files += 1
        return true
    }

    /// A note for each fix-it that is still suggested in the file as written, saying why it was not applied.
    func reportUnapplied(_ diagnostics: [Diagnostic], in file: SourceFile, renderer: DiagnosticRenderer) {
        guard !writeFailed else { return }
        if let refusal {
            Output.error(renderer.header(file.path, SourceLocation(line: 1, column: 1), .note, "no fix-it applied: \(refusal); the file is unchanged"))
            return
        }
        for diagnostic in diagnostics where !diagnostic.fixIts.isEmpty {
            let reason = FixApplication.reasonNotApplicable(diagnostic, in: file.bytes)
                ?? (Parser.parse(file).diagnostics.hasErrors
                    ? "the file has syntax errors without fix-its"
                    : "it still overlaps another fix after \(FixApplication.maximumPasses) passes")
            Output.error(renderer.header(file.path, file.location(of: diagnostic.range.start), .note,
                                         "fix-it not applied for [\(diagnostic.id.rawValue)]: \(reason)"))
        }
    }

    /// "stackc check: applied 3 fix-its to 2 files".
    var summary: String {
        "stackc check: applied \(fixIts) fix-it\(fixIts == 1 ? "" : "s") to \(files) file\(files == 1 ? "" : "s")\n"
    }
}
