/// How serious a diagnostic is.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A secondary message attached to a diagnostic, with its own range (possibly in another file).
public struct DiagnosticNote: Hashable, Sendable {
    /// What the note says.
    public var message: String
    /// Where it points.
    public var range: SourceRange
    /// The file it points into; `nil` means the diagnostic's own file.
    public var path: String?

    /// Creates a note.
    public init(_ message: String, at range: SourceRange, path: String? = nil) {
        self.message = message
        self.range = range
        self.path = path
    }
}

/// One replacement of a byte range with new text.
public struct TextEdit: Hashable, Sendable {
    /// The bytes to replace (empty to insert).
    public var range: SourceRange
    /// The new text.
    public var replacement: String

    /// Creates an edit.
    public init(range: SourceRange, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}

/// A suggested change that fixes a diagnostic.
public struct FixIt: Hashable, Sendable {
    /// A short imperative description: "replace 'centre' with 'center'".
    public var message: String
    /// The edits, applied together.
    public var edits: [TextEdit]

    /// Creates a fix-it.
    public init(_ message: String, edits: [TextEdit]) {
        self.message = message
        self.edits = edits
    }

    /// A fix-it that replaces one range.
    public static func replace(_ range: SourceRange, with text: String, message: String) -> FixIt {
        FixIt(message, edits: [TextEdit(range: range, replacement: text)])
    }
}

/// A problem found in a `.stack` file.
///
/// Diagnostics are plain values: the phase that finds one returns it; only the command line decides how to show it.
public struct Diagnostic: Hashable, Sendable {
    /// A stable identifier (`E012`); `stackc explain` describes each one.
    public var id: DiagnosticID
    /// Error, warning or note.
    public var severity: Severity
    /// Lowercase, no final period: "expected '}' to end vstack".
    public var message: String
    /// The primary range.
    public var range: SourceRange
    /// Secondary locations.
    public var notes: [DiagnosticNote]
    /// Suggested fixes.
    public var fixIts: [FixIt]

    /// Creates a diagnostic; the severity defaults to the one the ID has.
    public init(
        _ id: DiagnosticID, _ message: String, at range: SourceRange,
        severity: Severity? = nil, notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
    ) {
        self.id = id
        self.severity = severity ?? id.defaultSeverity
        self.message = message
        self.range = range
        self.notes = notes
        self.fixIts = fixIts
    }
}

extension Array where Element == Diagnostic {
    /// Sorted by position, then ID, so output never depends on the order phases found them.
    public func sortedByLocation() -> [Diagnostic] {
        sorted { ($0.range.start, $0.range.end, $0.id.rawValue, $0.message) < ($1.range.start, $1.range.end, $1.id.rawValue, $1.message) }
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }
}
