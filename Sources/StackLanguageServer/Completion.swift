import StackSemantics
import StackSyntax

/// LSP `CompletionItemKind` values the server uses.
enum CompletionKind {
    static let variable: Double = 6
    static let `class`: Double = 7
    static let property: Double = 10
    static let keyword: Double = 14
    static let field: Double = 5
    static let enumMember: Double = 20
    static let constant: Double = 21
    static let typeParameter: Double = 25
}

/// Where the cursor is, read from the tokens before it (robust to the half-typed text completion sees).
enum CompletionContext: Equatable {
    /// Where a declaration may start: element kinds, components, keywords.
    case declaration
    /// Inside a `constraints { }` block: item names, constants; anchors after `name.`.
    case constraint(afterDot: Bool)
    /// An attribute label in an element's argument list.
    case attributeLabel(kind: String)
    /// An attribute's value; `afterDot` when a leading `.` was typed (`alignment: .cen`).
    case attributeValue(kind: String, label: String, afterDot: Bool)
    /// A parameter type in a component declaration.
    case parameterType
    /// Any other expression: constants and parameters.
    case expression
    /// Nothing sensible (a name being declared, inside a string or comment).
    case none
}

extension Analysis {
    /// The completion context at `offset` and the start of the word being typed there.
    func completionContext(at offset: Int) -> (CompletionContext, wordStart: Int) {
        let tokens = Lexer.tokenize(file).tokens
        var wordStart = offset
        var before: [Token] = []
        before.reserveCapacity(64)
        for token in tokens where token.kind != .eof {
            let range = token.range
            if range.end < offset || (range.end == offset && !isWordToken(token)) {
                before.append(token)
            } else if range.start < offset {
                // The cursor is inside or at the end of this token.
                if token.kind == .string { return (.none, offset) }
                if isWordToken(token) { wordStart = range.start } else { return (.none, offset) }
                break
            } else {
                break
            }
        }
        if comments(contain: offset) { return (.none, offset) }

        // Open brackets before the cursor, each with the context it opened.
        enum Bracket { case arguments(String), parameters, expression, block, constraints }
        var open: [Bracket] = []
        for (index, token) in before.enumerated() {
            switch token.kind {
            case .leftParen:
                let atBlockLevel: Bool = {
                    switch open.last {
                    case nil, .block?: return true
                    default: return false
                    }
                }()
                let previous = index > 0 ? before[index - 1] : nil
                let beforePrevious = index > 1 ? before[index - 2] : nil
                if beforePrevious?.kind == .componentKeyword {
                    open.append(.parameters)
                } else if atBlockLevel, let previous, previous.kind == .identifier {
                    let word = text(previous)
                    if isKindWord(word) || beforePrevious?.kind != .identifier {
                        open.append(.arguments(word))
                    } else {
                        open.append(.arguments(text(beforePrevious!)))
                    }
                } else {
                    open.append(.expression)
                }
            case .leftBrace:
                open.append(index > 0 && before[index - 1].kind == .constraintsKeyword ? .constraints : .block)
            case .rightParen, .rightBrace:
                if !open.isEmpty { open.removeLast() }
            default:
                break
            }
        }
        let last = before.last
        let beforeLast = before.count > 1 ? before[before.count - 2] : nil
        let beforeThat = before.count > 2 ? before[before.count - 3] : nil
        switch open.last {
        case .arguments(let kind)?:
            switch last?.kind {
            case .leftParen?, .comma?:
                return (.attributeLabel(kind: kind), wordStart)
            case .colon? where beforeLast?.kind == .identifier:
                return (.attributeValue(kind: kind, label: text(beforeLast!), afterDot: false), wordStart)
            case .dot? where beforeLast?.kind == .colon && beforeThat?.kind == .identifier:
                return (.attributeValue(kind: kind, label: text(beforeThat!), afterDot: true), wordStart)
            case .dot?:
                return (.none, wordStart)
            default:
                return (.expression, wordStart)
            }
        case .parameters?:
            return (last?.kind == .colon ? .parameterType : (last?.kind == .assign ? .expression : .none), wordStart)
        case .expression?:
            return (last?.kind == .dot ? .none : .expression, wordStart)
        case .constraints?:
            return (.constraint(afterDot: last?.kind == .dot), wordStart)
        case .block?, nil:
            switch last?.kind {
            case .assign?, .plus?, .minus?, .star?, .slash?:
                return (.expression, wordStart)
            case .letKeyword?, .componentKeyword?, .dot?:
                return (.none, wordStart)
            case .identifier? where last.map { isKindWord(text($0)) && offset > $0.range.end } ?? false:
                // `label |`: a name is being declared; nothing to offer but a new declaration is also possible.
                return (.declaration, wordStart)
            default:
                return (.declaration, wordStart)
            }
        }
    }

    private func isWordToken(_ token: Token) -> Bool {
        switch token.kind {
        case .identifier, .letKeyword, .componentKeyword, .constraintsKeyword, .trueKeyword, .falseKeyword, .noneKeyword: true
        default: false
        }
    }

    private func text(_ token: Token) -> String { file.text(token.range) }

    private func isKindWord(_ word: String) -> Bool {
        ElementKind(rawValue: word) != nil || word.first?.isUppercase == true
    }

    private func comments(contain offset: Int) -> Bool {
        tree.comments.contains { comment in
            guard comment.range.start < offset else { return false }
            // A line comment runs to the end of its line: the cursor at its end is still inside.
            return comment.style == .line ? offset <= comment.range.end : offset < comment.range.end
        }
    }
}

extension LanguageServer {
    /// `textDocument/completion`.
    func completion(_ analysis: Analysis, at offset: Int) -> JSONValue {
        let (context, _) = analysis.completionContext(at: offset)
        var items: [JSONValue] = []
        var seen = Set<String>()
        func add(_ label: String, _ kind: Double, detail: String? = nil, insert: String? = nil) {
            guard seen.insert(label).inserted else { return }
            var members: [(String, JSONValue)] = [("label", .string(label)), ("kind", .number(kind))]
            if let detail { members.append(("detail", .string(detail))) }
            if let insert { members.append(("insertText", .string(insert))) }
            members.append(("sortText", .string(String(format4(items.count)))))
            items.append(.object(members))
        }
        let component = analysis.enclosingComponent(at: offset)
        func addValues() {
            for parameter in component?.parameters ?? [] where !parameter.name.isMissing {
                add(parameter.name.text, CompletionKind.variable, detail: parameter.type.text)
            }
            for constant in analysis.constants where !constant.name.isMissing {
                add(constant.name.text, CompletionKind.constant, detail: "let " + analysis.file.text(constant.value.range))
            }
        }
        switch context {
        case .none:
            break
        case .declaration:
            for kind in ElementKind.allCases { add(kind.rawValue, CompletionKind.keyword, detail: kind.isStack ? "stack" : "view") }
            for decl in analysis.components where !decl.name.isMissing {
                add(decl.name.text, CompletionKind.class, detail: "component")
            }
            for keyword in ["let", "component", "constraints"] { add(keyword, CompletionKind.keyword) }
        case .attributeLabel(let kind):
            for name in attributeNames(for: kind, in: analysis) {
                add(name.name, CompletionKind.property, detail: name.type, insert: name.name + ": ")
            }
        case .attributeValue(let kind, let label, let afterDot):
            let typeName = attributeType(kind: kind, label: label, in: analysis)
            let words = typeName.map(AttributeCatalog.valueWords(forType:)) ?? []
            let isEnum = typeName == "Alignment" || typeName == "Distribution"
            for word in words { add(word, CompletionKind.enumMember, detail: typeName) }
            if !afterDot, !isEnum { addValues() }
        case .parameterType:
            for name in AttributeCatalog.typeNames { add(name, CompletionKind.typeParameter) }
        case .expression:
            addValues()
        case .constraint(let afterDot):
            if afterDot {
                for anchor in AnchorAttribute.allCases { add(anchor.rawValue, CompletionKind.property, detail: "anchor") }
            } else {
                for name in itemNames(around: offset, in: analysis) { add(name, CompletionKind.field, detail: "item") }
                addValues()
            }
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

    private func format4(_ value: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    /// The attributes an element kind (or a component instance) accepts, with their type names.
    private func attributeNames(for kind: String, in analysis: Analysis) -> [(name: String, type: String)] {
        if let elementKind = ElementKind(rawValue: kind) {
            return AttributeCatalog.attributes(for: elementKind).map { ($0, AttributeCatalog.typeName(of: $0) ?? "") }
        }
        guard let decl = analysis.components.first(where: { $0.name.text == kind }) else { return [] }
        return decl.parameters.filter { !$0.name.isMissing }.map { ($0.name.text, $0.type.text) }
            + AttributeCatalog.placementAttributes.map { ($0, AttributeCatalog.typeName(of: $0) ?? "") }
    }

    private func attributeType(kind: String, label: String, in analysis: Analysis) -> String? {
        if ElementKind(rawValue: kind) == nil, let decl = analysis.components.first(where: { $0.name.text == kind }),
           let parameter = decl.parameters.first(where: { $0.name.text == label }) {
            return parameter.type.text
        }
        return AttributeCatalog.typeName(of: label)
    }

    /// The names of the items declared in the root layout or component around `offset`.
    private func itemNames(around offset: Int, in analysis: Analysis) -> [String] {
        var members: [Declaration]
        if let component = analysis.enclosingComponent(at: offset) {
            members = component.body.members
        } else if let root = analysis.tree.declarations.first(where: { $0.range.start <= offset && offset <= $0.range.end }) {
            members = [root]
        } else {
            return []
        }
        var names: [String] = []
        while let member = members.popLast() {
            guard case .element(let element) = member else { continue }
            if let name = element.name, !name.isMissing { names.append(name.text) }
            members.append(contentsOf: element.body?.members ?? [])
        }
        return names.sorted()
    }
}
