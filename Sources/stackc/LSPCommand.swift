import StackLanguageServer

/// `stackc lsp`: the language server, over standard input and output.
enum LSPCommand {
    static let command = Command(
        name: "lsp",
        summary: "Run the language server (LSP over stdio)",
        help: """
            OVERVIEW: Run the stackc language server: the Language Server Protocol over standard input and
            output, for editors. Diagnostics from the parser, the checker and the solver as you type, document
            symbols, hover with solved frames, completion, formatting, fix-its as code actions, go to definition.

            USAGE: stackc lsp [--stdio]

            OPTIONS:
              --stdio  Use standard input and output (the default and only transport; accepted for editors
                       that pass it)
            """,
        options: [OptionSpec(name: "stdio", takesValue: false)],
        run: run)

    static func run(_ options: Options) -> Int32 {
        guard options.positional.isEmpty else {
            Output.error("stackc lsp: error: unexpected argument '\(options.positional[0])'\n")
            return ExitCode.usage
        }
        return runLanguageServerOnStandardIO()
    }
}
