import StackDriver
import StackSyntax

/// `stackc fmt FILE... [-w] [--check]`: the canonical layout of .stack files (see `StackFormatter`).
enum FormatCommand {
    static let command = Command(
        name: "fmt",
        summary: "Format files in the canonical style",
        overview: """
            Format .stack files in the one canonical style: 4-space indentation, one element per line,
            long argument lists wrapped, comments kept in place. The formatted file has the same constraints.
            """,
        usage: ["fmt [-w | --check | --diff] PATH..."],
        options: [
            OptionSpec(name: "write", short: "w", takesValue: false, help: "Rewrite the files in place (only those that change) instead of printing them"),
            OptionSpec(name: "check", takesValue: false, help: "Print nothing but the names of the files that are not formatted; exit 1 if there are any"),
            OptionSpec(name: "diff", takesValue: false,
                       help: "Print what formatting would change, as a unified diff (nothing for a formatted\nfile); with --check, also exit 1 if anything would change"),
            .config, .noConfig,
        ],
        arguments: .stackPaths,
        discussion: """
            PATH is a .stack file, - for standard input (printed, never written back), or a directory: every
            .stack file below it. The indentation and line width come from the nearest .stackc.json in the
            file's folder or a folder above it ("fmt": {"indentWidth": 4, "lineWidth": 100} by default).
            Files with syntax errors are not formatted: their diagnostics are printed and the exit status is 1.
            Exit status: 0 ok, 1 syntax errors or (with --check) unformatted files, 2 usage or I/O errors.
            """,
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
        let configurations: Configurations
        do { configurations = try Configurations(options) } catch {
            Output.error("stackc fmt: error: \(error.message)\n")
            return ExitCode.usage
        }
        var unreadable = false
        let paths = SourcePaths.expand(options.positional, failed: &unreadable)
        if unreadable { fail(ExitCode.usage) }
        for path in paths {
            guard let configuration = configurations.forFile(path), let file = Output.readSource(path) else {
                fail(ExitCode.usage)
                continue
            }
            let tree = Parser.parse(file)
            guard let formatted = StackFormatter.format(tree, style: configuration.formatStyle) else {
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
