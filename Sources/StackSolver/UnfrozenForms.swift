/// Whether frame variables may move on the optimal face of one tableau, eliminated ones included
/// (through their definitions, so a form whose unfrozen terms cancel counts as fixed), with each
/// symbol's unfrozen weights computed once while the tableau stands still.
///
/// The one answer to "is this variable constant on the face?": HiddenMovements.swift asks it of every
/// variable the basis calls fixed, and settling (UndecidedValues.swift) of every undecided variable,
/// most of which are decided by the ones settled before them: the positions along a chain, each
/// eliminated with a definition that reaches every length before it. Expanding each to its kept
/// symbols would cost the chain's length per position; reading each definition once, by the weights
/// of what it mentions, costs the definitions' total length. The tableau changes only when a variable
/// is settled.
struct UnfrozenForms {
    private var weights: [Tableau.UnfrozenWeights] = []
    /// Per symbol, the generation its weights were computed in.
    private var computedIn: [Int] = []
    private var generation = 1

    /// Forgets every symbol's weights: the tableau has changed.
    mutating func invalidate() { generation += 1 }

    /// Whether `symbol` (kept or eliminated) may move on the optimal face of `tableau`.
    mutating func moves(_ symbol: Int, in tableau: Tableau, definitions: Elimination.Expander) -> Bool {
        if computedIn.count < tableau.kinds.count {
            let missing = tableau.kinds.count - computedIn.count
            computedIn += repeatElement(0, count: missing)
            weights += repeatElement(Tableau.UnfrozenWeights(), count: missing)
        }
        // Depth first without recursion: a definition can reach thousands of others.
        var stack = [symbol]
        while let top = stack.last {
            guard computedIn[top] != generation else {
                stack.removeLast()
                continue
            }
            guard let definition = definitions.definition(of: top) else {
                store(tableau.unfrozenWeights(of: top), for: top)
                stack.removeLast()
                continue
            }
            let missing = definition.symbols.filter { computedIn[$0] != generation }
            guard missing.isEmpty else {
                stack += missing
                continue
            }
            var total = Tableau.UnfrozenWeights()
            for (other, coefficient) in zip(definition.symbols, definition.coefficients) {
                total.add(weights[other], times: coefficient)
            }
            store(total, for: top)
            stack.removeLast()
        }
        return weights[symbol].moves
    }

    private mutating func store(_ value: Tableau.UnfrozenWeights, for symbol: Int) {
        weights[symbol] = value
        computedIn[symbol] = generation
    }
}
