/// A readable, indented outline of a syntax tree (`stackc ast`), one declaration per line.
public enum SyntaxOutline {
    /// The outline of a whole tree.
    public static func render(_ tree: SyntaxTree) -> String {
        var lines: [String] = []
        // Columns counted on from one declaration to the next: a long non-ASCII line costs one pass.
        let locations = LocationCache(file: tree.file)
        for declaration in tree.declarations { outline(declaration, locations, depth: 0, into: &lines) }
        return lines.map { $0 + "\n" }.joined()
    }

    static func outline(_ declaration: Declaration, _ locations: LocationCache, depth: Int, into lines: inout [String]) {
        let file = locations.file
        let indent = String(repeating: "  ", count: depth)
        let location = locations.location(of: declaration.range.start)
        let at = " @\(location.line):\(location.column)"
        switch declaration {
        case .constant(let decl):
            lines.append(indent + "let \(decl.name.text) = \(file.text(decl.value.range))" + at)
            unexpected(decl.unexpected, locations, depth: depth + 1, into: &lines)
        case .component(let decl):
            let parameters = decl.parameters.map { "\($0.name.text): \($0.type.text)" }.joined(separator: ", ")
            lines.append(indent + "component \(decl.name.text)(\(parameters))" + at)
            unexpected(decl.unexpected, locations, depth: depth + 1, into: &lines)
            for member in decl.body.members { outline(member, locations, depth: depth + 1, into: &lines) }
        case .element(let element):
            var line = indent + element.kind.text
            if let name = element.name { line += " " + name.text }
            if let arguments = element.arguments {
                line += "(" + arguments.arguments.map { "\($0.label.text): \(file.text($0.value.range))" }.joined(separator: ", ") + ")"
            }
            lines.append(line + at)
            unexpected(element.arguments?.unexpected ?? [], locations, depth: depth + 1, into: &lines)
            for member in element.body?.members ?? [] { outline(member, locations, depth: depth + 1, into: &lines) }
        case .constraints(let block):
            lines.append(indent + "constraints" + at)
            for constraint in block.constraints {
                lines.append(indent + "  " + file.text(constraint.range))
            }
            unexpected(block.unexpected, locations, depth: depth + 1, into: &lines)
        case .error(let skipped):
            lines.append(indent + "<error \(file.text(skipped.range).prefix(40))>" + at)
        }
    }

    /// One line per run of skipped tokens a node holds, below the node: `<unexpected ] 3>`.
    static func unexpected(_ runs: [UnexpectedTokens], _ locations: LocationCache, depth: Int, into lines: inout [String]) {
        let indent = String(repeating: "  ", count: depth)
        for run in runs {
            let location = locations.location(of: run.range.start)
            lines.append(indent + "<unexpected \(locations.file.text(run.range).prefix(40))> @\(location.line):\(location.column)")
        }
    }
}
