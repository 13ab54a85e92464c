/// The attributes elements accept and the values enum-typed attributes take, for editors
/// (completion, hover) and documentation. A read-only view of the checker's own table, so the
/// checker and the tools built on it always agree.
public enum AttributeCatalog {
    /// The attribute names an element of this kind accepts, in documentation order.
    public static func attributes(for kind: ElementKind) -> [String] {
        AttributeTable.names(for: kind)
    }

    /// Attributes a component instance accepts besides its parameters (they place it in its parent).
    public static var placementAttributes: [String] { AttributeTable.placement }

    /// The type name of an attribute as the language spells it (`Number`, `Alignment`, …), or nil for an unknown name.
    public static func typeName(of attribute: String) -> String? {
        AttributeTable.byName[attribute]?.type.rawValue
    }

    /// The words an attribute's value may be (enum cases, named priorities, `true`/`false`), in UIKit's order;
    /// empty for attributes with numeric, string, size or inset values and for unknown names.
    public static func valueWords(for attribute: String) -> [String] {
        AttributeTable.byName[attribute]?.type.cases ?? []
    }

    /// The words a value of the named parameter type may be (`Alignment` → its cases); empty for other types.
    public static func valueWords(forType typeName: String) -> [String] {
        ValueType(rawValue: typeName)?.cases ?? []
    }

    /// The parameter type names a component may declare.
    public static var typeNames: [String] { ValueType.allCases.map(\.rawValue) }

    /// What a value of the attribute must be, as diagnostics phrase it ("a number"), or nil for an unknown name.
    public static func expectation(for attribute: String) -> String? {
        AttributeTable.byName[attribute]?.type.expectation
    }
}
