import StackIR
import StackSemantics

/// One constraint of the generated code: its Swift expression, the `.stack` line that caused it, and
/// whether it only exists for StackRuntime (a leaf's baselines, which UIKit and AppKit views provide
/// themselves from their text).
struct Entry: Hashable {
    var code: String
    var line: Int
    var runtimeOnly: Bool
}

/// Turns one lowered IR into the generated code's constraints, in IR order.
///
/// - Content-size constraints are left out: each leaf's intrinsic content size and its hugging and
///   compression priorities produce them, as Auto Layout does.
/// - Stacks are layout guides, and guides have no baseline anchors, so a stack's baseline is replaced
///   by the anchor its `baseline` definition names (a stack's baseline is one arranged item's; the
///   chain is followed down to a leaf, or to the guide's bottom for a stack with no visible items).
/// - A leaf's own baseline definitions (`label.firstBaseline == label.top + 17`) are runtime-only.
struct ConstraintRenderer {
    let tree: LayoutTree
    /// What is rendered, in IR order.
    let constraints: [IRConstraint]
    /// The IR's items from the id `firstItemID` on: all of them, or the guides of one `NodeLowering`.
    let items: [IRItem]
    let firstItemID: Int
    var naming: Naming
    let names: Names
    /// Stack baseline definitions: anchor -> (anchor it equals, constant).
    private var stackBaselines: [Anchor: (Anchor, Double)] = [:]

    init(tree: LayoutTree, ir: ConstraintIR, naming: Naming, names: Names) {
        self.init(tree: tree, constraints: ir.constraints, items: ir.items, firstItemID: 0, naming: naming, names: names)
    }

    /// One node's constraints lowered alone; they define no baselines.
    init(tree: LayoutTree, node: NodeLowering, naming: Naming, names: Names) {
        self.init(tree: tree, constraints: node.constraints, items: node.guides, firstItemID: node.firstGuide,
                  naming: naming, names: names)
    }

    private init(tree: LayoutTree, constraints: [IRConstraint], items: [IRItem], firstItemID: Int, naming: Naming, names: Names) {
        self.tree = tree
        self.constraints = constraints
        self.items = items
        self.firstItemID = firstItemID
        self.naming = naming
        self.names = names
        for constraint in constraints where constraint.category == .baseline && isStack(constraint.first.item) {
            if let second = constraint.second, constraint.relation == .equal, constraint.multiplier == 1 {
                stackBaselines[constraint.first] = (second, constraint.constant)
            }
        }
    }

    /// Whether an IR item is a stack node (a guide in generated code).
    func isStack(_ item: ItemID) -> Bool {
        item.index < tree.nodes.count && tree.nodes[item.index].kind.isStack
    }

    /// The generated constraints, in IR order.
    mutating func entries() -> [Entry] {
        var sources: [Int] = []
        return entries(sources: &sources)
    }

    /// The generated constraints, in IR order; `sources[i]` is the index in `constraints` of entry i.
    mutating func entries(sources: inout [Int]) -> [Entry] {
        var result: [Entry] = []
        for (index, constraint) in constraints.enumerated() {
            switch constraint.category {
            case .contentHugging, .contentCompression:
                continue
            case .baseline where isStack(constraint.first.item):
                continue
            default:
                break
            }
            guard let code = render(constraint) else { continue }
            let runtimeOnly = constraint.category == .baseline
            result.append(Entry(code: code, line: constraint.origin.line, runtimeOnly: runtimeOnly))
            sources.append(index)
        }
        return result
    }

    /// The property that holds an IR item, or nil for an item id outside the IR.
    mutating func property(_ item: ItemID) -> String? {
        if item.index < tree.nodes.count { return naming.nodes[item.index] }
        guard items.indices.contains(item.index - firstItemID) else { return nil }
        let guide = items[item.index - firstItemID]
        let owner = guide.owner.flatMap { $0.index < tree.nodes.count ? naming.nodes[$0.index] : nil } ?? "root"
        return naming.guide(guide.name, ownerProperty: owner)
    }

    /// A stack baseline anchor replaced by what defines it; other anchors unchanged. The added constant
    /// is returned with it. The walk is bounded, so a malformed cycle cannot loop.
    func resolve(_ anchor: Anchor) -> (Anchor, Double) {
        var current = anchor
        var offset = 0.0
        for _ in 0...tree.nodes.count {
            guard current.attribute == .firstBaseline || current.attribute == .lastBaseline, isStack(current.item) else {
                return (current, offset)
            }
            guard let (next, constant) = stackBaselines[current] else {
                return (Anchor(current.item, .bottom), offset)
            }
            current = next
            offset += constant
        }
        return (Anchor(current.item, .bottom), offset)
    }

    /// One constraint as a Swift expression that creates, names and prioritises it.
    mutating func render(_ constraint: IRConstraint) -> String? {
        let (first, firstOffset) = resolve(constraint.first)
        guard let firstItem = property(first.item) else { return nil }
        var constant = constraint.constant - firstOffset
        var secondText: (item: String, anchor: Anchor)? = nil
        if let original = constraint.second {
            let (second, secondOffset) = resolve(original)
            guard let item = property(second.item) else { return nil }
            constant += constraint.multiplier * secondOffset
            secondText = (item, second)
        }
        let body = anchorForm(firstItem, first, constraint.relation, secondText, multiplier: constraint.multiplier, constant: constant)
            ?? itemForm(firstItem, first, constraint.relation, secondText, multiplier: constraint.multiplier, constant: constant)
        let priority = constraint.priority >= 1000 ? "" : ", priority: \(swiftNumber(constraint.priority))"
        return "identified(\(body), \(swiftStringLiteral(constraint.identifier))\(priority))"
    }

    /// `a.widthAnchor.constraint(equalTo: b.widthAnchor, multiplier: 0.5)` and friends, when anchors
    /// can say it: both positions on one axis with multiplier 1, or sizes.
    func anchorForm(
        _ firstItem: String, _ first: Anchor, _ relation: LayoutRelation, _ second: (item: String, anchor: Anchor)?,
        multiplier: Double, constant: Double
    ) -> String? {
        let method = "\(firstItem).\(first.attribute.rawValue)Anchor.constraint"
        let relationLabel = relation == .equal ? "equalTo" : relation == .lessThanOrEqual ? "lessThanOrEqualTo" : "greaterThanOrEqualTo"
        guard let second else {
            guard first.attribute.isSize else { return nil }
            return "\(method)(\(relationLabel)Constant: \(swiftNumber(constant)))"
        }
        let target = "\(second.item).\(second.anchor.attribute.rawValue)Anchor"
        let constantText = constant == 0 ? "" : ", constant: \(swiftNumber(constant))"
        if first.attribute.isSize && second.anchor.attribute.isSize {
            let multiplierText = multiplier == 1 ? "" : ", multiplier: \(swiftNumber(multiplier))"
            return "\(method)(\(relationLabel): \(target)\(multiplierText)\(constantText))"
        }
        guard !first.attribute.isSize, !second.anchor.attribute.isSize, multiplier == 1,
              first.attribute.isHorizontal == second.anchor.attribute.isHorizontal else { return nil }
        return "\(method)(\(relationLabel): \(target)\(constantText))"
    }

    /// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`, for what
    /// anchors cannot express (a position times a multiplier, a position equal to a constant).
    func itemForm(
        _ firstItem: String, _ first: Anchor, _ relation: LayoutRelation, _ second: (item: String, anchor: Anchor)?,
        multiplier: Double, constant: Double
    ) -> String {
        let relationCase = relation == .equal ? ".equal" : relation == .lessThanOrEqual ? ".lessThanOrEqual" : ".greaterThanOrEqual"
        let toItem = second?.item ?? "nil"
        let toAttribute = second.map { "." + $0.anchor.attribute.rawValue } ?? ".notAnAttribute"
        return "NSLayoutConstraint(item: \(firstItem), attribute: .\(first.attribute.rawValue), relatedBy: \(relationCase), "
            + "toItem: \(toItem), attribute: \(toAttribute), multiplier: \(swiftNumber(multiplier)), constant: \(swiftNumber(constant)))"
    }
}
