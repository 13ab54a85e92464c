import StackDriver
import StackIR
import StackSyntax

/// `stackc ir FILE`: the constraint IR UIStackView would create, as text or JSON.
enum IRCommand {
    static let command = Command(
        name: "ir",
        summary: "Print the constraint IR (UIStackView's constraints)",
        overview: """
            Lower a .stack file to the constraints UIStackView creates for it, plus the views' own
            content-size constraints and the user's, each with the file:line:col that caused it.
            """,
        usage: ["ir [--root NAME] [--format text|json] [--max-items N] FILE"],
        options: [
            OptionSpec(name: "root", takesValue: true, valueName: "name", help: "Only this root layout (default: every root, in order)"),
            OptionSpec(name: "format", takesValue: true, choices: ["text", "json"], valueName: "format",
                       help: "text (default; parses back with the IR reader) or json (schema in README;\nan array when there are several roots)"),
            .maximumItems, .config, .noConfig, .uikit,
        ],
        arguments: .stackFile,
        run: run)

    static func run(_ options: Options) -> Int32 {
        guard options.positional.count == 1, let path = options.positional.first else {
            Output.error("stackc ir: error: expected exactly one input file\n")
            return ExitCode.usage
        }
        let configuration: ProjectConfiguration
        do { configuration = try Configurations.forSingleFile(path, options, command: "ir") } catch { return error.status }
        guard let file = Output.readSource(path) else { return ExitCode.usage }
        let compilation = Compilation(Compilation(file: file, solving: false, maximumItems: options.maximumItems, uikit: configuration.uikit), configuration: configuration)
        if compilation.reportDiagnostics() { return ExitCode.diagnostics }
        guard let roots = compilation.selectRoots(options.value("root"), command: "ir") else { return ExitCode.usage }
        if options.value("format") == "json" {
            Output.writeJSON(count: roots.count) { compilation.irs[roots[$0]].json }
        } else {
            for (position, index) in roots.enumerated() {
                Output.write((position > 0 ? "\n" : "") + compilation.irs[index].text)
            }
        }
        return ExitCode.ok
    }
}
