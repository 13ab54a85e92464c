import StackDriver
import StackSemantics
import StackSolver
import StackSyntax

/// Everything the server knows about one version of a document: its syntax tree and the whole
/// pipeline's results (diagnostics of every phase, the checked model, solved frames).
public struct Analysis: Sendable {
    /// The text analysed.
    public let file: SourceFile
    /// The syntax tree (for symbols, completion and definitions).
    public let tree: SyntaxTree
    /// Parse, check, lower and solve.
    public let compilation: Compilation
    /// Offsets ↔ LSP positions for `file`.
    public let mapper: PositionMapper

    /// Analyses one file.
    public init(file: SourceFile) {
        self.file = file
        self.tree = Parser.parse(file)
        let configuration = ProjectConfiguration.forDocument(atPath: file.path)
        self.compilation = Compilation(Compilation(tree: tree, uikit: configuration.uikit), configuration: configuration)
        self.mapper = PositionMapper(file)
    }

    /// The top-level component declarations, in source order.
    public var components: [ComponentDecl] {
        tree.declarations.compactMap { if case .component(let decl) = $0 { decl } else { nil } }
    }

    /// The top-level constant declarations, in source order.
    public var constants: [ConstantDecl] {
        tree.declarations.compactMap { if case .constant(let decl) = $0 { decl } else { nil } }
    }

    /// The component declaration whose range holds `offset`, if any.
    public func enclosingComponent(at offset: Int) -> ComponentDecl? {
        components.first { $0.range.start <= offset && offset <= $0.range.end }
    }

    /// The innermost element whose range holds `offset`, with the chain of elements around it (outermost first).
    public func elementChain(at offset: Int) -> [ElementSyntax] {
        var chain: [ElementSyntax] = []
        var members = tree.declarations
        var found = true
        while found {
            found = false
            for member in members {
                switch member {
                case .element(let element) where element.range.start <= offset && offset < max(element.range.end, element.range.start + 1):
                    chain.append(element)
                    members = element.body?.members ?? []
                    found = true
                case .component(let decl) where decl.range.start <= offset && offset < decl.range.end:
                    members = decl.body.members
                    found = true
                default:
                    continue
                }
                break
            }
        }
        return chain
    }

    /// The layout node made from the element written at `range`, with its root's index: the first
    /// instance when a component body is used several times.
    public func node(forElementAt range: SourceRange) -> (root: Int, node: Int)? {
        for (rootIndex, root) in compilation.checked.model.roots.enumerated() {
            if let index = root.nodes.firstIndex(where: { $0.origins.element == range }) { return (rootIndex, index) }
        }
        return nil
    }

    /// The solved frame of a node, when its root was lowered and solved.
    public func frame(root: Int, node: Int) -> Frame? {
        guard root < compilation.solutions.count, root < compilation.irs.count,
              compilation.irs[root].root == compilation.checked.model.roots[root].name else { return nil }
        let frames = compilation.solutions[root].frames
        return node < frames.count ? frames[node] : nil
    }
}

/// How a diagnostic is shown to one client.
struct DiagnosticStyle {
    /// Whether the client shows `relatedInformation`; otherwise notes are folded into the message.
    var relatedInformation = true
}

extension Analysis {
    /// The most diagnostics published for one document: a file can have 100,000 errors, and an
    /// editor gains nothing from the thousandth.
    static let maximumPublishedDiagnostics = 1_000

    /// The LSP diagnostics of this version: every phase's findings, with UTF-16 positions, at most
    /// `maximumPublishedDiagnostics` of them and then one that counts the rest.
    func lspDiagnostics(uri: String, style: DiagnosticStyle) -> [JSONValue] {
        let all = compilation.diagnostics
        let limit = Analysis.maximumPublishedDiagnostics
        var published = all.prefix(limit).map { lspDiagnostic($0, uri: uri, style: style) }
        if all.count > limit {
            let at = mapper.position(of: all[limit].range.start)
            published.append(.object([
                ("range", LSPRange(start: at, end: at).json),
                ("severity", .number(3)),
                ("code", .string("lsp.truncated")),
                ("message", .string("\(all.count - limit) more diagnostics not shown")),
                ("source", .string("stackc")),
            ]))
        }
        return published
    }

    /// One diagnostic as LSP's `Diagnostic`.
    func lspDiagnostic(_ diagnostic: Diagnostic, uri: String, style: DiagnosticStyle) -> JSONValue {
        let severity: Double = switch diagnostic.severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
        var message = diagnostic.message
        var members: [(String, JSONValue)] = [
            ("range", mapper.range(of: diagnostic.range).json),
            ("severity", .number(severity)),
            ("code", .string(diagnostic.id.rawValue)),
            ("source", .string("stackc")),
        ]
        if !diagnostic.notes.isEmpty {
            if style.relatedInformation {
                let related: [JSONValue] = diagnostic.notes.map { note in
                    let sameFile = note.path == nil || note.path == file.path
                    let range = sameFile ? mapper.range(of: note.range) : LSPRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0))
                    let noteURI = sameFile ? uri : TextDocument.uri(ofPath: note.path ?? "")
                    return .object([
                        ("location", .object([("uri", .string(noteURI)), ("range", range.json)])),
                        ("message", .string(note.message)),
                    ])
                }
                members.append(("relatedInformation", .array(related)))
            } else {
                for note in diagnostic.notes {
                    let position = mapper.position(of: note.range.start)
                    message += "\nnote (\(position.line + 1):\(position.character + 1)): \(note.message)"
                }
            }
        }
        members.insert(("message", .string(message)), at: 2)
        return .object(members)
    }
}
