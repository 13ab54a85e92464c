import StackIR
import StackSemantics
import StackSyntax

/// A command-line mistake: reported with usage help, exit code 2.
struct UsageError: Error {
    let message: String
}

/// An option a subcommand accepts: what the parser, the help text, the shell completions and the man page
/// all read, so they cannot disagree.
struct OptionSpec: Sendable {
    /// `--format`; `short` is `-o`-style.
    let name: String
    var short: String? = nil
    /// Whether it takes a value (`--format json`, `--format=json`).
    let takesValue: Bool
    /// Allowed values, when it is a choice.
    var choices: [String] = []
    /// Checks a value: nil when it is fine, else what is wrong with it.
    var validate: (@Sendable (String) -> String?)? = nil
    /// The value's name in help (`--format <format>`).
    var valueName: String = "value"
    /// What it does, for help, completions and the man page; `\n` starts a continuation line in help.
    var help: String = ""
    /// Whether its value is a path (completed as a file name).
    var takesPath = false

    /// `--color`, every command's: colour in diagnostics (`auto`: on a terminal, unless `NO_COLOR` is set
    /// or `TERM` is `dumb`), as swiftc's `-color-diagnostics` and cargo's `--color` do.
    static let color = OptionSpec(name: "color", takesValue: true, choices: ["auto", "always", "never"], valueName: "when",
                                  help: "Colour diagnostics: auto (default: on a terminal, unless NO_COLOR is set),\nalways or never")
    /// `-h`, `--help`: every command's (the dispatcher answers it before parsing).
    static let help = OptionSpec(name: "help", short: "h", takesValue: false, help: "Show help for this command")

    /// `--max-items N`, for every command that expands components.
    static let maximumItems = OptionSpec(name: "max-items", takesValue: true, validate: { text in
        guard let value = Int(text), (1...100_000_000).contains(value) else {
            return "--max-items takes a whole number from 1 to 100000000, got \(NumberRange.quoted(text))"
        }
        return nil
    }, valueName: "n", help: "Refuse layouts that expand to more than n items (default \(defaultMaximumItems))")

    /// `--config FILE`: the configuration to use instead of the `.stackc.json` found from each file.
    static let config = OptionSpec(name: "config", takesValue: true, valueName: "file",
                                   help: "Use this configuration file instead of the .stackc.json found\nfrom each input file", takesPath: true)
    /// `--uikit`: the UIKit whose constraint sets stacks are lowered to; overrides the configuration's `uikit`.
    static let uikit = OptionSpec(name: "uikit", takesValue: true, choices: UIKitTarget.allCases.map(\.rawValue), valueName: "version",
                                  help: "Lower stacks as this UIKit creates their constraints: current (today's,\nthe default) or 9 (iOS 9/10, as seed 000 prints them)")
    /// `--no-config`: no configuration file at all.
    static let noConfig = OptionSpec(name: "no-config", takesValue: false, help: "Use no configuration file (the defaults)")

    /// How the option is written in help: `-o, --output <path>`.
    var synopsis: String {
        (short.map { "-\($0), " } ?? "") + "--" + name + (takesValue ? " <\(valueName)>" : "")
    }
}

/// Parsed arguments: option values by long name, and positional arguments in order.
struct Options {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positional: [String] = []

    func value(_ name: String) -> String? { values[name] }
    /// `--max-items`, already validated by `parse`, or the default.
    var maximumItems: Int { values["max-items"].flatMap { Int($0) } ?? defaultMaximumItems }
    func flag(_ name: String) -> Bool { flags.contains(name) }

    static func parse(_ arguments: [String], spec: [OptionSpec]) throws -> Options {
        var options = Options()
        var index = 0
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositional || argument == "-" || !argument.hasPrefix("-") {
                options.positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let option = spec.first(where: { "--" + $0.name == name || $0.short.map { "-" + $0 } == name }) else {
                throw UsageError(message: "unknown option '\(name)'")
            }
            if option.takesValue {
                guard let value = inline ?? (index < arguments.count ? arguments[index] : nil) else {
                    throw UsageError(message: "option '--\(option.name)' needs a value")
                }
                if inline == nil { index += 1 }
                if !option.choices.isEmpty, !option.choices.contains(value) {
                    throw UsageError(message: "invalid value '\(value)' for '--\(option.name)'; expected \(option.choices.joined(separator: ", "))")
                }
                if let problem = option.validate?(value) { throw UsageError(message: problem) }
                options.values[option.name] = value
            } else {
                guard inline == nil else { throw UsageError(message: "option '\(name)' takes no value") }
                options.flags.insert(option.name)
            }
        }
        return options
    }
}
