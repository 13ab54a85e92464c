import StackIR

/// Which stack or leaf made each IR constraint, read from the items it mentions: the lowering creates
/// every constraint between a stack, its guides and its arranged items, and a leaf's own from what it
/// brings itself. A joint group (JointShape.swift) leaves a hanging unit's own constraints to its cost
/// function; the structured model (`StructuredModel.tolerant`) leaves an opaque stack's unread.
struct ConstraintOwnership {
    /// Per item: its owner (the stack it is arranged in, or a guide's creator), -1 for the root.
    let parent: [Int]
    let depth: [Int]
    /// The arranged items, which come before the guides.
    let nodes: Int

    /// Nil unless every item but the root has an owner listed before it (the lowering's order).
    init?(ir: ConstraintIR, nodes n: Int) {
        let parent = ir.items.map { $0.owner?.index ?? -1 }
        guard n > 0, n <= parent.count, parent.enumerated().allSatisfy({ $0.element < $0.offset }),
              parent.dropFirst().allSatisfy({ $0 >= 0 }) else { return nil }
        var depth = [Int](repeating: 0, count: parent.count)
        for item in 1..<parent.count { depth[item] = depth[parent[item]] + 1 }
        self.parent = parent
        self.depth = depth
        nodes = n
    }

    /// The node an item stands for: itself, or a guide's creator.
    func node(_ item: Int) -> Int { item < nodes ? item : parent[item] }

    /// The stack or leaf that made `constraint`: the lowest common owner of the items it mentions; for
    /// a constraint on one item, the item for what it brings itself (content size, explicit size, a
    /// stack's canvas fit), else the stack it is arranged in (hiding it, its fillProportionally zero
    /// length, suppressing its ambiguity) or that made it (a guide's). -1 for the root's parent's; nil
    /// when the constraint mentions an item that is not in the IR.
    func owner(of constraint: IRConstraint) -> Int? {
        let count = parent.count
        guard (0..<count).contains(constraint.first.item.index),
              (0..<count).contains(constraint.second?.item.index ?? 0) else { return nil }
        var a = node(constraint.first.item.index)
        guard let second = constraint.second else {
            let isOwn = switch constraint.category {
            case .contentHugging, .contentCompression, .explicitSize, .canvasFit: true
            default: false
            }
            return constraint.first.item.index >= nodes || isOwn ? a : parent[a]
        }
        var b = node(second.item.index)
        while depth[a] > depth[b] { a = parent[a] }
        while depth[b] > depth[a] { b = parent[b] }
        while a != b {
            a = parent[a]
            b = parent[b]
        }
        return a
    }
}
