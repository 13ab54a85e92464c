/// Every attribute an element accepts, with its type. One table, so the checker, completion and
/// documentation agree.
struct AttributeSpec {
    let name: String
    let type: ValueType
    /// Which elements accept it.
    let appliesTo: Set<ElementKind>
}

enum AttributeTable {
    static let stacks: Set<ElementKind> = [.hstack, .vstack]
    static let leaves: Set<ElementKind> = [.view, .label, .image, .button, .spacer]
    static let all = stacks.union(leaves)

    /// In documentation order.
    static let specs: [AttributeSpec] = [
        AttributeSpec(name: "distribution", type: .distribution, appliesTo: stacks),
        AttributeSpec(name: "alignment", type: .alignment, appliesTo: stacks),
        AttributeSpec(name: "spacing", type: .number, appliesTo: stacks),
        AttributeSpec(name: "margins", type: .insets, appliesTo: stacks),
        AttributeSpec(name: "layoutMarginsRelative", type: .bool, appliesTo: stacks),
        AttributeSpec(name: "baselineRelative", type: .bool, appliesTo: stacks),
        AttributeSpec(name: "intrinsic", type: .size, appliesTo: leaves),
        AttributeSpec(name: "hugging", type: .priority, appliesTo: leaves),
        AttributeSpec(name: "horizontalHugging", type: .priority, appliesTo: leaves),
        AttributeSpec(name: "verticalHugging", type: .priority, appliesTo: leaves),
        AttributeSpec(name: "compression", type: .priority, appliesTo: leaves),
        AttributeSpec(name: "horizontalCompression", type: .priority, appliesTo: leaves),
        AttributeSpec(name: "verticalCompression", type: .priority, appliesTo: leaves),
        AttributeSpec(name: "firstBaseline", type: .number, appliesTo: leaves),
        AttributeSpec(name: "lastBaseline", type: .number, appliesTo: leaves),
        AttributeSpec(name: "text", type: .string, appliesTo: [.label, .button]),
        AttributeSpec(name: "image", type: .string, appliesTo: [.image, .button]),
        AttributeSpec(name: "width", type: .number, appliesTo: all),
        AttributeSpec(name: "height", type: .number, appliesTo: all),
        AttributeSpec(name: "hidden", type: .bool, appliesTo: all),
        AttributeSpec(name: "spacingAfter", type: .number, appliesTo: all),
        AttributeSpec(name: "type", type: .string, appliesTo: all),
    ]

    static let byName: [String: AttributeSpec] = Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0) })

    /// The attributes an element accepts, in documentation order.
    static func names(for kind: ElementKind) -> [String] {
        specs.filter { $0.appliesTo.contains(kind) }.map(\.name)
    }

    /// Attributes a component instance accepts besides its parameters: they place the instance in its parent.
    static let placement: [String] = ["width", "height", "hidden", "spacingAfter"]
}
