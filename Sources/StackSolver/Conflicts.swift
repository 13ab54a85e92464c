/// Minimal conflicting sets of required constraints.
extension Solver {
    /// A minimal set of required constraints that cannot hold together, `failing` included.
    ///
    /// `accepted` (feasible together) plus `failing` is infeasible, so `failing` is in every conflict
    /// among them. Only constraints connected to `failing` through shared variables can take part.
    /// The additive method then grows the set one member per round: add the members, then the
    /// candidates in order until the system fails; the candidate that failed belongs to a conflict
    /// with the members and earlier candidates, so it joins and later candidates are dropped.
    /// Rounds stop when the members alone fail, which makes the set minimal.
    func minimalConflict(failing: Int, accepted: [Int]) -> [Int] {
        let candidates = connected(to: failing, among: accepted)
        var members = [failing]
        var pool = candidates
        for _ in 0...candidates.count {
            var trial = Tableau(externals: ir.items.count * FrameVariable.perItem)
            trial.pivotLimit = tableau.pivotLimit
            if members.contains(where: { trial.addRequired(constraints[$0]) == .infeasible }) { break }
            guard let found = pool.firstIndex(where: { trial.addRequired(constraints[$0]) == .infeasible }) else {
                // Cannot happen with sound numbers: the whole set failed in the main solve.
                break
            }
            members.append(pool[found])
            pool = Array(pool[..<found])
        }
        return members.sorted { constraints[$0].source < constraints[$1].source }
    }

    /// The constraints of `pool` that share a variable with `index`, directly or through others of `pool`.
    private func connected(to index: Int, among pool: [Int]) -> [Int] {
        var parent = Array(0..<(ir.items.count * FrameVariable.perItem))
        func find(_ symbol: Int) -> Int {
            var root = symbol
            while parent[root] != root { root = parent[root] }
            var node = symbol
            while parent[node] != root {
                let next = parent[node]
                parent[node] = root
                node = next
            }
            return root
        }
        for member in pool + [index] {
            let symbols = constraints[member].expression.symbols
            guard let first = symbols.first else { continue }
            for symbol in symbols.dropFirst() {
                let a = find(first)
                let b = find(symbol)
                if a != b { parent[max(a, b)] = min(a, b) }
            }
        }
        guard let anchor = constraints[index].expression.symbols.first else {
            // A constant row (`0 == 5`) conflicts on its own.
            return []
        }
        let component = find(anchor)
        return pool.filter { member in
            constraints[member].expression.symbols.first.map { find($0) == component } ?? false
        }
    }
}

extension Tableau.AddResult: Equatable {}
