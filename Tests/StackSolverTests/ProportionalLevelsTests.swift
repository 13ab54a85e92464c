import Testing
@testable import StackSolver

/// The level-by-level split of fillProportionally stacks (ProportionalLevels.swift), on numbers
/// worked out by hand.
@Suite struct ProportionalLevelsTests {
    /// Comparisons just above a stack length: `S` against 10 is below it until S = 10, and just
    /// above S = 10 it is above it from then on (no further change).
    /// A cost's pieces run between its ends and the breakpoints strictly inside: a point within
    /// rounding of an end is that end (a piece only rounding long has a slope that is noise), points
    /// within rounding of each other are one, and an infinite end is never within rounding of anything.
    @Test func pieceBoundsDropWhatIsOnlyRoundingFromAnEnd() {
        #expect(pieceBounds([121 + 1.4e-14, 127.25, 785.7, 785.7 + 1e-13, 90, 900], start: 121, end: .infinity)
                == [121, 127.25, 785.7, 900, .infinity])
        #expect(pieceBounds([-.infinity, 3, 10 - 1e-13], start: -.infinity, end: 10) == [-.infinity, 3, 10])
        #expect(pieceBounds([], start: 0, end: 1) == [0, 1])
    }

    @Test func probeRecordsWhereAnOutcomeChanges() {
        let s = AffineLength(constant: 0, rate: 1)
        var probe = RegimeProbe(at: 0)
        #expect(probe.compare(s, .fixed(10)) == -1)
        #expect(probe.until == 10)
        var farBelow = RegimeProbe(at: -.infinity)
        #expect(farBelow.compare(s, .fixed(10)) == -1)
        #expect(farBelow.until == 10)
        var atCrossing = RegimeProbe(at: 10)
        #expect(atCrossing.compare(s, .fixed(10)) == 1)
        #expect(atCrossing.until == .infinity)
        #expect(atCrossing.compare(.fixed(-.infinity), .fixed(3)) == -1)
    }

    /// Shares 0.5, 0.3, 0.2 of S at 999, 998, 997, and `c`'s compression (20) at 999. Level 999
    /// holds a at S/2 and c at 20 or more; level 998 puts b at 0.3 S when that leaves c its 20
    /// (S >= 100), else at S/2 - 20; level 997 leaves c the rest. So a = S/2; b = S/2 - 20 below
    /// 100 and 0.3 S above; c = 20 below 100 and 0.2 S above.
    @Test func lengthsAsFunctionsOfTheStackLength() throws {
        let items = [
            LevelItem(lower: -.infinity, upper: .infinity, shares: [LevelShare(multiplier: 0.5, priority: 999)],
                      intrinsic: 50, hugging: 250, compression: 750),
            LevelItem(lower: -.infinity, upper: .infinity, shares: [LevelShare(multiplier: 0.3, priority: 998)],
                      intrinsic: 30, hugging: 250, compression: 750),
            LevelItem(lower: -.infinity, upper: .infinity, shares: [LevelShare(multiplier: 0.2, priority: 997)],
                      intrinsic: 20, hugging: 250, compression: 999),
        ]
        let pieces = try #require(levelSplitPieces(items, fixed: 0, start: -.infinity, end: .infinity))
        func expected(_ s: Double) -> [Double] { s < 100 ? [s / 2, s / 2 - 20, 20] : [s / 2, 0.3 * s, 0.2 * s] }
        for s in [-40.0, 0, 50, 99, 100, 101, 200, 1000] {
            for (k, value) in expected(s).enumerated() {
                #expect(abs(pieces[k].value(at: s) - value) <= 1e-9, "item \(k) at \(s): \(pieces[k].value(at: s))")
            }
            var probe = RegimeProbe(at: s)
            let split = try #require(levelSplit(items, fixed: 0, probe: &probe))
            for (k, value) in expected(s).enumerated() { #expect(abs(split[k].value(at: s) - value) <= 1e-9) }
        }
        #expect(pieces[1].xs.contains { abs($0 - 100) <= 1e-9 })
    }

    /// Two items that nothing but a tie separates (no shares, no constraints): not settled, so nil.
    @Test func unsettledLengthsDecline() {
        let free = LevelItem(lower: 0, upper: 100)
        var probe = RegimeProbe(at: 50)
        #expect(levelSplit([free, free], fixed: 0, probe: &probe) == nil)
    }

    /// `crossings` includes a breakpoint that lies on the level: a row's width share crossing a
    /// length exactly at a breakpoint of the difference was missed once (seed 20271793 of the
    /// baseline-row differential run).
    @Test func crossingsIncludeBreakpointsOnTheLevel() {
        let pieces = LinearPieces(xs: [0, 1], ys: [0, 1], leftSlope: 1, rightSlope: 1)
        #expect(pieces.crossings(of: 0) == [0])
        #expect(pieces.crossings(of: 2) == [2])
    }
}
