import StackSemantics

/// The run-time hidden API: `Toggle`, `isHidden(_:)`, `setHidden(_:for:)`, and the visibility of
/// leaves inside hidden stacks.
extension RootEmitter {
    var toggleNames: [String] { plan.toggles.map { naming.nodes[$0.node] } }

    mutating func emitToggleState() {
        guard !plan.toggles.isEmpty else { return }
        add("")
        add("/// The arranged items whose `hidden:` \(fileName) writes: `setHidden(_:for:)` hides and shows them.", indent: 1)
        add("enum Toggle: Int, CaseIterable {", indent: 1)
        add("case " + toggleNames.joined(separator: ", "), indent: 2)
        add("}", indent: 1)
        let states = plan.toggles.map { tree.nodes[$0.node].hidden ? "true" : "false" }
        add("private var hiddenStates: [Bool] = [\(states.joined(separator: ", "))]", indent: 1)
        add("/// The constraints hidden toggles switch, created by `install(in:)`.", indent: 1)
        add("private var pool: [NSLayoutConstraint] = []", indent: 1)
        if readopts {
            add("#if \(names.runtimeCondition)", indent: 1)
            add("/// The constraints `install(in:)` activates outside the pool (StackRuntime adopts them with it).", indent: 1)
            add("private var installedConstraints: [NSLayoutConstraint] = []", indent: 1)
            add("#endif", indent: 1)
        }
        add("/// Per stack with toggles: its toggles, and per combination of their hidden states (bit i =", indent: 1)
        add("/// toggle i hidden) the pool constraints UIStackView would have active.", indent: 1)
        add("private static let variants: [(toggles: [Toggle], table: [[Int]])] = [", indent: 1)
        for group in plan.groups {
            let members = group.toggles.map { "." + toggleNames[$0] }.joined(separator: ", ")
            add("([\(members)], [", indent: 2)
            for combination in group.table {
                add("[\(combination.map(String.init).joined(separator: ", "))],", indent: 3)
            }
            add("]),", indent: 2)
        }
        add("]", indent: 1)
    }

    mutating func emitToggleAPI() {
        if !plan.toggles.isEmpty {
            add("")
            add("/// Whether an arranged item is hidden.", indent: 1)
            add("func isHidden(_ item: Toggle) -> Bool {", indent: 1)
            add("hiddenStates[item.rawValue]", indent: 2)
            add("}", indent: 1)
            add("")
            add("/// Hides or shows an arranged item as UIStackView does: its stack's spacing, hiding, gap and", indent: 1)
            add("/// alignment constraints change to the set the new state calls for, and its views hide.", indent: 1)
            add("func setHidden(_ hidden: Bool, for item: Toggle) {", indent: 1)
            add("guard hiddenStates[item.rawValue] != hidden else { return }", indent: 2)
            add("let before = activeIndices()", indent: 2)
            add("hiddenStates[item.rawValue] = hidden", indent: 2)
            add("updateVisibility()", indent: 2)
            add("guard !pool.isEmpty else { return }", indent: 2)
            add("let after = activeIndices()", indent: 2)
            add("NSLayoutConstraint.deactivate(before.filter { !after.contains($0) }.map { pool[$0] })", indent: 2)
            add("NSLayoutConstraint.activate(after.filter { !before.contains($0) }.map { pool[$0] })", indent: 2)
            if readopts {
                add("#if \(names.runtimeCondition)", indent: 2)
                add("// Changed constraints end StackRuntime's adoption of the stacks: adopt them in the new states.", indent: 2)
                add("if let container = \(naming.nodes[0]).owningView { adoptStacks(in: container) }", indent: 2)
                add("#endif", indent: 2)
            }
            add("}", indent: 1)
            add("")
            add("/// The pool constraints the current hidden states call for, in pool order.", indent: 1)
            add("private func activeIndices() -> [Int] {", indent: 1)
            add("var result: [Int] = []", indent: 2)
            add("for group in Self.variants {", indent: 2)
            add("var mask = 0", indent: 3)
            add("for (bit, toggle) in group.toggles.enumerated() where hiddenStates[toggle.rawValue] {", indent: 3)
            add("mask |= 1 << bit", indent: 4)
            add("}", indent: 3)
            add("result += group.table[mask]", indent: 3)
            add("}", indent: 2)
            add("return result.sorted()", indent: 2)
            add("}", indent: 1)
            emitAdoptionMethod()
        }
        emitVisibility()
    }

    /// A leaf is hidden when it or any stack around it is: UIStackView hides a hidden arranged
    /// stack's whole subtree. Statically hidden chains are `true`; toggles are read at run time.
    mutating func emitVisibility() {
        var toggleOfNode: [Int: Int] = [:]
        for (index, toggle) in plan.toggles.enumerated() { toggleOfNode[toggle.node] = index }
        add("")
        add("/// Hides the views of hidden items and of items inside hidden stacks.", indent: 1)
        add("private func updateVisibility() {", indent: 1)
        for (index, node) in tree.nodes.enumerated() where !node.kind.isStack {
            var terms: [String] = []
            var always = false
            var current: Int? = index
            var steps = 0
            while let at = current, tree.nodes.indices.contains(at), steps <= tree.nodes.count {
                if let toggle = toggleOfNode[at] {
                    terms.insert("isHidden(.\(toggleNames[toggle]))", at: 0)
                } else if tree.nodes[at].hidden {
                    always = true
                }
                current = tree.nodes[at].parent
                steps += 1
            }
            if always {
                add("\(naming.nodes[index]).isHidden = true", indent: 2)
            } else if !terms.isEmpty {
                add("\(naming.nodes[index]).isHidden = \(terms.joined(separator: " || "))", indent: 2)
            }
        }
        add("}", indent: 1)
    }
}
