import Foundation

/// One subcommand, described once: its help text, shell completions and man page section are all made
/// from this description and its `OptionSpec`s.
struct Command: Sendable {
    /// What its positional arguments are, for completion.
    enum Arguments: Sendable {
        /// `.stack` files and directories holding them.
        case stackPaths
        /// One `.stack` file.
        case stackFile
        /// One of these words.
        case words([(word: String, help: String)])
        /// None.
        case none
    }

    let name: String
    /// One line, for the command list.
    let summary: String
    /// The OVERVIEW paragraph.
    let overview: String
    /// USAGE lines, each after `stackc `.
    let usage: [String]
    /// The options it accepts, in help order; `--color` and `--help` follow them in every command.
    let options: [OptionSpec]
    var arguments: Arguments = .none
    /// Paragraphs after the options: what the arguments are, exit status.
    var discussion: String = ""
    let run: @Sendable (Options) -> Int32

    /// Every option the parser accepts, in help order.
    var allOptions: [OptionSpec] { options + [.color, .help] }

    /// `stackc <command> --help`.
    var help: String {
        var text = "OVERVIEW: \(overview)\n\n"
        text += "USAGE: " + usage.map { "stackc " + $0 }.joined(separator: "\n       ") + "\n\n"
        text += "OPTIONS:\n" + Command.optionTable(allOptions)
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// The options as a two-column table, the help aligned after the longest synopsis.
    static func optionTable(_ options: [OptionSpec]) -> String {
        let width = options.map(\.synopsis.count).max() ?? 0
        var text = ""
        for option in options {
            let lines = option.help.split(separator: "\n", omittingEmptySubsequences: false)
            text += "  " + option.synopsis.padding(toLength: width + 2, withPad: " ", startingAt: 0) + (lines.first ?? "") + "\n"
            for line in lines.dropFirst() {
                text += String(repeating: " ", count: width + 4) + line + "\n"
            }
        }
        return text
    }
}
