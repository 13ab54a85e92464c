import StackSemantics
import StackSyntax

/// One signature: its label and each parameter's range in it (UTF-16 offsets, as LSP counts).
struct Signature: Equatable {
    var label: String
    var parameters: [(name: String, start: Int, end: Int)]
    var documentation: String

    static func == (a: Signature, b: Signature) -> Bool {
        a.label == b.label && a.documentation == b.documentation
            && a.parameters.map(\.name) == b.parameters.map(\.name) && a.parameters.map(\.start) == b.parameters.map(\.start)
    }

    /// `Kind(first: Type, second: Type = default)`.
    init(kind: String, parameters: [(name: String, text: String)], documentation: String) {
        var label = kind + "("
        var ranges: [(String, Int, Int)] = []
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { label += ", " }
            let start = label.utf16.count
            label += parameter.text
            ranges.append((parameter.name, start, label.utf16.count))
        }
        self.label = label + ")"
        self.parameters = ranges
        self.documentation = documentation
    }
}

extension Analysis {
    /// The signature of the element whose argument list holds `offset`, and the index of the parameter
    /// being written: the one the current argument's label names, else the first not written yet.
    func signature(at offset: Int) -> (Signature, active: Int?)? {
        let scan = CursorScan(file, at: offset)
        guard case .arguments(let kind, let paren)? = scan.open.last else { return nil }
        let signature: Signature
        if let elementKind = ElementKind(rawValue: kind) {
            let attributes = (CheckerProbe.attributes[elementKind] ?? []).map { ($0, "\($0): \(AttributeCatalog.typeName(of: $0) ?? "")") }
            signature = Signature(kind: kind, parameters: attributes, documentation: elementKind.isStack ? "stack attributes" : "view attributes")
        } else if let decl = resolver.component(named: kind) {
            let parameters = decl.parameters.filter { !$0.name.isMissing }.map { parameter in
                (parameter.name.text, file.text(SourceRange(start: parameter.name.range.start, end: parameter.range.end)))
            }
            let placement = AttributeCatalog.placementAttributes.joined(separator: ", ")
            signature = Signature(kind: kind, parameters: parameters, documentation: "component; an instance also takes \(placement)")
        } else {
            return nil
        }
        // The label of the argument the cursor is in: after the last comma at the list's own depth.
        var label: String?
        var depth = 0
        for index in (paren + 1)..<scan.beforeCount {
            let token = scan.tokens[index]
            switch token.kind {
            case .leftParen: depth += 1
            case .rightParen: depth -= 1
            case .comma where depth == 0: label = nil
            case .identifier where depth == 0 && label == nil && index + 1 < scan.beforeCount && scan.tokens[index + 1].kind == .colon:
                label = scan.text(token)
            default: break
            }
        }
        if label == nil { label = labelAfterCursor(scan) }
        let names = signature.parameters.map(\.name)
        if let label { return (signature, names.firstIndex(of: label)) }
        let written = scan.writtenLabels(paren: paren)
        return (signature, names.firstIndex { !written.contains($0) })
    }

    /// The label of an argument that starts at the cursor (`(|title: "n"`), if any.
    private func labelAfterCursor(_ scan: CursorScan) -> String? {
        let index = scan.beforeCount
        guard index + 1 < scan.tokens.count, scan.tokens[index].kind == .identifier, scan.tokens[index + 1].kind == .colon else { return nil }
        return scan.text(scan.tokens[index])
    }
}

extension LanguageServer {
    /// `textDocument/signatureHelp` in an element's argument list: a component's parameters with their
    /// types and defaults, or a built-in element's attributes with their types; null elsewhere.
    func signatureHelp(_ analysis: Analysis, at offset: Int) -> JSONValue {
        guard let (signature, active) = analysis.signature(at: offset) else { return .null }
        let offsets = clientCapabilities["textDocument"]?["signatureHelp"]?["signatureInformation"]?["parameterInformation"]?["labelOffsetSupport"]?.boolValue ?? false
        let utf16 = Array(signature.label.utf16)
        let parameters: [JSONValue] = signature.parameters.map { parameter in
            let label: JSONValue = offsets
                ? .array([.number(Double(parameter.start)), .number(Double(parameter.end))])
                : .string(String(decoding: utf16[parameter.start..<parameter.end], as: UTF16.self))
            return .object([("label", label)])
        }
        var information: [(String, JSONValue)] = [
            ("label", .string(signature.label)),
            ("documentation", .string(signature.documentation)),
            ("parameters", .array(parameters)),
        ]
        if let active { information.append(("activeParameter", .number(Double(active)))) }
        var result: [(String, JSONValue)] = [("signatures", .array([.object(information)])), ("activeSignature", .number(0))]
        if let active { result.append(("activeParameter", .number(Double(active)))) }
        return .object(result)
    }
}
