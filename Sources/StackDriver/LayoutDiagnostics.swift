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
    /// the room its text needs.
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
        let truncated = tree.map { truncations($0, text: text) } ?? []
        return found + truncated.map { Diagnostic(.truncatedText, $0.message, at: range(ir.items[$0.item].origin)) } + negativeItems(ir).map { item in
            let frame = frames[item]
            let sizes = [("wide", frame.width), ("tall", frame.height)].filter { $0.1 < -Self.negativeTolerance }
            let text = sizes.map { "\(formatNumber(($0.1 * 1000).rounded() / 1000)) points \($0.0)" }.joined(separator: " and ")
            return Diagnostic(
                .negativeFrame, "'\(ir.items[item].name)' is \(text): its constraints leave it less than no room",
                at: range(ir.items[item].origin))
        }
    }

    /// The labels and buttons sized by their text that get less room than it needs: narrower than its
    /// widest line, or (a label of several lines, wrapped at its width) shorter than its lines or with
    /// more lines than `lines:` allows. Hidden ones and those inside hidden stacks are left out.
    private func truncations(_ tree: LayoutTree, text environment: TextEnvironment) -> [(item: Int, message: String)] {
        var hidden = [Bool](repeating: false, count: tree.nodes.count)
        var result: [(Int, String)] = []
        for index in tree.nodes.indices where index < frames.count {
            let node = tree.nodes[index]
            hidden[index] = node.hidden || (node.parent.map { $0 < index && hidden[$0] } ?? false)
            guard !hidden[index], let leaf = node.leaf, leaf.measuredText, let content = leaf.text else { continue }
            let frame = frames[index]
            let font = leaf.font ?? (node.kind == .button ? TextEnvironment.buttonFont : .default)
            let single = node.kind == .button ? environment.measureButton(content, font: font)
                : environment.measureLabel(content, font: font, lines: leaf.lines)
            let tolerance = Self.negativeTolerance
            if node.kind == .button || leaf.lines == 1 {
                guard frame.width < single.width - tolerance || frame.height < single.height - tolerance else { continue }
                let short = frame.width < single.width - tolerance
                    ? "\(formatNumber(Self.rounded(frame.width))) points wide for text \(formatNumber(Self.rounded(single.width))) wide"
                    : "\(formatNumber(Self.rounded(frame.height))) points tall for text \(formatNumber(Self.rounded(single.height))) tall"
                result.append((index, "'\(node.path)' truncates its text: \(short)"))
                continue
            }
            let wrapped = environment.measureLabel(content, font: font, lines: leaf.lines, width: max(0, frame.width))
            if wrapped.truncated || frame.height < wrapped.height - tolerance || frame.width < wrapped.width - tolerance {
                let needed = environment.measureLabel(content, font: font, lines: 0, width: max(0, frame.width))
                // Tall as its room and its text first, so `check` can tell the worst case of several.
                let shown = wrapped.truncated ? Self.rounded(wrapped.height) : Self.rounded(frame.height)
                result.append((index, "'\(node.path)' truncates its text: \(formatNumber(shown)) points tall for text "
                    + "\(formatNumber(Self.rounded(needed.height))) tall (\(needed.lineCount) line\(needed.lineCount == 1 ? "" : "s") at "
                    + "\(formatNumber(Self.rounded(frame.width))) points wide" + (leaf.lines > 0 ? ", lines: \(leaf.lines))" : ")")))
            }
        }
        return result
    }

    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// Sizes below this are negative (the solvers' precision is 1e-6).
    static let negativeTolerance = 1e-6

    /// The visible arranged items with a negative width or height whose stacks have none. Hidden items
    /// and what they contain are left out: UIKit collapses a hidden item and draws none of it.
    private func negativeItems(_ ir: ConstraintIR) -> [Int] {
        let count = min(frames.count, ir.items.count)
        // Per item: inside a negative or a hidden item (owners come before their items).
        var covered = [Bool](repeating: false, count: count)
        var result: [Int] = []
        for item in 0..<count where ir.items[item].kind != .guide {
            let owner = ir.items[item].owner.map(\.index).flatMap { $0 < item ? $0 : nil }
            let insideCovered = owner.map { covered[$0] } ?? false
            let negative = frames[item].width < -Self.negativeTolerance || frames[item].height < -Self.negativeTolerance
            if negative, !insideCovered, !ir.items[item].isHidden { result.append(item) }
            covered[item] = insideCovered || negative || ir.items[item].isHidden
        }
        return result
    }
}
