import StackSyntax

/// The text form of the IR: readable like the seed's listings, one constraint per line, and exact
/// enough to parse back (`ConstraintIR.parse(text:)`), so IR files can be hand-written as fixtures
/// and fed to the solver.
///
/// ```
/// stackc-ir 1
/// root main
/// file apps.stack
/// uikit current
/// item main hstack distribution equalSpacing alignment center ; apps.stack:1:1
/// item main.a view owner main ; apps.stack:2:3
/// item main.b label owner main hidden ; apps.stack:3:3
/// item main#spanner guide owner main role alignment-spanner ; apps.stack:1:1
/// stk-spacing                   main.b.leading == main.a.trailing + 8 @1000 ; apps.stack:3:7
/// stk-fill-proportionally       main.a.width == 0.5*main.width @999 ; apps.stack:1:9
/// stk-content-hugging           main.a.width <= 40 @250 ; apps.stack:2:3
/// ```
///
/// Grammar (one line each; `#` starts a comment line; blank lines are ignored):
/// - `stackc-ir 1`, `root NAME`, `file PATH` (the rest of the line, verbatim), `uikit current|9` (the
///   lowering target, `UIKitTarget`; current when absent).
/// - `item NAME KIND [owner NAME] [role ROLE] [distribution D] [alignment A] [baselineRelative]
///   [layoutMarginsRelative] [hidden]
///   [; PATH:LINE:COL]`, items in id order; a stack's distribution and alignment print when they are not
///   `fill`, the flags when they are set.
/// - `stk-CATEGORY ANCHOR REL [MULT*]ANCHOR [(+|-) CONSTANT] [@PRIORITY] [; PATH:LINE:COL]` or
///   `stk-CATEGORY ANCHOR REL CONSTANT [@PRIORITY] [; PATH:LINE:COL]`, where `ANCHOR` is
///   `ITEMNAME.attribute` and `REL` is `==`, `<=` or `>=`.
/// Omitted parts default to: no owner, no role, `fill`, flags unset, multiplier 1, constant 0, priority 1000,
/// origin line 0 column 0. Numbers print as the shortest text that reads back as the same Double.
extension ConstraintIR {
    /// The first line of every IR text, naming the format and its version.
    public static let textHeader = "stackc-ir 1"

    /// The text form; see the extension's documentation.
    public var text: String { renderText() }

    /// The text form; see the extension's documentation.
    public func renderText() -> String {
        var output = "\(Self.textHeader)\nroot \(root)\nfile \(file)\nuikit \(uikit.rawValue)\n"
        for item in items {
            output += "item \(item.name) \(item.kind.rawValue)"
            if let owner = item.owner { output += " owner \(name(of: owner))" }
            if let role = item.role { output += " role \(role.rawValue)" }
            if let arrangement = item.arrangement {
                if arrangement.distribution != .fill { output += " distribution \(arrangement.distribution.rawValue)" }
                if arrangement.alignment != .fill { output += " alignment \(arrangement.alignment.rawValue)" }
                if arrangement.baselineRelative { output += " baselineRelative" }
                if arrangement.layoutMarginsRelative { output += " layoutMarginsRelative" }
            }
            if item.isHidden { output += " hidden" }
            output += " ; \(file):\(item.origin.line):\(item.origin.column)\n"
        }
        for constraint in constraints {
            output += renderLine(constraint)
            output += "\n"
        }
        return output
    }

    /// One constraint's line, without the line break.
    public func renderLine(_ constraint: IRConstraint) -> String {
        let identifier = constraint.identifier
        // Pad so the expressions line up like the seed's listings (the longest identifier is 29).
        var line = identifier + String(repeating: " ", count: max(1, 30 - identifier.count))
        line += "\(render(constraint.first)) \(constraint.relation.rawValue) "
        if let second = constraint.second {
            if constraint.multiplier != 1 { line += "\(formatNumber(constraint.multiplier))*" }
            line += render(second)
            if constraint.constant > 0 {
                line += " + \(formatNumber(constraint.constant))"
            } else if constraint.constant < 0 {
                line += " - \(formatNumber(-constraint.constant))"
            }
        } else {
            line += formatNumber(constraint.constant)
        }
        line += " @\(formatNumber(constraint.priority)) ; \(file):\(constraint.origin.line):\(constraint.origin.column)"
        return line
    }

    /// An item's name, or `#index` for an id outside `items` (only a malformed IR has one).
    func name(of id: ItemID) -> String {
        items.indices.contains(id.index) ? items[id.index].name : id.description
    }

    func render(_ anchor: Anchor) -> String {
        "\(name(of: anchor.item)).\(anchor.attribute.rawValue)"
    }
}
