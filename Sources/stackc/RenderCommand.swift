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

            USAGE: stackc render [--root NAME] [--width W[,W2,...]] [--height H] [-o OUT.svg] FILE

            OPTIONS:
              --root <name>      The root layout to draw (default: the first)
              --width <widths>   Container width(s), comma-separated: one panel per width
              --height <height>  Container height
              -o, --output <path>  Where to write the SVG (default: standard output)
            """,
        options: LayoutCommand.sizeOptions + [OptionSpec(name: "output", short: "o", takesValue: true)],
        run: run)

    static func run(_ options: Options) -> Int32 {
        guard let request = LayoutRequest(options, command: "render"), let ir = request.roots.first else { return ExitCode.usage }
        let panels = request.widths.map { width in (width: width, solution: request.solution(for: ir, width: width)) }
        guard Output.writeFile(renderSVG(ir, panels: panels), to: options.value("output")) else { return ExitCode.usage }
        return request.status(of: panels.map(\.solution))
    }
}
