import StackDriver
import StackSyntax

extension LanguageServer {
    /// The formatter `stackc lsp` uses: StackSyntax's `format(_:style:)`, in the style of the document's
    /// `.stackc.json` when it is on disk.
    public static let defaultFormatter: Formatter? = { format($0, style: ProjectConfiguration.forDocument(atPath: $0.file.path).formatStyle) }

    /// `textDocument/formatting`: one edit replacing the whole text with its canonical form; no edits
    /// when the file is already formatted, does not parse, or no formatter is configured.
    func formatting(_ analysis: Analysis) -> JSONValue {
        guard let formatter, !analysis.tree.diagnostics.hasErrors, let formatted = formatter(analysis.tree) else {
            return .array([])
        }
        let original = String(decoding: analysis.file.bytes, as: UTF8.self)
        guard formatted != original else { return .array([]) }
        let whole = SourceRange(start: 0, end: analysis.file.bytes.count)
        return .array([.object([("range", analysis.mapper.range(of: whole).json), ("newText", .string(formatted))])])
    }

    /// `textDocument/codeAction`: each fix-it of each diagnostic overlapping the range, as a quickfix with a
    /// `WorkspaceEdit`. Only `quickfix` actions exist, so a request whose `only` excludes them gets none.
    func codeActions(_ analysis: Analysis, uri: String, range: LSPRange, context: JSONValue?) -> JSONValue {
        if let only = context?["only"]?.arrayValue,
           !only.contains(where: { ($0.stringValue ?? "") == "quickfix" || ($0.stringValue ?? "x") == "" }) {
            return .array([])
        }
        let requested = analysis.mapper.sourceRange(of: range)
        let style = DiagnosticStyle(relatedInformation: clientCapabilities["textDocument"]?["publishDiagnostics"]?["relatedInformation"]?.boolValue ?? false)
        var actions: [JSONValue] = []
        for diagnostic in analysis.compilation.diagnostics where !diagnostic.fixIts.isEmpty {
            let overlaps = diagnostic.range.start <= requested.end && requested.start <= diagnostic.range.end
            guard overlaps else { continue }
            for fixIt in diagnostic.fixIts {
                let edits: [JSONValue] = fixIt.edits.map { edit in
                    .object([("range", analysis.mapper.range(of: edit.range).json), ("newText", .string(edit.replacement))])
                }
                actions.append(.object([
                    ("title", .string(fixIt.message)),
                    ("kind", .string("quickfix")),
                    ("diagnostics", .array([analysis.lspDiagnostic(diagnostic, uri: uri, style: style)])),
                    ("isPreferred", .bool(diagnostic.fixIts.count == 1)),
                    ("edit", .object([("changes", .object([(uri, .array(edits))]))])),
                ]))
            }
        }
        return .array(actions)
    }
}
