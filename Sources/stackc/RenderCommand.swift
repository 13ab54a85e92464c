import StackDriver
import StackRender

/// `stackc render FILE -o out.svg`: a picture of the solved layout.
enum RenderCommand {
    static let command = Command(
        name: "render",
        summary: "Render the solved layout as SVG",
        help: """
            OVERVIEW: Solve a .stack layout and draw it as SVG: every item a labelled box, stacks outlined,
            guides and spacing marked, one panel per requested width.

            USAGE: stackc render [--root NAME] [--width W[,W2,...]] [--height H] [--max-items N] [-o OUT.svg] FILE

            OPTIONS:
              --root <name>      The root layout to draw (default: the first)
              --width <widths>   Container width(s), comma-separated: one panel per width
              --height <height>  Container height
            \(OptionSpec.maximumItemsHelp)
              -o, --output <path>  Where to write the SVG (default: standard output)
            """,
        options: LayoutCommand.sizeOptions + [OptionSpec(name: "output", short: "o", takesValue: true)],
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
        return findings.report(in: request.compilation.file)
    }
}
