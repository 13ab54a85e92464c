import StackSemantics

/// Swift names for a root layout's type and for the properties that hold its items.
///
/// A node is named by the shortest tail of its dotted path that no other node shares, in camel case
/// (`calendar.image1` becomes `calendarImage1` when every app has an `image1`), of at most
/// `longestTail` names: past that a number tells clashing ones apart (`vstack0Vstack0Vstack02`), as
/// hundreds of generated names in a row would read as noise. A guide by its stack's
/// property and its role (`calendarSpanner`, `springboardGap1`, `cardMargins`). Names that clash with
/// the generated type's own members or with Swift keywords get a suffix. Deterministic: nothing
/// depends on hashing order.
struct Naming {
    /// Property name per node index.
    private(set) var nodes: [String] = []
    /// Property name per guide IR name (`stack#gap1`), assigned in the order guides are first seen.
    private(set) var guides: [(irName: String, property: String)] = []
    private var guideIndex: [String: Int] = [:]
    private var taken: Set<String> = []
    /// Per base name, the next number to try when it is taken: claiming the same base n times stays linear.
    private var nextNumber: [String: Int] = [:]

    /// The most names a property's tail joins.
    static let longestTail = 4

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
            let tail = index == 0 || parts.count < 2 ? [parts.last ?? node.name] : Array(parts.dropFirst())
            return Array(tail.suffix(Self.longestTail))
        }
        var depth = Array(repeating: 1, count: paths.count)
        var candidates = paths.map { camelCase(Array($0.suffix(1))) }
        // Lengthen the tails of clashing names until they differ or cannot grow; only the names that
        // changed are made again.
        var changed = true
        while changed {
            changed = false
            var counts: [String: Int] = [:]
            for candidate in candidates { counts[candidate, default: 0] += 1 }
            for index in paths.indices where counts[candidates[index], default: 0] > 1 && depth[index] < paths[index].count {
                depth[index] += 1
                candidates[index] = camelCase(Array(paths[index].suffix(depth[index])))
                changed = true
            }
        }
        for candidate in candidates {
            nodes.append(claim(candidate))
        }
    }

    /// The property of the guide with this IR name, creating it on first use.
    mutating func guide(_ irName: String, ownerProperty: String) -> String {
        if let existing = guideIndex[irName] { return guides[existing].property }
        let suffix = irName.split(separator: "#").last.map(String.init) ?? "guide"
        let property = claim(ownerProperty + capitalized(suffix))
        guideIndex[irName] = guides.count
        guides.append((irName, property))
        return property
    }

    /// Makes `name` a legal, unused identifier and records it.
    private mutating func claim(_ name: String) -> String {
        var base = name.isEmpty ? "item" : name
        if Self.reserved.contains(base) || Self.keywords.contains(base) { base += "Item" }
        var result = base
        var counter = nextNumber[base] ?? 2
        while taken.contains(result) {
            result = base + String(counter)
            counter += 1
        }
        nextNumber[base] = counter
        taken.insert(result)
        return result
    }
}

/// `["first", "column"]` -> `firstColumn`; characters that cannot appear in an identifier are dropped.
func camelCase(_ parts: [String]) -> String {
    var result = ""
    for part in parts {
        result += result.isEmpty ? identifierCharacters(part) : capitalized(identifierCharacters(part))
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
    identifierCharacters(swiftType)
}

/// The ASCII letters, digits and underscores of `text`, in order.
func identifierCharacters(_ text: String) -> String {
    String(decoding: text.utf8.filter { byte in
        byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }, as: UTF8.self)
}
