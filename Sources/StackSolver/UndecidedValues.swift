// What no constraint decides takes its value by one rule, so that every solve that reaches the same
// optimal face gives the same frames: the whole layout, one axis alone (AxisSplit.swift) and a joint
// group that collapses the rest (JointGroup.swift).
//
// After the tie rule, the frame variables the constraints leave free are settled one at a time, each
// to the value nearest 0 that everything settled before it allows: first the lengths (height, then
// width) of the views and stacks from the last item back to the root, then the guides' lengths, then
// the positions (y, then x) in the same order, then the baselines. Settling one is a last tie step: an
// optional `variable == 0` whose violation is minimised on the face, which then narrows to that
// optimum.
//
// So a view with no size gets length 0 and its stacks wrap the rest; a length bounded on one side only
// sits on its bound when the bound is beyond 0. Lengths come before positions because a position
// nearest 0 means nothing to a user: once the lengths are settled, most positions follow from them,
// and one still free (an item no constraint places) goes to 0. The items run from the last because the
// lowering puts a stack before its items: a stack's length is settled after what it holds, so an
// ambiguous view takes length 0 rather than its stack. Guides come after views and stacks because they
// stand between them (a gap, a spanner): settled first, a gap's length would size the views around it
// rather than follow them.
//
// Every variable the rule settles is undecided, so no decided value and no finding changes.

extension Solver {
    /// Settles `undecided` (frame variables the constraints leave free, in any order) as the rule at
    /// the top of this file says, and says whether it settled any (false too when all sit at 0, where
    /// nothing moves): symbols no constraint mentions are 0 already and are skipped (a solve of one
    /// axis leaves every symbol of the other undecided), and so are those already fixed on the face.
    /// `eliminated`: the values of the symbols the elimination took out of the tableau
    /// (`backSubstitution`).
    mutating func settleUndecided(_ undecided: [Int], eliminated: [Int: Double]) -> Bool {
        guard !undecided.isEmpty else { return false }
        // Where every one of them is 0 already, the current point is the settled one: the first
        // finds its value nearest 0 where it is, and the face narrowed to it still holds the point, so
        // the next finds the same, and so on; nothing moves. (Views with no size in a stack that
        // wraps them: settling each would cost a walk over rows its stack's equalities make long.)
        guard undecided.contains(where: { (eliminated[$0] ?? tableau.value(of: $0)) != 0 }) else { return false }
        let constrained = constrainedSymbols()
        // Keys computed once per symbol, not per comparison (each reads the symbol's IR item).
        let symbols = undecided.compactMap { symbol in
            symbol < constrained.count && constrained[symbol] ? (key: settlingOrder(symbol), symbol: symbol) : nil
        }.sorted { $0.key < $1.key }.map(\.symbol)
        guard !symbols.isEmpty else { return false }
        var forms = CurrentForms(definitions: Elimination.Expander(elimination, symbols: tableau.kinds.count))
        var settled = false
        // Settling is the last step of a solve (a kept solve settles a copy): nothing unfreezes.
        tableau.dropFrozen()
        for symbol in symbols {
            guard !tableau.hitPivotLimit else { return settled }
            // A symbol that settling the ones after it has decided stays where it is: most do (a
            // position along a chain once the lengths after it are settled), and skipping them keeps
            // rows out of the tableau. Decided means fixed on the face, whatever the basis: a symbol
            // that only a degenerate direction moves is settled too.
            var row = forms.form(of: symbol, in: tableau)
            guard !row.isEmpty else { continue }
            // row == 0 at the lowest level: row - plus + minus == 0, violation plus + minus.
            let plus = tableau.newSymbol(.error)
            let minus = tableau.newSymbol(.error)
            _ = row.add(Row(constant: 0, terms: [(plus, -1), (minus, 1)]), times: 1)
            _ = tableau.add(row, marker: plus, other: minus)
            minimise([(plus, 1), (minus, 1)])
            settled = true
            // Settled at its value: without its errors, the rows that substitute this one later (the
            // next length along a chain) stay as short as the constraints.
            tableau.dropFrozen(inRowsMentioning: [plus, minus])
        }
        return settled
    }

    /// Where `symbol` comes in the rule's order: lengths, then positions, then baselines; views and
    /// stacks before guides; the last item first; within an item, the later variable first.
    private func settlingOrder(_ symbol: Int) -> (Int, Int, Int) {
        let item = symbol / FrameVariable.perItem
        let variable = FrameVariable(rawValue: symbol % FrameVariable.perItem) ?? .x
        let guide = ir.items.indices.contains(item) && ir.items[item].kind == .guide ? 1 : 0
        let phase = switch variable {
        case .width, .height: guide
        case .x, .y: 2 + guide
        case .firstBaseline, .lastBaseline: 4
        }
        return (phase, -item, -variable.rawValue)
    }

    /// Per external symbol: whether a constraint of this solve or an elimination mentions it.
    private func constrainedSymbols() -> [Bool] {
        var mentioned = [Bool](repeating: false, count: ir.items.count * FrameVariable.perItem)
        func mark(_ row: Row) {
            for symbol in row.symbols where symbol < mentioned.count { mentioned[symbol] = true }
        }
        for constraint in constraints { mark(constraint.expression) }
        for definition in elimination?.definitions ?? [] {
            if definition.symbol < mentioned.count { mentioned[definition.symbol] = true }
            mark(definition.value)
        }
        return mentioned
    }
}
