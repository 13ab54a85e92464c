/// Homogeneous equalities `sum(coefficient * symbol) == 0` over frame variables, stored together
/// rather than a row's two arrays each: row `r`'s terms are `symbols[start[r]..<start[r + 1]]` and
/// the same range of `coefficients`, kept as a `Row` keeps its own (`appendNormalized`).
///
/// A subtree's conflict search (SubtreeConflicts.swift) asks one question of the required
/// constraints outside the subtree, which are nearly the whole layout: do they leave its length
/// free? Nearly all of them go at once (`withoutFreeRows`), so they are read here as terms only,
/// and only the rows left become rows a tableau takes (`constraint`).
struct SparseRows {
    private(set) var start = [0]
    private(set) var symbols: [Int] = []
    private(set) var coefficients: [Double] = []
    /// Per row, what it came from.
    private(set) var sources: [ConstraintSource] = []

    init() {}

    /// The expressions of `constraints`, read as homogeneous equalities.
    init(_ constraints: [LinearConstraint]) {
        for constraint in constraints { append(constraint) }
    }

    var count: Int { sources.count }

    /// Row `row`'s positions in `symbols` and `coefficients`.
    func terms(_ row: Int) -> Range<Int> { start[row]..<start[row + 1] }

    /// Appends the row `sum(terms) == 0` (unsorted terms; duplicates summed, zeros dropped).
    mutating func append(_ terms: [LinearTerm], source: ConstraintSource) {
        appendNormalized(terms, symbols: &symbols, coefficients: &coefficients)
        start.append(symbols.count)
        sources.append(source)
    }

    /// Appends `constraint`'s expression, read as a homogeneous equality.
    mutating func append(_ constraint: LinearConstraint) {
        append(zip(constraint.expression.symbols, constraint.expression.coefficients).map { ($0, $1) }, source: constraint.source)
    }

    /// Takes the last row away.
    mutating func removeLast() {
        start.removeLast()
        symbols.removeLast(symbols.count - start[start.count - 1])
        coefficients.removeLast(coefficients.count - start[start.count - 1])
        sources.removeLast()
    }

    /// Row `row` as a required equality.
    func constraint(_ row: Int) -> LinearConstraint {
        let range = terms(row)
        var expression = Row(constant: 0)
        expression.symbols = Array(symbols[range])
        expression.coefficients = Array(coefficients[range])
        return LinearConstraint(expression: expression, isEquality: true, priority: 1000, source: sources[row])
    }

    /// The rows without those that decide nothing about the variables left, in their order.
    ///
    /// A row with a variable that no other row mentions (a label's height in its column's chain)
    /// holds whatever the row's other variables are, by choosing that one: dropping it leaves the
    /// other variables' solutions as they were. Dropping a row can leave another such variable, so
    /// rows go until none is left (`kept` never counts as one). A stack's outside rows nearly all go
    /// this way, in time linear in their size, and only what is left is eliminated. A variable tiny
    /// next to its row's others (Elimination.swift does not divide by it either) does not drop its
    /// row: the elimination judges that row as it judges every row.
    func withoutFreeRows(keeping kept: Int, externals: Int) -> [Int] {
        // Per symbol, the rows that mention it: `rowsOf[first[s]..<first[s + 1]]`.
        var first = [Int](repeating: 0, count: externals + 1)
        for symbol in symbols where symbol < externals { first[symbol + 1] += 1 }
        for symbol in 0..<externals { first[symbol + 1] += first[symbol] }
        var uses = (0..<externals).map { first[$0 + 1] - first[$0] }
        var fill = first
        var rowsOf = [Int](repeating: 0, count: first[externals])
        for row in 0..<count {
            for symbol in symbols[terms(row)] where symbol < externals {
                rowsOf[fill[symbol]] = row
                fill[symbol] += 1
            }
        }
        var alive = [Bool](repeating: true, count: count)
        var queue = (0..<externals).filter { uses[$0] == 1 && $0 != kept }
        while let symbol = queue.popLast() {
            guard uses[symbol] == 1, let row = rowsOf[first[symbol]..<first[symbol + 1]].first(where: { alive[$0] }) else { continue }
            let range = terms(row)
            guard symbols[range].allSatisfy({ $0 < externals }),
                  let position = symbols[range].firstIndex(of: symbol) else { continue }
            let largest = coefficients[range].reduce(0) { max($0, abs($1)) }
            guard abs(coefficients[position]) >= 1e-3 * largest else { continue }
            alive[row] = false
            for other in symbols[range] {
                uses[other] -= 1
                if uses[other] == 1 && other != kept { queue.append(other) }
            }
        }
        return (0..<count).filter { alive[$0] }
    }
}
