// Questions about the optimal face a solve has narrowed to so far: whether it fixes a linear form,
// which symbols can still move on it, and every symbol's value before rounding (JointGroup.swift
// asks them between the tie rule and the frames).

extension Solver {
    /// Whether the optimal face so far fixes every linear form of `forms`: the least and the greatest
    /// value of a combination of them with random positive weights agree. (Were one free, the
    /// combination would vary but for weights in a set of measure zero.)
    func fixes(_ forms: [[(symbol: Int, coefficient: Double)]]) -> Bool {
        var combination: [LinearTerm] = []
        for form in forms {
            guard let first = form.first else { continue }
            let weight = randomWeights(of: first.symbol).0
            for term in form { combination.append((term.symbol, weight * term.coefficient)) }
        }
        var expander = Elimination.Expander(elimination, symbols: tableau.kinds.count)
        var row = expander.expand(combination)
        var low = tableau
        var least = low.substituted(row)
        guard low.optimizeAside(&least, restoring: false) else { return false }
        row.scale(by: -1)
        var high = tableau
        var greatest = high.substituted(row)
        guard high.optimizeAside(&greatest, restoring: false) else { return false }
        let range = -greatest.constant - least.constant
        return range <= 1e-7 * max(1, abs(least.constant), abs(greatest.constant))
    }

    /// Per symbol of `symbols`: whether it can still move on the optimal face so far, as this basis
    /// shows it (`Tableau.canMove`, and back-substitution for eliminated symbols): a direction
    /// blocked at step zero counts as fixed, which `fixes` does not assume.
    func moving(_ symbols: [Int]) -> [Bool] {
        let tableau = self.tableau
        let decided = backSubstitution(movements: true).decided
        var movable = MovableNonbasics(symbols: tableau.kinds.count)
        return symbols.map { !(decided[$0] ?? !tableau.canMove($0, movable: &movable)) }
    }

    /// Each symbol's value before rounding, eliminated ones by back-substitution.
    func unroundedValue() -> (Int) -> Double {
        let tableau = self.tableau
        let values = backSubstitution(movements: false).values
        return { values[$0] ?? tableau.value(of: $0) }
    }
}
