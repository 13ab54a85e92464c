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
    /// Per symbol: the stages that may mention it; stale entries (a coefficient that cancelled) are
    /// skipped where read.
    private var columns: [[Int]] = []

    var count: Int { objectives.count }

    mutating func append(_ objective: Row) {
        objectives.append(objective)
        note(objective.symbols, in: objectives.count - 1)
    }

    private mutating func note(_ symbols: [Int], in stage: Int) {
        for symbol in symbols {
            if symbol >= columns.count { columns += [[Int]](repeating: [], count: symbol + 1 - columns.count) }
            columns[symbol].append(stage)
        }
    }

    /// The stages whose cost of `symbol` is not zero, in order, with that cost.
    func costs(of symbol: Int) -> [(stage: Int, cost: Double)] {
        guard symbol < columns.count else { return [] }
        var found: [(stage: Int, cost: Double)] = []
        for stage in columns[symbol].sorted() where stage != found.last?.stage {
            let cost = objectives[stage].coefficient(of: symbol)
            if !nearZero(cost) { found.append((stage, cost)) }
        }
        return found
    }

    /// The cost of `symbol` at its first stage that costs it (zero when none does): the sign of a
    /// lexicographic cost.
    func leadingCost(of symbol: Int) -> Double {
        costs(of: symbol).first?.cost ?? 0
    }

    /// Whether entering `symbol` at rate `a` costs less per unit than entering `other` at rate `b`,
    /// compared stage by stage (the lower id among equals).
    func isCheaper(_ symbol: Int, rate a: Double, than other: Int, rate b: Double) -> Bool {
        let (mine, theirs) = (costs(of: symbol), costs(of: other))
        // The one costed first is dearer, whatever the rates.
        let (first, theirFirst) = (mine.first?.stage ?? Int.max, theirs.first?.stage ?? Int.max)
        guard first == theirFirst else { return first > theirFirst }
        var (i, j) = (0, 0)
        while i < mine.count || j < theirs.count {
            let stage = min(i < mine.count ? mine[i].stage : Int.max, j < theirs.count ? theirs[j].stage : Int.max)
            var order = 0.0
            if i < mine.count, mine[i].stage == stage {
                order += mine[i].cost / a
                i += 1
            }
            if j < theirs.count, theirs[j].stage == stage {
                order -= theirs[j].cost / b
                j += 1
            }
            if abs(order) > tolerance { return order < 0 }
        }
        return symbol < other
    }

    /// Every stage that mentions `symbol` gets `symbol := definition` (after a pivot makes it basic).
    mutating func substitute(_ symbol: Int, by definition: Row) {
        guard symbol < columns.count else { return }
        var list = columns[symbol]
        list.sort()
        var previous = -1
        for stage in list where stage != previous {
            previous = stage
            let factor = objectives[stage].coefficient(of: symbol)
            guard factor != 0 else { continue }
            note(objectives[stage].add(definition, times: factor, removing: symbol), in: stage)
        }
        columns[symbol] = []
    }
}
