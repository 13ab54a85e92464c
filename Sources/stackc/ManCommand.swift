import Foundation
import StackDriver

/// `stackc man`: the manual page, in roff, made from the same command and option table as the help text.
enum ManCommand {
    static let command = Command(
        name: "man",
        summary: "Print the manual page (roff, for man(1))",
        overview: "Print stackc's manual page in roff: every command with its options, as in --help.",
        usage: ["man"],
        options: [],
        discussion: """
            Read it with 'stackc man | man -l -', or install it:
              stackc man > ~/.local/share/man/man1/stackc.1   (a folder man finds through MANPATH or ~/.local/share/man)
            """,
        run: run)

    static func run(_ options: Options) -> Int32 {
        guard options.positional.isEmpty else {
            Output.error("stackc man: error: unexpected argument '\(options.positional[0])'\n")
            return ExitCode.usage
        }
        Output.write(page(Stackc.commands))
        return ExitCode.ok
    }

    /// The whole page. No date: the same stackc prints the same page.
    static func page(_ commands: [Command]) -> String {
        var text = """
            .TH STACKC 1 "" "stackc \(Stackc.version)" "stackc Manual"
            .SH NAME
            stackc \\- check, format, lower, solve and render .stack layout files
            .SH SYNOPSIS
            .B stackc
            .I command
            .RI [ options ]
            .IR FILE ...
            .SH DESCRIPTION
            \(paragraphs(Stackc.overview))
            .PP
            Use \\(oq\\-\\(cq as FILE to read standard input.
            .SH OPTIONS
            These come before any command; every command takes \\fB\\-\\-color\\fR and \\fB\\-h\\fR, \\fB\\-\\-help\\fR.

            """
        text += (Stackc.globalOptions + [.color]).map(option).joined()
        text += ".SH COMMANDS\n"
        for command in commands {
            text += ".SS \(command.name)\n" + paragraphs(command.overview) + "\n.PP\n.nf\n"
            text += command.usage.map { "\\fBstackc\\fR " + escaped($0) + "\n" }.joined() + ".fi\n"
            text += command.allOptions.map(option).joined()
            if !command.discussion.isEmpty { text += ".PP\n" + paragraphs(command.discussion) + "\n" }
        }
        text += """
            .SH CONFIGURATION
            Each input file takes its settings from the nearest \\fI.stackc.json\\fR in its folder or a folder
            above it, up to the file system root; \\fB\\-\\-config\\fR \\fIfile\\fR names one instead, and
            \\fB\\-\\-no\\-config\\fR uses none. The file is JSON:
            .PP
            .nf
            {"fmt": {"indentWidth": 4, "lineWidth": 100}, "disabled": ["W101"], "warningsAsErrors": false}
            .fi
            .PP
            A file with an unknown key or a bad value is reported, located, and its files are not processed (exit status 2).
            .SH ENVIRONMENT
            .TP
            .B NO_COLOR
            When set and not empty, diagnostics have no colour (unless \\fB\\-\\-color always\\fR).
            .TP
            .B TERM
            When \\fBdumb\\fR, diagnostics have no colour (unless \\fB\\-\\-color always\\fR).
            .SH EXIT STATUS
            .TP
            .B 0
            No errors (warnings allowed).
            .TP
            .B 1
            Diagnostics with errors.
            .TP
            .B 2
            Usage or I/O problems, including a broken configuration file.
            .SH SEE ALSO
            .BR swiftc (1),
            .BR man (1);
            the README of stackc describes the language, the diagnostics and every output format.

            """
        return text
    }

    /// One option as a tagged paragraph.
    static func option(_ option: OptionSpec) -> String {
        var tag = option.short.map { "\\fB\\-\(escaped($0))\\fR, " } ?? ""
        tag += "\\fB\\-\\-" + escaped(option.name) + "\\fR"
        if option.takesValue { tag += " \\fI" + escaped(option.valueName) + "\\fR" }
        return ".TP\n" + tag + "\n" + escaped(CompletionScript.oneLine(option.help)) + "\n"
    }

    /// Text whose blank lines separate paragraphs; lines indented by two spaces are kept as they are.
    static func paragraphs(_ text: String) -> String {
        var lines: [String] = []
        var literal = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let isLiteral = line.hasPrefix("  ")
            if isLiteral != literal {
                lines.append(isLiteral ? ".nf" : ".fi")
                literal = isLiteral
            }
            lines.append(line.isEmpty ? ".PP" : escaped(String(line)))
        }
        if literal { lines.append(".fi") }
        return lines.joined(separator: "\n")
    }

    /// Roff-safe text: backslashes escaped, hyphens of options as minus signs, no line read as a request.
    static func escaped(_ text: String) -> String {
        var result = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }
}
