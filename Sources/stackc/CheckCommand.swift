import StackDriver
import StackSyntax
import StackText

/// `stackc check FILE...`: every diagnostic of every file, swiftc-style, on standard error.
enum CheckCommand {
    static let command = Command(
        name: "check",
        summary: "Check files and report diagnostics",
        help: """
            OVERVIEW: Check .stack files: syntax, names, components, attributes, and layout conflicts and ambiguity.

            USAGE: stackc check [--format text|json|sarif] [--warnings-as-errors] [--content-size C[,C2,...]|all]
                                [--font-file PATH] [--max-items N] PATH...

            PATH is a .stack file, - for standard input, or a directory: every .stack file below it, in
            path order (hidden directories such as .build and .git are skipped).

            OPTIONS:
              --format <format>     text (default, swiftc-style on standard error), json or sarif (SARIF 2.1.0),
                                    both on standard output; README describes them
              --warnings-as-errors  Report warnings as errors (and exit 1 when there are any)
            \(TextOptions.help)
            \(OptionSpec.maximumItemsHelp)

            Exit status: 0 when there are no errors (warnings allowed), 1 when any file has errors, 2 on usage or I/O errors.
            """,
        options: [
            OptionSpec(name: "format", takesValue: true, choices: ["text", "json", "sarif"]),
            OptionSpec(name: "warnings-as-errors", takesValue: false), .maximumItems,
        ] + TextOptions.options,
        run: run)

    static func run(_ options: Options) -> Int32 {
        guard !options.positional.isEmpty else {
            Output.error("stackc check: error: no input files\nRun 'stackc check --help' for usage.\n")
            return ExitCode.usage
        }
        let environments: [TextEnvironment]
        do { environments = try TextOptions.environments(options, command: "check") } catch { return error.status }
        var status = ExitCode.ok
        let format = options.value("format")
        var json = JSONStream(pretty: true) { Output.write($0) }
        if format == "json" { json.beginArray() }
        var sarifFiles: [(file: SourceFile, diagnostics: [Diagnostic])] = []
        let renderer = DiagnosticRenderer(colored: Output.stderrIsColorTerminal)
        let warningsAsErrors = options.flag("warnings-as-errors")
        var unreadable = false
        let paths = SourcePaths.expand(options.positional, failed: &unreadable)
        if unreadable { status = ExitCode.usage }
        for path in paths {
            guard let file = Output.readSource(path) else {
                status = ExitCode.usage
                continue
            }
            var diagnostics = TextOptions.diagnostics(of: file, maximumItems: options.maximumItems, in: environments)
            if warningsAsErrors {
                for index in diagnostics.indices where diagnostics[index].severity == .warning {
                    diagnostics[index].severity = .error
                }
            }
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
