import StackSyntax

/// The SARIF 2.1.0 form of diagnostics (`stackc check --format sarif`), for code-scanning tools
/// (GitHub code scanning, VS Code's SARIF viewer, Sonar). One run; every diagnostic ID is a rule;
/// notes are related locations; fix-its are fixes. Columns are UTF-16 code units (`columnKind`), lines and
/// columns 1-based, end columns exclusive, as SARIF specifies. Valid against the OASIS schema
/// (`Tests/Editor/sarif-schema-2.1.0.json`; `Tests/Editor/test_sarif.py` checks it).
enum DiagnosticSARIF {
    static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// The whole log for the checked files, in the order given.
    static func log(_ files: [(file: SourceFile, diagnostics: [Diagnostic])]) -> JSONValue {
        let rules = DiagnosticID.allCases.sorted()
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        var results: [JSONValue] = []
        for (index, entry) in files.enumerated() {
            let artifact = Artifact(file: entry.file, index: index)
            for diagnostic in entry.diagnostics {
                results.append(result(diagnostic, in: artifact, ruleIndex: ruleIndex[diagnostic.id] ?? 0))
            }
        }
        let driver: JSONValue = .object([
            ("name", .string("stackc")),
            ("version", .string(Stackc.version)),
            ("semanticVersion", .string(Stackc.version)),
            ("rules", .array(rules.map(rule))),
        ])
        let run: JSONValue = .object([
            ("tool", .object([("driver", driver)])),
            ("invocations", .array([.object([("executionSuccessful", .bool(true))])])),
            ("artifacts", .array(files.map { .object([("location", .object([("uri", .string(uri($0.file.path)))]))]) })),
            ("columnKind", .string("utf16CodeUnits")),
            ("results", .array(results)),
        ])
        return .object([("$schema", .string(schema)), ("version", .string("2.1.0")), ("runs", .array([run]))])
    }

    static func rule(_ id: DiagnosticID) -> JSONValue {
        .object([
            ("id", .string(id.rawValue)),
            ("name", .string(ruleName(id))),
            ("shortDescription", .object([("text", .string(id.title))])),
            ("fullDescription", .object([("text", .string(id.title + "; run 'stackc explain \(id.rawValue)' for details"))])),
            ("help", .object([("text", .string(id.explanation))])),
            ("defaultConfiguration", .object([("level", .string(level(id.defaultSeverity)))])),
        ])
    }

    /// `UnknownEnumCase` for `.unknownEnumCase`: SARIF's rule names are PascalCase identifiers.
    static func ruleName(_ id: DiagnosticID) -> String {
        let name = String(describing: id)
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    static func result(_ diagnostic: Diagnostic, in artifact: Artifact, ruleIndex: Int) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("ruleId", .string(diagnostic.id.rawValue)),
            ("ruleIndex", .number(Double(ruleIndex))),
            ("level", .string(level(diagnostic.severity))),
            ("message", .object([("text", .string(diagnostic.message))])),
            ("locations", .array([.object([("physicalLocation", physicalLocation(diagnostic.range, in: artifact))])])),
        ]
        if !diagnostic.notes.isEmpty {
            members.append(("relatedLocations", .array(diagnostic.notes.enumerated().map { index, note in
                let location: JSONValue
                if let path = note.path, path != artifact.file.path {
                    // Another file: its text is not at hand, so the region is in bytes.
                    location = .object([
                        ("artifactLocation", .object([("uri", .string(uri(path)))])),
                        ("region", .object([("byteOffset", .number(Double(note.range.start))),
                                            ("byteLength", .number(Double(note.range.length)))])),
                    ])
                } else {
                    location = physicalLocation(note.range, in: artifact)
                }
                return .object([("id", .number(Double(index))), ("physicalLocation", location),
                                ("message", .object([("text", .string(note.message))]))])
            })))
        }
        if !diagnostic.fixIts.isEmpty {
            members.append(("fixes", .array(diagnostic.fixIts.map { fixIt in
                .object([
                    ("description", .object([("text", .string(fixIt.message))])),
                    ("artifactChanges", .array([.object([
                        ("artifactLocation", artifactLocation(artifact.file, index: artifact.index)),
                        ("replacements", .array(fixIt.edits.map { edit in
                            .object([("deletedRegion", region(edit.range, in: artifact)),
                                     ("insertedContent", .object([("text", .string(edit.replacement))]))])
                        })),
                    ])])),
                ])
            })))
        }
        return .object(members)
    }

    static func artifactLocation(_ file: SourceFile, index: Int) -> JSONValue {
        .object([("uri", .string(uri(file.path))), ("index", .number(Double(index)))])
    }

    static func physicalLocation(_ range: SourceRange, in artifact: Artifact) -> JSONValue {
        .object([("artifactLocation", artifactLocation(artifact.file, index: artifact.index)), ("region", region(range, in: artifact))])
    }

    /// 1-based lines and UTF-16 columns; the end column is one past the last character (equal to the start
    /// for an empty range, an insertion point).
    static func region(_ range: SourceRange, in artifact: Artifact) -> JSONValue {
        let file = artifact.file
        let start = min(max(0, range.start), file.bytes.count)
        let end = min(max(start, range.end), file.bytes.count)
        return .object([
            ("startLine", .number(Double(file.lineIndex(of: start) + 1))),
            ("startColumn", .number(Double(artifact.utf16Column(of: start) + 1))),
            ("endLine", .number(Double(file.lineIndex(of: end) + 1))),
            ("endColumn", .number(Double(artifact.utf16Column(of: end) + 1))),
        ])
    }

    /// One checked file: its place in `artifacts`, and its UTF-16 columns found through an index, so
    /// a long line with thousands of diagnostics costs one pass rather than one per column.
    struct Artifact {
        let file: SourceFile
        let index: Int
        let columns: UTF16Index

        init(file: SourceFile, index: Int) {
            self.file = file
            self.index = index
            self.columns = UTF16Index(file.bytes)
        }

        func utf16Column(of offset: Int) -> Int {
            columns.units(before: offset) - columns.units(before: file.lineStarts[file.lineIndex(of: offset)])
        }
    }

    /// A relative URI reference for a path: unreserved characters and `/` kept, the rest percent-encoded.
    /// Absolute paths become `file://` URIs.
    static func uri(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
