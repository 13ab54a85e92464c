/// Whether frame variables may move on the optimal face of one tableau, eliminated ones included
/// (through their definitions, so a form whose unfrozen terms cancel counts as fixed), with each
/// symbol's unfrozen weights computed once while the tableau stands still.
///
/// HiddenMovements.swift asks it of every variable the basis calls fixed: the positions along a
/// chain, each eliminated with a definition that reaches every length before it. Expanding each to
/// its kept symbols would cost the chain's length per position; reading each definition once, by
/// the weights of what it mentions, costs the definitions' total length. Weights are three numbers
/// per symbol, where a form is a row: on a tableau that stands still they are the cheaper answer.
/// Settling, whose tableau changes between questions, keeps forms instead (CurrentForms.swift).
struct UnfrozenForms {
    private var weights: [Tableau.UnfrozenWeights] = []
    /// Per symbol, whether its weights are computed.
    private var computed: [Bool] = []

    /// Whether `symbol` (kept or eliminated) may move on the optimal face of `tableau`.
    mutating func moves(_ symbol: Int, in tableau: Tableau, definitions: Elimination.Expander) -> Bool {
        if computed.count < tableau.kinds.count {
            let missing = tableau.kinds.count - computed.count
            computed += repeatElement(false, count: missing)
            weights += repeatElement(Tableau.UnfrozenWeights(), count: missing)
        }
        _ = definitions.walk(from: symbol, known: { computed[$0] }) { top, definition in
            var total = Tableau.UnfrozenWeights()
            if let definition {
                for (other, coefficient) in zip(definition.symbols, definition.coefficients) {
                    total.add(weights[other], times: coefficient)
                }
            } else {
                total = tableau.unfrozenWeights(of: top)
            }
            weights[top] = total
            computed[top] = true
            return true
        }
        return weights[symbol].moves
    }
}
