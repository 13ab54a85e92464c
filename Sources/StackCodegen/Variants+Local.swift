import StackIR
import StackSemantics
import StackSyntax

extension Plan {
    /// The combinations when a toggle changes only its own stack's constraints: the stack's own
    /// constraints name no baseline in any combination, no constraint names the stack's baselines
    /// (their definitions come from its visible items), and it lies inside no stack whose constraints
    /// depend on what is visible deep in its items (`hasAncestorReadingItemSubtrees`). Each
    /// combination is then the layout's keys with the stack's own swapped for those of the stack
    /// lowered alone: the work per combination is proportional to the stack, not to the layout. The
    /// answer is the plain definition's (ToggleCombinationTests compares them); nil, with `naming` as
    /// it was, where the conditions do not hold or a check below fails.
    mutating func localCombinations(
        tree: LayoutTree, ir: ConstraintIR, file: SourceFile, names: Names, stacks: [(stack: Int, members: [Int])]
    ) -> Combinations? {
        var namedBaselines = [Bool](repeating: false, count: ir.items.count)
        for constraint in ir.constraints {
            for anchor in [constraint.first, constraint.second].compactMap({ $0 })
            where anchor.attribute.isBaseline && namedBaselines.indices.contains(anchor.item.index) {
                namedBaselines[anchor.item.index] = true
            }
        }
        guard !stacks.isEmpty, !stacks.contains(where: { namedBaselines[$0.stack] || tree.hasAncestorReadingItemSubtrees($0.stack) })
        else { return nil }
        let (lowered, nodeConstraints) = lowerRecordingNodes(tree, in: file, uikit: ir.uikit)
        guard lowered.constraints == ir.constraints, lowered.items == ir.items else { return nil }
        let saved = naming
        guard let combinations = swappingStacks(tree: tree, ir: ir, file: file, names: names, stacks: stacks,
                                                nodeConstraints: nodeConstraints) else {
            naming = saved
            return nil
        }
        combinedLocally = true
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
        var working = tree
        var swaps: [Swap] = []
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
            swaps.append(Swap(ranges: [range], variants: variants.map { [$0] }))
        }
        return Self.combine(base: base, stacks: stacks, swaps: swaps)
    }
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
