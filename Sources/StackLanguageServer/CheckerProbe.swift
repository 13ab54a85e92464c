import StackSemantics
import StackSyntax

/// What the checker accepts where, learnt by asking the checker itself about one-line files once per
/// process, so completion offers exactly what it would accept and never holds a second copy of its rules
/// (the attribute table, the cross-attribute rules such as "baseline alignment only on an hstack").
enum CheckerProbe {
    /// Per stack kind, the `alignment:` words to offer: those the checker accepts on that stack, one word
    /// per alignment. Of two spellings of one alignment (`leading` and its alias `top`), a vstack offers
    /// the checker's own name and an hstack the alias: an hstack aligns along the vertical axis, which
    /// the aliases name.
    static let alignments: [ElementKind: [String]] = {
        var result: [ElementKind: [String]] = [:]
        for kind in ElementKind.allCases where kind.isStack {
            var chosen: [(word: String, value: String)] = []
            for word in AttributeCatalog.valueWords(for: "alignment") {
                let checked = check(probe("\(kind.rawValue)(alignment: \(word)) {}"))
                guard !checked.diagnostics.hasErrors, let value = checked.model.roots.first?.nodes.first?.stack?.alignment.rawValue else { continue }
                if let index = chosen.firstIndex(where: { $0.value == value }) {
                    let preferAlias = kind == .hstack
                    if preferAlias == (word != value) { chosen[index].word = word }
                } else {
                    chosen.append((word, value))
                }
            }
            result[kind] = chosen.map(\.word)
        }
        return result
    }()

    /// Per element kind, the attributes the checker accepts on it, in the catalog's order: the catalog's
    /// attributes for the kind, less those a rule across attributes refuses (`baselineRelative` on an hstack).
    static let attributes: [ElementKind: [String]] = {
        var result: [ElementKind: [String]] = [:]
        for kind in ElementKind.allCases {
            result[kind] = AttributeCatalog.attributes(for: kind).filter { attribute in
                let argument = "\(attribute): \(sampleValue(of: AttributeCatalog.typeName(of: attribute) ?? ""))"
                let source = kind.isStack ? "\(kind.rawValue)(\(argument)) {}" : "hstack { \(kind.rawValue)(\(argument)) }"
                return !check(probe(source)).diagnostics.hasErrors
            }
        }
        return result
    }()

    /// Per value type, the types a value of it may be given as (`Number` → `Number`, `Priority`, `Insets`):
    /// a component parameter of the second type defaulting to a value of the first, checked.
    static let acceptingTypes: [String: Set<String>] = {
        var result: [String: Set<String>] = [:]
        for valueType in AttributeCatalog.typeNames {
            result[valueType] = Set(AttributeCatalog.typeNames.filter { target in
                !check(probe("component P(p: \(target) = \(sampleValue(of: valueType))) { vstack { } }")).diagnostics.hasErrors
            })
        }
        return result
    }()

    /// A value of each type that is not its default, so a rule about a value that changes something applies.
    private static func sampleValue(of typeName: String) -> String {
        switch typeName {
        case "String": "\"a\""
        case "Size": "1 x 1"
        case "Number": "1"
        case "Insets": "(1, 2)"
        case "Bool": "true"
        default: AttributeCatalog.valueWords(forType: typeName).first ?? "1"
        }
    }

    private static func probe(_ text: String) -> SourceFile { SourceFile(path: "probe.stack", text: text) }
}
