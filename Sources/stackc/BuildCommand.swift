import StackCodegen
import StackDriver
import StackSyntax

/// `stackc build FILE`: Swift source that builds the file's layouts with Auto Layout anchors.
enum BuildCommand {
    static let command = Command(
        name: "build",
        summary: "Generate Swift (NSLayoutAnchor code) for the layouts",
        overview: """
            Generate Swift that builds each root layout with Auto Layout anchors: a class per root
            owning its views and the layout guides that stand in for stacks, with install(in:), frames() and
            setHidden(_:for:) for arranged items that write hidden:. The file builds against UIKit, AppKit,
            or StackRuntime (Linux, or -D STACKC_RUNTIME) for headless layout.
            """,
        usage: ["build [-o OUT.swift] [--platform uikit|appkit] [--max-items N] FILE"],
        options: [
            OptionSpec(name: "output", short: "o", takesValue: true, valueName: "path",
                       help: "Write here (default: standard output); not written when there are errors", takesPath: true),
            OptionSpec(name: "platform", takesValue: true, choices: Platform.allCases.map(\.rawValue), valueName: "platform",
                       help: "uikit (default; also builds against AppKit) or appkit (AppKit names)"),
            .maximumItems, .config, .noConfig, .uikit,
        ],
        arguments: .stackFile,
        run: run)

    static func run(_ options: Options) -> Int32 {
        guard options.positional.count == 1, let path = options.positional.first else {
            Output.error("stackc build: error: expected exactly one input file\n")
            return ExitCode.usage
        }
        let configuration: ProjectConfiguration
        do { configuration = try Configurations.forSingleFile(path, options, command: "build") } catch { return error.status }
        guard let file = Output.readSource(path) else { return ExitCode.usage }
        let compilation = Compilation(Compilation(file: file, maximumItems: options.maximumItems, uikit: configuration.uikit), configuration: configuration)
        if compilation.reportDiagnostics() { return ExitCode.diagnostics }
        let platform = options.value("platform").flatMap(Platform.init(rawValue:)) ?? .uikit
        // Written a root at a time; unchanged output is not rewritten (AtomicFile), so a build system sees nothing new.
        let written = Output.writeFile(to: options.value("output")) { sink in
            generateSwift(compilation.checked.model, irs: compilation.irs, platform: platform, into: sink)
        }
        return written ? ExitCode.ok : ExitCode.usage
    }
}
