import StackSemantics
import StackSolver
import StackSyntax

extension LanguageServer {
    /// `textDocument/hover`: on an element, its kind, path, resolved attributes and solved frame; on a
    /// constant or component name, its declaration. Null elsewhere.
    func hover(_ analysis: Analysis, at offset: Int) -> JSONValue {
        let markdown = hoverMarkdown
        if let reference = analysis.reference(at: offset), !reference.isDeclarationItself,
           let target = analysis.resolve(reference), target.kind != .element {
            let text = analysis.file.text(target.signatureRange)
            let value = markdown ? "```stack\n\(text)\n```" : text
            return hoverResult(value, markdown: markdown, range: analysis.mapper.range(of: reference.range))
        }
        guard let element = analysis.elementChain(at: offset).last else { return .null }
        var lines: [String] = []
        let code: (String) -> String = { markdown ? "`\($0)`" : $0 }
        let title = element.name.map { "\(element.kind.text) \($0.text)" } ?? element.kind.text
        if let (root, index) = analysis.node(forElementAt: element.range) {
            let node = analysis.compilation.checked.model.roots[root].nodes[index]
            lines.append((markdown ? "**\(title)**" : title) + " — " + code(node.path))
            if let frame = analysis.frame(root: root, node: index) {
                let rootFrame = analysis.frame(root: root, node: 0) ?? frame
                let f = { (value: Double) in formatNumber((value * 1000).rounded() / 1000) }
                lines.append("")
                lines.append("frame: " + code("x \(f(frame.x)), y \(f(frame.y)), \(f(frame.width)) × \(f(frame.height))")
                             + " (root \(f(rootFrame.width)) × \(f(rootFrame.height)))")
            }
            lines.append("")
            for (name, value) in resolvedAttributes(node) {
                lines.append((markdown ? "- " : "  ") + "\(name): " + code(value))
            }
        } else {
            lines.append(markdown ? "**\(title)**" : title)
            if let arguments = element.arguments?.arguments, !arguments.isEmpty {
                lines.append("")
                for argument in arguments {
                    lines.append((markdown ? "- " : "  ") + "\(argument.label.text): " + code(analysis.file.text(argument.value.range)))
                }
            }
        }
        let range = element.name.map { element.kind.range.union($0.range) } ?? element.kind.range
        return hoverResult(lines.joined(separator: "\n"), markdown: markdown, range: analysis.mapper.range(of: range))
    }

    private func hoverResult(_ value: String, markdown: Bool, range: LSPRange) -> JSONValue {
        .object([
            ("contents", .object([("kind", .string(markdown ? "markdown" : "plaintext")), ("value", .string(value))])),
            ("range", range.json),
        ])
    }

    /// A node's attributes after defaults and components are resolved, in documentation order.
    func resolvedAttributes(_ node: LayoutNode) -> [(String, String)] {
        var result: [(String, String)] = []
        let number = { (value: Double) in formatNumber(value) }
        if let stack = node.stack {
            result.append(("distribution", stack.distribution.rawValue))
            result.append(("alignment", stack.alignment.rawValue))
            result.append(("spacing", number(stack.spacing)))
            if stack.layoutMarginsRelative {
                let m = stack.margins
                result.append(("margins", "(\(number(m.top)), \(number(m.leading)), \(number(m.bottom)), \(number(m.trailing)))"))
            }
            result.append(("layoutMarginsRelative", String(stack.layoutMarginsRelative)))
            if node.kind == .vstack { result.append(("baselineRelative", String(stack.baselineRelative))) }
        }
        if let leaf = node.leaf {
            let dimension = { (value: Double?) in value.map(number) ?? "none" }
            result.append(("intrinsic", "\(dimension(leaf.intrinsic.horizontal)) x \(dimension(leaf.intrinsic.vertical))"))
            result.append(("horizontalHugging", number(leaf.hugging.horizontal)))
            result.append(("verticalHugging", number(leaf.hugging.vertical)))
            result.append(("horizontalCompression", number(leaf.compressionResistance.horizontal)))
            result.append(("verticalCompression", number(leaf.compressionResistance.vertical)))
            if let value = leaf.firstBaseline { result.append(("firstBaseline", number(value))) }
            if let value = leaf.lastBaseline { result.append(("lastBaseline", number(value))) }
            if let content = leaf.content { result.append((node.kind == .image ? "image" : "text", "\"\(content)\"")) }
        }
        if let width = node.width { result.append(("width", number(width))) }
        if let height = node.height { result.append(("height", number(height))) }
        if node.hidden { result.append(("hidden", "true")) }
        if let spacing = node.spacingAfter { result.append(("spacingAfter", number(spacing))) }
        result.append(("type", node.swiftType))
        return result
    }
}
