import StackIR
import StackSemantics
import StackSyntax

extension Plan {
    /// The combinations when a toggle changes only its own stack's constraints: no constraint uses a
    /// baseline (a stack's baseline is one of its visible items'), and no toggled stack lies inside a
    /// stack whose constraints depend on what is visible deep in its items
    /// (`hasAncestorReadingItemSubtrees`). Each
    /// combination is then the layout's keys with the stack's own swapped for those of the stack
    /// lowered alone: the work per combination is proportional to the stack, not to the layout, and
    /// the creation order is the layout's with each stack's keys replaced by the merge of its
    /// combinations'. The answer is `wholeCombinations`' (ToggleCombinationTests compares them); nil, with
    /// `naming` as it was, where the conditions do not hold or a check below fails.
    mutating func localCombinations(
        tree: LayoutTree, ir: ConstraintIR, file: SourceFile, names: Names, stacks: [(stack: Int, members: [Int])]
    ) -> Combinations? {
        guard !stacks.isEmpty, !ir.constraints.contains(where: \.usesBaseline),
              !stacks.contains(where: { tree.hasAncestorReadingItemSubtrees($0.stack) }) else { return nil }
        let (lowered, nodeConstraints) = lowerRecordingNodes(tree, in: file, uikit: ir.uikit)
        guard lowered.constraints == ir.constraints, lowered.items == ir.items else { return nil }
        let saved = naming
        guard let combinations = swappingStacks(tree: tree, ir: ir, file: file, names: names, stacks: stacks,
                                                nodeConstraints: nodeConstraints) else {
            naming = saved
            return nil
        }
        return combinations
    }

    private mutating func swappingStacks(
        tree: LayoutTree, ir: ConstraintIR, file: SourceFile, names: Names, stacks: [(stack: Int, members: [Int])],
        nodeConstraints: [Range<Int>]
    ) -> Combinations? {
        var renderer = ConstraintRenderer(tree: tree, ir: ir, naming: naming, names: names)
        var sources: [Int] = []
        let entries = renderer.entries(sources: &sources)
        naming = renderer.naming
        let base = Self.numbered(entries)
        // entryStart[c]: the first entry rendered from constraint c or a later one.
        var entryStart = [Int](repeating: entries.count, count: ir.constraints.count + 1)
        var entry = entries.count
        for constraint in stride(from: ir.constraints.count - 1, through: 0, by: -1) {
            while entry > 0, sources[entry - 1] >= constraint { entry -= 1 }
            entryStart[constraint] = entry
        }
        var counts: [Entry: Int] = [:]
        for entry in entries { counts[entry, default: 0] += 1 }
        var stackOf: [Key: Int] = [:]
        var working = tree
        var swapped: [(range: Range<Int>, variants: [[Key]])] = []
        for (stack, members) in stacks {
            let range = entryStart[nodeConstraints[stack].lowerBound]..<entryStart[nodeConstraints[stack].upperBound]
            var inRange: [Entry: Int] = [:]
            for key in base[range] { inRange[key.entry, default: 0] += 1 }
            var variants: [[Key]] = []
            for mask in 0..<(1 << members.count) {
                for (bit, node) in members.enumerated() { working.nodes[node].hidden = mask & (1 << bit) != 0 }
                let lowering = lowerNode(stack, of: working, in: file, uikit: ir.uikit)
                guard !lowering.constraints.contains(where: \.usesBaseline) else { return nil }
                var renderer = ConstraintRenderer(tree: working, node: lowering, naming: naming, names: names)
                let own = renderer.entries()
                naming = renderer.naming
                // Numbered within the stack, a key is the layout's only if nothing outside the stack equals it.
                guard !own.contains(where: { counts[$0, default: 0] > inRange[$0, default: 0] }) else { return nil }
                variants.append(Self.numbered(own))
            }
            for node in members { working.nodes[node].hidden = tree.nodes[node].hidden }
            let writtenMask = members.enumerated().reduce(0) { $0 | (tree.nodes[$1.element].hidden ? 1 << $1.offset : 0) }
            guard variants[writtenMask] == Array(base[range]) else { return nil }
            for key in variants.joined() {
                guard stackOf[key, default: stack] == stack else { return nil }
                stackOf[key] = stack
            }
            swapped.append((range, variants))
        }
        // The merges run on numbers: a key's number is its index in `keys` (the layout's keys first).
        var keys = base
        var number: [Key: Int] = [:]
        for (index, key) in base.enumerated() { number[key] = index }
        let numbered = swapped.map { swap in
            swap.variants.map { variant in
                variant.map { key in
                    if let known = number[key] { return known }
                    number[key] = keys.count
                    keys.append(key)
                    return keys.count - 1
                }
            }
        }
        // A stack's combinations, each as its own keys between the layout's keys around its range:
        // the edges that the combination as the whole window adds to the merge. Two ranges never
        // interleave in one combination, so a merge can fail only inside one range: a stack is
        // accepted when its own combinations merge with the layout's order.
        let windows = Self.windows(swapped.map(\.range))
        var accepted = windows.map { [Array($0)] }
        var pools: [Pool] = []
        for ((stack, members), (range, variants), numbers) in zip3(stacks, swapped, numbered) {
            guard let window = windows.firstIndex(where: { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound })
            else { return nil }
            guard Self.merge([Array(range)] + numbers) != nil else { continue }
            let before = range.lowerBound > windows[window].lowerBound ? [range.lowerBound - 1] : []
            let after = range.upperBound < windows[window].upperBound ? [range.upperBound] : []
            accepted[window] += numbers.map { before + $0 + after }
            pools.append(Pool(stack: stack, toggles: members, perCombination: Self.pooled(variants)))
        }
        var order: [Key] = []
        order.reserveCapacity(base.count)
        var next = 0
        for (window, sequences) in zip(windows, accepted) {
            order += base[next..<window.lowerBound]
            order += (Self.merge(sequences) ?? Array(window)).map { keys[$0] }
            next = window.upperBound
        }
        order += base[next...]
        return Combinations(order: order, pools: pools)
    }
}

extension Plan {
    /// The stretches of the layout's keys that the merge orders as one: stacks' ranges that touch
    /// (no key every combination shares lies between them, so the merge may interleave them), joined;
    /// ascending. A key outside every range is in every combination and keeps the stretches apart.
    static func windows(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}

/// Three sequences side by side, as far as the shortest goes.
private func zip3<A: Sequence, B: Sequence, C: Sequence>(_ a: A, _ b: B, _ c: C) -> [(A.Element, B.Element, C.Element)] {
    zip(zip(a, b), c).map { ($0.0, $0.1, $1) }
}

extension IRConstraint {
    /// Whether it is a baseline definition or names a baseline anchor.
    var usesBaseline: Bool {
        category == .baseline || first.attribute.isBaseline || second?.attribute.isBaseline == true
    }
}

extension LayoutAttribute {
    var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }
}

extension LayoutTree {
    /// Whether some stack enclosing node `index` has constraints that depend on which items are
    /// visible inside its own items: `fillProportionally` shares come from natural lengths, and a
    /// baseline-aligned row aligns an item by its baseline only if one of its visible items has one.
    func hasAncestorReadingItemSubtrees(_ index: Int) -> Bool {
        var current = nodes.indices.contains(index) ? nodes[index].parent : nil
        var steps = 0
        while let parent = current, nodes.indices.contains(parent), steps < nodes.count {
            if let stack = nodes[parent].stack,
               stack.distribution == .fillProportionally || stack.alignment == .firstBaseline
                || stack.alignment == .lastBaseline || stack.baselineRelative {
                return true
            }
            current = nodes[parent].parent
            steps += 1
        }
        return false
    }
}
