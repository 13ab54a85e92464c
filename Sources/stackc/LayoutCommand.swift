import Foundation
import StackDriver
import StackIR
import StackRender
import StackSolver
import StackSyntax

/// `stackc layout FILE`: the frame of every item, solved from the constraints.
enum LayoutCommand {
    static let command = Command(
        name: "layout",
        summary: "Solve the layout and print every frame",
        help: """
            OVERVIEW: Solve a .stack file's constraints with Auto Layout's priority semantics and print the frame
            of every item (stacks, leaves and guides) in root coordinates, the root at (0, 0).

            USAGE: stackc layout [--root NAME] [--width W[,W2,...]] [--height H] [--format text|json] FILE

            OPTIONS:
              --root <name>      Only this root layout (default: every root)
              --width <widths>   Container width(s), comma-separated: one layout per width
              --height <height>  Container height
              --format <format>  text (default: a table) or json ({"root", "width", "height", "frames": [...]};
                                 an array when there are several roots or widths)

            Without a size, a root takes its explicit width/height if it has them, else its natural (fitting) size;
            a size given here replaces the root's own.
            Conflicts (exit 1) and ambiguity (a warning) are reported on standard error; frames are printed anyway,
            after breaking a conflicting constraint as UIKit does.
            """,
        options: sizeOptions + [OptionSpec(name: "format", takesValue: true, choices: ["text", "json"])],
        run: run)

    static let sizeOptions = [
        OptionSpec(name: "root", takesValue: true), OptionSpec(name: "width", takesValue: true),
        OptionSpec(name: "height", takesValue: true),
    ]

    static func run(_ options: Options) -> Int32 {
        guard let request = LayoutRequest(options, command: "layout") else { return ExitCode.usage }
        var outputs: [(ConstraintIR, LayoutSolution)] = []
        for ir in request.roots {
            for width in request.widths {
                outputs.append((ir, request.solution(for: ir, width: width)))
            }
        }
        if options.value("format") == "json" {
            let values = outputs.map { layoutJSON($0.0, $0.1) }
            Output.write((values.count == 1 ? values[0] : .array(values)).rendered(pretty: true) + "\n")
        } else {
            let showTitles = outputs.count > 1
            Output.write(outputs.map { ir, solution in
                (showTitles ? "\(ir.root) (\(formatNumber(solution.width)) x \(formatNumber(solution.height)))\n" : "") + layoutText(ir, solution)
            }.joined(separator: "\n"))
        }
        return request.status(of: outputs.map(\.1))
    }
}

/// What `layout` and `render` share: the file, the roots and the sizes asked for, and the reporting.
struct LayoutRequest {
    let compilation: Compilation
    let roots: [ConstraintIR]
    /// `[nil]` when no width was given.
    let widths: [Double?]
    let height: Double?

    init?(_ options: Options, command: String) {
        guard options.positional.count == 1, let path = options.positional.first else {
            Output.error("stackc \(command): error: expected exactly one input file\n")
            return nil
        }
        var widths: [Double?] = [nil]
        if let text = options.value("width") {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            let parsed = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.filter { $0 >= 0 && $0.isFinite }
            guard !parts.isEmpty, parsed.count == parts.count else {
                Output.error("stackc \(command): error: --width takes non-negative numbers separated by commas, got '\(text)'\n")
                return nil
            }
            widths = parsed
        }
        var height: Double?
        if let text = options.value("height") {
            guard let value = Double(text), value >= 0, value.isFinite else {
                Output.error("stackc \(command): error: --height takes a non-negative number, got '\(text)'\n")
                return nil
            }
            height = value
        }
        guard let file = Output.readSource(path) else { return nil }
        // The layout diagnostics are those of the sizes asked for, so solve those instead of the default size.
        let compilation = Compilation(file: file, solving: false)
        if compilation.reportDiagnostics() {
            return nil
        }
        guard let roots = compilation.selectRoots(options.value("root"), command: command) else { return nil }
        self.compilation = compilation
        self.roots = roots
        self.widths = widths
        self.height = height
    }

    /// A requested size replaces the root's own `width:`/`height:` (the file's size is the default preview size).
    func solution(for ir: ConstraintIR, width: Double?) -> LayoutSolution {
        let sized = ir.replacingRootSize(width: width != nil, height: height != nil)
        // The structured solver needs the tree the IR came from; it checks that the two match.
        guard let index = compilation.irs.firstIndex(where: { $0.root == ir.root && $0.items.count == ir.items.count }),
              compilation.checked.model.roots.indices.contains(index) else { return solve(sized, width: width, height: height) }
        return solveLayout(tree: compilation.checked.model.roots[index], ir: sized, width: width, height: height)
    }

    /// Reports the layout findings once per distinct diagnostic; 1 when any is an error.
    func status(of solutions: [LayoutSolution]) -> Int32 {
        var seen = Set<Diagnostic>()
        let diagnostics = solutions.flatMap { $0.diagnostics(in: compilation.file) }.filter { seen.insert($0).inserted }.sortedByLocation()
        Output.error(DiagnosticRenderer(colored: Output.stderrIsColorTerminal).render(diagnostics, in: compilation.file))
        return diagnostics.hasErrors ? ExitCode.diagnostics : ExitCode.ok
    }
}
