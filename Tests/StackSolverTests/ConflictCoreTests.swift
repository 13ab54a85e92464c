import Testing
@testable import StackSolver

/// The core (ConflictCore.swift) holds every minimal conflict of a set: each one found by trying every
/// subset of a small random system over the dense reference LP.
@Suite struct ConflictCoreTests {
    @Test func everyMinimalConflictIsInTheCore() {
        var peeled = 0
        var conflicts = 0
        for seed in randomSeeds("conflict core", count: 300, long: 5_000) {
            var rng = SplitMix(seed: seed)
            let (constraints, symbols) = seed % 2 == 0 ? RowDependenciesTests.randomSystem(&rng) : RowDependenciesTests.randomRow(&rng)
            guard constraints.count <= 12 else { continue }
            let search = ConflictSearch(constraints: constraints, externals: symbols)
            let core = Set(search.core(of: Array(constraints.indices)))
            if core.count < constraints.count { peeled += 1 }
            // Minimal conflicts: infeasible subsets whose every subset one smaller is feasible.
            var infeasible: [Int: Bool] = [:]
            func fails(_ mask: Int) -> Bool {
                if let known = infeasible[mask] { return known }
                let members = constraints.indices.filter { mask & (1 << $0) != 0 }
                let answer = !RowDependenciesTests.referenceFeasible(constraints, members, symbols: symbols)
                infeasible[mask] = answer
                return answer
            }
            for mask in 1..<(1 << constraints.count) where fails(mask) {
                let members = constraints.indices.filter { mask & (1 << $0) != 0 }
                guard members.allSatisfy({ !fails(mask & ~(1 << $0)) }) else { continue }
                conflicts += 1
                #expect(members.allSatisfy(core.contains), "seed \(seed): conflict \(members) outside the core \(core.sorted())")
            }
        }
        print("ConflictCoreTests: \(peeled) systems peeled, \(conflicts) minimal conflicts checked")
        #expect(peeled >= 30, "only \(peeled) systems lost a constraint to peeling")
        #expect(conflicts >= 100, "only \(conflicts) minimal conflicts")
    }
}
