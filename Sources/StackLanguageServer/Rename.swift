import StackSemantics
import StackSyntax

/// Why a rename is refused, in the words the editor shows.
struct RenameRefusal: Error, Equatable {
    var message: String
}

extension NameResolver {
    /// The language's keywords, which cannot name anything.
    static let keywords: Set<String> = ["let", "component", "constraints", "true", "false", "none"]

    /// The declaration a rename at `offset` changes, with the range of the name under the cursor; nil
    /// where nothing can be renamed (a keyword, a number, an unresolved name, an attribute label).
    func renameTarget(at offset: Int) -> (range: SourceRange, target: DeclarationTarget)? {
        guard let reference = reference(at: offset), let target = resolve(reference) else { return nil }
        return (reference.range, target)
    }

    /// The ranges a rename of `target` to `newName` replaces, in source order, or why it is refused:
    /// `newName` is not an identifier, is reserved, has the wrong case for what it names, is taken in
    /// the same scope, or would make another name refer to something else.
    func renameRanges(of target: DeclarationTarget, to newName: String) -> Result<[SourceRange], RenameRefusal> {
        if let refusal = refusal(ofName: newName, for: target) { return .failure(RenameRefusal(message: refusal)) }
        let ranges = occurrences(of: target).map(\.range)
        guard newName != target.name else { return .success(ranges) }
        if let taken = collision(of: target, with: newName) {
            let line = tree.file.lineIndex(of: taken.start) + 1
            return .failure(RenameRefusal(message: "'\(newName)' is already declared in this scope (line \(line))"))
        }
        if let changed = changedMeaning(renaming: ranges, of: target, to: newName) {
            let line = tree.file.lineIndex(of: changed.start)
            let column = String(decoding: tree.file.bytes[tree.file.lineStarts[line]..<changed.start], as: UTF8.self).count + 1
            return .failure(RenameRefusal(message: "renaming to '\(newName)' changes what the name at \(line + 1):\(column) refers to"))
        }
        return .success(ranges)
    }

    private func refusal(ofName name: String, for target: DeclarationTarget) -> String? {
        let bytes = Array(name.utf8)
        let isLetter = { (byte: UInt8) in (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_") }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard let first = bytes.first, isLetter(first), bytes.allSatisfy({ isLetter($0) || isDigit($0) }) else {
            return "'\(name)' is not an identifier (a letter or '_', then letters, digits or '_')"
        }
        if NameResolver.keywords.contains(name) { return "'\(name)' is a keyword" }
        if ElementKind(rawValue: name) != nil { return "'\(name)' is an element kind" }
        // Between two values `x` is the size operator (`w x h`), so a value named `x` would not read back.
        if name == "x" { return "'x' is the size operator" }
        let capitalized = first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
        if target.kind == .component, !capitalized { return "a component name starts with an uppercase letter" }
        if target.kind != .component, capitalized { return "only component names start with an uppercase letter" }
        return nil
    }

    /// The declaring name that already uses `newName` where `target` is declared.
    private func collision(of target: DeclarationTarget, with newName: String) -> SourceRange? {
        switch target.kind {
        case .constant, .component:
            for declaration in tree.declarations {
                switch declaration {
                case .constant(let decl) where decl.name.text == newName: return decl.name.range
                case .component(let decl) where decl.name.text == newName: return decl.name.range
                default: continue
                }
            }
            return nil
        case .parameter:
            return target.component?.parameters.first { $0.name.text == newName }?.name.range
        case .element:
            return NameResolver.findElement(named: newName, in: target.scope)?.name?.range
        }
    }

    /// A use whose declaration the rename changes (a parameter or item capturing a constant's use, or
    /// the reverse), found by resolving the renamed text again; nil when every name keeps its meaning.
    private func changedMeaning(renaming ranges: [SourceRange], of target: DeclarationTarget, to newName: String) -> SourceRange? {
        let delta = newName.utf8.count - target.name.utf8.count
        var bytes = tree.file.bytes
        for range in ranges.reversed() { bytes.replaceSubrange(range.start..<range.end, with: Array(newName.utf8)) }
        let renamed = NameResolver(tree: Parser.parse(SourceFile(path: tree.file.path, bytes: bytes)))
        // Offsets after the edits: each replaced name before an offset moves it by `delta`.
        func moved(_ offset: Int) -> Int {
            var count = 0
            for range in ranges where range.start < offset { count += 1 }
            return offset + count * delta
        }
        var after: [Int: Int] = [:]
        for reference in renamed.allReferences() {
            after[reference.range.start] = renamed.resolve(reference)?.nameRange.start ?? -1
        }
        for reference in allReferences() {
            let expected = resolve(reference).map { moved($0.nameRange.start) } ?? -1
            if after[moved(reference.range.start)] != expected { return reference.range }
        }
        return nil
    }
}

extension LanguageServer {
    /// `textDocument/references`: every use of the declaration under the cursor, with the declaration
    /// itself when `context.includeDeclaration` is true; empty where nothing resolves.
    func references(_ analysis: Analysis, at offset: Int, uri: String, includeDeclaration: Bool) -> JSONValue {
        let resolver = analysis.resolver
        guard let (_, target) = resolver.renameTarget(at: offset) else { return .array([]) }
        let locations: [JSONValue] = resolver.occurrences(of: target)
            .filter { includeDeclaration || $0.range != target.nameRange }
            .map { .object([("uri", .string(uri)), ("range", analysis.mapper.range(of: $0.range).json)]) }
        return .array(locations)
    }

    /// `textDocument/documentHighlight`: the occurrences of the name under the cursor, its declaration
    /// as Write (3), uses as Read (2).
    func documentHighlights(_ analysis: Analysis, at offset: Int) -> JSONValue {
        let resolver = analysis.resolver
        guard let (_, target) = resolver.renameTarget(at: offset) else { return .array([]) }
        return .array(resolver.occurrences(of: target).map { occurrence in
            .object([
                ("range", analysis.mapper.range(of: occurrence.range).json),
                ("kind", .number(occurrence.range == target.nameRange ? 3 : 2)),
            ])
        })
    }

    /// `textDocument/prepareRename`: the range of the name and its text, or null where nothing can be renamed.
    func prepareRename(_ analysis: Analysis, at offset: Int) -> JSONValue {
        guard let (range, target) = analysis.resolver.renameTarget(at: offset) else { return .null }
        return .object([("range", analysis.mapper.range(of: range).json), ("placeholder", .string(target.name))])
    }

    /// `textDocument/rename`: a `WorkspaceEdit` replacing every occurrence (`documentChanges` when the client
    /// takes them), null where nothing can be renamed, an error when the new name is refused.
    func rename(_ analysis: Analysis, at offset: Int, newName: String, uri: String, version: Int) throws(ResponseError) -> JSONValue {
        let resolver = analysis.resolver
        guard let (_, target) = resolver.renameTarget(at: offset) else { return .null }
        let ranges: [SourceRange]
        switch resolver.renameRanges(of: target, to: newName) {
        case .success(let found): ranges = found
        case .failure(let refusal): throw ResponseError(code: ResponseError.requestFailedCode, message: refusal.message)
        }
        let edits: [JSONValue] = ranges.map { range in
            .object([("range", analysis.mapper.range(of: range).json), ("newText", .string(newName))])
        }
        if clientCapabilities["workspace"]?["workspaceEdit"]?["documentChanges"]?.boolValue == true {
            let document = JSONValue.object([("uri", .string(uri)), ("version", .number(Double(version)))])
            return .object([("documentChanges", .array([.object([("textDocument", document), ("edits", .array(edits))])]))])
        }
        return .object([("changes", .object([(uri, .array(edits))]))])
    }
}
