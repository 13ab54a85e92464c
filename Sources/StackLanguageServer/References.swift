import StackSyntax

/// A name as used (or declared) at one place in the syntax tree.
struct Reference {
    enum Role: Equatable {
        /// A capitalized element kind: a component instance.
        case component
        /// An identifier in a value: a constant or a component parameter.
        case value
        /// An identifier in a constraint: an item name, a parameter or a constant.
        case constraint
        /// An element's own name: the item it declares.
        case item
        /// An argument label of a component instance: the component's parameter.
        case argumentLabel(component: String)
        /// The first name of an item path in a constraint (`card` in `card.width`): an item only.
        case itemPath
        /// An item named through another (`card.avatar`): in the instance's component or the stack's descendants.
        case member(base: Expression)
    }
    var name: String
    var range: SourceRange
    var role: Role
    /// The component whose body holds the use, if any.
    var component: ComponentDecl?
    /// The element tree names in a constraint are looked up in (the root layout or component body).
    var scope: [Declaration]
    /// The declaration when this is the declaring name itself (hovering it shows the element, not the declaration).
    var declares: DeclarationTarget?

    var isDeclarationItself: Bool { declares != nil }
}

/// Where a name is declared.
struct DeclarationTarget {
    enum Kind { case constant, component, parameter, element }
    var kind: Kind
    /// The name as written.
    var name: String
    /// The declaring name; it identifies the declaration.
    var nameRange: SourceRange
    /// What a hover shows: `let x = 8`, `component Card(title: String)`, `gap: Number = 8`.
    var signatureRange: SourceRange
    /// For a parameter, its component.
    var component: ComponentDecl?
    /// For an item, the element tree its name is unique in (the root layout or component body).
    var scope: [Declaration] = []
    /// For an item, its element.
    var element: ElementSyntax?

    /// Whether two targets are the same declaration.
    func isSame(as other: DeclarationTarget) -> Bool { nameRange == other.nameRange }
}

/// Name resolution over one syntax tree: the single mechanism behind definition, references, rename,
/// highlight, hover and semantic tokens. Needs only the tree, so rename can check a candidate text
/// without compiling it.
struct NameResolver {
    let tree: SyntaxTree
    /// The first declaration of each top-level name: later duplicates are errors the checker reports.
    private let componentsByName: [String: ComponentDecl]
    private let constantsByName: [String: ConstantDecl]

    init(tree: SyntaxTree) {
        self.tree = tree
        var components: [String: ComponentDecl] = [:]
        var constants: [String: ConstantDecl] = [:]
        for declaration in tree.declarations {
            switch declaration {
            case .component(let decl) where !decl.name.isMissing:
                if components[decl.name.text] == nil { components[decl.name.text] = decl }
            case .constant(let decl) where !decl.name.isMissing:
                if constants[decl.name.text] == nil { constants[decl.name.text] = decl }
            default:
                continue
            }
        }
        componentsByName = components
        constantsByName = constants
    }

    /// The component declared first under `name`.
    func component(named name: String) -> ComponentDecl? { componentsByName[name] }

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
        if let declared = reference.declares { return declared }
        switch reference.role {
        case .component:
            return componentsByName[reference.name].map(NameResolver.componentTarget)
        case .value:
            return parameterTarget(reference.name, in: reference.component) ?? constantTarget(reference.name)
        case .constraint:
            if let parameter = parameterTarget(reference.name, in: reference.component) { return parameter }
            if let element = NameResolver.findElement(named: reference.name, in: reference.scope) {
                return NameResolver.itemTarget(element, scope: reference.scope)
            }
            return constantTarget(reference.name)
        case .item:
            return nil
        case .argumentLabel(let component):
            return parameterTarget(reference.name, in: componentsByName[component])
        case .itemPath:
            return item(at: Expression(.identifier(reference.name), range: reference.range), scope: reference.scope)
        case .member(let base):
            return item(reference.name, under: base, scope: reference.scope)
        }
    }

    /// The item an item path (`card`, `card.avatar`) names, as the checker finds it.
    private func item(at path: Expression, scope: [Declaration]) -> DeclarationTarget? {
        switch path.kind {
        case .identifier(let name):
            return NameResolver.findElement(named: name, in: scope).map { NameResolver.itemTarget($0, scope: scope) }
        case .member(let base, let name):
            return item(name.text, under: base, scope: scope)
        default:
            return nil
        }
    }

    /// The item `name` under the item `base` names: in its component's body when it is an instance, else
    /// among its descendants.
    private func item(_ name: String, under base: Expression, scope: [Declaration]) -> DeclarationTarget? {
        guard let parent = item(at: base, scope: scope)?.element else { return nil }
        if let decl = componentsByName[parent.kind.text] {
            return NameResolver.findElement(named: name, in: decl.body.members).map { NameResolver.itemTarget($0, scope: decl.body.members) }
        }
        return NameResolver.findElement(named: name, in: parent.body?.members ?? []).map { NameResolver.itemTarget($0, scope: scope) }
    }

    /// Every reference that resolves to `target`, the declaration included, in source order.
    func occurrences(of target: DeclarationTarget) -> [Reference] {
        allReferences().filter { reference in
            reference.name == target.name && resolve(reference).map { $0.isSame(as: target) } == true
        }
    }

    static func componentTarget(_ decl: ComponentDecl) -> DeclarationTarget {
        DeclarationTarget(kind: .component, name: decl.name.text, nameRange: decl.name.range,
                          signatureRange: SourceRange(start: decl.range.start, end: decl.body.range.start))
    }

    static func constantTarget(_ decl: ConstantDecl) -> DeclarationTarget {
        DeclarationTarget(kind: .constant, name: decl.name.text, nameRange: decl.name.range, signatureRange: decl.range)
    }

    static func parameterTarget(_ parameter: Parameter, of decl: ComponentDecl) -> DeclarationTarget {
        DeclarationTarget(kind: .parameter, name: parameter.name.text, nameRange: parameter.name.range,
                          signatureRange: parameter.range, component: decl)
    }

    static func itemTarget(_ element: ElementSyntax, scope: [Declaration]) -> DeclarationTarget {
        let name = element.name ?? element.kind
        return DeclarationTarget(kind: .element, name: name.text, nameRange: name.range, signatureRange: element.range,
                                 scope: scope, element: element)
    }

    private func parameterTarget(_ name: String, in decl: ComponentDecl?) -> DeclarationTarget? {
        guard let decl, let parameter = decl.parameters.first(where: { $0.name.text == name && !$0.name.isMissing }) else { return nil }
        return NameResolver.parameterTarget(parameter, of: decl)
    }

    private func constantTarget(_ name: String) -> DeclarationTarget? {
        constantsByName[name].map(NameResolver.constantTarget)
    }

    /// The first element named `name` in an element tree, depth first in source order.
    static func findElement(named name: String, in members: [Declaration]) -> ElementSyntax? {
        var stack = Array(members.reversed())
        while let member = stack.popLast() {
            guard case .element(let element) = member else { continue }
            if element.name?.text == name, element.name?.isMissing == false { return element }
            stack.append(contentsOf: (element.body?.members ?? []).reversed())
        }
        return nil
    }
}

extension Analysis {
    /// Name resolution over this version's syntax tree.
    var resolver: NameResolver { NameResolver(tree: tree) }

    /// The reference whose identifier touches `offset` (the cursor may sit just after it).
    func reference(at offset: Int) -> Reference? { resolver.reference(at: offset) }

    /// The declaration a reference names, if it resolves.
    func resolve(_ reference: Reference) -> DeclarationTarget? { resolver.resolve(reference) }
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
                    report(Reference(name: decl.name.text, range: decl.name.range, role: .value, component: nil, scope: [],
                                     declares: NameResolver.constantTarget(decl)))
                }
                walk(decl.value, role: .value)
            case .component(let decl):
                if !decl.name.isMissing {
                    report(Reference(name: decl.name.text, range: decl.name.range, role: .component, component: nil, scope: [],
                                     declares: NameResolver.componentTarget(decl)))
                }
                let saved = (component, scope)
                component = decl
                scope = decl.body.members
                for parameter in decl.parameters {
                    if !parameter.name.isMissing {
                        report(Reference(name: parameter.name.text, range: parameter.name.range, role: .value, component: decl, scope: [],
                                         declares: NameResolver.parameterTarget(parameter, of: decl)))
                    }
                    if let value = parameter.defaultValue { walk(value, role: .value) }
                }
                walk(decl.body.members)
                (component, scope) = saved
            case .element(let element):
                walk(element, declaration)
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

    private mutating func walk(_ element: ElementSyntax, _ declaration: Declaration) {
        let isRoot = component == nil && scope.isEmpty
        if isRoot { scope = [declaration] }
        let isInstance = !element.kind.isMissing && element.kind.text.first?.isUppercase == true
        if isInstance {
            report(Reference(name: element.kind.text, range: element.kind.range, role: .component, component: component, scope: scope))
        }
        if let name = element.name, !name.isMissing {
            report(Reference(name: name.text, range: name.range, role: .item, component: component, scope: scope,
                             declares: NameResolver.itemTarget(element, scope: scope)))
        }
        for argument in element.arguments?.arguments ?? [] {
            if isInstance, !argument.label.isMissing {
                report(Reference(name: argument.label.text, range: argument.label.range, role: .argumentLabel(component: element.kind.text),
                                 component: component, scope: scope))
            }
            walk(argument.value, role: .value)
        }
        if let body = element.body { walk(body.members) }
        if isRoot { scope = [] }
    }

    private func walk(_ expression: Expression, role: Reference.Role) {
        switch expression.kind {
        case .identifier(let name):
            report(Reference(name: name, range: expression.range, role: role, component: component, scope: scope))
        case .member(let base, _) where role == .constraint:
            // `path.anchor`: the last name is an anchor, the ones before it name items.
            walkItemPath(base)
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

    private func walkItemPath(_ path: Expression) {
        guard case .member(let base, let name) = path.kind else {
            if case .identifier(let name) = path.kind {
                report(Reference(name: name, range: path.range, role: .itemPath, component: component, scope: scope))
            } else {
                walk(path, role: .constraint)
            }
            return
        }
        walkItemPath(base)
        if !name.isMissing {
            report(Reference(name: name.text, range: name.range, role: .member(base: base), component: component, scope: scope))
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
