// The stages of a lexicographic solve: every priority level's and tie step's final objective, in
// order, over the nonbasic symbols. A solve with parameters keeps them (PinParameter.swift), because
// after the solve the dual simplex (`Tableau.dualPivot`) compares symbols by their costs stage by
// stage, and each of its pivots rewrites the stages that cost the entering symbol.
//
// A layout has a stage per optional constraint that takes a tie step (thousands), and a symbol is
// costed by a few of them. So the stages are indexed by symbol, as the tableau's rows are: a pivot
// rewrites only the stages that mention the entering symbol, and a comparison reads only the stages
// that cost the two symbols compared.
//
// A dual pivot compares every symbol of its row with the cheapest so far, so each symbol's costs are
// read from the stages once and kept, until a substitution or a new stage changes them: reading them
// is a walk over every stage that may mention the symbol, most of them stale after many pivots, and
// in an equalCentering row of 1,000 labels those walks took 90% of a resize.

struct Stages {
    /// The objectives, in the order the solve optimised them.
    private(set) var objectives: [Row] = []
    /// Per symbol: the stages that may mention it, ascending without repeats; stale entries (a
    /// coefficient that cancelled) read as zero.
    private var columns: [[Int]] = []
    /// Per symbol: the stages that cost it, ascending, with its cost there (none zero), while known
    /// (`costs(of:)`).
    private var known: [[(stage: Int, cost: Double)]?] = []

    var count: Int { objectives.count }

    mutating func append(_ objective: Row) {
        objectives.append(objective)
        note(objective.symbols, in: objectives.count - 1)
        forget(objective.symbols)
    }

    /// Forgets the costs of `symbols`, which changed.
    private mutating func forget(_ symbols: [Int]) {
        for symbol in symbols where symbol < known.count { known[symbol] = nil }
    }

    /// The stages that cost `symbol`, ascending, with its cost there. Read once from the stages that
    /// may mention it, whose list then drops those that no longer do.
    mutating func costs(of symbol: Int) -> [(stage: Int, cost: Double)] {
        if symbol < known.count, let costs = known[symbol] { return costs }
        var costs: [(stage: Int, cost: Double)] = []
        for stage in stages(of: symbol) {
            let cost = objectives[stage].coefficient(of: symbol)
            if cost != 0 { costs.append((stage, cost)) }
        }
        if symbol < columns.count, costs.count < columns[symbol].count { columns[symbol] = costs.map(\.stage) }
        if symbol >= known.count { known += [[(stage: Int, cost: Double)]?](repeating: nil, count: symbol + 1 - known.count) }
        known[symbol] = costs
        return costs
    }

    private mutating func note(_ symbols: [Int], in stage: Int) {
        for symbol in symbols {
            if symbol >= columns.count { columns += [[Int]](repeating: [], count: symbol + 1 - columns.count) }
            // Stages mostly arrive in order; one that does not goes to its place.
            guard let last = columns[symbol].last, last >= stage else {
                columns[symbol].append(stage)
                continue
            }
            var (low, high) = (0, columns[symbol].count)
            while low < high {
                let middle = (low + high) / 2
                if columns[symbol][middle] < stage { low = middle + 1 } else { high = middle }
            }
            if columns[symbol][low] != stage { columns[symbol].insert(stage, at: low) }
        }
    }

    /// The stages that may cost `symbol`, ascending.
    private func stages(of symbol: Int) -> ArraySlice<Int> {
        symbol < columns.count ? columns[symbol][...] : []
    }

    /// The cost of `symbol` at its first stage that costs it (zero when none does): the sign of a
    /// lexicographic cost. From the kept costs when they are known; else the walk stops at that stage
    /// and keeps nothing (after dual pivots every symbol they changed is asked, most never compared).
    func leadingCost(of symbol: Int) -> Double {
        if symbol < known.count, let costs = known[symbol] { return costs.first { !nearZero($0.cost) }?.cost ?? 0 }
        for stage in stages(of: symbol) {
            let cost = objectives[stage].coefficient(of: symbol)
            if !nearZero(cost) { return cost }
        }
        return 0
    }

    /// Whether entering `symbol` at rate `a` costs less per unit than entering `other` at rate `b`,
    /// compared stage by stage (the lower id among equals). The one costed at an earlier stage is
    /// dearer, whatever the rates.
    mutating func isCheaper(_ symbol: Int, rate a: Double, than other: Int, rate b: Double) -> Bool {
        var (mine, theirs) = (reader(of: symbol), reader(of: other))
        var (cost, theirCost) = (mine.next(), theirs.next())
        var leading = true
        while cost != nil || theirCost != nil {
            let stage = min(cost?.stage ?? Int.max, theirCost?.stage ?? Int.max)
            var (mineThere, theirsThere) = (0.0, 0.0)
            if let here = cost, here.stage == stage {
                mineThere = here.cost
                cost = mine.next()
            }
            if let here = theirCost, here.stage == stage {
                theirsThere = here.cost
                theirCost = theirs.next()
            }
            if leading {
                let (costed, theyAre) = (!nearZero(mineThere), !nearZero(theirsThere))
                if costed != theyAre { return theyAre }
                if !costed { continue }
                leading = false
            }
            let order = mineThere / a - theirsThere / b
            if abs(order) > tolerance { return order < 0 }
        }
        return symbol < other
    }

    /// A symbol with at most this many stages that may mention it is read from them at each
    /// comparison, which costs less than keeping its costs; one with more has them kept. A property
    /// so that tests can keep every symbol's.
    var readEachTime = 16

    /// `symbol`'s costs stage by stage: the kept ones, or read from the stages that may mention it.
    private mutating func reader(of symbol: Int) -> CostReader {
        let list = stages(of: symbol)
        guard list.count > readEachTime || (symbol < known.count && known[symbol] != nil) else {
            return CostReader(symbol: symbol, stages: list, kept: nil, objectives: objectives)
        }
        return CostReader(symbol: symbol, stages: [], kept: costs(of: symbol), objectives: objectives)
    }

    /// Every stage that mentions `symbol` gets `symbol := definition` (after a pivot makes it basic).
    mutating func substitute(_ symbol: Int, by definition: Row) {
        guard symbol < columns.count else { return }
        let list = columns[symbol]
        columns[symbol] = []
        forget([symbol])
        forget(definition.symbols)
        for stage in list {
            let factor = objectives[stage].coefficient(of: symbol)
            guard factor != 0 else { continue }
            note(objectives[stage].add(definition, times: factor, removing: symbol), in: stage)
        }
    }
}

/// One symbol's costs, stage by stage (`Stages.isCheaper`): from its kept costs, or read from the
/// stages that may mention it (a stale one reads as zero).
private struct CostReader {
    let symbol: Int
    let stages: ArraySlice<Int>
    let kept: [(stage: Int, cost: Double)]?
    let objectives: [Row]
    var position = 0

    mutating func next() -> (stage: Int, cost: Double)? {
        if let kept {
            guard position < kept.count else { return nil }
            position += 1
            return kept[position - 1]
        }
        guard position < stages.count else { return nil }
        let stage = stages[stages.startIndex + position]
        position += 1
        return (stage, objectives[stage].coefficient(of: symbol))
    }
}
