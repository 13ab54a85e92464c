import StackDriver
import StackSyntax

/// `stackc check FILE...`: every diagnostic of every file, swiftc-style, on standard error.
enum CheckCommand {
    static let command = Command(
        name: "check",
        summary: "Check files and report diagnostics",
        help: """
            OVERVIEW: Check .stack files: syntax, names, components, attributes, and layout conflicts and ambiguity.

            USAGE: stackc check [--format text|json|sarif] FILE...

            OPTIONS:
              --format <format>  text (default, swiftc-style on standard error), json or sarif (SARIF 2.1.0),
                                 both on standard output; README describes them

            Exit status: 0 when there are no errors (warnings allowed), 1 when any file has errors, 2 on usage or I/O errors.
            """,
        options: [OptionSpec(name: "format", takesValue: true, choices: ["text", "json", "sarif"])],
        run: run)

    static func run(_ options: Options) -> Int32 {
        guard !options.positional.isEmpty else {
            Output.error("stackc check: error: no input files\nRun 'stackc check --help' for usage.\n")
            return ExitCode.usage
        }
        var status = ExitCode.ok
        var reports: [JSONValue] = []
        var sarifFiles: [(file: SourceFile, diagnostics: [Diagnostic])] = []
        let renderer = DiagnosticRenderer(colored: Output.stderrIsColorTerminal)
        for path in options.positional {
            guard let file = Output.readSource(path) else {
                status = ExitCode.usage
                continue
            }
            let diagnostics = Compilation(file: file).diagnostics
            if diagnostics.hasErrors, status == ExitCode.ok { status = ExitCode.diagnostics }
            if options.value("format") == "json" {
                reports.append(DiagnosticJSON.file(file, diagnostics))
            } else if options.value("format") == "sarif" {
                sarifFiles.append((file, diagnostics))
            } else {
                Output.error(renderer.render(diagnostics, in: file))
            }
        }
        if options.value("format") == "json" {
            Output.write(JSONValue.array(reports).rendered(pretty: true) + "\n")
        } else if options.value("format") == "sarif" {
            Output.write(DiagnosticSARIF.log(sarifFiles).rendered(pretty: true) + "\n")
        }
        return status
    }
}
