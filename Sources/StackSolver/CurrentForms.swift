/// Frame variables, kept or eliminated, as forms over the unfrozen nonbasic symbols of a tableau that
/// changes between reads: settling (UndecidedValues.swift) asks for each undecided variable in turn,
/// and each settled one pivots.
///
/// An eliminated position's definition reaches back along its chain (the k-th item's, every length
/// and spacing before it), so expanding it afresh for every read costs the chain's length, and the
/// square of the chain over all its positions. Instead each symbol's form is kept once computed:
/// a form is an identity of the constraints, true in every basis, so a form read later only needs the
/// symbols that have become basic since replaced by their rows, which are few. An eliminated symbol's
/// first form is its definition's, built from the forms of what the definition mentions. Frozen
/// symbols stay at 0 (nothing unfreezes while settling) and are dropped.
struct CurrentForms {
    private var forms: [Row?] = []

    /// `symbol`'s form over the unfrozen nonbasic symbols of `tableau`: it moves on the optimal face
    /// (as far as the basis shows) exactly when the form has a term.
    mutating func form(of symbol: Int, in tableau: Tableau, definitions: Elimination.Expander) -> Row {
        if forms.count < tableau.kinds.count { forms += repeatElement(nil, count: tableau.kinds.count - forms.count) }
        // Depth first without recursion: a definition can reach thousands of others.
        var stack = [symbol]
        while let top = stack.last {
            guard forms[top] == nil else {
                stack.removeLast()
                continue
            }
            guard let definition = definitions.definition(of: top) else {
                forms[top] = Row(constant: 0, terms: [(top, 1)])
                stack.removeLast()
                continue
            }
            let missing = definition.symbols.filter { forms[$0] == nil }
            guard missing.isEmpty else {
                stack += missing
                continue
            }
            var combined = Row(constant: definition.constant)
            for (other, coefficient) in zip(definition.symbols, definition.coefficients) {
                if let form = forms[other] { _ = combined.add(form, times: coefficient) }
            }
            forms[top] = combined
            stack.removeLast()
        }
        var current = tableau.substituted(forms[symbol] ?? Row())
        let frozen = tableau.frozen
        _ = current.removeTerms { other, _ in other < frozen.count && frozen[other] && !tableau.isBasic(other) }
        forms[symbol] = current
        return current
    }
}
