import StackDriver
import StackSyntax
import StackText

/// `stackc check FILE...`: every diagnostic of every file, swiftc-style, on standard error.
enum CheckCommand {
    static let command = Command(
        name: "check",
        summary: "Check files and report diagnostics",
        overview: "Check .stack files: syntax, names, components, attributes, and layout conflicts and ambiguity.",
        usage: ["check [--format text|json|sarif] [--warnings-as-errors] [--fix] [--device D[,D2,...]|all [--safe-area]] [--content-size C[,C2,...]|all] [--font-file PATH] [--max-items N] PATH..."],
        options: [
            OptionSpec(name: "format", takesValue: true, choices: ["text", "json", "sarif"], valueName: "format",
                       help: "text (default, swiftc-style on standard error), json or sarif (SARIF 2.1.0),\nboth on standard output; README describes them"),
            OptionSpec(name: "warnings-as-errors", takesValue: false, help: "Report warnings as errors (and exit 1 when there are any)"),
            OptionSpec(name: "fix", takesValue: false,
                       help: "Apply the diagnostics' fix-its to the files in place, then report what remains\n(files with syntax errors their fix-its do not remove are left alone)"),
            .maximumItems, .config, .noConfig, .uikit, RequestedSize.deviceOption, RequestedSize.safeAreaOption,
        ] + TextOptions.options,
        arguments: .stackPaths,
        discussion: """
            PATH is a .stack file, - for standard input, or a directory: every .stack file below it, in
            path order (hidden directories such as .build and .git are skipped).

            Each file's settings come from the nearest .stackc.json in its folder or a folder above it
            (README: "Configuration"): warnings it disables are not reported, and "warningsAsErrors" acts
            as --warnings-as-errors.

            Exit status: 0 when there are no errors (warnings allowed), 1 when any file has errors, 2 on usage or I/O errors.
            """,
        run: run)

    static func run(_ options: Options) -> Int32 {
        guard !options.positional.isEmpty else {
            Output.error("stackc check: error: no input files\nRun 'stackc check --help' for usage.\n")
            return ExitCode.usage
        }
        let environments: [TextEnvironment]
        let sizes: [RequestedSize]
        do {
            environments = try TextOptions.environments(options, command: "check")
            sizes = try RequestedSize.parse(options, command: "check")
        } catch { return error.status }
        let fix = options.flag("fix")
        if fix, options.positional.contains("-") {
            Output.error("stackc check: error: '--fix' rewrites files in place; standard input cannot be fixed\n")
            return ExitCode.usage
        }
        let configurations: Configurations
        do { configurations = try Configurations(options) } catch {
            Output.error("stackc check: error: \(error.message)\n")
            return ExitCode.usage
        }
        var status = ExitCode.ok
        let format = options.value("format")
        var json = JSONStream(pretty: true) { Output.write($0) }
        if format == "json" { json.beginArray() }
        var sarifFiles: [(file: SourceFile, diagnostics: [Diagnostic])] = []
        let renderer = DiagnosticRenderer(colored: Output.stderrIsColorTerminal)
        var fixes = FixTally()
        var unreadable = false
        let paths = SourcePaths.expand(options.positional, failed: &unreadable)
        if unreadable { status = ExitCode.usage }
        for path in paths {
            guard let configuration = configurations.forFile(path), var file = Output.readSource(path) else {
                status = ExitCode.usage
                continue
            }
            if fix, !fixes.fix(&file, configuration: configuration, maximumItems: options.maximumItems) { status = ExitCode.usage }
            var diagnostics = configuration.checked(TextOptions.diagnostics(of: file, maximumItems: options.maximumItems, in: environments, sizes: sizes, uikit: configuration.uikit))
            if options.flag("warnings-as-errors") {
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
            if fix { fixes.reportUnapplied(diagnostics, in: file, renderer: renderer) }
        }
        if format == "json" {
            json.end()
            json.flush()
            Output.write("\n")
        } else if format == "sarif" {
            Output.write(DiagnosticSARIF.log(sarifFiles).rendered(pretty: true) + "\n")
        }
        if fix { Output.error(fixes.summary) }
        return status
    }
}
