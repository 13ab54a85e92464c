// Whether a few constraints hold whatever values some of their variables take, found by projecting the
// others out: Fourier–Motzkin elimination.
//
// The constraints over `x` (kept) and `y` (eliminated) hold for every `x` exactly when their projection
// onto `x` is the whole space. Elimination computes that projection exactly: an equality with a `y`
// term gives that `y` its value, which is substituted everywhere else; a `y` only inequalities mention
// is removed by pairing each row it meets by growing with each it meets by shrinking (a row with no
// partner can always be met by moving `y`, and goes). What is left mentions `x` alone, and each row
// left is a half-space or a hyperplane of `x`: the whole space exactly when it says nothing, `0 >= c`
// with `c <= 0` or `0 == 0`.
//
// The rows pairing makes grow as products, so it serves small systems: an item's two or three
// variables and the handful of constraints that mention them.

/// A row of a small system: `coefficients · x + constant`, `== 0` or `>= 0`.
struct DenseRow {
    var coefficients: [Double]
    var constant: Double
    var isEquality: Bool

    /// `self + factor * other`, with `column` exactly zero (the sum cancels it).
    func adding(_ other: DenseRow, times factor: Double, cancelling column: Int) -> DenseRow {
        var result = self
        for index in coefficients.indices { result.coefficients[index] += factor * other.coefficients[index] }
        result.coefficients[column] = 0
        result.constant += factor * other.constant
        return result
    }

    /// Whether it holds for every value of its variables.
    var isVacuous: Bool {
        coefficients.allSatisfy(nearZero) && (isEquality ? nearZero(constant) : constant > -tolerance)
    }
}

/// Whether `rows` hold for every value of the columns outside `eliminated`, each of those given some
/// value of the columns in `eliminated`; nil when the elimination would hold more than `largest` rows.
func holdsForEveryValue(_ rows: [DenseRow], eliminating eliminated: [Int], largest: Int) -> Bool? {
    var rows = rows
    var left = eliminated
    // Equalities first: each gives one eliminated column its value, and substituting it adds no row.
    func firstEquality() -> (position: Int, column: Int)? {
        for position in rows.indices where rows[position].isEquality {
            if let column = left.first(where: { !nearZero(rows[position].coefficients[$0]) }) { return (position, column) }
        }
        return nil
    }
    while let (position, column) = firstEquality() {
        let pivot = rows.remove(at: position)
        left.removeAll { $0 == column }
        for index in rows.indices where !nearZero(rows[index].coefficients[column]) {
            let factor = -rows[index].coefficients[column] / pivot.coefficients[column]
            rows[index] = rows[index].adding(pivot, times: factor, cancelling: column)
        }
    }
    for column in left {
        var kept: [DenseRow] = []
        var growing: [DenseRow] = []
        var shrinking: [DenseRow] = []
        for row in rows {
            let coefficient = row.coefficients[column]
            if nearZero(coefficient) {
                kept.append(row)
            } else if coefficient > 0 {
                growing.append(row)
            } else {
                shrinking.append(row)
            }
        }
        guard kept.count + growing.count * shrinking.count <= largest else { return nil }
        for up in growing {
            for down in shrinking {
                // `down` scaled to minus `up`'s coefficient in `column`, so the sum cancels it.
                kept.append(up.adding(down, times: up.coefficients[column] / -down.coefficients[column], cancelling: column))
            }
        }
        rows = kept
    }
    return rows.allSatisfy(\.isVacuous)
}
