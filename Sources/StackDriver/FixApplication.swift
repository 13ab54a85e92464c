import StackSemantics
import StackSyntax

/// `stackc check --fix`: a file with every fix-it of its diagnostics applied, as ESLint's and `cargo fix`'s
/// `--fix` do it.
///
/// - A diagnostic's fix-it applies when it is the diagnostic's only one; several are alternatives for a
///   person to choose between (an editor's code actions), so none of them applies.
/// - Fixes apply in passes. Each pass takes the fix-its in diagnostic order (by position) and applies every
///   one whose edits touch none of an earlier one's: the first wins, the later one is left. The file is then
///   checked again and the next pass applies what its diagnostics still suggest, with ranges of the new text,
///   so a fix left for overlapping is applied if it is still wanted. Passes stop when one applies nothing,
///   or after `maximumPasses`.
/// - While the text has syntax errors, only their fix-its apply: the checker's findings in a tree with
///   syntax errors are not to be trusted. The result is usable only when it has no syntax errors: a file
///   whose syntax errors its fix-its do not all remove is left as it is.
public struct FixApplication: Sendable {
    /// Passes before giving up on fixes that keep suggesting more fixes.
    public static let maximumPasses = 10

    /// The text with the fixes applied (the original bytes when `refusal` is set).
    public let bytes: [UInt8]
    /// How many fix-its were applied (0 when `refusal` is set).
    public let applied: Int
    /// Why nothing may be written although fixes applied, when that is so: the fixed text still has
    /// syntax errors.
    public let refusal: String?

    /// Whether the fixed text differs from the original.
    public var changed: Bool { applied > 0 && refusal == nil }

    /// Applies the fix-its of `file`'s diagnostics, as `configuration` reports them (disabled warnings'
    /// fix-its never apply).
    public init(file: SourceFile, configuration: ProjectConfiguration = .standard, maximumItems: Int = defaultMaximumItems) {
        var current = file
        var applied = 0
        for _ in 0..<FixApplication.maximumPasses {
            let tree = Parser.parse(current)
            let diagnostics = tree.diagnostics.hasErrors
                ? tree.diagnostics
                : configuration.filtered(Compilation(tree: tree, solving: false, maximumItems: maximumItems).diagnostics)
            let pass = FixApplication.applyOnce(diagnostics, to: current.bytes)
            guard pass.applied > 0 else { break }
            applied += pass.applied
            current = SourceFile(path: file.path, bytes: pass.bytes)
        }
        if applied > 0, Parser.parse(current).diagnostics.hasErrors {
            self.bytes = file.bytes
            self.applied = 0
            self.refusal = "its fix-its leave syntax errors"
        } else {
            self.bytes = current.bytes
            self.applied = applied
            self.refusal = nil
        }
    }

    /// Why a diagnostic's fix-it does not apply in the text it was found in, or nil when it would.
    public static func reasonNotApplicable(_ diagnostic: Diagnostic, in bytes: [UInt8]) -> String? {
        guard !diagnostic.fixIts.isEmpty else { return nil }
        if diagnostic.fixIts.count > 1 { return "\(diagnostic.fixIts.count) alternative fix-its; choose one in an editor" }
        return wellFormed(diagnostic.fixIts[0], count: bytes.count) ? nil : "its edits overlap each other or the end of the file"
    }

    /// One pass: every applicable fix-it whose edits overlap no earlier one's, in diagnostic order.
    /// Returns the new bytes and how many fix-its applied.
    public static func applyOnce(_ diagnostics: [Diagnostic], to bytes: [UInt8]) -> (bytes: [UInt8], applied: Int) {
        var taken: [TextEdit] = []
        var applied = 0
        for diagnostic in diagnostics.sortedByLocation() where diagnostic.fixIts.count == 1 {
            let fixIt = diagnostic.fixIts[0]
            guard wellFormed(fixIt, count: bytes.count) else { continue }
            // The same edit twice (two diagnostics suggesting one fix) is one fix.
            let new = fixIt.edits.filter { !taken.contains($0) }
            guard !new.isEmpty else { continue }
            guard !new.contains(where: { edit in taken.contains { overlap(edit.range, $0.range) } }) else { continue }
            taken += new
            applied += 1
        }
        var result = bytes
        // From the end backwards, so each edit's offsets still name the original bytes.
        for edit in taken.sorted(by: { ($0.range.start, $0.range.end) > ($1.range.start, $1.range.end) }) {
            result.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.replacement.utf8))
        }
        return (result, applied)
    }

    /// Whether two edits' ranges cannot both apply: they share a byte, they insert at the same place (which
    /// goes first is undefined), or one inserts strictly inside the other's range. Ranges that only touch
    /// apply one after the other.
    static func overlap(_ a: SourceRange, _ b: SourceRange) -> Bool {
        if a.start < b.end && b.start < a.end { return true }
        if a.length == 0 && b.length == 0 { return a.start == b.start }
        if a.length == 0 { return b.start < a.start && a.start < b.end }
        if b.length == 0 { return a.start < b.start && b.start < a.end }
        return false
    }

    /// Edits inside the text that do not overlap each other.
    private static func wellFormed(_ fixIt: FixIt, count: Int) -> Bool {
        for (index, edit) in fixIt.edits.enumerated() {
            guard edit.range.start >= 0, edit.range.start <= edit.range.end, edit.range.end <= count else { return false }
            if fixIt.edits[..<index].contains(where: { overlap($0.range, edit.range) }) { return false }
        }
        return !fixIt.edits.isEmpty
    }
}
