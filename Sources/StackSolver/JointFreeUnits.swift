import StackIR

// What a round of a joint solve (JointGroup.swift) leaves free: a hanging unit whose place or length
// the optimal face does not fix goes onto the spine, and the group is solved again.

extension Solver {
    /// The units whose `interface` (`JointProblem.interface`) the optimal face leaves free: a symbol as
    /// the solver decides ambiguity, a run's length by its own two optimisations.
    func freeUnits(_ interface: [[[LinearTerm]]]) -> [Int] {
        let symbols = interface.flatMap { $0 }.filter { $0.count == 1 }.map(\.[0].symbol)
        let moving = Dictionary(zip(symbols, moving(symbols)), uniquingKeysWith: { a, _ in a })
        return interface.indices.filter { unit in
            interface[unit].contains { $0.count == 1 ? moving[$0[0].symbol] ?? true : !fixes([$0]) }
        }
    }
}

extension StructuredLayout {
    /// What goes onto the spine of a free unit: a run's items whose own length along `axis` (0
    /// horizontal) is not decided by their cost alone (a view with no size), when it has such items;
    /// else the whole unit.
    func freeMembers(of members: [Int], axis: Int) -> [Int] {
        let free = members.filter { member in
            let function = outer[2 * member + axis]
            return !function.hasUniqueMinimum || !function.anchor.isFinite
        }
        return free.isEmpty ? members : free
    }
}
