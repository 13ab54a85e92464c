import StackDriver
import StackRender

/// `stackc render FILE -o out.svg`: a picture of the solved layout.
enum RenderCommand {
    static let command = Command(
        name: "render",
        summary: "Render the solved layout as SVG",
        overview: """
            Solve a .stack layout and draw it as SVG: every item a labelled box, stacks outlined,
            guides and spacing marked, one panel per requested width.
            """,
        usage: ["render [--root NAME] [--width W[,W2,...]] [--height H] [--max-items N] [-o OUT.svg] FILE"],
        options: LayoutCommand.sizeOptions + [
            OptionSpec(name: "output", short: "o", takesValue: true, valueName: "path",
                       help: "Where to write the SVG (default: standard output)", takesPath: true),
            .config, .noConfig,
        ],
        arguments: .stackFile,
        discussion: "--root names the root layout to draw (default: the first); --width gives one panel per width.",
        run: run)

    static func run(_ options: Options) -> Int32 {
        let request: LayoutRequest
        do { request = try LayoutRequest(options, command: "render") } catch { return error.status }
        guard let index = request.roots.first else {
            Output.error("stackc render: error: \(request.compilation.file.path) has no root layout to draw\n")
            return ExitCode.usage
        }
        let panels = request.widths.map { width in (width: width, solution: request.solution(for: index, width: width)) }
        var findings = LayoutFindings()
        for panel in panels { findings.add(panel.solution, in: request.compilation.file) }
        guard Output.writeFile(renderSVG(request.compilation.irs[index], panels: panels), to: options.value("output")) else { return ExitCode.usage }
        return findings.report(in: request.compilation.file, configuration: request.configuration)
    }
}
