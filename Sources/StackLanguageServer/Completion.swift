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
    /// Where a declaration may start, and what may be declared there.
    case declaration(MemberPlace)
    /// Inside a `constraints { }` block: item names, constants; anchors after `name.`.
    case constraint(afterDot: Bool)
    /// An attribute label in an element's argument list, with the labels already written there.
    case attributeLabel(kind: String, written: Set<String>)
    /// An attribute's value; `afterDot` when a leading `.` was typed (`alignment: .cen`).
    case attributeValue(kind: String, label: String, afterDot: Bool)
    /// A parameter type in a component declaration.
    case parameterType
    /// Any other expression: constants and parameters.
    case expression
    /// Nothing sensible (a name being declared, inside a string or comment).
    case none
}

/// Where a member is being written, which decides what it may be.
enum MemberPlace: Equatable {
    /// The top level: constants, components and root layouts (stacks, or components whose body is one).
    case file
    /// A stack's body (inside component `component`, if any): elements, instances, constraints.
    case stack(component: String?)
    /// A component's body: its one element, and constraints.
    case componentBody(String)
    /// A leaf's or a component instance's block: nothing is valid there.
    case nothing
}

extension Analysis {
    /// The completion context at `offset` and the start of the word being typed there.
    func completionContext(at offset: Int) -> (CompletionContext, wordStart: Int) {
        let scan = CursorScan(file, at: offset)
        let wordStart = scan.wordStart
        if scan.insideOtherToken || comments(contain: offset) { return (.none, offset) }
        let before = scan.before
        let last = before.last
        let beforeLast = before.count > 1 ? before[before.endIndex - 2] : nil
        let beforeThat = before.count > 2 ? before[before.endIndex - 3] : nil
        switch scan.open.last {
        case .arguments(let kind, let paren)?:
            switch last?.kind {
            case .leftParen?, .comma?:
                return (.attributeLabel(kind: kind, written: scan.writtenLabels(paren: paren)), wordStart)
            case .colon? where beforeLast?.kind == .identifier:
                return (.attributeValue(kind: kind, label: scan.text(beforeLast!), afterDot: false), wordStart)
            case .dot? where beforeLast?.kind == .colon && beforeThat?.kind == .identifier:
                return (.attributeValue(kind: kind, label: scan.text(beforeThat!), afterDot: true), wordStart)
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
            default:
                return (.declaration(memberPlace(scan.open)), wordStart)
            }
        }
    }

    private func memberPlace(_ open: [OpenBracket]) -> MemberPlace {
        let component = open.lazy.compactMap { bracket -> String? in
            if case .block(.component(let name)) = bracket { name } else { nil }
        }.first
        switch open.last {
        case nil:
            return .file
        case .block(.component(let name))?:
            return .componentBody(name)
        case .block(.element(let kind))?:
            if let elementKind = ElementKind(rawValue: kind) { return elementKind.isStack ? .stack(component: component) : .nothing }
            return kind.first?.isUppercase == true ? .nothing : .stack(component: component)
        default:
            return .stack(component: component)
        }
    }

    private func comments(contain offset: Int) -> Bool {
        tree.comments.contains { comment in
            guard comment.range.start < offset else { return false }
            // A line comment runs to the end of its line: the cursor at its end is still inside.
            return comment.style == .line ? offset <= comment.range.end : offset < comment.range.end
        }
    }

    /// What a constant's value is, read from its syntax: a word (an enum case, a priority name), a value
    /// of a type, or nil when it cannot be told without evaluating it.
    enum LiteralType: Equatable {
        case word(String)
        case type(String)
    }

    func literalType(of expression: Expression, depth: Int) -> LiteralType? {
        switch expression.kind {
        case .number, .negate, .binary: return .type("Number")
        case .string: return .type("String")
        case .bool: return .type("Bool")
        case .size: return .type("Size")
        case .tuple: return .type("Insets")
        case .call: return .type("Font")
        case .parenthesized(let inner): return literalType(of: inner, depth: depth)
        case .identifier(let name):
            // Another constant's value, a few levels deep (a cycle is the checker's error to report).
            if depth < 8, let constant = constants.first(where: { $0.name.text == name }) {
                return literalType(of: constant.value, depth: depth + 1)
            }
            return constants.contains { $0.name.text == name } ? nil : .word(name)
        case .member, .none, .missing: return nil
        }
    }

    /// The components that may be used in the body of `component` (nil: outside any component): all but
    /// those whose expansion reaches `component`, which the checker refuses as recursive.
    func usableComponents(inside component: String?) -> [ComponentDecl] {
        let declared = components.filter { !$0.name.isMissing }
        guard let component else { return declared }
        var uses: [String: [String]] = [:]
        for decl in declared where uses[decl.name.text] == nil {
            var kinds: [String] = []
            var members = decl.body.members
            while let member = members.popLast() {
                guard case .element(let element) = member else { continue }
                if element.kind.text.first?.isUppercase == true { kinds.append(element.kind.text) }
                members += element.body?.members ?? []
            }
            uses[decl.name.text] = kinds
        }
        return declared.filter { decl in
            var seen: Set<String> = [decl.name.text]
            var pending = [decl.name.text]
            while let name = pending.popLast() {
                if name == component { return false }
                for next in uses[name] ?? [] where seen.insert(next).inserted { pending.append(next) }
            }
            return true
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
        /// Parameters and constants, only those whose value the checker would take as `type` when it is known.
        func addValues(of type: String? = nil) {
            let accepts = { (valueType: String?) in
                guard let type, let valueType, let accepted = CheckerProbe.acceptingTypes[valueType] else { return true }
                return accepted.contains(type)
            }
            for parameter in component?.parameters ?? [] where !parameter.name.isMissing && accepts(parameter.type.text) {
                add(parameter.name.text, CompletionKind.variable, detail: parameter.type.text)
            }
            for constant in analysis.constants where !constant.name.isMissing {
                switch analysis.literalType(of: constant.value, depth: 0) {
                case .word(let word)?:
                    if let type, !AttributeCatalog.valueWords(forType: type).contains(word) { continue }
                case .type(let valueType)?:
                    if !accepts(valueType) { continue }
                case nil:
                    break
                }
                add(constant.name.text, CompletionKind.constant, detail: "let " + analysis.file.text(constant.value.range))
            }
        }
        switch context {
        case .none:
            break
        case .declaration(let place):
            addDeclarations(place, analysis: analysis, at: offset, add: { add($0, $1, detail: $2) })
        case .attributeLabel(let kind, let written):
            for name in attributeNames(for: kind, in: analysis) where !written.contains(name.name) {
                add(name.name, CompletionKind.property, detail: name.type, insert: name.name + ": ")
            }
        case .attributeValue(let kind, let label, let afterDot):
            let typeName = attributeType(kind: kind, label: label, in: analysis)
            var words = typeName.map(AttributeCatalog.valueWords(forType:)) ?? []
            if label == "alignment", let stack = ElementKind(rawValue: kind), let valid = CheckerProbe.alignments[stack] { words = valid }
            let isEnum = typeName == "Alignment" || typeName == "Distribution"
            for word in words { add(word, CompletionKind.enumMember, detail: typeName) }
            if !afterDot, !isEnum { addValues(of: typeName) }
        case .parameterType:
            for name in AttributeCatalog.typeNames { add(name, CompletionKind.typeParameter) }
        case .expression:
            addValues()
        case .constraint(let afterDot):
            if afterDot {
                for anchor in AnchorAttribute.allCases { add(anchor.rawValue, CompletionKind.property, detail: "anchor") }
            } else {
                for name in itemNames(around: offset, in: analysis) { add(name, CompletionKind.field, detail: "item") }
                // A constraint's terms are numbers.
                addValues(of: "Number")
            }
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

    /// What may be declared at `place`: only what the checker accepts there.
    private func addDeclarations(_ place: MemberPlace, analysis: Analysis, at offset: Int, add: (String, Double, String) -> Void) {
        let kindDetail = { (kind: ElementKind) in kind.isStack ? "stack" : "view" }
        switch place {
        case .nothing:
            return
        case .file:
            for kind in ElementKind.allCases where kind.isStack { add(kind.rawValue, CompletionKind.keyword, kindDetail(kind)) }
            // A root layout must be a stack: a component can be one when its body is a stack or an instance.
            for decl in analysis.usableComponents(inside: nil) {
                let body = decl.body.members.lazy.compactMap { if case .element(let element) = $0 { element } else { nil } }.first
                guard let kind = body?.kind.text, ElementKind(rawValue: kind)?.isStack ?? (kind.first?.isUppercase == true) else { continue }
                add(decl.name.text, CompletionKind.class, "component")
            }
            for keyword in ["let", "component"] { add(keyword, CompletionKind.keyword, "declaration") }
        case .stack(let component):
            for kind in ElementKind.allCases { add(kind.rawValue, CompletionKind.keyword, kindDetail(kind)) }
            for decl in analysis.usableComponents(inside: component) { add(decl.name.text, CompletionKind.class, "component") }
            add("constraints", CompletionKind.keyword, "constraints block")
        case .componentBody(let name):
            // The body is one element: once it is written, only constraints may follow.
            let body = analysis.components.first { $0.name.text == name && $0.range.start <= offset && offset <= $0.range.end }?.body.members ?? []
            let hasElement = body.contains { member in
                if case .element(let element) = member { !(element.range.start <= offset && offset <= element.kind.range.end) } else { false }
            }
            if !hasElement {
                for kind in ElementKind.allCases { add(kind.rawValue, CompletionKind.keyword, kindDetail(kind)) }
                for decl in analysis.usableComponents(inside: name) { add(decl.name.text, CompletionKind.class, "component") }
            }
            add("constraints", CompletionKind.keyword, "constraints block")
        }
    }

    private func format4(_ value: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, 4 - text.count)) + text
    }

    /// The attributes an element kind (or a component instance) accepts, with their type names.
    private func attributeNames(for kind: String, in analysis: Analysis) -> [(name: String, type: String)] {
        if let elementKind = ElementKind(rawValue: kind) {
            return (CheckerProbe.attributes[elementKind] ?? []).map { ($0, AttributeCatalog.typeName(of: $0) ?? "") }
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
