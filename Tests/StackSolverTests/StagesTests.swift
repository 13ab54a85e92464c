import Testing
@testable import StackSolver

/// The dual simplex's comparison of symbols by their costs stage by stage (Stages.swift), worked by
/// hand, before and after a substitution changes the costs it keeps: each test reads the costs from
/// the stages at every comparison, and again with every symbol's costs kept.
@Suite struct StagesTests {
    /// Stage 0 is `2 s1`, stage 1 is `s2 + 5 s1`: s1 is first costed at stage 0, s2 at stage 1, s3 nowhere.
    /// `kept`: every symbol's costs are kept, not read at each comparison.
    static func twoStages(kept: Bool) -> Stages {
        var stages = Stages()
        if kept { stages.readEachTime = 0 }
        stages.append(Row(constant: 0, terms: [(1, 2)]))
        stages.append(Row(constant: 0, terms: [(1, 5), (2, 1)]))
        return stages
    }

    @Test(arguments: [false, true]) func theSymbolCostedLaterIsCheaper(kept: Bool) {
        var stages = Self.twoStages(kept: kept)
        func cheaper(_ a: Int, _ rate: Double, _ b: Int, _ other: Double) -> Bool { stages.isCheaper(a, rate: rate, than: b, rate: other) }
        // s2 is first costed after s1: cheaper at any rates.
        #expect(cheaper(2, 1, 1, 100))
        #expect(!cheaper(1, 100, 2, 1))
        // s3 is costed nowhere: cheaper than both; between two such, the lower id.
        #expect(cheaper(3, 1, 2, 1))
        #expect(cheaper(3, 1, 4, 1) && !cheaper(4, 1, 3, 1))
        // The sign of each lexicographic cost: its first stage's cost.
        let leading = [1, 2, 3].map { stages.leadingCost(of: $0) }
        #expect(leading == [2, 1, 0])
    }

    /// s1 made basic by `s1 = s2 + s3` (a pivot): stage 0 becomes `2 s2 + 2 s3` and stage 1
    /// `6 s2 + 5 s3`. The costs kept for s2 and s3 must follow: s3 is costed at stage 0 now.
    @Test(arguments: [false, true]) func aSubstitutionChangesTheKeptCosts(kept: Bool) {
        var stages = Self.twoStages(kept: kept)
        func cheaper(_ a: Int, _ rate: Double, _ b: Int, _ other: Double) -> Bool { stages.isCheaper(a, rate: rate, than: b, rate: other) }
        #expect(!cheaper(2, 2, 3, 1), "s3, costed nowhere, is the cheaper")
        stages.substitute(1, by: Row(constant: 0, terms: [(2, 1), (3, 1)]))
        let leading = [2, 3].map { stages.leadingCost(of: $0) }
        #expect(leading == [2, 2])
        // At stage 0, s2 at rate 2 costs 1 per unit against s3's 2.
        #expect(cheaper(2, 2, 3, 1))
        // At equal rates they tie at stage 0, and stage 1 decides: 5 against 6.
        #expect(cheaper(3, 1, 2, 1) && !cheaper(2, 1, 3, 1))
    }
}
