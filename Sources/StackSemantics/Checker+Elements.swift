import StackSyntax

extension Checker {
    /// Builds an element and its subtree into `nodes` (pre-order) and returns its index.
    mutating func buildElement(
        _ element: ElementSyntax, parent: Int?, siblingIndex: Int, scope: Scope, parameters: Parameters, depth: Int
    ) -> Int? {
        guard !element.kind.isMissing else { return nil }
        guard depth < Checker.maximumDepth, nodeCount < maximumItems else {
            if !reportedSizeLimit {
                reportedSizeLimit = true
                if depth >= Checker.maximumDepth {
                    report(.expansionTooLarge, "layout is deeper than \(Checker.maximumDepth) levels after expanding components", at: element.range)
                } else {
                    report(.expansionTooLarge, "layout has more than \(maximumItems) items; '--max-items' raises the limit", at: element.range)
                }
            }
            return nil
        }
        let kindName = element.kind.text
        if let kind = ElementKind.byName.lookup(kindName) {
            return buildPrimitive(element, kind: kind, parent: parent, siblingIndex: siblingIndex, scope: scope, parameters: parameters, depth: depth)
        }
        if let component = components[kindName] {
            return instantiate(component, element, parent: parent, siblingIndex: siblingIndex, scope: scope, parameters: parameters, depth: depth)
        }
        reportUnknownElement(element.kind)
        return nil
    }

    mutating func reportUnknownElement(_ kind: Identifier) {
        let isComponentName = kind.text.utf8.first.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } ?? false
        let candidates = ElementKind.allCases.map(\.rawValue) + components.keys.sorted()
        let fixIts = closestMatch(to: kind.text, in: candidates).map {
            [FixIt.replace(kind.range, with: $0, message: "replace '\(kind.text)' with '\($0)'")]
        } ?? []
        let hint = fixIts.isEmpty ? "" : "; did you mean '\(fixIts[0].edits[0].replacement)'?"
        if isComponentName {
            report(.unknownComponent, "unknown component '\(kind.text)'\(hint)", at: kind.range, fixIts: fixIts)
        } else {
            report(.unknownElement, "unknown element '\(kind.text)'\(hint)", at: kind.range, fixIts: fixIts)
        }
    }

    /// A stack or a leaf.
    mutating func buildPrimitive(
        _ element: ElementSyntax, kind: ElementKind, parent: Int?, siblingIndex: Int, scope: Scope, parameters: Parameters, depth: Int
    ) -> Int {
        let index = appendNode(element, kind: kind, parent: parent, siblingIndex: siblingIndex, scope: scope,
                               name: element.name, declared: element.name)
        applyAttributes(element.arguments?.arguments ?? [], to: index, parameters: parameters)
        if let body = element.body {
            buildBody(body, of: index, scope: scope, parameters: parameters, depth: depth)
        }
        return index
    }

    /// Appends a node, giving it its name and path and registering the name in its scope.
    /// `name` is the node's name (the element's own, or a component instance's); `declared` is the name the
    /// node has in `scope` (the body root's own name, inside its component). Both are plain optionals,
    /// chosen by the caller: `??` over them here copied and destroyed identifiers through generic value
    /// witnesses, several hundred instructions a node.
    ///
    /// The helpers it calls are `static`: calling a non-mutating method of `self` from here copied the
    /// whole checker (through its value witness) and destroyed the copy again, for every node.
    mutating func appendNode(_ element: ElementSyntax, kind: ElementKind, parent: Int?, siblingIndex: Int, scope: Scope,
                             name nameSyntax: Identifier?, declared: Identifier?) -> Int {
        // A flag set here, not `nameSyntax != nil`: that compiled to `Optional<Identifier>`'s `==`, a tuple
        // of two optionals copied and destroyed through generic value witnesses.
        let isNamed: Bool
        let name: String
        if let nameSyntax {
            isNamed = true
            name = nameSyntax.text
        } else {
            isNamed = false
            // Only names the user wrote can collide (generated ones differ by index); most parents have none.
            var taken: Set<String>? = nil
            if let parent, !userNamedChildren.isEmpty { taken = userNamedChildren[parent] }
            name = Checker.generatedName(kind.rawValue, siblingIndex, avoiding: taken)
        }
        let path: String
        if let parent { path = Checker.childPath(nodes[parent].path, name) } else { path = name }
        let index = nodes.count
        nodes.append(LayoutNode(name: name, isNamed: isNamed, path: path, kind: kind, parent: parent,
                                origins: NodeOrigins(element: element.range)))
        if kind == .spacer {
            // A spacer is an empty view that gives way first: no size of its own, hugging at 1.
            nodes[index].leaf?.intrinsic = PerAxis(horizontal: 0, vertical: 0)
            nodes[index].leaf?.hugging = PerAxis(horizontal: 1, vertical: 1)
        }
        nodeCount += 1
        if let parent {
            nodes[parent].children.append(index)
            if isNamed, Checker.mayCollideWithGeneratedName(name) { userNamedChildren[parent, default: []].insert(name) }
        }
        if let declared { declare(declared, index: index, in: scope) }
        return index
    }

    /// `kind` plus the index among siblings; made unique against `taken`, the names the user wrote in the same parent.
    static func generatedName(_ base: String, _ siblingIndex: Int, avoiding taken: Set<String>?) -> String {
        var name = base + String(siblingIndex)
        if let taken {
            while taken.contains(name) { name += "_" }
        }
        return name
    }

    /// Whether a user's name has the shape of a generated one (an element kind, digits, maybe `_`s); only those can
    /// collide, so only those are remembered (most user names, like `title3`, never are: no set, no hashing).
    /// Compared as bytes (identifiers are ASCII): `hasPrefix` over `allCases` cost ~850 instructions a name.
    static func mayCollideWithGeneratedName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            guard let last = bytes.last, last == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(last) else {
                return false
            }
            // A generated name is longer than its kind: at least one digit follows.
            return elementKindBytes.contains { kind in
                bytes.count > kind.count && kind.indices.allSatisfy { bytes[$0] == kind[$0] }
            }
        }
    }

    /// Every element kind's spelling as bytes, for `mayCollideWithGeneratedName`.
    static let elementKindBytes = ElementKind.allCases.map { Array($0.rawValue.utf8) }

    /// `parent.name`, with the bytes copied once into a string of the right size: `a + "." + b` (or
    /// `reserveCapacity` and three appends) cost about 700 instructions per node in callgrind, this about 300.
    static func childPath(_ parentPath: String, _ name: String) -> String {
        let built = parentPath.utf8.withContiguousStorageIfAvailable { parent in
            name.utf8.withContiguousStorageIfAvailable { child in
                String(unsafeUninitializedCapacity: parent.count + 1 + child.count) { buffer in
                    var end = buffer.initialize(fromContentsOf: parent)
                    buffer[end] = UInt8(ascii: ".")
                    end += 1
                    end = buffer[end...].initialize(fromContentsOf: child)
                    return end
                }
            }
        }
        return (built ?? nil) ?? parentPath + "." + name
    }

    mutating func declare(_ name: Identifier, index: Int, in scope: Scope) {
        // One hash for the usual case, a new name: insert, and put the first index back on a duplicate.
        if let first = scope.names.updateValue(index, forKey: name.text) {
            scope.names[name.text] = first
            report(.duplicateName, "duplicate item name '\(name.text)' in this scope", at: name.range,
                   notes: [DiagnosticNote("first declared here", at: nodes[first].origins.element)])
        }
    }

    /// The members of a stack's body: arranged items and constraints blocks.
    mutating func buildBody(_ body: Block, of index: Int, scope: Scope, parameters: Parameters, depth: Int) {
        guard nodes[index].kind.isStack else {
            report(.childrenOnLeaf, "\(nodes[index].kind.rawValue) is a leaf and cannot have children", at: body.range,
                   fixIts: [.replace(body.range, with: "", message: "remove the block")])
            return
        }
        var childIndex = 0
        // By position: `for member in body.members` copied every member (a declaration is ~150 bytes).
        for position in body.members.indices {
            switch body.members[position] {
            case .element(let child):
                if buildElement(child, parent: index, siblingIndex: childIndex, scope: scope, parameters: parameters, depth: depth + 1) != nil {
                    childIndex += 1
                }
            case .constraints(let block):
                scope.pending += block.constraints.map { ($0, parameters) }
            case .constant(let decl):
                report(.misplacedDeclaration, "'let' is only allowed at the top level of a file", at: decl.range)
            case .component(let decl):
                report(.misplacedDeclaration, "components are declared at the top level of a file", at: decl.range)
            case .error:
                continue
            }
        }
    }

    /// Expands a component instance: arguments bound to parameters, the body's element built in a scope of its own.
    mutating func instantiate(
        _ component: ComponentDecl, _ element: ElementSyntax, parent: Int?, siblingIndex: Int, scope: Scope, parameters: Parameters, depth: Int
    ) -> Int? {
        let name = component.name.text
        // Reported once, where the declarations loop (`reportComponentCycles`).
        guard !componentGraph.recursive.contains(name) else { return nil }
        if let body = element.body {
            report(.childrenOnLeaf, "a component instance takes arguments, not children", at: body.range)
        }
        // Refuse an instance whose expansion alone would pass the limit, before spending the time to build it.
        if nodeCount + (componentGraph.sizes[name] ?? 0) > maximumItems {
            reportExpansionTooLarge(name, at: element)
            return nil
        }
        // Bind arguments.
        var bound = Parameters()
        var placement: [Argument] = []
        var given: [String: SourceRange] = [:]
        var misspelled: Set<String> = []
        for argument in element.arguments?.arguments ?? [] {
            let label = argument.label.text
            if let first = given[label] {
                report(.duplicateAttribute, "argument '\(label)' is given twice", at: argument.label.range,
                       notes: [DiagnosticNote("first given here", at: first)])
                continue
            }
            given[label] = argument.label.range
            if let parameter = component.parameters.first(where: { $0.name.text == label }) {
                let value = evaluate(argument.value, parameters)
                if let type = ValueType.byName.lookup(parameter.type.text),
                   coerce(value, to: type, for: "parameter '\(label)'", at: argument.value.range) != nil {
                    bound.values[label] = value
                } else {
                    bound.values[label] = .invalid
                }
            } else if AttributeTable.placement.contains(label) {
                placement.append(argument)
            } else {
                let candidates = component.parameters.map(\.name.text) + AttributeTable.placement
                let suggestion = closestMatch(to: label, in: candidates)
                // A misspelled argument is not also a missing one.
                if let suggestion { misspelled.insert(suggestion) }
                let hint = suggestion.map { "; did you mean '\($0)'?" } ?? ""
                report(.unknownParameter, "component '\(name)' has no parameter '\(label)'\(hint)", at: argument.label.range,
                       notes: [DiagnosticNote("'\(name)' is declared here", at: component.name.range)],
                       fixIts: suggestion.map { [.replace(argument.label.range, with: $0, message: "replace '\(label)' with '\($0)'")] } ?? [])
            }
        }
        for parameter in component.parameters where !parameter.name.isMissing && bound.values[parameter.name.text] == nil {
            if misspelled.contains(parameter.name.text) {
                bound.values[parameter.name.text] = .invalid
            } else if let defaultValue = parameter.defaultValue {
                bound.values[parameter.name.text] = evaluate(defaultValue, Parameters())
            } else {
                let at = element.arguments?.range ?? element.kind.range
                report(.missingArgument, "missing argument '\(parameter.name.text)' for component '\(name)'", at: at,
                       notes: [DiagnosticNote("'\(parameter.name.text)' is declared here", at: parameter.range)])
                bound.values[parameter.name.text] = .invalid
            }
        }
        // The body: one element, plus constraints blocks that see the component's own names.
        let elements = component.body.members.compactMap { member -> ElementSyntax? in
            if case .element(let element) = member { return element }
            return nil
        }
        guard elements.count == 1, let bodyElement = elements.first else {
            report(.componentBodyShape, "the body of component '\(name)' must be exactly one element, found \(elements.count)",
                   at: component.body.range)
            return nil
        }
        let inner = Scope()
        guard let kind = ElementKind.byName.lookup(bodyElement.kind.text) else {
            // The body is itself a component instance: expand it in the inner scope.
            guard let index = buildElement(bodyElement, parent: parent, siblingIndex: siblingIndex, scope: inner, parameters: bound, depth: depth + 1) else {
                return nil
            }
            if let instanceName = element.name { rename(subtreeAt: index, to: instanceName.text) }
            finishInstance(index, element, placement: placement, outer: scope, inner: inner, parameters: parameters, bound: bound, component: component)
            return index
        }
        let index = appendNode(bodyElement, kind: kind, parent: parent, siblingIndex: siblingIndex, scope: inner,
                               name: element.name ?? bodyElement.name, declared: bodyElement.name)
        nodes[index].origins = NodeOrigins(element: element.range)
        applyAttributes(bodyElement.arguments?.arguments ?? [], to: index, parameters: bound)
        if let body = bodyElement.body {
            buildBody(body, of: index, scope: inner, parameters: bound, depth: depth)
        }
        finishInstance(index, element, placement: placement, outer: scope, inner: inner, parameters: parameters, bound: bound, component: component)
        return index
    }

    /// Gives the subtree rooted at `index` (the nodes from `index` to the end, pre-order) a new root name.
    private mutating func rename(subtreeAt index: Int, to name: String) {
        let oldPath = nodes[index].path
        let newPath = nodes[index].parent.map { nodes[$0].path + "." + name } ?? name
        nodes[index].name = name
        nodes[index].isNamed = true
        for node in index..<nodes.count where nodes[node].path.hasPrefix(oldPath) {
            nodes[node].path = newPath + nodes[node].path.dropFirst(oldPath.count)
        }
    }

    /// Applies placement arguments, registers the instance's name outside, and resolves the instance's own constraints.
    private mutating func finishInstance(_ index: Int, _ element: ElementSyntax, placement: [Argument], outer: Scope, inner: Scope,
                                         parameters: Parameters, bound: Parameters, component: ComponentDecl) {
        applyAttributes(placement, to: index, parameters: parameters)
        for member in component.body.members {
            if case .constraints(let block) = member { inner.pending += block.constraints.map { ($0, bound) } }
        }
        resolveConstraints(in: inner)
        if let name = element.name {
            declare(name, index: index, in: outer)
        }
        outer.instances[index] = inner
    }
}
