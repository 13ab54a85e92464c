/// Walks a syntax tree in source order and hands its tokens, in the canonical layout, to a ``FormatWriter``.
struct FormatPrinter {
    let file: SourceFile
    let comments: [Comment]
    let style: StackFormatter.Style
    var writer: FormatWriter

    init(tree: SyntaxTree, style: StackFormatter.Style) {
        file = tree.file
        comments = tree.comments
        self.style = style
        writer = FormatWriter(bytes: tree.file.bytes, comments: tree.comments, indentWidth: style.indentWidth)
    }

    mutating func printFile(_ declarations: [Declaration]) {
        for declaration in declarations {
            writer.newline(blankAllowed: true)
            self.declaration(declaration)
        }
    }

    // MARK: Declarations

    mutating func declaration(_ declaration: Declaration) {
        switch declaration {
        case .constant(let constant):
            keyword("let", at: constant.range.start)
            writer.space()
            identifier(constant.name)
            writer.space()
            punctuation("=", after: constant.name.range.end)
            writer.space()
            expression(constant.value)
        case .component(let component):
            keyword("component", at: component.range.start)
            writer.space()
            identifier(component.name)
            parameterList(component)
            writer.space()
            block(component.body)
        case .element(let element):
            self.element(element)
        case .constraints(let block):
            constraints(block)
        case .error(let skipped):
            // Only in trees with syntax errors, which are not formatted; kept verbatim for safety.
            writer.token(file.text(skipped.range), skipped.range)
        }
    }

    mutating func element(_ element: ElementSyntax) {
        identifier(element.kind)
        if let name = element.name {
            writer.space()
            identifier(name)
        }
        if let arguments = element.arguments,
           !arguments.arguments.isEmpty || hasComment(in: arguments.range) || nextIsReadAsName(after: arguments.range.end) {
            let header = element.kind.text.count + (element.name.map { $0.text.count + 1 } ?? 0) + (element.body == nil ? 0 : 2)
            list(arguments.arguments.map(Item.argument), open: arguments.range.start, close: arguments.range.end - 1,
                 headerWidth: header, forceWrap: hasComment(in: arguments.range))
        }
        if let body = element.body {
            writer.space()
            block(body)
        }
    }

    mutating func parameterList(_ component: ComponentDecl) {
        let open = tokenStart(from: component.name.range.end)
        guard open < file.bytes.count, file.bytes[open] == UInt8(ascii: "(") else {
            // `component Name {`: the canonical form always has the parentheses.
            writer.token("(", nil)
            writer.token(")", nil)
            return
        }
        var close = tokenStart(from: component.parameters.last?.range.end ?? open + 1)
        if close < file.bytes.count, file.bytes[close] == UInt8(ascii: ",") { close = tokenStart(from: close + 1) }
        let header = "component ".count + component.name.text.count + 2
        let range = SourceRange(start: open, end: close + 1)
        list(component.parameters.map(Item.parameter), open: open, close: close, headerWidth: header, forceWrap: hasComment(in: range))
    }

    /// One entry of an argument or parameter list.
    enum Item {
        case argument(Argument)
        case parameter(Parameter)
    }

    /// `(a, b, c)` on one line, or one item per line when it would be too wide or holds a comment.
    mutating func list(_ items: [Item], open: Int, close: Int, headerWidth: Int, forceWrap: Bool) {
        let flatItems = items.map(flat)
        let flatWidth = writer.indent * style.indentWidth + headerWidth + 2 + flatItems.reduce(0) { $0 + $1.count }
            + max(0, items.count - 1) * 2
        let wrap = forceWrap || flatWidth > style.lineWidth
        writer.token("(", SourceRange(start: open, end: open + 1))
        if wrap { writer.indent += 1 }
        for (index, item) in items.enumerated() {
            if wrap { writer.newline(blankAllowed: false) }
            self.item(item)
            if index < items.count - 1 {
                writer.token(",", nil)
                if !wrap { writer.space() }
            }
        }
        if wrap {
            writer.newline(blankAllowed: false)
            writer.flushComments(before: close)
            writer.indent -= 1
            writer.newline(blankAllowed: false)
        }
        writer.token(")", SourceRange(start: close, end: close + 1))
    }

    mutating func item(_ item: Item) {
        switch item {
        case .argument(let argument):
            identifier(argument.label)
            punctuation(":", after: argument.label.range.end)
            writer.space()
            expression(argument.value)
        case .parameter(let parameter):
            identifier(parameter.name)
            punctuation(":", after: parameter.name.range.end)
            writer.space()
            identifier(parameter.type)
            if let value = parameter.defaultValue {
                writer.space()
                punctuation("=", after: parameter.type.range.end)
                writer.space()
                expression(value)
            }
        }
    }

    /// `{ members }`: `{}` when empty, else one member per line.
    mutating func block(_ block: Block) {
        let close = block.range.end - 1
        writer.token("{", SourceRange(start: block.range.start, end: block.range.start + 1))
        members(count: block.members.count, close: close, isEmpty: block.members.isEmpty && !hasComment(in: block.range)) { printer, index in
            printer.declaration(block.members[index])
        }
    }

    /// `constraints { ... }`, one constraint per line.
    mutating func constraints(_ block: ConstraintsBlock) {
        keyword("constraints", at: block.range.start)
        writer.space()
        let open = tokenStart(from: block.range.start + "constraints".utf8.count)
        let close = block.range.end - 1
        writer.token("{", SourceRange(start: open, end: open + 1))
        let isEmpty = block.constraints.isEmpty && !hasComment(in: SourceRange(start: open, end: block.range.end))
        members(count: block.constraints.count, close: close, isEmpty: isEmpty) { printer, index in
            printer.constraint(block.constraints[index])
        }
    }

    /// The members of a block after its `{`, then its `}`.
    mutating func members(count: Int, close: Int, isEmpty: Bool, _ member: (inout FormatPrinter, Int) -> Void) {
        let closeRange = SourceRange(start: close, end: close + 1)
        guard !isEmpty else {
            writer.token("}", closeRange)
            return
        }
        writer.indent += 1
        for index in 0..<count {
            writer.newline(blankAllowed: true)
            member(&self, index)
        }
        writer.newline(blankAllowed: true)
        writer.flushComments(before: close)
        writer.indent -= 1
        writer.newline(blankAllowed: false)
        writer.token("}", closeRange)
    }

    /// `left relation right [@priority]`
    mutating func constraint(_ constraint: ConstraintSyntax) {
        expression(constraint.left)
        writer.space()
        writer.token(constraint.relation.rawValue, constraint.relationRange)
        writer.space()
        expression(constraint.right)
        if let priority = constraint.priority {
            writer.space()
            punctuation("@", after: constraint.right.range.end)
            expression(priority)
        }
    }

    // MARK: Expressions

    mutating func expression(_ expression: Expression) {
        let range = expression.range
        switch expression.kind {
        case .number, .string:
            writer.token(file.text(range), range)
        case .bool(let value):
            writer.token(value ? "true" : "false", range)
        case .none:
            writer.token("none", range)
        case .identifier(let name):
            writer.token(name, range)
        case .member(let base, let member):
            self.expression(base)
            punctuation(".", after: base.range.end)
            identifier(member)
        case .negate(let operand):
            writer.token("-", SourceRange(start: range.start, end: range.start + 1))
            self.expression(operand)
        case .binary(let op, let left, let right):
            self.expression(left)
            writer.space()
            punctuation(op.rawValue, after: left.range.end)
            writer.space()
            self.expression(right)
        case .size(let width, let height):
            self.expression(width)
            writer.space()
            punctuation("x", after: width.range.end)
            writer.space()
            self.expression(height)
        case .tuple(let elements):
            writer.token("(", SourceRange(start: range.start, end: range.start + 1))
            for (index, element) in elements.enumerated() {
                if index > 0 {
                    writer.token(",", nil)
                    writer.space()
                }
                self.expression(element)
            }
            // `(a,)` is a one-element tuple; without the comma it would be a parenthesized value.
            if elements.count == 1 { writer.token(",", nil) }
            writer.token(")", SourceRange(start: range.end - 1, end: range.end))
        case .parenthesized(let inner):
            writer.token("(", SourceRange(start: range.start, end: range.start + 1))
            self.expression(inner)
            writer.token(")", SourceRange(start: range.end - 1, end: range.end))
        case .call(let callee, let arguments):
            identifier(callee)
            writer.token("(", SourceRange(start: callee.range.end, end: callee.range.end + 1))
            for (index, argument) in arguments.enumerated() {
                if index > 0 {
                    writer.token(",", nil)
                    writer.space()
                }
                self.expression(argument)
            }
            writer.token(")", SourceRange(start: range.end - 1, end: range.end))
        case .missing:
            break
        }
    }

    // MARK: Flat text, for measuring lines

    func flat(_ item: Item) -> String {
        switch item {
        case .argument(let argument):
            return argument.label.text + ": " + flat(argument.value)
        case .parameter(let parameter):
            let head = parameter.name.text + ": " + parameter.type.text
            return parameter.defaultValue.map { head + " = " + flat($0) } ?? head
        }
    }

    func flat(_ expression: Expression) -> String {
        switch expression.kind {
        case .number, .string: file.text(expression.range)
        case .bool(let value): value ? "true" : "false"
        case .none: "none"
        case .identifier(let name): name
        case .member(let base, let member): flat(base) + "." + member.text
        case .negate(let operand): "-" + flat(operand)
        case .binary(let op, let left, let right): flat(left) + " " + op.rawValue + " " + flat(right)
        case .size(let width, let height): flat(width) + " x " + flat(height)
        case .tuple(let elements): "(" + elements.map(flat).joined(separator: ", ") + (elements.count == 1 ? ",)" : ")")
        case .parenthesized(let inner): "(" + flat(inner) + ")"
        case .call(let callee, let arguments): callee.text + "(" + arguments.map(flat).joined(separator: ", ") + ")"
        case .missing: ""
        }
    }

    // MARK: Tokens

    mutating func keyword(_ text: String, at start: Int) {
        writer.token(text, SourceRange(start: start, end: start + text.utf8.count))
    }

    mutating func identifier(_ identifier: Identifier) {
        writer.token(identifier.text, identifier.range)
    }

    /// Whether the token after `offset` is an identifier the parser would read as the name of an element
    /// ending there: then `spacer()` must keep its `()`, or `spacer() foo(...)` would become `spacer foo(...)`.
    func nextIsReadAsName(after offset: Int) -> Bool {
        let bytes = file.bytes
        var end = tokenStart(from: offset)
        let start = end
        while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
        guard end > start, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start]),
              !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[start]) else { return false }
        let word = file.text(SourceRange(start: start, end: end))
        return !elementKeywords.contains(word) && !["let", "component", "constraints", "true", "false", "none"].contains(word)
    }

    private func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
        default: false
        }
    }

    /// Punctuation the tree does not locate: found in the source as the next token after `offset`.
    mutating func punctuation(_ text: String, after offset: Int) {
        let start = tokenStart(from: offset)
        writer.token(text, SourceRange(start: start, end: start + text.utf8.count))
    }

    /// The offset of the first token at or after `offset`, past whitespace and comments.
    func tokenStart(from offset: Int) -> Int {
        let bytes = file.bytes
        var position = offset
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D:
                position += 1
            case UInt8(ascii: "/") where position + 1 < bytes.count
                && (bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*")):
                guard let comment = comment(startingAt: position) else { return position }
                position = comment.range.end
            default:
                return position
            }
        }
        return position
    }

    /// The index of the first comment starting at or after `offset`.
    func firstComment(atOrAfter offset: Int) -> Int {
        var low = 0
        var high = comments.count
        while low < high {
            let mid = (low + high) / 2
            if comments[mid].range.start < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    func comment(startingAt offset: Int) -> Comment? {
        let index = firstComment(atOrAfter: offset)
        return index < comments.count && comments[index].range.start == offset ? comments[index] : nil
    }

    /// Whether a comment starts inside `range`.
    func hasComment(in range: SourceRange) -> Bool {
        let index = firstComment(atOrAfter: range.start)
        return index < comments.count && comments[index].range.start < range.end
    }
}
