import StackIR
import StackSemantics

/// What a leaf shows on screen: its text (`text:` of a label or button) or the name of its image
/// (`image:` of an image, or of a button that shows one).
enum LeafContent: Equatable {
    case text(String)
    case image(String)
}

/// What the picture writes on an item besides its frame.
struct LeafLabel {
    /// Nil for stacks, guides and leaves without content (or with an empty one).
    var content: LeafContent?
    /// Whether the file names the item (generated names such as `button0` are not worth a line).
    var isNamed: Bool
    /// The item's node in the tree, for leaves (what their text is measured from).
    var node: LayoutNode?
}

/// The label of every item of `ir`, read from the checked tree the IR was lowered from: an item's
/// dotted name is its node's path. Without a tree, every item is named and has no content. A button
/// shows its `text:` when it has one, else its image's name.
func leafContents(_ ir: ConstraintIR, tree: LayoutTree?) -> [LeafLabel] {
    guard let tree else { return Array(repeating: LeafLabel(content: nil, isNamed: true), count: ir.items.count) }
    var nodeByPath: [String: Int] = [:]
    for (index, node) in tree.nodes.enumerated() { nodeByPath[node.path] = index }
    return ir.items.map { item in
        guard item.kind != .guide, let index = nodeByPath[item.name] else { return LeafLabel(content: nil, isNamed: true) }
        let node = tree.nodes[index]
        let leaf = node.leaf == nil ? nil : node
        if let text = node.leaf?.text, !text.isEmpty, node.kind != .image { return LeafLabel(content: .text(text), isNamed: node.isNamed, node: leaf) }
        guard let content = node.leaf?.content, !content.isEmpty else { return LeafLabel(content: nil, isNamed: node.isNamed, node: leaf) }
        return LeafLabel(content: node.kind == .label ? .text(content) : .image(content), isNamed: node.isNamed, node: leaf)
    }
}
