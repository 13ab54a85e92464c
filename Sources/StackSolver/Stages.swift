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
// A dual pivot compares every symbol of its row with the cheapest so far, and reading a symbol's
// costs is a walk over every stage that may mention it, most of them stale after many pivots. So a
// symbol with many such stages has its costs read once and kept until a substitution or a new stage
// changes them (in an equalCentering row of 1,000 labels, read at each comparison those walks are 90%
// of a resize); the others are read at each comparison, which costs less than keeping them.

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
    /// may mention it; that list then keeps only the stages that cost it.
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
        var comparison = Comparison(rate: a, theirRate: b)
        // Two loops of one shape: one merge over lazily read and kept costs as generic sequences costs
        // this function 27% more instructions (callgrind, the `centres` resize, 1.5 M comparisons).
        let (mine, theirs) = (stages(of: symbol), stages(of: other))
        if mine.count <= readEachTime && theirs.count <= readEachTime {
            var (i, j) = (mine.startIndex, theirs.startIndex)
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
                if let answer = comparison.decide(cost, theirCost) { return answer }
            }
        } else {
            let (mine, theirs) = (costs(of: symbol), costs(of: other))
            var (i, j) = (0, 0)
            while i < mine.count || j < theirs.count {
                let stage = min(i < mine.count ? mine[i].stage : Int.max, j < theirs.count ? theirs[j].stage : Int.max)
                var (cost, theirCost) = (0.0, 0.0)
                if i < mine.count, mine[i].stage == stage {
                    cost = mine[i].cost
                    i += 1
                }
                if j < theirs.count, theirs[j].stage == stage {
                    theirCost = theirs[j].cost
                    j += 1
                }
                if let answer = comparison.decide(cost, theirCost) { return answer }
            }
        }
        return symbol < other
    }

    /// A symbol with at most this many stages that may mention it is read from them at each
    /// comparison, which costs less than keeping its costs; one with more has them kept. A property
    /// so that tests can keep every symbol's.
    var readEachTime = 16

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

/// `Stages.isCheaper` stage by stage, in order: the first stage that costs either symbol decides by
/// which one it costs, or by their costs per unit when it costs both; later stages only by their
/// costs per unit.
private struct Comparison {
    let rate: Double
    let theirRate: Double
    var leading = true

    /// The answer at a stage where the symbols cost `cost` and `theirCost` (zero where it costs
    /// neither), or nil to go on to the next.
    mutating func decide(_ cost: Double, _ theirCost: Double) -> Bool? {
        if leading {
            let (costed, theyAre) = (!nearZero(cost), !nearZero(theirCost))
            if costed != theyAre { return theyAre }
            if !costed { return nil }
            leading = false
        }
        let order = cost / rate - theirCost / theirRate
        return abs(order) > tolerance ? order < 0 : nil
    }
}
