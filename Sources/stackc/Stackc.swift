import Foundation

/// The command-line program: argument handling over the libraries. Only this target reads and writes
/// files and decides exit codes: 0 ok, 1 diagnostics with errors, 2 usage or I/O problems.
enum Stackc {
    static let version = "0.1.0"

    /// Every subcommand, in help order.
    static let commands: [Command] = [
        CheckCommand.command, ASTCommand.command, IRCommand.command,
        FormatCommand.command, ExplainCommand.command, LayoutCommand.command, RenderCommand.command,
        LSPCommand.command, BuildCommand.command, CompletionsCommand.command, ManCommand.command,
    ]

    static let overview = """
        stackc compiles .stack layout files: checks them, lowers them to UIStackView's constraints,
        solves them to frames, and renders them.
        """

    /// The options of `stackc` itself, before any command.
    static let globalOptions: [OptionSpec] = [
        OptionSpec(name: "help", short: "h", takesValue: false, help: "Show help (also 'stackc <command> --help')"),
        OptionSpec(name: "version", takesValue: false, help: "Show the version"),
        OptionSpec(name: "generate-completion-script", takesValue: true, choices: CompletionsCommand.shells, valueName: "shell",
                   help: "Print a completion script for bash, zsh or fish (as 'stackc completions')"),
    ]

    static var usage: String {
        let width = commands.map(\.name.count).max() ?? 0
        return """
            OVERVIEW: \(overview)

            USAGE: stackc <command> [options] FILE...

            COMMANDS:
            \(commands.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

            OPTIONS:
            \(Command.optionTable(globalOptions + [.color]).dropLast())

            Every command takes --color and -h/--help; 'stackc <command> --help' lists its options.

            Use '-' as FILE to read standard input.
            """
    }

    /// Runs one command line; the exit status is 2 whenever standard output or error failed.
    static func run(_ arguments: [String]) -> Int32 {
        Output.prepareStreams()
        let status = dispatch(arguments)
        if let failure = Output.standardOutputFailure {
            Output.error("stackc: error: cannot write to standard output: \(failure)\n")
            return ExitCode.usage
        }
        return Output.standardErrorFailed ? ExitCode.usage : status
    }

    private static func dispatch(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            Output.error(usage)
            return ExitCode.usage
        }
        switch first {
        case "-h", "--help", "help":
            if arguments.count > 1, let command = commands.first(where: { $0.name == arguments[1] }) {
                Output.write(command.help + "\n")
            } else {
                Output.write(usage + "\n")
            }
            return ExitCode.ok
        case "--version", "version":
            Output.write("stackc \(version)\n")
            return ExitCode.ok
        case "--generate-completion-script":
            // swift-argument-parser's spelling of `stackc completions SHELL`.
            return CompletionsCommand.command.run(Options(positional: Array(arguments.dropFirst())))
        case let option where option.hasPrefix("--generate-completion-script="):
            let shell = String(option.dropFirst("--generate-completion-script=".count))
            return CompletionsCommand.command.run(Options(positional: [shell] + arguments.dropFirst()))
        default:
            guard let command = commands.first(where: { $0.name == first }) else {
                let suggestion = commands.map(\.name).min { distance(first, $0) < distance(first, $1) }
                let hint = suggestion.map { distance(first, $0) <= 2 ? " (did you mean '\($0)'?)" : "" } ?? ""
                Output.error("stackc: error: unknown command '\(first)'\(hint)\nRun 'stackc --help' for the list of commands.\n")
                return ExitCode.usage
            }
            let rest = Array(arguments.dropFirst())
            if rest.contains("-h") || rest.contains("--help") {
                Output.write(command.help + "\n")
                return ExitCode.ok
            }
            do {
                let options = try Options.parse(rest, spec: command.allOptions)
                Output.colorChoice = options.value("color")
                return command.run(options)
            } catch let error as UsageError {
                Output.error("stackc \(command.name): error: \(error.message)\nRun 'stackc \(command.name) --help' for usage.\n")
                return ExitCode.usage
            } catch {
                Output.error("stackc: error: \(error)\n")
                return ExitCode.usage
            }
        }
    }

    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        var row = Array(0...b.count)
        for i in 1..<(a.count + 1) {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return row[b.count]
    }
}

/// Process exit codes.
enum ExitCode {
    static let ok: Int32 = 0
    static let diagnostics: Int32 = 1
    static let usage: Int32 = 2
}

/// An exit status thrown by a step that has already said why it stops.
struct ExitStatus: Error {
    let status: Int32

    init(_ status: Int32) {
        self.status = status
    }
}
