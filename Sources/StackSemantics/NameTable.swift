/// Looks words up among a few fixed spellings (attribute labels, element kinds, enum cases) without
/// hashing. Entries are bucketed by UTF-8 length, so a lookup is usually one `==` of two small
/// strings. The checker does this for every element and argument; in callgrind on the front-end
/// benchmark, `Dictionary<String, _>` lookups and `init(rawValue:)`'s string switch
/// (`_findStringSwitchCase`) were over 10% of the check.
struct NameTable<Value: Sendable>: Sendable {
    private var buckets: [[(name: String, value: Value)]]

    init(_ entries: [(String, Value)]) {
        let longest = entries.map(\.0.utf8.count).max() ?? 0
        var buckets = Array(repeating: [(name: String, value: Value)](), count: longest + 1)
        for (name, value) in entries {
            buckets[name.utf8.count].append((name, value))
        }
        self.buckets = buckets
    }

    /// The value spelled `name`, or nil.
    func lookup(_ name: String) -> Value? {
        let count = name.utf8.count
        guard count < buckets.count else { return nil }
        for entry in buckets[count] where entry.name == name {
            return entry.value
        }
        return nil
    }
}

extension NameTable where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// Every case of a string-valued enum, by raw value: `lookup` agrees with `init(rawValue:)`.
    init(cases type: Value.Type) {
        self.init(Value.allCases.map { ($0.rawValue, $0) })
    }
}

extension ElementKind {
    static let byName = NameTable(cases: ElementKind.self)

    /// One bit per kind, for `AttributeSpec.kinds`.
    var bit: UInt8 {
        switch self {
        case .hstack: 1 << 0
        case .vstack: 1 << 1
        case .view: 1 << 2
        case .label: 1 << 3
        case .image: 1 << 4
        case .button: 1 << 5
        case .spacer: 1 << 6
        }
    }
}

extension AnchorAttribute {
    static let byName = NameTable(cases: AnchorAttribute.self)
}

extension Distribution {
    static let byName = NameTable(cases: Distribution.self)
}

extension Alignment {
    static let byName = NameTable(cases: Alignment.self)
}

extension ValueType {
    static let byName = NameTable(cases: ValueType.self)
}
