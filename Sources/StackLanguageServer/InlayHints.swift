import StackSemantics
import StackSolver
import StackSyntax

/// A solved size shown after an item's name.
struct SizeHint: Equatable {
    /// Where it shows: after the item's name, else after its kind.
    var offset: Int
    /// `120×44`, with `?` after a dimension the constraints leave undecided.
    var label: String
    /// Which dimensions are undecided (`["width"]`), empty when the size is decided.
    var undecided: [String]
}

extension Analysis {
    /// The solved size of each element of each root layout at the root's own size (the frames hover
    /// shows), for the hints between `range.start` and `range.end`, in source order. Nothing for a root
    /// that was not solved (the checker found errors) or whose required constraints conflict; nothing
    /// inside component declarations, whose size differs per instance (the instance has its hint).
    func sizeHints(in range: SourceRange) -> [SizeHint] {
        guard !compilation.solutions.isEmpty else { return [] }
        var nodes: [SourceRange: (root: Int, node: Int)] = [:]
        for (rootIndex, root) in compilation.checked.model.roots.enumerated() {
            guard rootIndex < compilation.solutions.count, compilation.solutions[rootIndex].isSatisfiable else { continue }
            for (index, node) in root.nodes.enumerated() where nodes[node.origins.element] == nil {
                nodes[node.origins.element] = (rootIndex, index)
            }
        }
        var hints: [SizeHint] = []
        var pending: [ElementSyntax] = tree.declarations.reversed().compactMap { if case .element(let element) = $0 { element } else { nil } }
        while let element = pending.popLast() {
            guard element.range.start <= range.end, element.range.end >= range.start else { continue }
            let anchor = element.name.flatMap { $0.isMissing ? nil : $0 } ?? element.kind
            if range.start <= anchor.range.end, anchor.range.end <= range.end,
               let (root, node) = nodes[element.range], let frame = frame(root: root, node: node) {
                let decided = compilation.solutions[root].determined.indices.contains(node)
                    ? compilation.solutions[root].determined[node] : Determination.all
                let number = { (value: Double) in formatNumber((value * 1000).rounded() / 1000) }
                let width = number(frame.width) + (decided.width ? "" : "?")
                let height = number(frame.height) + (decided.height ? "" : "?")
                let undecided = [decided.width ? nil : "width", decided.height ? nil : "height"].compactMap { $0 }
                hints.append(SizeHint(offset: anchor.range.end, label: "\(width)×\(height)", undecided: undecided))
            }
            for member in (element.body?.members ?? []).reversed() {
                if case .element(let child) = member { pending.append(child) }
            }
        }
        return hints
    }
}

extension LanguageServer {
    /// `textDocument/inlayHint`: each item's solved size after its name, in the requested range.
    func inlayHints(_ analysis: Analysis, range: LSPRange) -> JSONValue {
        let hints = analysis.sizeHints(in: analysis.mapper.sourceRange(of: range))
        return .array(hints.map { hint in
            var members: [(String, JSONValue)] = [
                ("position", analysis.mapper.position(of: hint.offset).json),
                ("label", .string(hint.label)),
                ("paddingLeft", .bool(true)),
            ]
            let tooltip = hint.undecided.isEmpty
                ? "solved size at the root's own size"
                : "solved size at the root's own size; ambiguous: the constraints do not decide its \(hint.undecided.joined(separator: " or "))"
            members.append(("tooltip", .string(tooltip)))
            return .object(members)
        })
    }
}
