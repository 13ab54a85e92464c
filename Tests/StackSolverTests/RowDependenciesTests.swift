import Foundation
import Testing
@testable import StackSolver

/// What the rows' dependencies say (RowDependencies.swift): the first constraint that fails, found
/// among their ends, and a set's only minimal conflict, read off its one dependency, are what the
/// additive search finds a candidate at a time. The reference here is that search written out plainly,
/// one candidate at a time, over the dense reference LP: nothing of the solver's elimination or
/// tableau takes part in it.
@Suite struct RowDependenciesTests {
    /// `expression (== or >=) 0` over symbols `0..<symbols`, required, numbered by position.
    static func system(_ rows: [(terms: [(Int, Double)], constant: Double, equality: Bool)]) -> [LinearConstraint] {
        rows.enumerated().map { index, row in
            LinearConstraint(
                expression: Row(constant: row.constant, terms: row.terms.map { (symbol: $0.0, coefficient: $0.1) }),
                isEquality: row.equality, priority: 1000, source: .constraint(index))
        }
    }

    /// Whether `indices` of `constraints` can all hold, by the dense reference LP (each symbol free:
    /// the difference of two nonnegative columns).
    static func referenceFeasible(_ constraints: [LinearConstraint], _ indices: [Int], symbols: Int) -> Bool {
        let rows = indices.map { index in
            let expression = constraints[index].expression
            var coefficients = [Double](repeating: 0, count: 2 * symbols)
            for (symbol, coefficient) in zip(expression.symbols, expression.coefficients) {
                coefficients[symbol] = coefficient
                coefficients[symbols + symbol] = -coefficient
            }
            return ReferenceRow(
                coefficients: coefficients, relation: constraints[index].isEquality ? .equal : .greaterOrEqual,
                rhs: -expression.constant)
        }
        return referenceMinimum(rows: rows, cost: [Double](repeating: 0, count: 2 * symbols)) != nil
    }

    /// UIKit's recovery with the additive search, one candidate at a time: each constraint that cannot
    /// hold with those kept before it is broken; its set grows by the first of the kept ones (in order)
    /// at which the set and the kept ones up to it fail, until the set fails alone.
    static func referenceConflicts(_ constraints: [LinearConstraint], symbols: Int) -> [(broken: Int, members: [Int])] {
        let feasible = { (indices: [Int]) in referenceFeasible(constraints, indices, symbols: symbols) }
        var kept: [Int] = []
        var result: [(broken: Int, members: [Int])] = []
        for index in constraints.indices {
            guard !feasible(kept + [index]) else {
                kept.append(index)
                continue
            }
            var members = [index]
            var pool = kept
            while feasible(members) {
                let found = pool.indices.first { !feasible(members + pool[...$0]) }!
                members.append(pool[found])
                pool = Array(pool[..<found])
            }
            result.append((index, members.sorted()))
        }
        return result
    }

    /// A fillEqually row pinned too narrow for its one fixed item, worked by hand. Items `i` at
    /// `x_i` with length `w_i`: `x_0 == 0`, `x_(i+1) == x_i + w_i + 2`, `x_3 + w_3 == 100` (the pin),
    /// every `w_i == w_0`, then `w_2 == 10` (the fixed item) and `w_2 >= 44` (what it holds). Four
    /// items of 10 with spacing leave 54 of the 100, so `w_2 == 10` cannot hold, and every row
    /// constraint is in its one conflict. `w_2 >= 44` conflicts with `w_2 == 10` alone, but it comes
    /// later, so it is kept out of the first conflict and broken itself (against the row, whose
    /// 94 / 4 = 23.5 is less than 44).
    @Test func aPinnedFillEquallyRowIsOneConflict() {
        // Symbols: x_i = i, w_i = 4 + i.
        var rows: [(terms: [(Int, Double)], constant: Double, equality: Bool)] = [([(0, 1)], 0, true)]
        for i in 0..<3 { rows.append(([(i + 1, 1), (i, -1), (4 + i, -1)], -2, true)) }
        rows.append(([(3, 1), (7, 1)], -100, true))
        for i in 1..<4 { rows.append(([(4 + i, 1), (4, -1)], 0, true)) }
        rows.append(([(6, 1)], -10, true))
        rows.append(([(6, 1)], -44, false))
        let constraints = Self.system(rows)
        let search = ConflictSearch(constraints: constraints, externals: 8)
        let found = search.breakConflicts(among: Array(constraints.indices))
        #expect(found.map(\.broken) == [8, 9])
        #expect(found.first?.members.sorted() == Array(0...8))
        #expect(found.last?.members.sorted() == Array(0...7) + [9])
        // The row's first set comes from its one dependency, without a search.
        #expect(search.uniqueConflict(members: [8], pool: Array(0...7), combinations: search.dependencies(of: [8] + Array(0...7))) == [8] + (0...7).reversed())
        // The ten rows have two dependencies, ending at `w_2 == 10` and at `w_2 >= 44`: where a prefix
        // can start to fail.
        let ten = search.dependencies(of: Array(0...9))
        #expect(ten.flatMap(search.echelon)?.map(\.end) == [8, 9])
        // The earlier one proves the row's conflict: no feasibility check needed.
        let earliest = search.earliestConflict(in: Array(0...9), combinations: ten)
        #expect(earliest?.members == [8] + (0...7).reversed())
        // Without `w_2 == 10`, one combination is left, ending at `w_2 >= 44` (now the ninth), the
        // elimination's own answer for those rows.
        #expect(earliest?.others.map(\.row.symbols) == search.dependencies(of: Array(0...7) + [9]).map { $0.map(\.row.symbols) })
        #expect(search.firstFailing(base: [], pool: Array(0...9), combinations: search.dependencies(of: Array(0...9))) == 8)
        // Over the row and both of the fixed item's constraints there are two dependencies, so the
        // search decides.
        #expect(search.uniqueConflict(members: [9], pool: Array(0...8), combinations: search.dependencies(of: [9] + Array(0...8))) == nil)
    }

    /// Random systems, small and sparse with many overlapping conflicts, and rows shaped like a pinned
    /// stack with extra constraints: every broken constraint and minimal set is the reference's, and
    /// wherever the one-dependency reading answers, so does the reference.
    @Test func randomConflictsAnswerAsTheAdditiveSearch() {
        var conflicts = 0
        var unique = 0
        var withEnds = 0
        var proven = 0
        for seed in randomSeeds("row dependencies", count: 300, long: 20_000) {
            var rng = SplitMix(seed: seed)
            let (constraints, symbols) = seed % 2 == 0 ? Self.randomSystem(&rng) : Self.randomRow(&rng)
            let search = ConflictSearch(constraints: constraints, externals: symbols)
            let found = search.breakConflicts(among: Array(constraints.indices))
            let reference = Self.referenceConflicts(constraints, symbols: symbols)
            // A row starts a new combination exactly when it depends on the rows before it.
            let dense = constraints.map { constraint in
                var line = [Double](repeating: 0, count: symbols)
                for (symbol, coefficient) in zip(constraint.expression.symbols, constraint.expression.coefficients) {
                    line[symbol] = coefficient
                }
                return line
            }
            let dependent = dense.indices.filter {
                denseRank(Array(dense[...$0]), count: symbols) == denseRank(Array(dense[..<$0]), count: symbols)
            }
            let combinations = search.dependencies(of: Array(constraints.indices))
            if let echelon = combinations.flatMap(search.echelon) {
                withEnds += 1
                #expect(echelon.map(\.end) == dependent, "seed \(seed)")
            }
            if let (end, members, others) = search.earliestConflict(in: Array(constraints.indices), combinations: combinations) {
                proven += 1
                #expect(end == reference.first?.broken && members.sorted() == reference.first?.members, "seed \(seed)")
                // What is left without that row starts its combinations where the rows left depend on those before.
                var rest = dense
                rest.remove(at: end)
                let restDependent = rest.indices.filter {
                    denseRank(Array(rest[...$0]), count: symbols) == denseRank(Array(rest[..<$0]), count: symbols)
                }
                #expect(search.echelon(others)?.map(\.end) == restDependent, "seed \(seed)")
            }
            #expect(found.map(\.broken) == reference.map(\.broken), "seed \(seed)")
            #expect(found.map { $0.members.sorted() } == reference.map(\.members), "seed \(seed)")
            for (broken, members) in reference {
                conflicts += 1
                let accepted = constraints.indices.filter { index in index < broken && !reference.contains { $0.broken == index } }
                guard let read = search.uniqueConflict(members: [broken], pool: accepted, combinations: search.dependencies(of: [broken] + accepted)) else { continue }
                unique += 1
                #expect(read.sorted() == members, "seed \(seed): \(read) against \(members)")
            }
        }
        print("RowDependenciesTests: \(unique) of \(conflicts) conflicts read off one dependency, \(withEnds) systems' ends,"
            + " \(proven) first conflicts proved by the earliest combination")
        #expect(proven >= 50, "only \(proven) first conflicts proved by the earliest combination")
        #expect(withEnds >= 250, "only \(withEnds) systems' ends")
        #expect(unique >= conflicts / 10, "only \(unique) of \(conflicts) conflicts read off one dependency")
    }

    /// Every minimal conflict the reference finds is among the constraints the rows' dependencies link
    /// to the one broken, through dependencies that share constraints, not only those it is in itself.
    @Test func everyConflictIsAmongTheRowsItsDependenciesLink() {
        var (conflicts, narrowed, throughOthers) = (0, 0, 0)
        for seed in randomSeeds("linked rows", count: 300, long: 20_000) {
            var rng = SplitMix(seed: seed)
            let (constraints, symbols) = seed % 2 == 0 ? Self.randomSystem(&rng) : Self.randomRow(&rng)
            let search = ConflictSearch(constraints: constraints, externals: symbols)
            let reference = Self.referenceConflicts(constraints, symbols: symbols)
            for (broken, members) in reference {
                let accepted = constraints.indices.filter { index in index < broken && !reference.contains { $0.broken == index } }
                guard let combinations = search.dependencies(of: [broken] + accepted) else { continue }
                conflicts += 1
                let linked = search.linked(to: broken, pool: accepted, combinations: combinations)
                let kept = Set([broken] + linked.pool)
                #expect(members.allSatisfy(kept.contains), "seed \(seed): \(members) outside \(kept.sorted())")
                if linked.pool.count < accepted.count { narrowed += 1 }
                let direct = Set(combinations.filter { $0.row.symbols.first == 0 }.flatMap(\.row.symbols).map { ([broken] + accepted)[$0] })
                if !members.allSatisfy(direct.contains) { throughOthers += 1 }
                #expect(search.minimalConflict(failing: broken, accepted: accepted, peeled: true, combinations: combinations).sorted() == members,
                        "seed \(seed)")
            }
        }
        print("RowDependenciesTests: \(conflicts) conflicts, \(narrowed) with the pool narrowed, \(throughOthers) linked through other dependencies")
        #expect(narrowed >= conflicts / 10 && throughOthers >= 20, "narrowed \(narrowed), through others \(throughOthers) of \(conflicts)")
    }

    /// Systems of many small blocks over symbols of their own, their rows interleaved and a few rows
    /// tying blocks together: more dependencies than the ends bisected, many of them with
    /// inequalities, some sharing one. The first constraint that fails, read off the dependencies
    /// (with one check where inequalities are shared), is the reference's first failing prefix, and
    /// the conflicts broken are the reference's.
    @Test func manyDependenciesFindTheFirstFailureAsPrefixesDo() {
        var (failing, settled, grouped, many) = (0, 0, 0, 0)
        for seed in randomSeeds("many dependencies", count: 60, long: 1_000) {
            var rng = SplitMix(seed: seed)
            var blocks: [RandomRows] = []
            var symbols = 0
            for _ in 0..<Int.random(in: 4...8, using: &rng) {
                let (block, count) = Self.randomRows(&rng)
                blocks.append(block.map { row in (row.terms.map { ($0.0 + symbols, $0.1) }, row.constant, row.equality) })
                symbols += count
            }
            var rows: RandomRows = []
            while blocks.contains(where: { !$0.isEmpty }) {
                let k = blocks.indices.filter { !blocks[$0].isEmpty }.randomElement(using: &rng)!
                rows.append(blocks[k].removeFirst())
                if Int.random(in: 0..<12, using: &rng) == 0 {
                    let (a, b) = (Int.random(in: 0..<symbols, using: &rng), Int.random(in: 0..<symbols, using: &rng))
                    rows.append(([(a, 1), (b, -1)], Double(Int.random(in: -4...4, using: &rng)), Bool.random(using: &rng)))
                }
            }
            let constraints = Self.system(rows)
            let search = ConflictSearch(constraints: constraints, externals: symbols)
            let all = Array(constraints.indices)
            let combinations = search.dependencies(of: all)
            if let combinations, combinations.count > ConflictSearch.endsBisected { many += 1 }
            if let echelon = combinations.flatMap(search.echelon), let proof = search.firstProof(echelon, base: [], pool: all) {
                if proof.shared.isEmpty { settled += 1 } else if proof.shared.allSatisfy(search.holdsAlone) { grouped += 1 }
            }
            let reference = all.first { !Self.referenceFeasible(constraints, Array(all[...$0]), symbols: symbols) }
            if reference != nil { failing += 1 }
            #expect(search.firstFailing(base: [], pool: all, combinations: combinations) == reference, "seed \(seed)")
            let found = search.breakConflicts(among: all)
            let conflicts = Self.referenceConflicts(constraints, symbols: symbols)
            #expect(found.map(\.broken) == conflicts.map(\.broken), "seed \(seed)")
            #expect(found.map { $0.members.sorted() } == conflicts.map(\.members), "seed \(seed)")
        }
        print("RowDependenciesTests: \(failing) systems that fail, \(many) with more dependencies than the ends bisected,"
            + " \(settled) whose first failure was read off the dependencies without a check, \(grouped) with checks of the"
            + " groups of them that share inequalities")
        #expect(failing >= 30 && many >= 30 && settled >= 10 && grouped >= 2,
                "failing \(failing), many \(many), settled \(settled), grouped \(grouped)")
    }

    typealias RandomRows = [(terms: [(Int, Double)], constant: Double, equality: Bool)]

    static func randomSystem(_ rng: inout SplitMix) -> ([LinearConstraint], Int) {
        let (rows, symbols) = randomRows(&rng)
        return (system(rows), symbols)
    }

    static func randomRows(_ rng: inout SplitMix) -> (RandomRows, Int) {
        let symbols = Int.random(in: 2...5, using: &rng)
        let coefficients: [Double] = [1, 1, -1, -1, 2, -2, 0.5]
        var rows: RandomRows = []
        for _ in 0..<Int.random(in: 3...10, using: &rng) {
            let count = Int.random(in: 1...min(3, symbols), using: &rng)
            let chosen = Array((0..<symbols).shuffled(using: &rng).prefix(count))
            rows.append((
                chosen.map { ($0, coefficients.randomElement(using: &rng)!) },
                Double(Int.random(in: -6...6, using: &rng)), Bool.random(using: &rng)))
        }
        return (rows, symbols)
    }

    /// A row of `count` items as a stack lowers it, then fixed lengths, lower bounds and repeats.
    static func randomRow(_ rng: inout SplitMix) -> ([LinearConstraint], Int) {
        let (rows, symbols) = randomRowRows(&rng)
        return (system(rows), symbols)
    }

    static func randomRowRows(_ rng: inout SplitMix) -> (RandomRows, Int) {
        let count = Int.random(in: 2...12, using: &rng)
        // x_i = i, w_i = count + i.
        var rows: RandomRows = [([(0, 1)], 0, true)]
        for i in 0..<(count - 1) { rows.append(([(i + 1, 1), (i, -1), (count + i, -1)], -2, true)) }
        rows.append(([(count - 1, 1), (2 * count - 1, 1)], -Double(Int.random(in: 20...200, using: &rng)), true))
        if Bool.random(using: &rng) {
            for i in 1..<count { rows.append(([(count + i, 1), (count, -1)], 0, true)) }
        }
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let item = count + Int.random(in: 0..<count, using: &rng)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: rows.append(([(item, 1)], -Double(Int.random(in: 5...40, using: &rng)), true))
            case 1: rows.append(([(item, 1)], -Double(Int.random(in: 5...40, using: &rng)), false))
            case 2: rows.append(([(item, -1)], Double(Int.random(in: 5...40, using: &rng)), false))
            default: rows.append(rows[Int.random(in: 0..<rows.count, using: &rng)])
            }
        }
        return (rows, 2 * count)
    }
}
