// The objective the primal simplex minimises (`Tableau.optimize`), while it pivots.
//
// An objective can be long while each pivot changes few of its costs: a priority level of 2,900
// gap equalities (an equalCentering row of 3,000 labels) costs 5,800 error symbols, and a push across
// the optimal face (HiddenMovements.swift) costs every position the face might move. As a sorted
// row, each pivot would rewrite the objective from the entering symbol's row on, and choosing the
// next entering symbol would read every cost: 2,900 pivots over 12,000 terms each, the square of the
// layout. Held by symbol id, a pivot writes only the costs its row names. The improving symbols wait in two
// heaps, ordered as the entering rules want them: the largest cost first, the lowest id among equals
// (Dantzig's rule), and the lowest id (Bland's rule). Every change of a cost queues an entry, so a
// symbol may have stale entries queued: one whose cost differs from its symbol's cost now, or whose
// symbol does not improve, is dropped when it comes out. The costs are the row's, operation for
// operation, so the pivots are the same.

/// An objective `constant + sum(cost * symbol)` over nonbasic symbols, dense by symbol id.
struct ReducedCosts {
    private(set) var constant = 0.0
    /// Per symbol id, its cost; zero when the objective does not mention it.
    private var costs: [Double] = []
    /// The symbols whose cost may be nonzero, each once (`listed`), for reading the row back.
    private var support: [Int] = []
    private var listed: [Bool] = []
    private var steepest = MinHeap<Steepness>()
    private var lowest = MinHeap<Int>()
    /// The tableau's symbol kinds and frozen flags, which stand still while it optimises.
    private var kinds: [SymbolKind] = []
    private var frozen: [Bool] = []

    /// An improving symbol queued by the size of its cost: the largest first, the lowest id among equals.
    private struct Steepness: Comparable {
        var magnitude: Double
        var symbol: Int

        static func < (a: Steepness, b: Steepness) -> Bool {
            a.magnitude != b.magnitude ? a.magnitude > b.magnitude : a.symbol < b.symbol
        }
    }

    /// Takes `row` as the objective over a tableau of `kinds.count` symbols; storage left by an
    /// earlier objective (`unload` empties it) is used again.
    mutating func load(_ row: Row, kinds: [SymbolKind], frozen: [Bool]) {
        self.kinds = kinds
        self.frozen = frozen
        if costs.count < kinds.count {
            costs += repeatElement(0, count: kinds.count - costs.count)
            listed += repeatElement(false, count: kinds.count - listed.count)
        }
        constant = row.constant
        for (symbol, cost) in zip(row.symbols, row.coefficients) { set(symbol, cost) }
    }

    /// The objective as a row, and the storage emptied for the next `load`.
    mutating func unload() -> Row {
        support.sort()
        var terms: [(symbol: Int, coefficient: Double)] = []
        for symbol in support {
            if costs[symbol] != 0 { terms.append((symbol, costs[symbol])) }
            costs[symbol] = 0
            listed[symbol] = false
        }
        support.removeAll(keepingCapacity: true)
        steepest.removeAll()
        lowest.removeAll()
        (kinds, frozen) = ([], [])
        return Row(constant: constant, terms: terms)
    }

    func coefficient(of symbol: Int) -> Double { symbol < costs.count ? costs[symbol] : 0 }

    /// `symbol := definition`: what `Row.add(definition, times: cost, removing: symbol)` does to a row.
    mutating func substitute(_ symbol: Int, by definition: Row) {
        let factor = coefficient(of: symbol)
        guard factor != 0 else { return }
        costs[symbol] = 0
        for (other, coefficient) in zip(definition.symbols, definition.coefficients) where other != symbol {
            let cost = costs[other] + factor * coefficient
            set(other, nearZero(cost) ? 0 : cost)
        }
        constant += factor * definition.constant
    }

    /// The symbol that enters next and the way it moves (1 grows, -1 falls): by Dantzig's rule, or
    /// by Bland's with `lowestID`; nil when no symbol improves the objective.
    mutating func entering(lowestID: Bool) -> (symbol: Int, direction: Double)? {
        if lowestID {
            while let symbol = lowest.first {
                if let direction = improvement(of: symbol) { return (symbol, direction) }
                _ = lowest.pop()
            }
            return nil
        }
        while let top = steepest.first {
            if abs(costs[top.symbol]) == top.magnitude, let direction = improvement(of: top.symbol) {
                return (top.symbol, direction)
            }
            _ = steepest.pop()
        }
        return nil
    }

    /// The improving symbol that the fewest rows mention, fewer than `bound` (`rows` counts them),
    /// the lowest id among equals, and the way it moves; nil when there is none. Reads every cost.
    func sparsestImproving(fewerThan bound: Int, rows: (Int) -> Int) -> (symbol: Int, direction: Double)? {
        var best: (symbol: Int, direction: Double, rows: Int)?
        for symbol in support {
            guard let direction = improvement(of: symbol) else { continue }
            let count = rows(symbol)
            guard count < (best?.rows ?? bound) || (count == best?.rows && symbol < best!.symbol) else { continue }
            best = (symbol, direction, count)
        }
        return best.map { ($0.symbol, $0.direction) }
    }

    /// How moving `symbol` lowers the objective: a restricted symbol with a negative cost grows, an
    /// external one moves against the sign of its cost; nil when neither (or frozen).
    private func improvement(of symbol: Int) -> Double? {
        guard !frozen[symbol] else { return nil }
        let cost = costs[symbol]
        if cost < -tolerance { return 1 }
        return cost > tolerance && kinds[symbol] == .external ? -1 : nil
    }

    private mutating func set(_ symbol: Int, _ cost: Double) {
        costs[symbol] = cost
        if !listed[symbol], cost != 0 {
            listed[symbol] = true
            support.append(symbol)
        }
        guard improvement(of: symbol) != nil else { return }
        steepest.push(Steepness(magnitude: abs(cost), symbol: symbol))
        lowest.push(symbol)
    }
}
