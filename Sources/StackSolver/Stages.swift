// The stages of a lexicographic solve: every priority level's and tie step's final objective, in
// order, over the nonbasic symbols. A solve with parameters keeps them (PinParameter.swift), because
// after the solve the dual simplex (`Tableau.dualPivot`) compares symbols by their costs stage by
// stage, and each of its pivots rewrites the stages that cost the entering symbol.
//
// A layout has a stage per optional constraint that takes a tie step (thousands), and a symbol is
// costed by a few of them. So the stages are indexed by symbol, as the tableau's rows are: a pivot
// rewrites only the stages that mention the entering symbol, and a comparison reads only the stages
// that cost the two symbols compared.

struct Stages {
    /// The objectives, in the order the solve optimised them.
    private(set) var objectives: [Row] = []
    /// Per symbol: the stages that may mention it, ascending without repeats; stale entries (a
    /// coefficient that cancelled) read as zero.
    private var columns: [[Int]] = []

    var count: Int { objectives.count }

    mutating func append(_ objective: Row) {
        objectives.append(objective)
        note(objective.symbols, in: objectives.count - 1)
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
    /// lexicographic cost.
    func leadingCost(of symbol: Int) -> Double {
        for stage in stages(of: symbol) {
            let cost = objectives[stage].coefficient(of: symbol)
            if !nearZero(cost) { return cost }
        }
        return 0
    }

    /// Whether entering `symbol` at rate `a` costs less per unit than entering `other` at rate `b`,
    /// compared stage by stage (the lower id among equals). The one costed at an earlier stage is
    /// dearer, whatever the rates.
    func isCheaper(_ symbol: Int, rate a: Double, than other: Int, rate b: Double) -> Bool {
        let (mine, theirs) = (stages(of: symbol), stages(of: other))
        var (i, j) = (mine.startIndex, theirs.startIndex)
        var leading = true
        while i < mine.endIndex || j < theirs.endIndex {
            let stage = min(i < mine.endIndex ? mine[i] : Int.max, j < theirs.endIndex ? theirs[j] : Int.max)
            var (cost, theirCost) = (0.0, 0.0)
            if i < mine.endIndex, mine[i] == stage {
                cost = objectives[stage].coefficient(of: symbol)
                i += 1
            }
            if j < theirs.endIndex, theirs[j] == stage {
                theirCost = objectives[stage].coefficient(of: other)
                j += 1
            }
            if leading {
                let (costed, theyAre) = (!nearZero(cost), !nearZero(theirCost))
                if costed != theyAre { return theyAre }
                if !costed { continue }
                leading = false
            }
            let order = cost / a - theirCost / b
            if abs(order) > tolerance { return order < 0 }
        }
        return symbol < other
    }

    /// Every stage that mentions `symbol` gets `symbol := definition` (after a pivot makes it basic).
    mutating func substitute(_ symbol: Int, by definition: Row) {
        guard symbol < columns.count else { return }
        let list = columns[symbol]
        columns[symbol] = []
        for stage in list {
            let factor = objectives[stage].coefficient(of: symbol)
            guard factor != 0 else { continue }
            note(objectives[stage].add(definition, times: factor, removing: symbol), in: stage)
        }
    }
}
