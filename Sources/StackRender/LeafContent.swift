import StackIR
import StackSemantics
import StackSyntax

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
}

/// The label of every item of `ir`, read from the checked tree the IR was lowered from: an item's
/// dotted name is its node's path. Without a tree, every item is named and has no content.
///
/// The model keeps one `content` string per leaf; whether a button's is a title or an image name is in
/// the syntax, so `imageElements` holds the start offsets of the elements whose content is an image.
func leafContents(_ ir: ConstraintIR, tree: LayoutTree?, imageElements: Set<Int>) -> [LeafLabel] {
    guard let tree else { return Array(repeating: LeafLabel(content: nil, isNamed: true), count: ir.items.count) }
    var nodeByPath: [String: Int] = [:]
    for (index, node) in tree.nodes.enumerated() { nodeByPath[node.path] = index }
    return ir.items.map { item in
        guard item.kind != .guide, let index = nodeByPath[item.name] else { return LeafLabel(content: nil, isNamed: true) }
        let node = tree.nodes[index]
        guard let content = node.leaf?.content, !content.isEmpty else { return LeafLabel(content: nil, isNamed: node.isNamed) }
        let image = node.kind == .image || imageElements.contains(node.origins.element.start)
        return LeafLabel(content: image ? .image(content) : .text(content), isNamed: node.isNamed)
    }
}

/// The start offsets of the elements in `tree` whose shown content is an image: buttons whose last
/// `text:`/`image:` argument is `image:`, and instances of components whose body is such a button.
func imageContentElements(in tree: SyntaxTree) -> Set<Int> {
    var bodies: [String: ElementSyntax] = [:]
    var elements: [ElementSyntax] = []
    // Blocks nest as deep as the parser allows: walked with an explicit stack, not recursion.
    var pending: [Declaration] = tree.declarations.reversed()
    while let declaration = pending.popLast() {
        switch declaration {
        case .component(let component):
            for case .element(let body) in component.body.members where bodies[component.name.text] == nil {
                bodies[component.name.text] = body
            }
            pending += component.body.members.reversed()
        case .element(let element):
            elements.append(element)
            pending += (element.body?.members ?? []).reversed()
        case .constant, .constraints, .error:
            break
        }
    }
    /// `image` or `text` for a built-in element; a component instance looks through its bodies (a
    /// cycle is an error the checker reports, so the walk stops after a bounded number of steps).
    func contentLabel(_ element: ElementSyntax) -> String? {
        var current = element
        for _ in 0..<64 {
            if ElementKind(rawValue: current.kind.text) != nil {
                return current.arguments?.arguments.last { $0.label.text == "text" || $0.label.text == "image" }?.label.text
            }
            guard let body = bodies[current.kind.text] else { return nil }
            current = body
        }
        return nil
    }
    var starts = Set<Int>()
    for element in elements where contentLabel(element) == "image" { starts.insert(element.range.start) }
    return starts
}
