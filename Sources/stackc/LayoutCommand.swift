import Foundation
import StackDriver
import StackIR
import StackRender
import StackSemantics
import StackSolver
import StackSyntax
import StackText

/// `stackc layout FILE`: the frame of every item, solved from the constraints.
enum LayoutCommand {
    static let command = Command(
        name: "layout",
        summary: "Solve the layout and print every frame",
        overview: """
            Solve a .stack file's constraints with Auto Layout's priority semantics and print the frame
            of every item (stacks, leaves and guides) in root coordinates, the root at (0, 0).
            """,
        usage: ["layout [--root NAME] [--width W[,W2,...]] [--height H] [--device D[,D2,...]|all [--safe-area]] [--direction ltr|rtl] [--content-size C[,C2,...]|all] [--font-file PATH] [--format text|json] [--explain-solver] [--max-items N] FILE"],
        options: sizeOptions + [
            OptionSpec(name: "format", takesValue: true, choices: ["text", "json"], valueName: "format",
                       help: "text (default: a table) or json ({\"root\", \"width\", \"height\", \"frames\": [...]},\nwith \"contentSize\" when --content-size is given, \"device\" with --device; an array\nwhen there are several roots, widths, devices or content sizes)"),
            SolverExplanation.option, .config, .noConfig, .uikit,
        ],
        arguments: .stackFile,
        discussion: """
            Without a size, a root takes its explicit width/height if it has them, else its natural (fitting) size;
            a size given here replaces the root's own.
            Conflicts (exit 1) and ambiguity (a warning) are reported on standard error; frames are printed anyway,
            after breaking a conflicting constraint as UIKit does.
            """,
        run: run)

    static let sizeOptions = [
        OptionSpec(name: "root", takesValue: true, valueName: "name", help: "Only this root layout (default: every root)"),
        OptionSpec(name: "width", takesValue: true, valueName: "widths", help: "Container width(s), comma-separated: one layout per width"),
        OptionSpec(name: "height", takesValue: true, valueName: "height", help: "Container height"),
        OptionSpec(name: "direction", takesValue: true, choices: LayoutDirection.allCases.map(\.rawValue), valueName: "direction",
                   help: "ltr (default) or rtl: right to left mirrors leading and trailing, leaves left and right"),
        RequestedSize.deviceOption, RequestedSize.safeAreaOption,
        .maximumItems,
    ] + TextOptions.options

    static func run(_ options: Options) -> Int32 {
        let request: LayoutRequest
        do { request = try LayoutRequest(options, command: "layout") } catch { return error.status }
        // One layout per root, content size and width, each written as soon as it is solved.
        let sizes = request.compilations.count, widths = request.sizes.count
        let count = request.roots.count * sizes * widths
        var findings = LayoutFindings()
        let explain = options.flag(SolverExplanation.option.name)
        let namedSize = options.value(TextOptions.contentSize.name) != nil
        func layout(_ position: Int) -> (ConstraintIR, LayoutSolution, SolveReport?, ContentSizeCategory, RequestedSize) {
            let index = request.roots[position / (sizes * widths)]
            let variant = position / widths % sizes
            let size = request.sizes[position % widths]
            var report: SolveReport?
            let solution: LayoutSolution
            var tree: LayoutTree?
            if explain {
                (solution, report) = request.solutionReporting(for: index, size: size, variant: variant)
            } else {
                (solution, tree) = request.measuredSolution(for: index, size: size, variant: variant)
            }
            let compilation = request.compilations[variant]
            // The IR as solved: a requested size replaces the root's own, and the solution's constraint
            // indices (its broken constraints) are that IR's, as `render` reads them.
            let ir = compilation.irs[index].replacingRootSize(width: size.width != nil, height: size.height != nil)
            findings.add(solution, of: ir, tree: tree, text: compilation.text, in: request.compilation.file)
            return (ir, solution, report, request.categories[variant], size)
        }
        if options.value("format") == "json" {
            Output.writeJSON(count: count) { position in
                let (ir, solution, report, category, size) = layout(position)
                var value = layoutJSON(ir, solution)
                if case .object(var members) = value {
                    if let device = size.device { members.insert(("device", .string(device)), at: min(1, members.count)) }
                    if namedSize { members.insert(("contentSize", .string(category.rawValue)), at: min(1, members.count)) }
                    value = .object(members)
                }
                return report.map { SolverExplanation.adding($0, ir, to: value) } ?? value
            }
        } else {
            for position in 0..<count {
                let (ir, solution, report, category, size) = layout(position)
                let note = (size.device.map { ", \($0)" } ?? "") + (sizes > 1 ? ", content size \(category.rawValue)" : "")
                let title = count > 1 ? "\(ir.root) (\(short(solution.width)) x \(short(solution.height))\(note))\n" : ""
                let explanation = report.map { "\n" + SolverExplanation.text($0, ir) } ?? ""
                Output.write((position > 0 ? "\n" : "") + title + layoutText(ir, solution) + explanation)
            }
        }
        return findings.report(in: request.compilation.file, configuration: request.configuration)
    }
}

/// What `layout` and `render` share: the file, the roots and the sizes asked for, and the reporting.
struct LayoutRequest {
    /// One compilation per content size asked for (text measures differently at each).
    let compilations: [Compilation]
    let categories: [ContentSizeCategory]
    /// The first content size's compilation: the one whose diagnostics were reported.
    var compilation: Compilation { compilations[0] }
    /// Indices in `compilation.irs`.
    let roots: [Int]
    /// The containers asked for: a width each (`[nil]` when none was given) with the height, or a device each.
    let sizes: [RequestedSize]
    /// `--direction`: right to left mirrors the frames (the IR and its diagnostics do not depend on it).
    let direction: LayoutDirection
    /// The file's configuration (its disabled warnings are not reported).
    let configuration: ProjectConfiguration

    /// Reads the file and the sizes; throws the exit status after reporting why it cannot go on:
    /// 2 for usage and I/O problems, 1 for a file with errors.
    init(_ options: Options, command: String) throws(ExitStatus) {
        guard options.positional.count == 1, let path = options.positional.first else {
            Output.error("stackc \(command): error: expected exactly one input file\n")
            throw ExitStatus(ExitCode.usage)
        }
        let sizes = try RequestedSize.parse(options, command: command)
        let configuration = try Configurations.forSingleFile(path, options, command: command)
        let environments = try TextOptions.environments(options, command: command)
        guard let file = Output.readSource(path) else { throw ExitStatus(ExitCode.usage) }
        // The layout diagnostics are those of the sizes asked for, so solve those instead of the default size.
        let compilations = environments.map {
            Compilation(Compilation(file: file, solving: false, maximumItems: options.maximumItems, text: $0, uikit: configuration.uikit),
                        configuration: configuration)
        }
        let compilation = compilations[0]
        if compilation.reportDiagnostics() { throw ExitStatus(ExitCode.diagnostics) }
        guard let roots = compilation.selectRoots(options.value("root"), command: command) else { throw ExitStatus(ExitCode.usage) }
        self.compilations = compilations
        self.categories = environments.map(\.category)
        self.roots = roots
        self.sizes = sizes
        direction = options.value("direction").flatMap(LayoutDirection.init(rawValue:)) ?? .leftToRight
        self.configuration = configuration
    }

    /// A size given on the command line: a finite number from 0 to `NumberRange.maximumMagnitude`.
    static func size(_ text: some StringProtocol) -> Double? {
        guard let value = Double(text), NumberRange.contains(value), value >= 0 else { return nil }
        return value
    }

    /// The root at `index` in `compilation.irs`, solved at a requested size, which replaces the root's own
    /// `width:`/`height:` (the file's size is the default preview size).
    /// `variant` is the index of a content size in `categories`.
    func solution(for index: Int, size: RequestedSize, variant: Int = 0) -> LayoutSolution {
        compilations[variant].solution(root: index, width: size.width, height: size.height, direction: direction)
    }

    /// `solution(for:size:variant:)` with the tree its text was measured in, for the truncation check.
    func measuredSolution(for index: Int, size: RequestedSize, variant: Int = 0) -> (solution: LayoutSolution, tree: LayoutTree?) {
        compilations[variant].measuredSolution(root: index, width: size.width, height: size.height, direction: direction)
    }

    /// `solution(for:size:)` with how it was solved (`--explain-solver`).
    func solutionReporting(for index: Int, size: RequestedSize, variant: Int = 0) -> (LayoutSolution, SolveReport) {
        compilations[variant].solutionReporting(root: index, width: size.width, height: size.height, direction: direction)
    }
}

/// The layout diagnostics of several solutions, each distinct one reported once.
struct LayoutFindings {
    private var seen = Set<Diagnostic>()
    private var diagnostics: [Diagnostic] = []

    mutating func add(_ solution: LayoutSolution, of ir: ConstraintIR, tree: LayoutTree? = nil, text: TextEnvironment = .standard, in file: SourceFile) {
        diagnostics += solution.diagnostics(in: file, ir: ir, tree: tree, text: text).filter { seen.insert($0).inserted }
    }

    /// Prints them in source order, but for the warnings `configuration` disables; the exit status is 1
    /// when any is an error.
    func report(in file: SourceFile, configuration: ProjectConfiguration) -> Int32 {
        let sorted = configuration.filtered(diagnostics.sortedByLocation())
        Output.error(DiagnosticRenderer(colored: Output.stderrIsColorTerminal).render(sorted, in: file))
        return sorted.hasErrors ? ExitCode.diagnostics : ExitCode.ok
    }
}
