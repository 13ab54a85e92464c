import StackLanguageServer

/// `stackc lsp`: the language server, over standard input and output.
enum LSPCommand {
    static let command = Command(
        name: "lsp",
        summary: "Run the language server (LSP over stdio)",
        overview: """
            Run the stackc language server: the Language Server Protocol over standard input and
            output, for editors. Diagnostics from the parser, the checker and the solver as you type, document
            symbols, hover with solved frames, completion, formatting, fix-its as code actions, go to definition.
            """,
        usage: ["lsp [--stdio]"],
        options: [OptionSpec(name: "stdio", takesValue: false,
                             help: "Use standard input and output (the default and only transport; accepted for editors\nthat pass it)")],
        discussion: "A document saved on disk takes the settings of its .stackc.json, as 'stackc check' and 'stackc fmt' do.",
        run: run)

    static func run(_ options: Options) -> Int32 {
        guard options.positional.isEmpty else {
            Output.error("stackc lsp: error: unexpected argument '\(options.positional[0])'\n")
            return ExitCode.usage
        }
        return runLanguageServerOnStandardIO()
    }
}
