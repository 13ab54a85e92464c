/// `stackc completions bash|zsh|fish`: a completion script for the shell, made from the same command and
/// option table as the help text (`Stackc.commands`), so the two never disagree.
enum CompletionsCommand {
    static let shells = ["bash", "zsh", "fish"]

    static let command = Command(
        name: "completions",
        summary: "Print a shell completion script (bash, zsh or fish)",
        overview: """
            Print a completion script for bash, zsh or fish: commands, each command's options and their values
            (--format, --color, ...), .stack files and folders for file arguments, diagnostic IDs for 'explain'.
            """,
        usage: ["completions bash|zsh|fish", "--generate-completion-script bash|zsh|fish"],
        options: [],
        arguments: .words([("bash", "Bash 4 and later"), ("zsh", "zsh"), ("fish", "fish 3")]),
        discussion: """
            Install (README: "Shell completions and man page"):
              bash  stackc completions bash > ~/.local/share/bash-completion/completions/stackc
              zsh   stackc completions zsh > ~/.zfunc/_stackc   (with fpath=(~/.zfunc $fpath) before compinit)
              fish  stackc completions fish > ~/.config/fish/completions/stackc.fish
            """,
        run: run)

    static func run(_ options: Options) -> Int32 {
        guard options.positional.count == 1, let shell = options.positional.first, shells.contains(shell) else {
            let given = options.positional.isEmpty ? "no shell" : "'\(options.positional.joined(separator: " "))'"
            Output.error("stackc completions: error: expected one shell, bash, zsh or fish; got \(given)\nRun 'stackc completions --help' for usage.\n")
            return ExitCode.usage
        }
        switch shell {
        case "bash": Output.write(CompletionScript.bash(Stackc.commands))
        case "zsh": Output.write(CompletionScript.zsh(Stackc.commands))
        default: Output.write(CompletionScript.fish(Stackc.commands))
        }
        return ExitCode.ok
    }
}

/// The completion scripts; one file per shell.
enum CompletionScript {
    /// An option's help on one line.
    static func oneLine(_ help: String) -> String {
        help.split(separator: "\n").map { $0.trimmingWhitespace }.joined(separator: " ")
    }

    /// Every option a command line can start with, before a command.
    static var leadingOptions: [OptionSpec] { Stackc.globalOptions }
}

extension Substring {
    var trimmingWhitespace: String {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
