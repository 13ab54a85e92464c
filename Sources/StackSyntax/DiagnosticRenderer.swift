/// Renders diagnostics the way swiftc does, so Xcode, SwiftPM and editors can parse the first line:
///
///     card.stack:3:17: error: unknown alignment 'centre' [E104]
///       hstack(alignment: centre)
///                         ^~~~~~
///     card.stack:3:17: note: did you mean 'center'?
public struct DiagnosticRenderer: Sendable {
    /// Whether to emit ANSI colours (only on a terminal, and never with `NO_COLOR`).
    public var colored: Bool

    /// Creates a renderer.
    public init(colored: Bool = false) {
        self.colored = colored
    }

    /// All diagnostics of one file, in order, each followed by its excerpt.
    public func render(_ diagnostics: [Diagnostic], in file: SourceFile) -> String {
        diagnostics.map { render($0, in: file) }.joined()
    }

    /// One diagnostic with its excerpt, notes and fix-its.
    public func render(_ diagnostic: Diagnostic, in file: SourceFile) -> String {
        var output = header(file.path, file.location(of: diagnostic.range.start), diagnostic.severity, "\(diagnostic.message) [\(diagnostic.id.rawValue)]")
        output += excerpt(diagnostic.range, in: file)
        for note in diagnostic.notes where note.path == nil || note.path == file.path {
            output += header(file.path, file.location(of: note.range.start), .note, note.message)
            output += excerpt(note.range, in: file)
        }
        for fixIt in diagnostic.fixIts {
            output += paint("fix-it: ", bold: true) + fixIt.message + "\n"
        }
        return output
    }

    /// `path:line:col: severity: message`.
    public func header(_ path: String, _ location: SourceLocation, _ severity: Severity, _ message: String) -> String {
        let label: String
        switch severity {
        case .error: label = paint("error:", color: "31")
        case .warning: label = paint("warning:", color: "35")
        case .note: label = paint("note:", color: "36")
        }
        return paint("\(path):\(location.line):\(location.column):", bold: true) + " " + label + " " + paint(message, bold: true) + "\n"
    }

    /// The source line holding `range.start`, and a caret line under the range (clipped to that line).
    public func excerpt(_ range: SourceRange, in file: SourceFile) -> String {
        guard !file.bytes.isEmpty else { return "" }
        let start = file.location(of: range.start)
        let lineText = file.lineText(start.line - 1).replacingTabs()
        let lineEnd = file.location(of: min(range.end, file.lineStarts.count > start.line ? file.lineStarts[start.line] - 1 : file.bytes.count))
        let width = max(1, (lineEnd.line == start.line ? lineEnd.column : lineText.count + 1) - start.column)
        let gutter = String(start.line)
        var output = paint(gutter + " | ", color: "34") + lineText + "\n"
        output += paint(String(repeating: " ", count: gutter.count) + " | ", color: "34")
        output += String(repeating: " ", count: start.column - 1) + paint("^" + String(repeating: "~", count: width - 1), color: "32") + "\n"
        return output
    }

    private func paint(_ text: String, color: String? = nil, bold: Bool = false) -> String {
        guard colored else { return text }
        var codes: [String] = []
        if bold { codes.append("1") }
        if let color { codes.append(color) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }
}

extension String {
    /// Tabs become one space each, so caret columns (counted in characters) line up.
    fileprivate func replacingTabs() -> String {
        String(map { $0 == "\t" ? " " : $0 })
    }
}
