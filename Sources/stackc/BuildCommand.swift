import StackCodegen
import StackDriver
import StackSyntax

/// `stackc build FILE`: Swift source that builds the file's layouts with Auto Layout anchors.
enum BuildCommand {
    static let command = Command(
        name: "build",
        summary: "Generate Swift (NSLayoutAnchor code) for the layouts",
        help: """
            OVERVIEW: Generate Swift that builds each root layout with Auto Layout anchors: a class per root
            owning its views and the layout guides that stand in for stacks, with install(in:), frames() and
            setHidden(_:for:) for arranged items that write hidden:. The file builds against UIKit, AppKit,
            or StackRuntime (Linux, or -D STACKC_RUNTIME) for headless layout.

            USAGE: stackc build [-o OUT.swift] [--platform uikit|appkit] [--max-items N] FILE

            OPTIONS:
              -o, --output <path>    Write here (default: standard output); not written when there are errors
              --platform <platform>  uikit (default; also builds against AppKit) or appkit (AppKit names)
            \(OptionSpec.maximumItemsHelp)
            """,
        options: [
            OptionSpec(name: "output", short: "o", takesValue: true),
            OptionSpec(name: "platform", takesValue: true, choices: Platform.allCases.map(\.rawValue)),
            .maximumItems,
        ],
        run: run)

    static func run(_ options: Options) -> Int32 {
        guard options.positional.count == 1, let path = options.positional.first else {
            Output.error("stackc build: error: expected exactly one input file\n")
            return ExitCode.usage
        }
        guard let file = Output.readSource(path) else { return ExitCode.usage }
        let compilation = Compilation(file: file, maximumItems: options.maximumItems)
        if compilation.reportDiagnostics() { return ExitCode.diagnostics }
        let platform = options.value("platform").flatMap(Platform.init(rawValue:)) ?? .uikit
        // Written a root at a time; unchanged output is not rewritten (AtomicFile), so a build system sees nothing new.
        let written = Output.writeFile(to: options.value("output")) { sink in
            generateSwift(compilation.checked.model, irs: compilation.irs, platform: platform, into: sink)
        }
        return written ? ExitCode.ok : ExitCode.usage
    }
}
