import StackSemantics

/// Swift names for a root layout's type and for the properties that hold its items.
///
/// A node is named by the shortest tail of its dotted path that no other node shares, in camel case
/// (`calendar.image1` becomes `calendarImage1` when every app has an `image1`); a guide by its stack's
/// property and its role (`calendarSpanner`, `springboardGap1`, `cardMargins`). Names that clash with
/// the generated type's own members or with Swift keywords get a suffix. Deterministic: nothing
/// depends on hashing order.
struct Naming {
    /// Property name per node index.
    private(set) var nodes: [String] = []
    /// Property name per guide IR name (`stack#gap1`), assigned in the order guides are first seen.
    private(set) var guides: [(irName: String, property: String)] = []
    private var taken: [String: Bool] = [:]

    /// Members of every generated type; item properties must not shadow them.
    static let reserved: Set<String> = [
        "install", "frames", "setHidden", "isHidden", "Toggle", "init", "deinit", "self", "Self", "Type",
        "toggled", "hiddenStates", "variants", "activeToggled", "updateVisibility", "identified",
        "guideFrame", "setContent", "container", "constraints", "pool", "active", "leaves", "guides",
        "allCases", "rawValue",
    ]

    /// Swift keywords that may not be used as plain identifiers.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "as", "false", "is", "nil", "super", "throws", "true", "try",
        "any", "some", "await", "async",
    ]

    init(tree: LayoutTree) {
        let paths: [[String]] = tree.nodes.enumerated().map { index, node in
            let parts = node.path.split(separator: ".").map(String.init)
            return index == 0 || parts.count < 2 ? [parts.last ?? node.name] : Array(parts.dropFirst())
        }
        var depth = Array(repeating: 1, count: paths.count)
        func candidate(_ index: Int) -> String {
            camelCase(Array(paths[index].suffix(depth[index])))
        }
        // Lengthen the tails of clashing names until they differ or cannot grow.
        var changed = true
        while changed {
            changed = false
            var groups: [String: [Int]] = [:]
            for index in paths.indices { groups[candidate(index), default: []].append(index) }
            for index in paths.indices where groups[candidate(index)]!.count > 1 && depth[index] < paths[index].count {
                depth[index] += 1
                changed = true
            }
        }
        for index in paths.indices {
            nodes.append(claim(candidate(index)))
        }
    }

    /// The property of the guide with this IR name, creating it on first use.
    mutating func guide(_ irName: String, ownerProperty: String) -> String {
        if let existing = guides.first(where: { $0.irName == irName }) { return existing.property }
        let suffix = irName.split(separator: "#").last.map(String.init) ?? "guide"
        let property = claim(ownerProperty + capitalized(suffix))
        guides.append((irName, property))
        return property
    }

    /// Makes `name` a legal, unused identifier and records it.
    private mutating func claim(_ name: String) -> String {
        var base = name.isEmpty ? "item" : name
        if Self.reserved.contains(base) || Self.keywords.contains(base) { base += "Item" }
        var result = base
        var counter = 2
        while taken[result] != nil {
            result = base + String(counter)
            counter += 1
        }
        taken[result] = true
        return result
    }
}

/// `["first", "column"]` -> `firstColumn`; characters that cannot appear in an identifier are dropped.
func camelCase(_ parts: [String]) -> String {
    var result = ""
    for part in parts {
        let clean = String(part.unicodeScalars.filter { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) })
        result += result.isEmpty ? clean : capitalized(clean)
    }
    if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "item" + result }
    return result
}

/// The text with its first letter upper-cased.
func capitalized(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.uppercased() + text.dropFirst()
}

/// The type generated for a root layout: `keypad` -> `KeypadLayout`.
func typeName(forRoot name: String) -> String {
    let base = capitalized(camelCase([name]))
    return (base.isEmpty ? "Root" : base) + "Layout"
}

/// A leaf class name as part of an identifier: `MyModule.Card` -> `MyModuleCard`.
func typeIdentifier(_ swiftType: String) -> String {
    String(swiftType.unicodeScalars.filter { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) })
}
