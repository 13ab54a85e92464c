/// Eliminates, before the simplex, every frame variable that only required equalities mention.
///
/// Such a variable (a position along a stack's chain, a baseline tied to its item's top, the top of
/// an item aligned to its stack) carries no cost and no bound: its equalities can always be met by
/// choosing its value, so solving one of them for it and substituting the result into the others
/// projects the feasible set exactly. No priority, tie or bound changes, so the optimum of every
/// objective level is the same, and the eliminated values follow by back-substitution.
///
/// It matters for speed. In kiwi's tableau every basic variable is a row over the nonbasic ones, and
/// a stack's chain `next.leading == item.trailing + spacing` makes each position a sum over all the
/// lengths before it: rows of length N, N of them. With the positions gone the chain is one row,
/// `stack.width == sum of lengths + spacings`, and the rows stay as short as the stack's constraints.
/// A required inequality comes in as an equality over a slack of its own (`withSlacks`), so the
/// positions it mentions go too: an equalSpacing stack's `next.leading >= item.trailing + spacing`
/// becomes `gap.width == spacing + slack`, not a row over every position before it.
///
/// A row is solved for a variable only when that coefficient is not tiny next to the row's others
/// (a user's multiplier of 0.001 is kept in the tableau rather than divided by).
struct Elimination {
    /// One eliminated variable: `symbol = constant + sum(coefficient * other)`.
    struct Definition {
        var symbol: Int
        var value: Row
    }

    /// The constraints that remain, in their original order (a merged row keeps its survivor's place).
    private(set) var constraints: [LinearConstraint] = []
    /// In elimination order; a definition mentions only symbols that are not eliminated or are
    /// eliminated later, so back-substitution runs in reverse.
    private(set) var definitions: [Definition] = []

    /// A required equality's terms while rows merge: a map, so substituting a short definition into
    /// a long row costs the definition's length, not the row's.
    private struct MergingRow {
        var constant: Double
        var terms: [Int: Double]
        var alive = true
    }

    init(_ input: [LinearConstraint], externals: Int) {
        // Which symbols only required equalities mention, and the rows that do.
        var eliminable = [Bool](repeating: true, count: externals)
        var mentioned = [Bool](repeating: false, count: externals)
        for constraint in input {
            let plain = !(constraint.isEquality && constraint.priority >= 1000)
            for symbol in constraint.expression.symbols where symbol < externals {
                mentioned[symbol] = true
                if plain { eliminable[symbol] = false }
            }
        }
        // Per input constraint, its row while rows merge (nil: not a required equality with an
        // eliminable symbol, or taken out to be changed in place).
        var merging = [MergingRow?](repeating: nil, count: input.count)
        var columns = [[Int]](repeating: [], count: externals)
        for (index, constraint) in input.enumerated() where constraint.isEquality && constraint.priority >= 1000 {
            let symbols = constraint.expression.symbols
            guard symbols.contains(where: { $0 < externals && eliminable[$0] }) else { continue }
            var terms: [Int: Double] = [:]
            terms.reserveCapacity(symbols.count)
            for (symbol, coefficient) in zip(symbols, constraint.expression.coefficients) {
                terms[symbol] = coefficient
                if symbol < externals { columns[symbol].append(index) }
            }
            merging[index] = MergingRow(constant: constraint.expression.constant, terms: terms)
        }
        // Fewest rows first, counted before any symbol is solved for (ties by index): a symbol many
        // rows share (the first length of a fillEqually stack, which every `length == first.length`
        // mentions) is solved for last, when one row is left, not first, which would move every other
        // row onto the next symbol and then the next.
        let order = (0..<externals).filter { eliminable[$0] && mentioned[$0] }
            .sorted { (columns[$0].count, $0) < (columns[$1].count, $1) }
        for symbol in order {
            // The live rows that still mention it (column lists are appended to, never pruned).
            var rows: [Int] = []
            var last = -1
            for row in columns[symbol].sorted() where row != last {
                last = row
                if merging[row]?.alive == true, merging[row]?.terms[symbol] != nil { rows.append(row) }
            }
            columns[symbol] = []
            // Define it by its shortest row whose coefficient is safe to divide by (the earliest among
            // equals). Shortest first, so that a long row (a chain's) is not scanned for its largest
            // coefficient when a short one will do.
            var chosen: Int?
            let byLength = rows.map { (row: $0, length: merging[$0]?.terms.count ?? 0) }
                .sorted { ($0.length, $0.row) < ($1.length, $1.row) }
            for (row, _) in byLength {
                guard let candidate = merging[row], let a = candidate.terms[symbol] else { continue }
                let largest = candidate.terms.values.reduce(0) { max($0, abs($1)) }
                guard abs(a) >= 1e-3 * largest else { continue }
                chosen = row
                break
            }
            guard let defining = chosen, let definitionRow = merging[defining], let a = definitionRow.terms[symbol] else { continue }
            // 0 = k + a*symbol + rest  ->  symbol = -(k + rest) / a
            let value = Row(
                constant: -definitionRow.constant / a,
                terms: definitionRow.terms.filter { $0.key != symbol }.map { ($0.key, -$0.value / a) })
            definitions.append(Definition(symbol: symbol, value: value))
            merging[defining]?.alive = false
            for row in rows where row != defining {
                // Taken out before it changes: a copy left in `merging` would make every change copy
                // the whole map (a stack's chain row holds every item's length).
                guard var target = merging[row] else { continue }
                merging[row] = nil
                guard let factor = target.terms.removeValue(forKey: symbol) else {
                    merging[row] = target
                    continue
                }
                target.constant += factor * value.constant
                for (other, coefficient) in zip(value.symbols, value.coefficients) {
                    let sum = (target.terms[other] ?? 0) + factor * coefficient
                    if nearZero(sum) {
                        target.terms[other] = nil
                    } else {
                        if target.terms[other] == nil, other < externals { columns[other].append(row) }
                        target.terms[other] = sum
                    }
                }
                merging[row] = target
            }
        }
        constraints.reserveCapacity(input.count)
        for (index, constraint) in input.enumerated() {
            guard let row = merging[index] else {
                constraints.append(constraint)
                continue
            }
            guard row.alive else { continue }
            var reduced = constraint
            reduced.expression = Row(constant: row.constant, terms: row.terms.map { ($0.key, $0.value) })
            constraints.append(reduced)
        }
    }

    /// Moves a parameter symbol (Tableau.moveParameter) by `delta` in every definition that mentions
    /// it, so that back-substitution reads it at zero, as the tableau's rows do.
    mutating func moveParameter(_ parameter: Int, by delta: Double) {
        for index in definitions.indices {
            let coefficient = definitions[index].value.coefficient(of: parameter)
            if coefficient != 0 { definitions[index].value.constant += coefficient * delta }
        }
    }

    /// The eliminated symbols' values and whether each is decided, by back-substitution in reverse
    /// elimination order.
    ///
    /// - Parameters:
    ///   - value: a kept symbol's value.
    ///   - movement: two random linear functionals of how a kept symbol can move on the optimum
    ///     (`Tableau.movement`), zero when it cannot. An eliminated symbol is decided when both of its
    ///     own are zero: inputs that move may cancel (`x1 = 2 * x4 + w4` with `x4 = 44 - 0.5 * w4`),
    ///     and random weights see that where "every input is decided" would not.
    func backSubstitute(
        value: (Int) -> Double, movement: (Int) -> (Double, Double)
    ) -> (values: [Int: Double], decided: [Int: Bool]) {
        var values: [Int: Double] = [:]
        var movements: [Int: (Double, Double)] = [:]
        var decided: [Int: Bool] = [:]
        values.reserveCapacity(definitions.count)
        movements.reserveCapacity(definitions.count)
        decided.reserveCapacity(definitions.count)
        for definition in definitions.reversed() {
            var sum = definition.value.constant
            var first = 0.0
            var second = 0.0
            var scale = 1.0
            for (symbol, coefficient) in zip(definition.value.symbols, definition.value.coefficients) {
                sum += coefficient * (values[symbol] ?? value(symbol))
                let (a, b) = movements[symbol] ?? movement(symbol)
                first += coefficient * a
                second += coefficient * b
                scale += abs(coefficient) * (abs(a) + abs(b))
            }
            values[definition.symbol] = sum
            movements[definition.symbol] = (first, second)
            decided[definition.symbol] = abs(first) <= 1e-9 * scale && abs(second) <= 1e-9 * scale
        }
        return (values, decided)
    }
}

extension Elimination {
    /// Writes linear forms over the symbols the tableau keeps: each eliminated symbol replaced by its
    /// definition, in elimination order (a definition mentions only kept symbols and symbols
    /// eliminated after it). Dense per-symbol scratch, so a form costs the definitions it reaches.
    struct Expander {
        private let definitions: [Definition]
        /// Per symbol: the index of its definition, -1 for a kept symbol.
        private var index: [Int] = []
        /// Per symbol: its coefficient while a form is expanded; all zeros between forms.
        private var scratch: [Double] = []

        /// - Parameter symbols: how many symbols the forms may mention.
        init(_ elimination: Elimination?, symbols: Int) {
            definitions = elimination?.definitions ?? []
            guard !definitions.isEmpty else { return }
            index = [Int](repeating: -1, count: symbols)
            scratch = [Double](repeating: 0, count: symbols)
            for (k, definition) in definitions.enumerated() { index[definition.symbol] = k }
        }

        func isEliminated(_ symbol: Int) -> Bool { !index.isEmpty && index[symbol] >= 0 }

        /// The definition of eliminated `symbol` (over symbols kept or eliminated later), nil for a
        /// kept one.
        func definition(of symbol: Int) -> Row? {
            isEliminated(symbol) ? definitions[index[symbol]].value : nil
        }

        /// Visits `symbol` and what its definition reaches that `known` does not hold yet, each after
        /// everything its own definition mentions, with that definition (nil for a kept symbol), so
        /// that a value per symbol can be built from its definition's terms (UnfrozenForms.swift,
        /// CurrentForms.swift). Depth first without recursion: a definition can reach thousands of
        /// others. Stops, returning false, when `visit` does.
        func walk(from symbol: Int, known: (Int) -> Bool, visit: (_ symbol: Int, _ definition: Row?) -> Bool) -> Bool {
            var stack = [symbol]
            while let top = stack.last {
                guard !known(top) else {
                    stack.removeLast()
                    continue
                }
                let definition = self.definition(of: top)
                let missing = definition?.symbols.filter { !known($0) } ?? []
                guard missing.isEmpty else {
                    stack += missing
                    continue
                }
                guard visit(top, definition) else { return false }
                stack.removeLast()
            }
            return true
        }

        /// `constant + sum(terms)` over kept symbols.
        mutating func expand(_ terms: [LinearTerm], constant: Double = 0) -> Row {
            guard !definitions.isEmpty else { return Row(constant: constant, terms: terms) }
            var touched: [Int] = []
            // The definitions to substitute, smallest index first: a definition mentions only later
            // ones, so each factor is complete when its definition comes up.
            var pending = MinHeap<Int>()
            var constant = constant
            func add(_ symbol: Int, _ coefficient: Double) {
                if scratch[symbol] == 0 {
                    touched.append(symbol)
                    if index[symbol] >= 0 { pending.push(index[symbol]) }
                }
                scratch[symbol] += coefficient
                // Touched stays distinguishable from untouched when the sum cancels.
                if scratch[symbol] == 0 { scratch[symbol] = .leastNonzeroMagnitude }
            }
            for term in terms { add(term.symbol, term.coefficient) }
            while let next = pending.pop() {
                let definition = definitions[next]
                let factor = scratch[definition.symbol]
                constant += factor * definition.value.constant
                for (symbol, coefficient) in zip(definition.value.symbols, definition.value.coefficients) {
                    add(symbol, factor * coefficient)
                }
            }
            // Sorted here, as plain integers, so the row needs no sort of its terms.
            touched.sort()
            var kept: [LinearTerm] = []
            for symbol in touched {
                if index[symbol] < 0 { kept.append((symbol, scratch[symbol])) }
                scratch[symbol] = 0
            }
            return Row(constant: constant, terms: kept)
        }
    }
}

extension Solver {
    /// The eliminated symbols' values by back-substitution and, with `movements`, whether each is decided.
    func backSubstitution(movements: Bool) -> (values: [Int: Double], decided: [Int: Bool]) {
        guard let elimination, !elimination.definitions.isEmpty else { return ([:], [:]) }
        let tableau = self.tableau
        guard movements else {
            return elimination.backSubstitute(value: { tableau.value(of: $0) }, movement: { _ in (0, 0) })
        }
        var movable = MovableNonbasics(symbols: tableau.kinds.count)
        return elimination.backSubstitute(
            value: { tableau.value(of: $0) }, movement: { tableau.movement(of: $0, movable: &movable) })
    }
}
