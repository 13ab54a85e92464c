/// An independent dense two-phase simplex (textbook tableau, Bland's rule), used only to check the
/// solver: no shared code, no sparse rows, no kiwi tricks.
enum ReferenceRelation { case equal, lessOrEqual, greaterOrEqual }

struct ReferenceRow {
    var coefficients: [Double]
    var relation: ReferenceRelation
    var rhs: Double
}

/// `min cost . z` subject to `rows`, `z >= 0`; `nil` when infeasible.
func referenceMinimum(rows: [ReferenceRow], cost: [Double]) -> Double? {
    referenceOptimum(rows: rows, cost: cost)?.value
}

/// `min cost . z` subject to `rows`, `z >= 0`, and a point where it is reached (empty when the
/// minimum is unbounded, -infinity); `nil` when infeasible.
func referenceOptimum(rows: [ReferenceRow], cost: [Double]) -> (value: Double, point: [Double])? {
    let n = cost.count
    let m = rows.count
    var normalized = rows
    for index in normalized.indices where normalized[index].rhs < 0 {
        normalized[index].coefficients = normalized[index].coefficients.map { -$0 }
        normalized[index].rhs = -normalized[index].rhs
        switch normalized[index].relation {
        case .lessOrEqual: normalized[index].relation = .greaterOrEqual
        case .greaterOrEqual: normalized[index].relation = .lessOrEqual
        case .equal: break
        }
    }
    let slacks = normalized.filter { $0.relation != .equal }.count
    let artificials = normalized.filter { $0.relation != .lessOrEqual }.count
    let columns = n + slacks + artificials
    var table = Array(repeating: Array(repeating: 0.0, count: columns + 1), count: m)
    var basis = Array(repeating: 0, count: m)
    var isArtificial = Array(repeating: false, count: columns)
    var slack = n
    var artificial = n + slacks
    for (i, row) in normalized.enumerated() {
        for j in 0..<n { table[i][j] = row.coefficients[j] }
        table[i][columns] = row.rhs
        switch row.relation {
        case .lessOrEqual:
            table[i][slack] = 1
            basis[i] = slack
            slack += 1
        case .greaterOrEqual:
            table[i][slack] = -1
            slack += 1
            table[i][artificial] = 1
            basis[i] = artificial
            isArtificial[artificial] = true
            artificial += 1
        case .equal:
            table[i][artificial] = 1
            basis[i] = artificial
            isArtificial[artificial] = true
            artificial += 1
        }
    }

    var inBasis = Array(repeating: false, count: columns)
    for column in basis { inBasis[column] = true }

    func pivot(_ row: Int, _ column: Int) {
        let p = table[row][column]
        for j in 0...columns { table[row][j] /= p }
        for i in 0..<m where i != row {
            let factor = table[i][column]
            if factor != 0 { for j in 0...columns { table[i][j] -= factor * table[row][j] } }
        }
        inBasis[basis[row]] = false
        basis[row] = column
        inBasis[column] = true
    }

    /// Minimises `c` over the current basis; false if unbounded or out of iterations.
    func run(_ c: [Double], forbidden: [Bool]) -> Bool {
        for _ in 0..<50_000 {
            var entering = -1
            for j in 0..<columns where !forbidden[j] && !inBasis[j] {
                var reduced = c[j]
                for i in 0..<m { reduced -= c[basis[i]] * table[i][j] }
                if reduced < -1e-9 {
                    entering = j
                    break
                }
            }
            if entering < 0 { return true }
            var leaving = -1
            var best = Double.infinity
            for i in 0..<m where table[i][entering] > 1e-9 {
                let ratio = table[i][columns] / table[i][entering]
                if ratio < best - 1e-12 || (abs(ratio - best) <= 1e-12 && basis[i] < basis[leaving]) {
                    best = ratio
                    leaving = i
                }
            }
            if leaving < 0 { return false }
            pivot(leaving, entering)
        }
        return false
    }

    let phaseOne = (0..<columns).map { isArtificial[$0] ? 1.0 : 0.0 }
    guard run(phaseOne, forbidden: Array(repeating: false, count: columns)) else { return nil }
    var infeasibility = 0.0
    for i in 0..<m where isArtificial[basis[i]] { infeasibility += table[i][columns] }
    if infeasibility > 1e-7 { return nil }
    for i in 0..<m where isArtificial[basis[i]] {
        if let j = (0..<columns).first(where: { !isArtificial[$0] && abs(table[i][$0]) > 1e-9 }) { pivot(i, j) }
    }
    let phaseTwo = (0..<columns).map { $0 < n ? cost[$0] : 0 }
    guard run(phaseTwo, forbidden: isArtificial) else { return (-Double.infinity, []) }
    var point = Array(repeating: 0.0, count: n)
    for i in 0..<m where basis[i] < n { point[basis[i]] = table[i][columns] }
    return (zip(cost, point).reduce(0) { $0 + $1.0 * $1.1 }, point)
}
