import StackSemantics
import StackSyntax

/// The semantic token legend: LSP's standard token types and modifiers, indexed as the encoding
/// refers to them.
enum SemanticLegend {
    /// Token types, in legend order.
    static let types = ["keyword", "type", "class", "parameter", "variable", "property", "enumMember", "number", "string", "comment", "operator"]
    /// Token modifiers, in legend order (bit `1 << index`).
    static let modifiers = ["declaration", "readonly"]

    static let keyword = 0, type = 1, `class` = 2, parameter = 3, variable = 4, property = 5
    static let enumMember = 6, number = 7, string = 8, comment = 9, `operator` = 10
    static let declaration = 1, readonly = 2

    /// `{"tokenTypes": […], "tokenModifiers": […]}`.
    static var json: JSONValue {
        .object([("tokenTypes", .array(types.map { .string($0) })), ("tokenModifiers", .array(modifiers.map { .string($0) }))])
    }
}

/// One classified token, in byte offsets.
struct SemanticToken: Equatable {
    var range: SourceRange
    var type: Int
    var modifiers: Int = 0
}

extension Analysis {
    /// Every classified token, sorted, none overlapping: keywords, literals, operators and comments by
    /// their lexical kind, names by what they resolve to (`NameResolver`), labels, kinds and anchors by
    /// where they stand in the tree. Names that resolve to nothing, other than enum cases, get no token.
    func semanticTokens() -> [SemanticToken] {
        var names: [Int: SemanticToken] = [:]
        let resolver = self.resolver
        let enumWords = Set(AttributeCatalog.typeNames.flatMap(AttributeCatalog.valueWords(forType:)))
        for reference in resolver.allReferences() {
            let declaration = reference.isDeclarationItself ? SemanticLegend.declaration : 0
            guard let target = resolver.resolve(reference) else {
                if reference.role == .component {
                    names[reference.range.start] = SemanticToken(range: reference.range, type: SemanticLegend.class)
                } else if reference.role == .value, enumWords.contains(reference.name) {
                    names[reference.range.start] = SemanticToken(range: reference.range, type: SemanticLegend.enumMember)
                }
                continue
            }
            let (type, modifiers): (Int, Int) = switch target.kind {
            case .constant: (SemanticLegend.variable, SemanticLegend.readonly)
            case .component: (SemanticLegend.class, 0)
            case .parameter: (SemanticLegend.parameter, 0)
            case .element: (SemanticLegend.variable, 0)
            }
            names[reference.range.start] = SemanticToken(range: reference.range, type: type, modifiers: modifiers | declaration)
        }
        let walker = SyntaxClassifier { token in if names[token.range.start] == nil { names[token.range.start] = token } }
        walker.walk(tree.declarations)

        var tokens: [SemanticToken] = []
        let lexed = Lexer.tokenize(file)
        for token in lexed.tokens {
            let range = token.range
            let type: Int? = switch token.kind {
            case .letKeyword, .componentKeyword, .constraintsKeyword, .trueKeyword, .falseKeyword, .noneKeyword: SemanticLegend.keyword
            case .number: SemanticLegend.number
            case .string: SemanticLegend.string
            case .assign, .equalEqual, .lessEqual, .greaterEqual, .plus, .minus, .star, .slash, .at: SemanticLegend.operator
            case .identifier:
                // An unclassified `x` is the size operator (`w x h`); no name can be `x`.
                range.end - range.start == 1 && file.bytes[range.start] == UInt8(ascii: "x") ? SemanticLegend.operator : nil
            default: nil
            }
            if token.kind == .identifier, let name = names[range.start], name.range == range {
                tokens.append(name)
            } else if let type {
                tokens.append(SemanticToken(range: range, type: type))
            }
        }
        tokens += lexed.comments.map { SemanticToken(range: $0.range, type: SemanticLegend.comment) }
        tokens.sort { $0.range.start < $1.range.start }
        var result: [SemanticToken] = []
        result.reserveCapacity(tokens.count)
        for token in tokens where token.range.end > token.range.start {
            if let last = result.last, token.range.start < last.range.end { continue }
            result.append(token)
        }
        return result
    }
}

/// Classifies the names the resolver does not own: element kinds, attribute labels, anchors, types.
private struct SyntaxClassifier {
    let emit: (SemanticToken) -> Void

    func walk(_ declarations: [Declaration]) {
        for declaration in declarations {
            switch declaration {
            case .constant(let decl):
                walk(decl.value)
            case .component(let decl):
                for parameter in decl.parameters {
                    if !parameter.type.isMissing { emit(SemanticToken(range: parameter.type.range, type: SemanticLegend.type)) }
                    if let value = parameter.defaultValue { walk(value) }
                }
                walk(decl.body.members)
            case .element(let element):
                let builtin = ElementKind(rawValue: element.kind.text) != nil
                if builtin { emit(SemanticToken(range: element.kind.range, type: SemanticLegend.type)) }
                for argument in element.arguments?.arguments ?? [] {
                    if builtin, !argument.label.isMissing { emit(SemanticToken(range: argument.label.range, type: SemanticLegend.property)) }
                    walk(argument.value)
                }
                if let body = element.body { walk(body.members) }
            case .constraints(let block):
                for constraint in block.constraints {
                    walk(constraint.left)
                    walk(constraint.right)
                    if let priority = constraint.priority { walk(priority) }
                }
            case .error:
                break
            }
        }
    }

    private func walk(_ expression: Expression) {
        switch expression.kind {
        case .member(let base, let name):
            walk(base)
            if !name.isMissing { emit(SemanticToken(range: name.range, type: SemanticLegend.property)) }
        case .negate(let operand), .parenthesized(let operand):
            walk(operand)
        case .binary(_, let left, let right), .size(let left, let right):
            walk(left)
            walk(right)
        case .tuple(let elements):
            for element in elements { walk(element) }
        case .call(let callee, let arguments):
            // `system(15, bold)` reads like an enum case with values (`.system(size:weight:)`).
            emit(SemanticToken(range: callee.range, type: SemanticLegend.enumMember))
            for argument in arguments { walk(argument) }
        case .identifier, .number, .string, .bool, .none, .missing:
            break
        }
    }
}

/// Writes tokens in LSP's relative encoding: per token `deltaLine, deltaStart, length, type, modifiers`,
/// in UTF-16 units, a token spanning lines split into one per line (its line break excluded).
/// Only tokens overlapping `range` when given.
func encodeSemanticTokens(_ tokens: [SemanticToken], mapper: PositionMapper, in range: SourceRange? = nil) -> [Int] {
    var data: [Int] = []
    var previous = LSPPosition(line: 0, character: 0)
    for token in tokens {
        if let range, token.range.end <= range.start || token.range.start >= range.end { continue }
        let start = mapper.position(of: token.range.start)
        let end = mapper.position(of: token.range.end)
        for line in start.line...max(start.line, end.line) {
            let from = line == start.line ? start.character : 0
            let to = line == end.line ? end.character : mapper.position(of: mapper.lineEnd(line)).character
            guard to > from else { continue }
            let deltaLine = line - previous.line
            data += [deltaLine, deltaLine == 0 ? from - previous.character : from, to - from, token.type, token.modifiers]
            previous = LSPPosition(line: line, character: from)
        }
    }
    return data
}

extension LanguageServer {
    /// `textDocument/semanticTokens/full` and `/range`: `{"data": […]}`.
    func semanticTokens(_ analysis: Analysis, range: LSPRange?) -> JSONValue {
        let bytes = range.map { analysis.mapper.sourceRange(of: $0) }
        let data = encodeSemanticTokens(analysis.semanticTokens(), mapper: analysis.mapper, in: bytes)
        return .object([("data", .array(data.map { .number(Double($0)) }))])
    }
}
