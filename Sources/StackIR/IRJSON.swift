import StackSyntax

/// The JSON form of the IR (issue 3's schema, documented in README):
///
/// ```
/// {"root": NAME, "uikit": "current" | "9",
///  "items": [{"name", "kind", "owner": NAME | null, "role": ROLE | null, "arrangement": {"axis",
///             "distribution", "alignment", "baselineRelative", "layoutMarginsRelative"} | null (stacks only), "hidden"}...],
///  "constraints": [{"identifier", "first": {"item", "attribute"}, "relation": "==" | "<=" | ">=",
///                   "multiplier", "second": {"item", "attribute"} | null, "constant", "priority",
///                   "origin": {"file", "line", "column"}}...]}
/// ```
/// Items are referred to by name (the dotted path; guides `stack#spanner`, `stack#gap1`,
/// `stack#margins`). Keys are written in this order, so output is byte-stable.
extension ConstraintIR {
    /// The JSON form; see the extension's documentation.
    public var json: JSONValue {
        .object([
            ("root", .string(root)),
            ("uikit", .string(uikit.rawValue)),
            ("items", .array(items.map(json(for:)))),
            ("constraints", .array(constraints.map(json(for:)))),
        ])
    }

    func json(for item: IRItem) -> JSONValue {
        .object([
            ("name", .string(item.name)),
            ("kind", .string(item.kind.rawValue)),
            ("owner", item.owner.map { .string(name(of: $0)) } ?? .null),
            ("role", item.role.map { .string($0.rawValue) } ?? .null),
            ("arrangement", item.arrangement.map { arrangement in
                .object([
                    ("axis", .string(arrangement.axis.rawValue)),
                    ("distribution", .string(arrangement.distribution.rawValue)),
                    ("alignment", .string(arrangement.alignment.rawValue)),
                    ("baselineRelative", .bool(arrangement.baselineRelative)),
                    ("layoutMarginsRelative", .bool(arrangement.layoutMarginsRelative)),
                ])
            } ?? .null),
            ("hidden", .bool(item.isHidden)),
        ])
    }

    func json(for anchor: Anchor) -> JSONValue {
        .object([("item", .string(name(of: anchor.item))), ("attribute", .string(anchor.attribute.rawValue))])
    }

    func json(for constraint: IRConstraint) -> JSONValue {
        .object([
            ("identifier", .string(constraint.identifier)),
            ("first", json(for: constraint.first)),
            ("relation", .string(constraint.relation.rawValue)),
            ("multiplier", .number(constraint.multiplier)),
            ("second", constraint.second.map(json(for:)) ?? .null),
            ("constant", .number(constraint.constant)),
            ("priority", .number(constraint.priority)),
            ("origin", .object([
                ("file", .string(file)),
                ("line", .number(Double(constraint.origin.line))),
                ("column", .number(Double(constraint.origin.column))),
            ])),
        ])
    }
}
