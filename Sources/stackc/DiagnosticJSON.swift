import StackSyntax

/// The JSON form of diagnostics (`stackc check --format json`), documented in README.
enum DiagnosticJSON {
    static func file(_ file: SourceFile, _ diagnostics: [Diagnostic]) -> JSONValue {
        .object([("file", .string(file.path)), ("diagnostics", .array(diagnostics.map { diagnostic($0, in: file) }))])
    }

    static func location(_ offset: Int, in file: SourceFile) -> JSONValue {
        let location = file.location(of: offset)
        return .object([("line", .number(Double(location.line))), ("column", .number(Double(location.column))),
                        ("offset", .number(Double(offset)))])
    }

    static func range(_ range: SourceRange, in file: SourceFile) -> JSONValue {
        .object([("start", location(range.start, in: file)), ("end", location(range.end, in: file))])
    }

    static func diagnostic(_ diagnostic: Diagnostic, in file: SourceFile) -> JSONValue {
        .object([
            ("id", .string(diagnostic.id.rawValue)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
            ("range", range(diagnostic.range, in: file)),
            ("notes", .array(diagnostic.notes.map { note in
                .object([("message", .string(note.message)), ("range", range(note.range, in: file))])
            })),
            ("fixIts", .array(diagnostic.fixIts.map { fixIt in
                .object([("message", .string(fixIt.message)), ("edits", .array(fixIt.edits.map { edit in
                    .object([("range", range(edit.range, in: file)), ("replacement", .string(edit.replacement))])
                }))])
            })),
        ])
    }
}
