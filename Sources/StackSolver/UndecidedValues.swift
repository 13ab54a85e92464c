// What no constraint decides takes its value by one rule, so that every solve that reaches the same
// optimal face gives the same frames: the whole layout, one axis alone (AxisSplit.swift) and a joint
// group that collapses the rest (JointGroup.swift).
//
// After the tie rule, the frame variables the constraints leave free are settled one at a time, from
// the last item's back to the root's (within an item: baselines, height, width, y, x), each to the
// value nearest 0 that everything settled before it allows. Settling one is a last tie step: an
// optional `variable == 0` whose violation is minimised on the face, which then narrows to that
// optimum. A view with no size therefore gets length 0 and its stacks wrap what is left, a value free
// both ways is 0, and one bounded on one side only sits on its bound when that bound is on the far
// side of 0.
//
// The order runs from the last item because the lowering puts a stack before its items: a stack's
// length is settled after what it holds, so an ambiguous view takes length 0 rather than its stack.
// Every variable the rule settles is undecided, so no decided value and no finding changes.

extension Solver {
    /// Settles `symbols` (undecided frame variables, in descending order) as the rule at the top of
    /// this file says. Symbols no constraint mentions are 0 already and are skipped.
    mutating func settleUndecided(_ symbols: [Int]) {
        guard !symbols.isEmpty else { return }
        let constrained = constrainedSymbols()
        // Per symbol: the index of its definition, -1 for a kept symbol.
        var definitionIndex = [Int](repeating: -1, count: tableau.kinds.count)
        for (k, definition) in (elimination?.definitions ?? []).enumerated() { definitionIndex[definition.symbol] = k }
        var scratch = [Double](repeating: 0, count: tableau.kinds.count)
        for symbol in symbols where symbol < constrained.count && constrained[symbol] {
            guard !tableau.hitPivotLimit else { return }
            // A symbol that settling the ones after it has decided stays where it is: most do (a
            // position along a chain once the lengths after it are settled), and skipping them keeps
            // long expanded rows out of the tableau.
            var row: Row
            if definitionIndex[symbol] >= 0 {
                row = expanded(from: definitionIndex[symbol], definitionIndex: definitionIndex, scratch: &scratch)
                guard tableau.canMove(row) else { continue }
            } else {
                guard tableau.canMove(symbol) else { continue }
                row = Row(constant: 0, terms: [(symbol, 1)])
            }
            // row == 0 at the lowest level: row - plus + minus == 0, violation plus + minus.
            let plus = tableau.newSymbol(.error)
            let minus = tableau.newSymbol(.error)
            _ = row.add(Row(constant: 0, terms: [(plus, -1), (minus, 1)]), times: 1)
            _ = tableau.add(row, marker: plus, other: minus)
            minimise([(plus, 1), (minus, 1)])
        }
    }

    /// The eliminated symbol of definition `first` over the tableau's symbols: its definition with
    /// every symbol eliminated later replaced by its own, in elimination order (each definition
    /// mentions only kept symbols and symbols eliminated after it). It visits the definitions from
    /// `first` to the last one it reaches; `scratch` is all zeros, per symbol, and is left so.
    private func expanded(from first: Int, definitionIndex: [Int], scratch: inout [Double]) -> Row {
        guard let definitions = elimination?.definitions else { return Row() }
        var touched: [Int] = []
        var last = first
        var constant = 0.0
        func add(_ symbol: Int, _ coefficient: Double) {
            if scratch[symbol] == 0 { touched.append(symbol) }
            scratch[symbol] += coefficient
            if scratch[symbol] == 0 { scratch[symbol] = .leastNonzeroMagnitude }
            last = max(last, definitionIndex[symbol])
        }
        add(definitions[first].symbol, 1)
        var index = first
        while index <= last {
            let definition = definitions[index]
            index += 1
            let factor = scratch[definition.symbol]
            guard factor != 0 else { continue }
            scratch[definition.symbol] = .leastNonzeroMagnitude
            constant += factor * definition.value.constant
            for (symbol, coefficient) in zip(definition.value.symbols, definition.value.coefficients) {
                add(symbol, factor * coefficient)
            }
        }
        var terms: [LinearTerm] = []
        for symbol in touched {
            if definitionIndex[symbol] < 0 { terms.append((symbol, scratch[symbol])) }
            scratch[symbol] = 0
        }
        return Row(constant: constant, terms: terms)
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
