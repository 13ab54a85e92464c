import StackDriver
import StackRender

/// `stackc render FILE -o out.svg`: a picture of the solved layout.
enum RenderCommand {
    static let command = Command(
        name: "render",
        summary: "Render the solved layout as SVG",
        overview: """
            Solve a .stack layout and draw it as SVG: every item a labelled box (labels and buttons
            show their text at its measured font size and baselines, cut with a red ellipsis where it is
            truncated, images their name), stacks outlined and tagged, guides and spacing marked, baseline rows'
            baselines drawn, hidden items as ghosts, items below zero hatched red; one row of panels per root,
            one panel per requested width.
            """,
        usage: ["render [--root NAME] [--width W[,W2,...]] [--height H] [--device D[,D2,...]|all [--safe-area]] [--direction ltr|rtl] [--content-size C[,C2,...]|all] [--font-file PATH] [--max-items N] [-o OUT.svg] FILE"],
        options: LayoutCommand.sizeOptions + [
            OptionSpec(name: "output", short: "o", takesValue: true, valueName: "path",
                       help: "Where to write the SVG (default: standard output)", takesPath: true),
            .config, .noConfig, .uikit,
        ],
        arguments: .stackFile,
        discussion: "--root names the root layout to draw (default: every root, a row of panels each); --width gives one panel per width.",
        run: run)

    static func run(_ options: Options) -> Int32 {
        let request: LayoutRequest
        do { request = try LayoutRequest(options, command: "render") } catch { return error.status }
        guard !request.roots.isEmpty else {
            Output.error("stackc render: error: \(request.compilation.file.path) has no root layout to draw\n")
            return ExitCode.usage
        }
        var findings = LayoutFindings()
        var panels: [SVGPanel] = []
        // Per root a row: each content size asked for, each width.
        for index in request.roots {
            for (variant, compilation) in request.compilations.enumerated() {
                let contentSize = request.compilations.count > 1 ? "content size \(request.categories[variant].rawValue)" : nil
                for size in request.sizes {
                    let (solution, measured) = request.measuredSolution(for: index, size: size, variant: variant)
                    let ir = compilation.irs[index].replacingRootSize(width: size.width != nil, height: size.height != nil)
                    findings.add(solution, of: ir, tree: measured, text: compilation.text, in: compilation.file)
                    let caption = [size.device, contentSize].compactMap { $0 }.joined(separator: ", ")
                    // The tree as last measured: labels of several lines wrapped at their solved widths.
                    panels.append(SVGPanel(ir: ir, solution: solution, width: size.width, height: size.height, tree: measured,
                                           caption: caption.isEmpty ? nil : caption, text: compilation.text,
                                           direction: request.direction))
                }
            }
        }
        guard Output.writeFile(renderSVG(panels), to: options.value("output")) else { return ExitCode.usage }
        return findings.report(in: request.compilation.file, configuration: request.configuration)
    }
}
