import StackIR

/// Each item's content-size constraints (hugging and compression resistance, one item, no second
/// item) per axis, in IR order: what `LayoutEngine.setIntrinsicSize` rewrites. Built once, on the
/// first change, in one pass over the constraints, so a change does not scan them all.
struct ContentSizeIndex {
    /// Per slot (`2 * item + axis`), where its constraints start in `constraints`; one more entry
    /// than slots. Empty until built.
    private var starts: [Int] = []
    private var constraints: [Int] = []

    /// `node`'s content-size constraints on `axis` (0 horizontal, 1 vertical) in `ir`, the IR the
    /// index is built from (the engine resets the index when it replaces the IR).
    mutating func constraints(of node: Int, axis: Int, in ir: ConstraintIR) -> ArraySlice<Int> {
        if starts.isEmpty { build(ir) }
        let slot = 2 * node + axis
        return constraints[starts[slot]..<starts[slot + 1]]
    }

    /// A counting sort of the content-size constraints by slot.
    private mutating func build(_ ir: ConstraintIR) {
        func slot(_ index: Int) -> Int? {
            let constraint = ir.constraints[index]
            guard constraint.second == nil,
                  constraint.category == .contentHugging || constraint.category == .contentCompression else { return nil }
            return 2 * constraint.first.item.index + (constraint.first.attribute.isHorizontal ? 0 : 1)
        }
        var counts = Array(repeating: 0, count: 2 * ir.items.count + 1)
        for index in ir.constraints.indices {
            if let slot = slot(index) { counts[slot + 1] += 1 }
        }
        for slot in counts.indices.dropFirst() { counts[slot] += counts[slot - 1] }
        starts = counts
        var next = counts
        constraints = Array(repeating: 0, count: counts[counts.count - 1])
        for index in ir.constraints.indices {
            guard let slot = slot(index) else { continue }
            constraints[next[slot]] = index
            next[slot] += 1
        }
    }
}
