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

    /// How many diagnostics of one file `render(_:in:)` shows; a line then says how many more there are.
    /// A file of junk can have a diagnostic per token, and a wall of thousands helps nobody.
    public static let maximumShown = 100

    /// The diagnostics of one file, in order, each followed by its excerpt: the first `maximumShown`,
    /// then a line that counts the rest.
    public func render(_ diagnostics: [Diagnostic], in file: SourceFile) -> String {
        let locations = LocationCache(file: file)
        var output = ""
        for diagnostic in diagnostics.prefix(Self.maximumShown) {
            output += render(diagnostic, in: file, locations: locations)
        }
        if diagnostics.count > Self.maximumShown {
            let more = diagnostics.count - Self.maximumShown
            output += paint("\(file.path):", bold: true) + " " + paint("note:", color: "36")
                + " \(more) more diagnostic\(more == 1 ? "" : "s") not shown\n"
        }
        return output
    }

    /// One diagnostic with its excerpt, notes and fix-its.
    public func render(_ diagnostic: Diagnostic, in file: SourceFile) -> String {
        let locations = LocationCache(file: file)
        return render(diagnostic, in: file, locations: locations)
    }

    private func render(_ diagnostic: Diagnostic, in file: SourceFile, locations: LocationCache) -> String {
        var output = header(file.path, locations.location(of: diagnostic.range.start), diagnostic.severity,
                            "\(diagnostic.message) [\(diagnostic.id.rawValue)]")
        output += excerpt(diagnostic.range, in: file)
        for note in diagnostic.notes where note.path == nil || note.path == file.path {
            output += header(file.path, locations.location(of: note.range.start), .note, note.message)
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

    /// Lines up to this many bytes are shown whole; a longer one shows a window around the range.
    static let wholeLineBytes = 120
    /// Characters of context on each side of the range in a window, and the longest caret drawn.
    static let windowContext = 40, longestCaret = 80

    /// The source line holding `range.start`, and a caret line under the range (clipped to that line).
    /// A long line shows only a window around the range, with `...` where it is cut (as rustc does), so
    /// the output for a diagnostic never grows with the length of its line.
    public func excerpt(_ range: SourceRange, in file: SourceFile) -> String {
        guard !file.bytes.isEmpty else { return "" }
        let bytes = file.bytes
        let start = max(0, min(range.start, bytes.count))
        let line = file.lineIndex(of: start)
        let lineStart = file.lineStarts[line]
        var lineEnd = line + 1 < file.lineStarts.count ? file.lineStarts[line + 1] - 1 : bytes.count
        if lineEnd > lineStart, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
        let caretStart = min(start, lineEnd)
        let caretEnd = max(caretStart, min(range.end, lineEnd))
        var before = file.text(SourceRange(start: lineStart, end: caretStart))
        var inside = file.text(SourceRange(start: caretStart, end: caretEnd))
        var after = file.text(SourceRange(start: caretEnd, end: lineEnd))
        var lead = "", trail = ""
        if lineEnd - lineStart > Self.wholeLineBytes {
            // Four bytes a character at most: these byte bounds hold the characters wanted, then cut by characters.
            let windowStart = Self.boundary(in: bytes, atOrAfter: max(lineStart, caretStart - 4 * Self.windowContext), highest: caretStart)
            let insideEnd = Self.boundary(in: bytes, atOrBefore: min(caretEnd, caretStart + 4 * Self.longestCaret), lowest: caretStart)
            let windowEnd = Self.boundary(in: bytes, atOrBefore: min(lineEnd, insideEnd + 4 * Self.windowContext), lowest: insideEnd)
            before = file.text(SourceRange(start: windowStart, end: caretStart))
            inside = file.text(SourceRange(start: caretStart, end: insideEnd))
            after = file.text(SourceRange(start: insideEnd, end: windowEnd))
            let caretCut = insideEnd < caretEnd || inside.count > Self.longestCaret
            if windowStart > lineStart || before.count > Self.windowContext { lead = "..." }
            before = String(before.suffix(Self.windowContext))
            inside = String(inside.prefix(Self.longestCaret))
            after = caretCut ? "" : after
            if caretCut || windowEnd < lineEnd || after.count > Self.windowContext { trail = "..." }
            after = String(after.prefix(Self.windowContext))
        }
        before = before.replacingTabs()
        inside = inside.replacingTabs()
        after = after.replacingTabs()
        let shown = lead + before + inside + after + trail
        // A range running past its line is marked to the line's end.
        let width = max(1, inside.count)
        let gutter = String(line + 1)
        var output = paint(gutter + " | ", color: "34") + shown + "\n"
        output += paint(String(repeating: " ", count: gutter.count) + " | ", color: "34")
        output += String(repeating: " ", count: lead.count + before.count) + paint("^" + String(repeating: "~", count: width - 1), color: "32") + "\n"
        return output
    }

    /// The first offset at or after `offset` (and at most `highest`) that starts a UTF-8 character.
    private static func boundary(in bytes: [UInt8], atOrAfter offset: Int, highest: Int) -> Int {
        var index = offset
        while index < highest, index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
        return index
    }

    /// The last offset at or before `offset` (and at least `lowest`) that starts a UTF-8 character.
    private static func boundary(in bytes: [UInt8], atOrBefore offset: Int, lowest: Int) -> Int {
        var index = offset
        while index > lowest, index < bytes.count, bytes[index] & 0xC0 == 0x80 { index -= 1 }
        return index
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

/// Lines and columns for a run of offsets, mostly ascending: each column is counted on from the last
/// one found on the same line, so the diagnostics of a long non-ASCII line cost one pass over it rather
/// than one per diagnostic. Offsets seen before (a note's "first declared here") are remembered.
public final class LocationCache {
    /// The file the offsets are in.
    public let file: SourceFile
    private var last: (line: Int, offset: Int, column: Int)?
    private var known: [Int: SourceLocation] = [:]

    /// A cache with nothing found yet.
    public init(file: SourceFile) {
        self.file = file
    }

    /// The same as `file.location(of:)`.
    public func location(of offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, file.bytes.count))
        if let location = known[offset] { return location }
        let line = file.lineIndex(of: offset, nearLine: last?.line)
        let location: SourceLocation
        if let last, last.line == line, last.offset <= offset {
            let counted = file.text(SourceRange(start: last.offset, end: offset)).count
            location = SourceLocation(line: line + 1, column: last.column + counted)
        } else {
            location = file.location(of: offset, nearLine: line)
        }
        last = (line, offset, location.column)
        if known.count < 4096 { known[offset] = location }
        return location
    }
}
