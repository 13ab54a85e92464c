import StackIR
import StackSolver
import StackSemantics
import StackSyntax
import StackText

extension LayoutSolution {
    /// The findings as diagnostics, and with the IR the solution is of, a warning (W202) for each item
    /// squeezed below zero (the outermost of nested ones). A finding's range is its origin's byte range;
    /// when the IR was read from text (no ranges), `file` turns line and column into an offset; without
    /// either the range is empty at offset 0, and `SolverFinding.origin` still has the line and column.
    /// With the tree its labels were measured in (`Compilation.measuredSolution`) and the text
    /// environment, also a warning (W203) for each label or button sized by its text that does not get
    /// the room its text needs. Neither when the solver stopped at a limit (`stopped`).
    public func diagnostics(in file: SourceFile? = nil, ir: ConstraintIR? = nil, tree: LayoutTree? = nil,
                            text: TextEnvironment = .standard) -> [Diagnostic] {
        func range(_ origin: Origin) -> SourceRange {
            if let range = origin.range { return range }
            if let file { return .empty(at: file.offset(of: SourceLocation(line: origin.line, column: origin.column))) }
            return .empty(at: 0)
        }
        let found = findings.map { finding in
            Diagnostic(
                finding.id, finding.message, at: range(finding.origin),
                notes: finding.notes.map { DiagnosticNote($0.message, at: range($0.origin)) })
        }
        guard let ir else { return found }
        let truncated = stopped ? [] : tree.map { truncations($0, text: text) } ?? []
        let truncatedText = truncated.map { Diagnostic(.truncatedText, $0.message, at: range(ir.items[$0.item].origin)) }
        return found + truncatedText + negativeItems(in: ir).map { item in
            let frame = frames[item]
            let sizes = [("wide", frame.width), ("tall", frame.height)].filter { $0.1 < -LayoutSolution.negativeTolerance }
            let text = sizes.map { "\(formatNumber(($0.1 * 1000).rounded() / 1000)) points \($0.0)" }.joined(separator: " and ")
            return Diagnostic(
                .negativeFrame, "'\(ir.items[item].name)' is \(text): its constraints leave it less than no room",
                at: range(ir.items[item].origin))
        }
    }

    /// The labels and buttons sized by their text that get less room than it needs
    /// (`TextEnvironment.placement(of:width:height:)`, which `stackc render` draws from too): narrower
    /// than its widest line, or (a label of several lines, wrapped at its width) shorter than its lines or
    /// with more lines than `lines:` allows. Hidden ones and those inside hidden stacks are left out.
    private func truncations(_ tree: LayoutTree, text environment: TextEnvironment) -> [(item: Int, message: String)] {
        var hidden = [Bool](repeating: false, count: tree.nodes.count)
        var result: [(Int, String)] = []
        for index in tree.nodes.indices where index < frames.count {
            let node = tree.nodes[index]
            hidden[index] = node.hidden || (node.parent.map { $0 < index && hidden[$0] } ?? false)
            guard !hidden[index], node.leaf?.measuredText == true,
                  let placement = environment.placement(of: node, width: frames[index].width, height: frames[index].height),
                  let truncation = placement.truncation else { continue }
            result.append((index, "'\(node.path)' truncates its text: \(truncation)"))
        }
        return result
    }
}
