import StackSyntax

/// A name as used (or declared) at one place in the syntax tree.
struct Reference {
    enum Role {
        /// A capitalized element kind: a component instance.
        case component
        /// An identifier in a value: a constant or a component parameter.
        case value
        /// An identifier in a constraint: an item name, a parameter or a constant.
        case constraint
    }
    var name: String
    var range: SourceRange
    var role: Role
    /// The component whose body holds the use, if any.
    var component: ComponentDecl?
    /// The element tree names in a constraint are looked up in (the root layout or component body).
    var scope: [Declaration]
    /// Whether this is the declaring name itself (hovering it shows the element, not the declaration).
    var isDeclarationItself = false
}

/// Where a name is declared.
struct DeclarationTarget {
    enum Kind { case constant, component, parameter, element }
    var kind: Kind
    /// The declaring name.
    var nameRange: SourceRange
    /// What a hover shows: `let x = 8`, `component Card(title: String)`, `gap: Number = 8`.
    var signatureRange: SourceRange
}

extension Analysis {
    /// The reference whose identifier touches `offset` (the cursor may sit just after it).
    func reference(at offset: Int) -> Reference? {
        var found: Reference?
        var walker = ReferenceWalker { reference in
            if found == nil, reference.range.start <= offset, offset <= reference.range.end { found = reference }
        }
        walker.walk(tree.declarations)
        return found
    }

    /// Every reference in the file, in source order.
    func allReferences() -> [Reference] {
        var result: [Reference] = []
        var walker = ReferenceWalker { result.append($0) }
        walker.walk(tree.declarations)
        return result
    }

    /// The declaration a reference names, if it resolves.
    func resolve(_ reference: Reference) -> DeclarationTarget? {
        switch reference.role {
        case .component:
            return components.first { $0.name.text == reference.name }.map(componentTarget)
        case .value:
            return parameterTarget(reference) ?? constantTarget(reference.name)
        case .constraint:
            if let parameter = parameterTarget(reference) { return parameter }
            if let element = findElement(named: reference.name, in: reference.scope) {
                let name = element.name?.range ?? element.kind.range
                return DeclarationTarget(kind: .element, nameRange: name, signatureRange: element.range)
            }
            return constantTarget(reference.name)
        }
    }

    private func componentTarget(_ decl: ComponentDecl) -> DeclarationTarget {
        DeclarationTarget(kind: .component, nameRange: decl.name.range,
                          signatureRange: SourceRange(start: decl.range.start, end: decl.body.range.start))
    }

    private func parameterTarget(_ reference: Reference) -> DeclarationTarget? {
        guard let parameter = reference.component?.parameters.first(where: { $0.name.text == reference.name && !$0.name.isMissing })
        else { return nil }
        return DeclarationTarget(kind: .parameter, nameRange: parameter.name.range, signatureRange: parameter.range)
    }

    private func constantTarget(_ name: String) -> DeclarationTarget? {
        constants.first { $0.name.text == name && !$0.name.isMissing }.map {
            DeclarationTarget(kind: .constant, nameRange: $0.name.range, signatureRange: $0.range)
        }
    }

    private func findElement(named name: String, in members: [Declaration]) -> ElementSyntax? {
        var stack = Array(members.reversed())
        while let member = stack.popLast() {
            guard case .element(let element) = member else { continue }
            if element.name?.text == name, element.name?.isMissing == false { return element }
            stack.append(contentsOf: (element.body?.members ?? []).reversed())
        }
        return nil
    }
}

/// Walks a syntax tree and reports every name use and declaring name, with its scope. Iterative over
/// blocks is not needed: the parser bounds nesting at 256 levels.
struct ReferenceWalker {
    let report: (Reference) -> Void
    private var component: ComponentDecl?
    private var scope: [Declaration] = []

    init(report: @escaping (Reference) -> Void) { self.report = report }

    mutating func walk(_ declarations: [Declaration]) {
        for declaration in declarations {
            switch declaration {
            case .constant(let decl):
                if !decl.name.isMissing {
                    report(Reference(name: decl.name.text, range: decl.name.range, role: .value, component: nil, scope: [], isDeclarationItself: true))
                }
                walk(decl.value, role: .value)
            case .component(let decl):
                if !decl.name.isMissing {
                    report(Reference(name: decl.name.text, range: decl.name.range, role: .component, component: nil, scope: [], isDeclarationItself: true))
                }
                let saved = (component, scope)
                component = decl
                scope = decl.body.members
                for parameter in decl.parameters {
                    if !parameter.name.isMissing {
                        report(Reference(name: parameter.name.text, range: parameter.name.range, role: .value, component: decl, scope: [], isDeclarationItself: true))
                    }
                    if let value = parameter.defaultValue { walk(value, role: .value) }
                }
                walk(decl.body.members)
                (component, scope) = saved
            case .element(let element):
                let isRoot = component == nil && scope.isEmpty
                if isRoot { scope = [declaration] }
                if !element.kind.isMissing, element.kind.text.first?.isUppercase == true {
                    report(Reference(name: element.kind.text, range: element.kind.range, role: .component, component: component, scope: scope))
                }
                for argument in element.arguments?.arguments ?? [] { walk(argument.value, role: .value) }
                if let body = element.body { walk(body.members) }
                if isRoot { scope = [] }
            case .constraints(let block):
                for constraint in block.constraints {
                    walk(constraint.left, role: .constraint)
                    walk(constraint.right, role: .constraint)
                    if let priority = constraint.priority { walk(priority, role: .value) }
                }
            case .error:
                break
            }
        }
    }

    private func walk(_ expression: Expression, role: Reference.Role) {
        switch expression.kind {
        case .identifier(let name):
            report(Reference(name: name, range: expression.range, role: role, component: component, scope: scope))
        case .member(let base, _):
            walk(base, role: role)
        case .negate(let operand), .parenthesized(let operand):
            walk(operand, role: role)
        case .binary(_, let left, let right), .size(let left, let right):
            walk(left, role: role)
            walk(right, role: role)
        case .tuple(let elements), .call(_, let elements):
            for element in elements { walk(element, role: role) }
        case .number, .string, .bool, .none, .missing:
            break
        }
    }
}

extension LanguageServer {
    /// `textDocument/definition`: a component instance's kind → the component; a constant, parameter or
    /// (in constraints) item name → its declaration. Null when the name resolves to nothing.
    func definition(_ analysis: Analysis, at offset: Int, uri: String) -> JSONValue {
        guard let reference = analysis.reference(at: offset), let target = analysis.resolve(reference) else { return .null }
        return .object([("uri", .string(uri)), ("range", analysis.mapper.range(of: target.nameRange).json)])
    }
}
