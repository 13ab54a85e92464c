import StackIR
import StackSolver
import StackSyntax

extension LayoutSolution {
    /// The findings as diagnostics, and with the IR the solution is of, a warning (W202) for each item
    /// squeezed below zero (the outermost of nested ones). A finding's range is its origin's byte range;
    /// when the IR was read from text (no ranges), `file` turns line and column into an offset; without
    /// either the range is empty at offset 0, and `SolverFinding.origin` still has the line and column.
    public func diagnostics(in file: SourceFile? = nil, ir: ConstraintIR? = nil) -> [Diagnostic] {
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
        return found + negativeItems(ir).map { item in
            let frame = frames[item]
            let sizes = [("wide", frame.width), ("tall", frame.height)].filter { $0.1 < -Self.negativeTolerance }
            let text = sizes.map { "\(formatNumber(($0.1 * 1000).rounded() / 1000)) points \($0.0)" }.joined(separator: " and ")
            return Diagnostic(
                .negativeFrame, "'\(ir.items[item].name)' is \(text): its constraints leave it less than no room",
                at: range(ir.items[item].origin))
        }
    }

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
