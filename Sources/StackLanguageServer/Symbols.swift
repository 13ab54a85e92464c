import StackSemantics
import StackSyntax

/// LSP `LSPSymbolKind` values the server uses.
enum LSPSymbolKind {
    static let namespace: Double = 3
    static let `class`: Double = 5
    static let field: Double = 8
    static let constant: Double = 14
    static let object: Double = 19
    static let typeParameter: Double = 26
    static let variable: Double = 13
}

extension LanguageServer {
    /// `textDocument/documentSymbol`: constants, components (with their parameters and body) and the tree of
    /// stacks and views; `DocumentSymbol` trees when the client supports them, else flat `SymbolInformation`.
    func documentSymbols(_ analysis: Analysis, uri: String) -> JSONValue {
        let symbols = analysis.tree.declarations.compactMap { symbol(for: $0, in: analysis) }
        if hierarchicalSymbols { return .array(symbols.map { $0.documentSymbol(analysis.mapper) }) }
        var flat: [JSONValue] = []
        for symbol in symbols { symbol.appendInformation(to: &flat, container: nil, uri: uri, mapper: analysis.mapper) }
        return .array(flat)
    }

    private func symbol(for declaration: Declaration, in analysis: Analysis) -> OutlineSymbol? {
        switch declaration {
        case .constant(let decl):
            guard !decl.name.isMissing else { return nil }
            return OutlineSymbol(name: decl.name.text, detail: "let", kind: LSPSymbolKind.constant,
                                 range: decl.range, selection: decl.name.range, children: [])
        case .component(let decl):
            guard !decl.name.isMissing else { return nil }
            let parameters = decl.parameters.filter { !$0.name.isMissing }.map {
                OutlineSymbol(name: $0.name.text, detail: $0.type.text, kind: LSPSymbolKind.typeParameter,
                              range: $0.range, selection: $0.name.range, children: [])
            }
            let body = decl.body.members.compactMap { symbol(for: $0, in: analysis) }
            return OutlineSymbol(name: decl.name.text, detail: "component", kind: LSPSymbolKind.class,
                                 range: decl.range, selection: decl.name.range, children: parameters + body)
        case .element(let element):
            guard !element.kind.isMissing else { return nil }
            let kind = ElementKind(rawValue: element.kind.text)
            let symbolKind = kind.map { $0.isStack ? LSPSymbolKind.namespace : LSPSymbolKind.field } ?? LSPSymbolKind.object
            let name = element.name.flatMap { $0.isMissing ? nil : $0.text } ?? element.kind.text
            let selection = element.name.flatMap { $0.isMissing ? nil : $0.range } ?? element.kind.range
            let children = element.body?.members.compactMap { symbol(for: $0, in: analysis) } ?? []
            return OutlineSymbol(name: name, detail: element.kind.text, kind: symbolKind,
                                 range: element.range, selection: selection, children: children)
        case .constraints, .error:
            return nil
        }
    }
}

/// One entry of the outline, before it is written as LSP JSON.
struct OutlineSymbol {
    var name: String
    var detail: String
    var kind: Double
    var range: SourceRange
    var selection: SourceRange
    var children: [OutlineSymbol]

    func documentSymbol(_ mapper: PositionMapper) -> JSONValue {
        // The selection must lie inside the range.
        let full = range.union(selection)
        return .object([
            ("name", .string(name.isEmpty ? "?" : name)),
            ("detail", .string(detail)),
            ("kind", .number(kind)),
            ("range", mapper.range(of: full).json),
            ("selectionRange", mapper.range(of: selection).json),
            ("children", .array(children.map { $0.documentSymbol(mapper) })),
        ])
    }

    func appendInformation(to output: inout [JSONValue], container: String?, uri: String, mapper: PositionMapper) {
        var members: [(String, JSONValue)] = [
            ("name", .string(name.isEmpty ? "?" : name)),
            ("kind", .number(kind)),
            ("location", .object([("uri", .string(uri)), ("range", mapper.range(of: range).json)])),
        ]
        if let container { members.append(("containerName", .string(container))) }
        output.append(.object(members))
        for child in children { child.appendInformation(to: &output, container: name, uri: uri, mapper: mapper) }
    }
}
