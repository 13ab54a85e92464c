import StackSyntax

/// `stackc ast FILE`: the syntax tree, as an outline or as documented JSON.
enum ASTCommand {
    static let command = Command(
        name: "ast",
        summary: "Print the syntax tree",
        overview: "Print the syntax tree of a .stack file (diagnostics go to standard error).",
        usage: ["ast [--format text|json] FILE"],
        options: [OptionSpec(name: "format", takesValue: true, choices: ["text", "json"], valueName: "format",
                             help: "text (default: an indented outline) or json (the schema in README)")],
        arguments: .stackFile,
        run: run)

    static func run(_ options: Options) -> Int32 {
        guard options.positional.count == 1, let path = options.positional.first else {
            Output.error("stackc ast: error: expected exactly one input file\n")
            return ExitCode.usage
        }
        guard let file = Output.readSource(path) else { return ExitCode.usage }
        let tree = Parser.parse(file)
        if options.value("format") == "json" {
            var stream = JSONStream(pretty: true) { Output.write($0) }
            tree.writeJSON(to: &stream)
            stream.flush()
            Output.write("\n")
        } else {
            Output.write(SyntaxOutline.render(tree))
        }
        Output.error(DiagnosticRenderer(colored: Output.stderrIsColorTerminal).render(tree.diagnostics, in: file))
        return tree.diagnostics.hasErrors ? ExitCode.diagnostics : ExitCode.ok
    }
}
