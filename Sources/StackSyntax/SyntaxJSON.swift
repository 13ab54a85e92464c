/// The documented JSON form of a syntax tree (`stackc ast --format json`).
///
/// Every node is an object with `"node"` (its kind) and `"range"`
/// (`{"start", "end"}` byte offsets plus the 1-based `line` and `column` of the start).
extension SyntaxTree {
    /// The whole tree, its comments and its diagnostics.
    public var json: JSONValue { SyntaxJSON(tree: self).document }

    /// The same document as `json`, written declaration by declaration: a large file's tree never
    /// exists whole as JSON values.
    public func writeJSON(to stream: inout JSONStream) {
        SyntaxJSON(tree: self).write(to: &stream)
    }
}

/// Builds the JSON of one tree's nodes; columns are counted on from one node to the next (`LocationCache`),
/// so a long line of non-ASCII text costs one pass, not one per node.
struct SyntaxJSON {
    let tree: SyntaxTree
    let locations: LocationCache
    var file: SourceFile { tree.file }
    /// Whether `json(_:)` leaves `null` in place of `"unexpected"` lists, for `write` to stream them.
    var unexpectedPlaceholders = false

    init(tree: SyntaxTree) {
        self.tree = tree
        self.locations = LocationCache(file: tree.file)
    }

    var document: JSONValue {
        .object([
            ("file", .string(file.path)),
            ("declarations", .array(tree.declarations.map { json($0) })),
            ("comments", .array(tree.comments.map { json($0) })),
            ("diagnostics", .array(tree.diagnostics.map { json($0) })),
        ])
    }

    func write(to stream: inout JSONStream) {
        stream.beginObject()
        stream.value(.string(file.path), key: "file")
        stream.beginArray(key: "declarations")
        for declaration in tree.declarations { write(declaration, to: &stream) }
        stream.end()
        stream.beginArray(key: "comments")
        for comment in tree.comments { stream.value(json(comment)) }
        stream.end()
        stream.beginArray(key: "diagnostics")
        for diagnostic in tree.diagnostics { stream.value(json(diagnostic)) }
        stream.end()
        stream.end()
    }

    /// One declaration, written member by member where it holds a block: a root of 100,000 views is one
    /// declaration, so streaming only whole declarations would still build all of it. The layout is
    /// `json(declaration)`'s, key for key. Recursion follows the parser's nesting, which it bounds.
    func write(_ declaration: Declaration, to stream: inout JSONStream) {
        switch declaration {
        case .element(let element):
            stream.beginObject()
            stream.value(.string("element"), key: "node")
            stream.value(json(element.kind), key: "kind")
            stream.value(json(element.name), key: "name")
            stream.value(json(element.arguments), key: "arguments")
            if let runs = element.arguments?.unexpected, !runs.isEmpty { write(runs, key: "unexpected", to: &stream) }
            if let body = element.body { write(body, key: "body", to: &stream) } else { stream.value(.null, key: "body") }
            stream.value(json(element.range), key: "range")
            stream.end()
        case .error(let skipped):
            write(skipped, node: "error", to: &stream)
        default:
            // Skipped tokens can be most of a file: streamed, never built as one value.
            var placeholders = self
            placeholders.unexpectedPlaceholders = true
            guard case .object(let members) = placeholders.json(declaration), members.contains(where: { $0.0 == "unexpected" }) else {
                stream.value(json(declaration))
                return
            }
            stream.beginObject()
            for (key, value) in members {
                if key == "unexpected" { write(unexpectedRuns(of: declaration), key: key, to: &stream) } else { stream.value(value, key: key) }
            }
            stream.end()
        }
    }

    /// The skipped tokens a `let`, `component` or `constraints` declaration holds.
    func unexpectedRuns(of declaration: Declaration) -> [UnexpectedTokens] {
        switch declaration {
        case .constant(let decl): decl.unexpected
        case .component(let decl): decl.unexpected
        case .constraints(let block): block.unexpected
        case .element(let element): element.arguments?.unexpected ?? []
        case .error(let skipped): [skipped]
        }
    }

    /// `json(runs)`, written token by token.
    func write(_ runs: [UnexpectedTokens], key: String, to stream: inout JSONStream) {
        stream.beginArray(key: key)
        for run in runs { write(run, node: "unexpected", to: &stream) }
        stream.end()
    }

    /// `json(skipped, node:)`, written token by token.
    func write(_ skipped: UnexpectedTokens, node: String, to stream: inout JSONStream) {
        stream.beginObject()
        stream.value(.string(node), key: "node")
        stream.beginArray(key: "tokens")
        for token in skipped.tokens { stream.value(json(token)) }
        stream.end()
        stream.value(json(skipped.range), key: "range")
        stream.end()
    }

    func write(_ block: Block, key: String, to stream: inout JSONStream) {
        stream.beginObject(key: key)
        stream.value(.string("block"), key: "node")
        stream.beginArray(key: "members")
        for member in block.members { write(member, to: &stream) }
        stream.end()
        stream.value(json(block.range), key: "range")
        stream.end()
    }

    func json(_ comment: Comment) -> JSONValue {
        .object([("style", .string(comment.style == .line ? "line" : "block")), ("range", json(comment.range)),
                 ("text", .string(file.text(comment.range)))])
    }

    func json(_ range: SourceRange) -> JSONValue {
        let location = locations.location(of: range.start)
        return .object([("start", .number(Double(range.start))), ("end", .number(Double(range.end))),
                        ("line", .number(Double(location.line))), ("column", .number(Double(location.column)))])
    }

    func json(_ identifier: Identifier?) -> JSONValue {
        guard let identifier else { return .null }
        return .object([("text", .string(identifier.text)), ("missing", .bool(identifier.isMissing)), ("range", json(identifier.range))])
    }

    func json(_ diagnostic: Diagnostic) -> JSONValue {
        .object([("id", .string(diagnostic.id.rawValue)), ("severity", .string(diagnostic.severity.rawValue)),
                 ("message", .string(diagnostic.message)), ("range", json(diagnostic.range))])
    }

    func json(_ declaration: Declaration) -> JSONValue {
        switch declaration {
        case .constant(let decl):
            return .object([("node", .string("let")), ("name", json(decl.name)), ("value", json(decl.value))]
                           + unexpected(decl.unexpected) + [("range", json(decl.range))])
        case .component(let decl):
            return .object([
                ("node", .string("component")), ("name", json(decl.name)),
                ("parameters", .array(decl.parameters.map { parameter in
                    .object([("name", json(parameter.name)), ("type", json(parameter.type)),
                             ("default", parameter.defaultValue.map { json($0) } ?? .null), ("range", json(parameter.range))])
                })),
            ] + unexpected(decl.unexpected) + [("body", json(decl.body)), ("range", json(decl.range))])
        case .element(let element):
            return json(element)
        case .constraints(let block):
            return .object([
                ("node", .string("constraints")),
                ("constraints", .array(block.constraints.map { constraint in
                    .object([("left", json(constraint.left)), ("relation", .string(constraint.relation.rawValue)),
                             ("right", json(constraint.right)), ("priority", constraint.priority.map { json($0) } ?? .null),
                             ("range", json(constraint.range))])
                })),
            ] + unexpected(block.unexpected) + [("range", json(block.range))])
        case .error(let skipped):
            return json(skipped, node: "error")
        }
    }

    func json(_ element: ElementSyntax) -> JSONValue {
        .object([
            ("node", .string("element")), ("kind", json(element.kind)), ("name", json(element.name)),
            ("arguments", json(element.arguments)),
        ] + unexpected(element.arguments?.unexpected ?? []) + [
            ("body", element.body.map { json($0) } ?? .null),
            ("range", json(element.range)),
        ])
    }

    /// `"unexpected": [...]`, the runs of skipped tokens a node holds; no member at all when there are none,
    /// so a tree without syntax errors reads the same as one from a parser that never skips.
    func unexpected(_ runs: [UnexpectedTokens]) -> [(String, JSONValue)] {
        runs.isEmpty ? [] : [("unexpected", unexpectedPlaceholders ? .null : json(runs))]
    }

    func json(_ runs: [UnexpectedTokens]) -> JSONValue {
        .array(runs.map { json($0, node: "unexpected") })
    }

    /// A run of skipped tokens: `"node"`, `"tokens"` (each `{"kind", "text", "range"}`) and its `"range"`.
    func json(_ skipped: UnexpectedTokens, node: String) -> JSONValue {
        .object([
            ("node", .string(node)),
            ("tokens", .array(skipped.tokens.map { json($0) })),
            ("range", json(skipped.range)),
        ])
    }

    /// One skipped token: `{"kind", "text", "range"}`, the kind as `TokenKind` spells its case.
    func json(_ token: Token) -> JSONValue {
        .object([("kind", .string(String(describing: token.kind))), ("text", .string(file.text(token.range))), ("range", json(token.range))])
    }

    func json(_ arguments: ArgumentList?) -> JSONValue {
        guard let arguments else { return .null }
        return .array(arguments.arguments.map { .object([("label", json($0.label)), ("value", json($0.value)), ("range", json($0.range))]) })
    }

    func json(_ block: Block) -> JSONValue {
        .object([("node", .string("block")), ("members", .array(block.members.map { json($0) })), ("range", json(block.range))])
    }

    func json(_ expression: Expression) -> JSONValue {
        var members: [(String, JSONValue)]
        switch expression.kind {
        case .number(let value): members = [("node", .string("number")), ("value", .number(value))]
        case .string(let value): members = [("node", .string("string")), ("value", .string(value))]
        case .bool(let value): members = [("node", .string("bool")), ("value", .bool(value))]
        case .none: members = [("node", .string("none"))]
        case .identifier(let name): members = [("node", .string("identifier")), ("name", .string(name))]
        case .member(let base, let name): members = [("node", .string("member")), ("base", json(base)), ("name", json(name))]
        case .negate(let operand): members = [("node", .string("negate")), ("operand", json(operand))]
        case .binary(let op, let lhs, let rhs):
            members = [("node", .string("binary")), ("operator", .string(op.rawValue)), ("left", json(lhs)), ("right", json(rhs))]
        case .size(let width, let height): members = [("node", .string("size")), ("width", json(width)), ("height", json(height))]
        case .tuple(let elements): members = [("node", .string("tuple")), ("elements", .array(elements.map { json($0) }))]
        case .parenthesized(let inner): members = [("node", .string("parenthesized")), ("expression", json(inner))]
        case .call(let callee, let arguments):
            members = [("node", .string("call")), ("callee", json(callee)), ("arguments", .array(arguments.map { json($0) }))]
        case .missing: members = [("node", .string("missing"))]
        }
        members.append(("range", json(expression.range)))
        return .object(members)
    }
}
