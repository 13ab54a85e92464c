import StackDriver
import StackSyntax

/// `stackc check FILE...`: every diagnostic of every file, swiftc-style, on standard error.
enum CheckCommand {
    static let command = Command(
        name: "check",
        summary: "Check files and report diagnostics",
        help: """
            OVERVIEW: Check .stack files: syntax, names, components, attributes, and layout conflicts and ambiguity.

            USAGE: stackc check [--format text|json|sarif] [--max-items N] FILE...

            OPTIONS:
              --format <format>  text (default, swiftc-style on standard error), json or sarif (SARIF 2.1.0),
                                 both on standard output; README describes them
            \(OptionSpec.maximumItemsHelp)

            Exit status: 0 when there are no errors (warnings allowed), 1 when any file has errors, 2 on usage or I/O errors.
            """,
        options: [OptionSpec(name: "format", takesValue: true, choices: ["text", "json", "sarif"]), .maximumItems],
        run: run)

    static func run(_ options: Options) -> Int32 {
        guard !options.positional.isEmpty else {
            Output.error("stackc check: error: no input files\nRun 'stackc check --help' for usage.\n")
            return ExitCode.usage
        }
        var status = ExitCode.ok
        let format = options.value("format")
        var json = JSONStream(pretty: true) { Output.write($0) }
        if format == "json" { json.beginArray() }
        var sarifFiles: [(file: SourceFile, diagnostics: [Diagnostic])] = []
        let renderer = DiagnosticRenderer(colored: Output.stderrIsColorTerminal)
        for path in options.positional {
            guard let file = Output.readSource(path) else {
                status = ExitCode.usage
                continue
            }
            let diagnostics = Compilation(file: file, maximumItems: options.maximumItems).diagnostics
            if diagnostics.hasErrors, status == ExitCode.ok { status = ExitCode.diagnostics }
            if format == "json" {
                json.value(DiagnosticJSON.file(file, diagnostics))
            } else if format == "sarif" {
                sarifFiles.append((file, diagnostics))
            } else {
                Output.error(renderer.render(diagnostics, in: file))
            }
        }
        if format == "json" {
            json.end()
            json.flush()
            Output.write("\n")
        } else if format == "sarif" {
            Output.write(DiagnosticSARIF.log(sarifFiles).rendered(pretty: true) + "\n")
        }
        return status
    }
}
