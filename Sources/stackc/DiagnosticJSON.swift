import StackSyntax

/// The JSON form of diagnostics (`stackc check --format json`), documented in README.
enum DiagnosticJSON {
    static func file(_ file: SourceFile, _ diagnostics: [Diagnostic]) -> JSONValue {
        // Columns counted on from one diagnostic to the next: linear in a long line, however many diagnostics it has.
        let locations = LocationCache(file: file)
        return .object([("file", .string(file.path)), ("diagnostics", .array(diagnostics.map { diagnostic($0, locations) }))])
    }

    private static func location(_ offset: Int, _ locations: LocationCache) -> JSONValue {
        let location = locations.location(of: offset)
        return .object([("line", .number(Double(location.line))), ("column", .number(Double(location.column))),
                        ("offset", .number(Double(offset)))])
    }

    private static func range(_ range: SourceRange, _ locations: LocationCache) -> JSONValue {
        .object([("start", location(range.start, locations)), ("end", location(range.end, locations))])
    }

    private static func diagnostic(_ diagnostic: Diagnostic, _ locations: LocationCache) -> JSONValue {
        .object([
            ("id", .string(diagnostic.id.rawValue)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
            ("range", range(diagnostic.range, locations)),
            ("notes", .array(diagnostic.notes.map { note in
                .object([("message", .string(note.message)), ("range", range(note.range, locations))])
            })),
            ("fixIts", .array(diagnostic.fixIts.map { fixIt in
                .object([("message", .string(fixIt.message)), ("edits", .array(fixIt.edits.map { edit in
                    .object([("range", range(edit.range, locations)), ("replacement", .string(edit.replacement))])
                }))])
            })),
        ])
    }
}
