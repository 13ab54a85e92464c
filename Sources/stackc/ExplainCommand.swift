import StackSyntax

/// `stackc explain CODE`: the long explanation of a diagnostic, with a wrong and a right example.
enum ExplainCommand {
    static let command = Command(
        name: "explain",
        summary: "Explain a diagnostic code (stackc explain E104)",
        overview: """
            Print the long explanation of a diagnostic ID, with an example that produces it and the
            example corrected (like 'rustc --explain').
            """,
        usage: ["explain CODE", "explain --list"],
        options: [OptionSpec(name: "list", takesValue: false, help: "List every diagnostic ID with its one-line title")],
        arguments: .words(DiagnosticID.allCases.sorted().map { ($0.rawValue, $0.title) }),
        discussion: "CODE is an ID as diagnostics print it (E104, e104, and 104 where only one ID has that number).",
        run: run)

    static func run(_ options: Options) -> Int32 {
        if options.flag("list") {
            Output.write(DiagnosticID.allCases.sorted().map { "\($0.rawValue)  \($0.title)\n" }.joined())
            return ExitCode.ok
        }
        guard options.positional.count == 1, let code = options.positional.first else {
            Output.error("stackc explain: error: expected one diagnostic code, such as E104\nRun 'stackc explain --help' for usage.\n")
            return ExitCode.usage
        }
        guard let id = lookup(code) else {
            let sharing = DiagnosticID.allCases.filter { $0.rawValue.dropFirst() == Substring(code) }.map(\.rawValue).sorted()
            let why = sharing.count > 1
                ? "'\(code)' is the number of \(sharing.joined(separator: " and ")); give the letter too"
                : "no diagnostic has the code '\(code)'; 'stackc explain --list' lists them"
            Output.error("stackc explain: error: \(why)\n")
            return ExitCode.usage
        }
        Output.write(id.explanation)
        return ExitCode.ok
    }

    /// `E104`, `e104`, or `104` when only one ID has those digits.
    static func lookup(_ code: String) -> DiagnosticID? {
        let upper = code.uppercased()
        if let id = DiagnosticID(rawValue: upper) { return id }
        let matches = DiagnosticID.allCases.filter { $0.rawValue.dropFirst() == Substring(upper) }
        return matches.count == 1 ? matches[0] : nil
    }
}
