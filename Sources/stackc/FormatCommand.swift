import StackSyntax

/// `stackc fmt FILE... [-w] [--check]`: the canonical layout of .stack files (see `StackFormatter`).
enum FormatCommand {
    static let command = Command(
        name: "fmt",
        summary: "Format files in the canonical style",
        help: """
            OVERVIEW: Format .stack files in the one canonical style: 4-space indentation, one element per line,
            long argument lists wrapped, comments kept in place. The formatted file has the same constraints.

            USAGE: stackc fmt [-w | --check | --diff] FILE...

            OPTIONS:
              -w, --write  Rewrite the files in place (only those that change) instead of printing them
              --check      Print nothing but the names of the files that are not formatted; exit 1 if there are any
              --diff       Print what formatting would change, as a unified diff (nothing for a formatted
                           file); with --check, also exit 1 if anything would change

            Files with syntax errors are not formatted: their diagnostics are printed and the exit status is 1.
            Use '-' to read standard input (printed, never written back).
            Exit status: 0 ok, 1 syntax errors or (with --check) unformatted files, 2 usage or I/O errors.
            """,
        options: [
            OptionSpec(name: "write", short: "w", takesValue: false), OptionSpec(name: "check", takesValue: false),
            OptionSpec(name: "diff", takesValue: false),
        ],
        run: run)

    static func run(_ options: Options) -> Int32 {
        guard !options.positional.isEmpty else {
            Output.error("stackc fmt: error: no input files\nRun 'stackc fmt --help' for usage.\n")
            return ExitCode.usage
        }
        let write = options.flag("write"), check = options.flag("check"), diff = options.flag("diff")
        if write && (check || diff) {
            Output.error("stackc fmt: error: '-w' and '\(check ? "--check" : "--diff")' cannot be used together\n")
            return ExitCode.usage
        }
        var status = ExitCode.ok
        func fail(_ code: Int32) {
            if code == ExitCode.usage || status == ExitCode.ok { status = code }
        }
        let renderer = DiagnosticRenderer(colored: Output.stderrIsColorTerminal)
        for path in options.positional {
            guard let file = Output.readSource(path) else {
                fail(ExitCode.usage)
                continue
            }
            let tree = Parser.parse(file)
            guard let formatted = StackFormatter.format(tree) else {
                if tree.diagnostics.hasErrors {
                    Output.error(renderer.render(tree.diagnostics, in: file))
                    Output.error("stackc fmt: \(file.path) has syntax errors; not formatted\n")
                } else {
                    // Only comments can hold such bytes (the lexer reports them elsewhere); formatting would change them.
                    let offset = StackFormatter.firstInvalidUTF8(file.bytes) ?? 0
                    let diagnostic = Diagnostic(.invalidUTF8, "invalid UTF-8; the file is not formatted, so that none of its bytes change",
                                                at: SourceRange(start: offset, end: offset + 1))
                    Output.error(renderer.render([diagnostic], in: file))
                }
                fail(ExitCode.diagnostics)
                continue
            }
            let changed = Array(formatted.utf8) != file.bytes
            if diff {
                if changed {
                    Output.write(UnifiedDiff.diff(from: String(decoding: file.bytes, as: UTF8.self), to: formatted, path: file.path))
                    if check { fail(ExitCode.diagnostics) }
                }
            } else if check {
                if changed {
                    Output.write(file.path + "\n")
                    fail(ExitCode.diagnostics)
                }
            } else if write && path != "-" {
                if changed, !Output.writeFile(formatted, to: path) { fail(ExitCode.usage) }
            } else {
                Output.write(formatted)
            }
        }
        return status
    }
}
