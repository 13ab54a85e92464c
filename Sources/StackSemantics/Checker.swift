import StackSyntax
import StackText

/// The result of checking one file: the resolved layouts and every diagnostic (the parser's included).
public struct CheckResult: Sendable {
    /// The layouts that could be built; on errors, the parts that could not are left out.
    public var model: LayoutModel
    /// Parser and checker diagnostics, sorted by position, duplicates removed.
    public var diagnostics: [Diagnostic]
}

/// Resolves names, expands components, evaluates constants and checks every attribute.
///
/// Total: any syntax tree, however broken, gives a model and diagnostics. Pieces the parser already
/// reported as missing are skipped quietly, so one mistake gives one diagnostic.
/// `maximumItems` bounds what components may expand to (E123 past it), and so the time and memory
/// that any file, however small, can ask for. `text` is what labels' and buttons' text is measured in.
public func check(_ tree: SyntaxTree, maximumItems: Int = defaultMaximumItems, text: TextEnvironment = .standard) -> CheckResult {
    var checker = Checker(file: tree.file, maximumItems: max(1, maximumItems))
    checker.fontFiles = text.fontFiles
    checker.parseFailed = tree.diagnostics.hasErrors
    var roots = checker.checkFile(tree.declarations)
    for index in roots.indices { measureText(in: &roots[index], environment: text) }
    // The checker reports each finding once (`report`); the parser's join them, each once too.
    var seen = checker.reported
    let all = tree.diagnostics.filter { seen.insert($0).inserted } + checker.diagnostics
    return CheckResult(model: LayoutModel(file: tree.file, roots: roots), diagnostics: all.sortedByLocation())
}

/// Parses and checks text in one call.
public func check(_ file: SourceFile, maximumItems: Int = defaultMaximumItems, text: TextEnvironment = .standard) -> CheckResult {
    check(Parser.parse(file), maximumItems: maximumItems, text: text)
}

/// How many items a file may expand to unless the caller says otherwise (`stackc --max-items`).
public let defaultMaximumItems = Checker.defaultMaximumItems

struct Checker {
    /// Expanded trees deeper than this are refused (components can nest without recursion).
    static let maximumDepth = 512
    /// The default for `maximumItems`: a file that expands to this many items is checked, lowered
    /// and solved in about a second and 700 MB (flat stacks, release build, 2-core machine).
    static let defaultMaximumItems = 200_000
    /// The most diagnostics one file reports (see `report`).
    static let maximumDiagnostics = 10_000

    let file: SourceFile
    var diagnostics: [Diagnostic] = []
    var constantDecls: [String: ConstantDecl] = [:]
    var constantValues: [String: Value] = [:]
    var evaluatingConstants: Set<String> = []
    var usedConstants: Set<String> = []
    var components: [String: ComponentDecl] = [:]
    /// Sizes of component instances and recursions, for refusing them before expanding.
    var componentGraph = ComponentGraph(components: [:], order: [])
    /// A file may expand to at most this many items in all, its root layouts together.
    let maximumItems: Int
    var nodeCount = 0
    /// Every diagnostic reported so far, for reporting each once.
    var reported: Set<Diagnostic> = []
    var suggestionBudget = Checker.suggestionBudget
    var reportedSizeLimit = false
    /// The parser reported errors: warnings that may be their consequence are left out.
    var parseFailed = false
    /// Reads the font files `custom(...)` fonts name (the checker itself reads no files).
    var fontFiles = FontFileLoader.fileSystem

    /// The tree being built.
    var nodes: [LayoutNode] = []
    var userConstraints: [UserConstraint] = []
    /// Per parent node, the names the user gave its children (generated names must avoid them).
    var userNamedChildren: [Int: Set<String>] = [:]

    init(file: SourceFile, maximumItems: Int) {
        self.file = file
        self.maximumItems = maximumItems
    }

    /// Records a diagnostic once: a component's body is checked once per instance, and the same finding
    /// there is one report. A file reports at most `maximumDiagnostics`; the last one says that more
    /// follow. A file of millions of mistakes would otherwise spend its time and memory on diagnostics
    /// nobody reads (rendering shows the first hundred).
    mutating func report(_ id: DiagnosticID, _ message: String, at range: SourceRange,
                         notes: [DiagnosticNote] = [], fixIts: [FixIt] = []) {
        guard diagnostics.count < Checker.maximumDiagnostics else { return }
        let diagnostic = Diagnostic(id, message, at: range, notes: notes, fixIts: fixIts)
        guard reported.insert(diagnostic).inserted else { return }
        if diagnostics.count == Checker.maximumDiagnostics - 1 {
            diagnostics.append(Diagnostic(id, message + " (and more: a file reports at most \(Checker.maximumDiagnostics) diagnostics)",
                                          at: range, notes: notes, fixIts: fixIts))
        } else {
            diagnostics.append(diagnostic)
        }
    }

    /// Declarations first (so uses may precede them), then every root layout in order.
    mutating func checkFile(_ declarations: [Declaration]) -> [LayoutTree] {
        var rootElements: [ElementSyntax] = []
        for declaration in declarations {
            switch declaration {
            case .constant(let decl):
                guard !decl.name.isMissing else { continue }
                if let first = constantDecls[decl.name.text] {
                    report(.duplicateDeclaration, "constant '\(decl.name.text)' is declared twice", at: decl.name.range,
                           notes: [DiagnosticNote("first declared here", at: first.name.range)])
                } else {
                    constantDecls[decl.name.text] = decl
                }
            case .component(let decl):
                declareComponent(decl)
            case .element(let element):
                rootElements.append(element)
            case .constraints(let block):
                report(.misplacedDeclaration, "a constraints block must be inside a stack or a component", at: block.range)
            case .error:
                continue
            }
        }
        componentGraph = ComponentGraph(components: components, order: declarations.compactMap {
            if case .component(let decl) = $0, components[decl.name.text] == decl { return decl.name.text }
            return nil
        })
        reportComponentCycles()
        // Parameter defaults may use constants declared after the component: check them once all are known.
        for declaration in declarations {
            if case .component(let decl) = declaration, components[decl.name.text] == decl { checkParameters(of: decl) }
        }
        // Evaluate every constant once, in order, so errors in unused ones are still reported.
        for declaration in declarations {
            if case .constant(let decl) = declaration, !decl.name.isMissing, constantDecls[decl.name.text] == decl {
                let wasUsed = usedConstants.contains(decl.name.text)
                _ = constantValue(decl.name.text, at: decl.name.range)
                if !wasUsed { usedConstants.remove(decl.name.text) }
            }
        }
        var trees: [LayoutTree] = []
        var rootNames: [String: SourceRange] = [:]
        for (index, element) in rootElements.enumerated() {
            guard let tree = buildRoot(element, index: index) else { continue }
            if let first = rootNames[tree.name], element.name != nil {
                report(.duplicateName, "duplicate root layout name '\(tree.name)'", at: element.name?.range ?? element.range,
                       notes: [DiagnosticNote("first declared here", at: first)])
                continue
            }
            rootNames[tree.name] = element.name?.range ?? element.range
            trees.append(tree)
        }
        // An unused constant in a file with errors is usually their consequence (a misspelled use): say nothing.
        let hasErrors = diagnostics.hasErrors || parseFailed
        for declaration in declarations where !hasErrors {
            if case .constant(let decl) = declaration, !decl.name.isMissing, !usedConstants.contains(decl.name.text),
               constantDecls[decl.name.text] == decl {
                report(.unusedConstant, "constant '\(decl.name.text)' is never used", at: decl.name.range)
            }
            if case .component(let decl) = declaration, components[decl.name.text] == decl { lintParameters(of: decl) }
        }
        return trees
    }

    mutating func declareComponent(_ decl: ComponentDecl) {
        guard !decl.name.isMissing else { return }
        let name = decl.name.text
        if let first = name.utf8.first, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) {
            let fixed = name.prefix(1).uppercased() + name.dropFirst()
            report(.misplacedDeclaration, "component names start with an uppercase letter", at: decl.name.range,
                   fixIts: [.replace(decl.name.range, with: fixed, message: "rename to '\(fixed)'")])
        }
        if let first = components[name] {
            report(.duplicateDeclaration, "component '\(name)' is declared twice", at: decl.name.range,
                   notes: [DiagnosticNote("first declared here", at: first.name.range)])
            return
        }
        if elementKeywords.contains(name) {
            report(.duplicateDeclaration, "'\(name)' is an element kind and cannot name a component", at: decl.name.range)
            return
        }
        components[name] = decl
    }

    /// Parameter names unique, types known, defaults of their type.
    mutating func checkParameters(of decl: ComponentDecl) {
        var seen: [String: SourceRange] = [:]
        for parameter in decl.parameters where !parameter.name.isMissing {
            if let first = seen[parameter.name.text] {
                report(.duplicateDeclaration, "parameter '\(parameter.name.text)' is declared twice", at: parameter.name.range,
                       notes: [DiagnosticNote("first declared here", at: first)])
            }
            seen[parameter.name.text] = parameter.name.range
            guard !parameter.type.isMissing else { continue }
            guard let type = ValueType.byName.lookup(parameter.type.text) else {
                let names = ValueType.allCases.map(\.rawValue)
                let suggestion = closestMatch(to: parameter.type.text, in: names)
                report(.wrongValueType, "unknown type '\(parameter.type.text)'; expected \(listing(names))", at: parameter.type.range,
                       fixIts: suggestion.map { [.replace(parameter.type.range, with: $0, message: "replace with '\($0)'")] } ?? [])
                continue
            }
            if let defaultValue = parameter.defaultValue {
                let value = evaluate(defaultValue, Parameters())
                _ = coerce(value, to: type, for: "parameter '\(parameter.name.text)'", at: defaultValue.range)
            }
        }
    }

    /// Builds one root layout into its own arena.
    mutating func buildRoot(_ element: ElementSyntax, index: Int) -> LayoutTree? {
        nodes = []
        // About one item per line in layout files: reserving that many saves the array's doublings,
        // each copying every node so far (a node is ~600 bytes), and leaves the heap free of the
        // smaller arrays they discard, which also halves the lowering after it. 10,000 views (layout
        // benchmark, with and without the reservation in one run): check 13 against 18-20 ms flat,
        // 18-21 against 28-36 ms nested; lowering 2.1 against 5.3 ms flat, 5.3-6.4 against 11-13 ms nested.
        let lines = file.lineIndex(of: element.range.end) - file.lineIndex(of: element.range.start) + 1
        nodes.reserveCapacity(min(max(lines, 1), 1 << 18))
        userConstraints = []
        userNamedChildren = [:]
        let scope = Scope()
        // Names are declared as items are, so the same estimate saves the table's growth: every
        // doubling hashes each name again (flat N = 10,000: ~1,050 -> ~600 instructions a name).
        scope.names.reserveCapacity(min(max(lines, 1), 1 << 18))
        guard let root = buildElement(element, parent: nil, siblingIndex: index, scope: scope, parameters: Parameters(), depth: 0) else {
            return nil
        }
        resolveConstraints(in: scope)
        lintSpacingAfterLastItem(in: nodes)
        guard nodes[root].kind.isStack else {
            report(.misplacedDeclaration, "a root layout must be an hstack or a vstack, not \(nodes[root].kind.rawValue)",
                   at: element.kind.range)
            return nil
        }
        // Handed over, not shared: the checker keeping a reference would make the text measurement's
        // first write copy every node (~6 MB at 10,000 items).
        let built = LayoutTree(nodes: nodes, userConstraints: userConstraints)
        nodes = []
        userConstraints = []
        return built
    }
}

/// The names visible to a `constraints` block: one scope per root layout and per component instance.
final class Scope {
    /// Item names to node indices.
    var names: [String: Int] = [:]
    /// Constraints waiting for the scope to be complete (they may name later items).
    var pending: [(ConstraintSyntax, Parameters)] = []
    /// The scopes of component instances declared in this scope, by the instance's node index.
    var instances: [Int: Scope] = [:]
}
