/// Every attribute an element accepts, with its type. One table, so the checker, completion and
/// documentation agree.
struct AttributeSpec {
    let attribute: Attribute
    let type: ValueType
    /// Which elements accept it.
    let appliesTo: Set<ElementKind>
    /// `appliesTo` as `ElementKind.bit`s: tested for every argument, so without hashing.
    let kinds: UInt8

    init(_ attribute: Attribute, type: ValueType, appliesTo: Set<ElementKind>) {
        self.attribute = attribute
        self.type = type
        self.appliesTo = appliesTo
        self.kinds = appliesTo.reduce(0) { $0 | $1.bit }
    }

    var name: String { attribute.rawValue }

    /// Whether an element of this kind accepts the attribute.
    func applies(to kind: ElementKind) -> Bool { kinds & kind.bit != 0 }
}

/// Every attribute, spelled as the language spells it.
enum Attribute: String {
    case distribution, alignment, spacing, margins, layoutMarginsRelative, baselineRelative
    case intrinsic, hugging, horizontalHugging, verticalHugging, compression, horizontalCompression, verticalCompression
    case firstBaseline, lastBaseline, text, font, lines, image, width, height, hidden, spacingAfter, type
}

enum AttributeTable {
    static let stacks: Set<ElementKind> = [.hstack, .vstack]
    static let leaves: Set<ElementKind> = [.view, .label, .image, .button, .spacer]
    static let all = stacks.union(leaves)

    /// In documentation order.
    static let specs: [AttributeSpec] = [
        AttributeSpec(.distribution, type: .distribution, appliesTo: stacks),
        AttributeSpec(.alignment, type: .alignment, appliesTo: stacks),
        AttributeSpec(.spacing, type: .number, appliesTo: stacks),
        AttributeSpec(.margins, type: .insets, appliesTo: stacks),
        AttributeSpec(.layoutMarginsRelative, type: .bool, appliesTo: stacks),
        AttributeSpec(.baselineRelative, type: .bool, appliesTo: stacks),
        AttributeSpec(.intrinsic, type: .size, appliesTo: leaves),
        AttributeSpec(.hugging, type: .priority, appliesTo: leaves),
        AttributeSpec(.horizontalHugging, type: .priority, appliesTo: leaves),
        AttributeSpec(.verticalHugging, type: .priority, appliesTo: leaves),
        AttributeSpec(.compression, type: .priority, appliesTo: leaves),
        AttributeSpec(.horizontalCompression, type: .priority, appliesTo: leaves),
        AttributeSpec(.verticalCompression, type: .priority, appliesTo: leaves),
        AttributeSpec(.firstBaseline, type: .number, appliesTo: leaves),
        AttributeSpec(.lastBaseline, type: .number, appliesTo: leaves),
        AttributeSpec(.text, type: .string, appliesTo: [.label, .button]),
        AttributeSpec(.font, type: .font, appliesTo: [.label, .button]),
        AttributeSpec(.lines, type: .number, appliesTo: [.label]),
        AttributeSpec(.image, type: .string, appliesTo: [.image, .button]),
        AttributeSpec(.width, type: .number, appliesTo: all),
        AttributeSpec(.height, type: .number, appliesTo: all),
        AttributeSpec(.hidden, type: .bool, appliesTo: all),
        AttributeSpec(.spacingAfter, type: .number, appliesTo: all),
        AttributeSpec(.type, type: .string, appliesTo: all),
    ]

    static let byName: [String: AttributeSpec] = Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0) })
    /// Label to index in `specs` (the index also numbers the attribute in a bit set), for the checker's hot path.
    static let indexByName = NameTable(specs.enumerated().map { ($1.name, $0) })

    /// The attributes an element accepts, in documentation order.
    static func names(for kind: ElementKind) -> [String] {
        specs.filter { $0.appliesTo.contains(kind) }.map(\.name)
    }

    /// Attributes a component instance accepts besides its parameters: they place the instance in its parent.
    static let placement: [String] = ["width", "height", "hidden", "spacingAfter"]
}
