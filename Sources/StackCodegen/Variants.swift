import StackIR
import StackSemantics
import StackSyntax

/// An arranged item whose `hidden:` the file writes: generated code can toggle it at run time.
struct Toggle {
    var node: Int
    var group: Int
    /// Its bit in the group's combination mask.
    var bit: Int
}

/// The toggles of one stack and, per combination of their hidden states (bit i = toggle i hidden),
/// the pool constraints that are active.
struct ToggleGroup {
    var stack: Int
    var toggles: [Int]
    var table: [[Int]]
}

/// Where a constraint of the generated code lives.
enum Placement: Hashable {
    /// Created and activated by `install`.
    case always
    /// In the pool of constraints that hidden toggles switch; index into the pool.
    case pool(Int)
}

/// A constraint of one lowering, told apart from identical ones by its occurrence number.
struct Key: Hashable {
    var entry: Entry
    var occurrence: Int
}

/// The constraints of a root layout in creation order, and the hidden toggles.
///
/// Toggling an arranged item's `hidden` changes the constraints of its stack (spacing, hiding, gaps,
/// spanner boundaries, proportions), and may change those of an enclosing `fillProportionally`
/// stack (shares come from natural lengths), baseline-aligned or `baselineRelative` stack (whether an
/// item has a baseline), and baseline definitions (a stack's baseline is a visible item's). So
/// the constraints are taken for every combination of one stack's toggles (the other toggles at
/// their written values); constraints present in every combination are created once, the rest go to
/// a pool, and a table per stack lists the pool constraints each combination activates. Creation
/// order is a merge of all those combinations' orders, so in every combination the active
/// constraints are in that combination's IR order (StackRuntime solves in creation order, like the IR).
/// The combinations come from the stack lowered alone where nothing else can change
/// (`localCombinations`), else from whole lowerings (`wholeCombinations`), and merge where they
/// change (`combine`).
///
/// A stack with more than `maxToggles` toggles, or whose orders cannot be merged, gets none
/// (its items keep their written `hidden`).
struct Plan {
    static let maxToggles = 8
    var naming: Naming
    var ordered: [(entry: Entry, placement: Placement)] = []
    var poolSize = 0
    var toggles: [Toggle] = []
    var groups: [ToggleGroup] = []
    /// Whether the combinations came from the toggled stacks lowered alone (`localCombinations`).
    var combinedLocally = false

    /// One stack's toggles and, per combination, the keys that are not in every combination.
    struct Pool {
        var stack: Int
        var toggles: [Int]
        var perCombination: [[Key]]
    }

    /// One toggled stack's combinations as changes to the layout's keys: combination `mask` is the
    /// layout's keys with each of `ranges` (ascending, apart) replaced by `variants[mask]` of it.
    struct Swap {
        var ranges: [Range<Int>]
        var variants: [[[Key]]]

        /// Combination `mask`'s keys in the ranges, in order.
        func keys(_ mask: Int) -> [Key] { Array(variants[mask].joined()) }
    }

    /// What the combinations give: the merged creation order and the pools. A key some combination
    /// lacks is pooled, unless it is runtime-only: those are always created.
    struct Combinations {
        var order: [Key]
        var pools: [Pool]
    }

    /// - Parameter local: take each combination from its stack's own lowering when that is all a
    ///   toggle changes (`localCombinations`); false lowers the whole tree per combination.
    init(tree: LayoutTree, ir: ConstraintIR, file: SourceFile, names: Names, local: Bool = true) {
        self.init(tree: tree) { plan, stacks in
            (local ? plan.localCombinations(tree: tree, ir: ir, file: file, names: names, stacks: stacks) : nil)
                ?? plan.wholeCombinations(tree: tree, ir: ir, file: file, names: names, stacks: stacks)
        }
    }

    /// The plan for the combinations `combine` gives for the toggled stacks (at most `maxToggles`
    /// toggles each, in the order of their first toggle).
    init(tree: LayoutTree, combine: (inout Plan, [(stack: Int, members: [Int])]) -> Combinations) {
        naming = Naming(tree: tree)
        var candidates: [Int: [Int]] = [:]
        var parents: [Int] = []
        for (index, node) in tree.nodes.enumerated() {
            guard let parent = node.parent, node.origins.hidden != nil, tree.nodes.indices.contains(parent) else { continue }
            if candidates[parent] == nil { parents.append(parent) }
            candidates[parent, default: []].append(index)
        }
        let stacks = parents.compactMap { parent in
            (candidates[parent] ?? []).count <= Self.maxToggles ? (stack: parent, members: candidates[parent] ?? []) : nil
        }
        let combinations = combine(&self, stacks)
        var poolOrder = Set<Key>()
        for pool in combinations.pools { poolOrder.formUnion(pool.perCombination.joined()) }
        // Pool indices follow creation order: the generated `pool` array is filled in that order.
        var poolIndex: [Key: Int] = [:]
        for key in combinations.order {
            if poolOrder.contains(key), poolIndex[key] == nil {
                poolIndex[key] = poolSize
                poolSize += 1
                ordered.append((key.entry, .pool(poolIndex[key]!)))
            } else {
                ordered.append((key.entry, .always))
            }
        }
        for (groupIndex, pool) in combinations.pools.enumerated() {
            let table = pool.perCombination.map { combination in combination.compactMap { poolIndex[$0] }.sorted() }
            groups.append(ToggleGroup(stack: pool.stack, toggles: [], table: table))
            for (bit, node) in pool.toggles.enumerated() {
                groups[groupIndex].toggles.append(toggles.count)
                toggles.append(Toggle(node: node, group: groupIndex, bit: bit))
            }
        }
    }

    /// Every combination lowered whole: right whatever a toggle changes, in time proportional to
    /// the layout per combination.
    mutating func wholeCombinations(
        tree: LayoutTree, ir: ConstraintIR, file: SourceFile, names: Names, stacks: [(stack: Int, members: [Int])]
    ) -> Combinations {
        let base = keys(tree: tree, ir: ir, names: names)
        var position: [Key: Int] = [:]
        for (index, key) in base.enumerated() { position[key] = index }
        var swaps: [Swap] = []
        var variant = tree
        for (_, members) in stacks {
            var variants: [[Key]] = []
            for mask in 0..<(1 << members.count) {
                for (bit, node) in members.enumerated() { variant.nodes[node].hidden = mask & (1 << bit) != 0 }
                variants.append(keys(tree: variant, ir: lower(variant, in: file, uikit: ir.uikit), names: names))
            }
            for node in members { variant.nodes[node].hidden = tree.nodes[node].hidden }
            swaps.append(Self.differences(variants, from: base, position: position))
        }
        return Self.combine(base: base, stacks: stacks, swaps: swaps)
    }

    /// Per combination, the keys toggling creates and activates: those not in every combination,
    /// but for runtime-only ones (always created).
    static func pooled(_ variants: [[Key]]) -> [[Key]] {
        let stable = variants.dropFirst().reduce(Set(variants[0])) { $0.intersection($1) }
        return variants.map { variant in variant.filter { !stable.contains($0) && !$0.entry.runtimeOnly } }
    }

    /// One lowering's constraints as keys; guide names accumulate in `naming`.
    mutating func keys(tree: LayoutTree, ir: ConstraintIR, names: Names) -> [Key] {
        var renderer = ConstraintRenderer(tree: tree, ir: ir, naming: naming, names: names)
        let entries = renderer.entries()
        naming = renderer.naming
        return Self.numbered(entries)
    }

    /// Entries as keys: identical ones numbered in order.
    static func numbered(_ entries: [Entry]) -> [Key] {
        var seen: [Entry: Int] = [:]
        return entries.map { entry in
            let occurrence = seen[entry, default: 0]
            seen[entry] = occurrence + 1
            return Key(entry: entry, occurrence: occurrence)
        }
    }

    /// One order that contains every sequence as a subsequence (Kahn's algorithm over "comes right
    /// before" edges, ties by first appearance), or nil if the sequences disagree.
    static func merge<Element: Hashable>(_ sequences: [[Element]]) -> [Element]? {
        if sequences.count == 1 { return sequences[0] }
        var rank: [Element: Int] = [:]
        var nodes: [Element] = []
        for sequence in sequences {
            for key in sequence where rank[key] == nil {
                rank[key] = nodes.count
                nodes.append(key)
            }
        }
        var successors = Array(repeating: Set<Int>(), count: nodes.count)
        var incoming = Array(repeating: 0, count: nodes.count)
        for sequence in sequences {
            for (a, b) in zip(sequence, sequence.dropFirst()) {
                let (from, to) = (rank[a]!, rank[b]!)
                if successors[from].insert(to).inserted { incoming[to] += 1 }
            }
        }
        var ready = Set(nodes.indices.filter { incoming[$0] == 0 })
        var result: [Element] = []
        result.reserveCapacity(nodes.count)
        while let next = ready.min() {
            ready.remove(next)
            result.append(nodes[next])
            for successor in successors[next].sorted() {
                incoming[successor] -= 1
                if incoming[successor] == 0 { ready.insert(successor) }
            }
        }
        return result.count == nodes.count ? result : nil
    }
}
