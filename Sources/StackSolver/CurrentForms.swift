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
///
/// Forms along a chain of lengths that are all still free grow with the chain, and kept together they
/// would take its square. So what is kept is bounded by a quarter of the tableau's term limit: past
/// it, the kept forms are dropped, and every form from then on is expanded afresh from the
/// definitions and not kept.
struct CurrentForms {
    private var forms: [Row?] = []
    /// How many terms `forms` holds.
    private var kept = 0
    /// False once the forms kept would have passed their bound.
    private var keeping = true
    private var definitions: Elimination.Expander

    init(definitions: Elimination.Expander) {
        self.definitions = definitions
    }

    /// `symbol`'s form over the unfrozen nonbasic symbols of `tableau`: it moves on the optimal face
    /// (as far as the basis shows) exactly when the form has a term.
    mutating func form(of symbol: Int, in tableau: Tableau) -> Row {
        guard keeping else { return current(definitions.expand([(symbol, 1)]), in: tableau) }
        if forms.count < tableau.kinds.count { forms += repeatElement(nil, count: tableau.kinds.count - forms.count) }
        guard let known = keptForm(of: symbol, limit: SolverLimits.keptFormTerms ?? tableau.termLimit / 4) else {
            (forms, kept, keeping) = ([], 0, false)
            return current(definitions.expand([(symbol, 1)]), in: tableau)
        }
        let form = current(known, in: tableau)
        kept += form.symbols.count - known.symbols.count
        forms[symbol] = form
        return form
    }

    /// `form` over the unfrozen nonbasic symbols of `tableau`.
    private func current(_ form: Row, in tableau: Tableau) -> Row {
        var current = tableau.substituted(form)
        let frozen = tableau.frozen
        _ = current.removeTerms { other, _ in other < frozen.count && frozen[other] && !tableau.isBasic(other) }
        return current
    }

    /// `symbol`'s kept form, computed from its definition's when it has none; nil when the forms
    /// kept would pass `limit` terms.
    private mutating func keptForm(of symbol: Int, limit: Int) -> Row? {
        let finished = definitions.walk(from: symbol, known: { forms[$0] != nil }) { top, definition in
            var form = Row(constant: definition?.constant ?? 0, terms: definition == nil ? [(top, 1)] : [])
            for (other, coefficient) in zip(definition?.symbols ?? [], definition?.coefficients ?? []) {
                if let known = forms[other] { _ = form.add(known, times: coefficient) }
            }
            kept += form.symbols.count
            forms[top] = form
            return kept <= limit
        }
        guard finished else { return nil }
        return forms[symbol]
    }
}
