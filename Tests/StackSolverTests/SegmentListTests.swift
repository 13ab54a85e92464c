import Testing
@testable import StackSolver

/// `SegmentList` (SegmentList.swift) against the array it stands for: every operation the cost
/// functions use gives the same pieces, bit for bit, whichever storage holds them.
@Suite struct SegmentListTests {
    /// A random piece: one constraint's slope (a leaf's, stored inline when alone), zero (a flat
    /// envelope's, inline too), or a slope over two levels or none with a tie (always in an array).
    static func randomSegment(_ random: inout SplitMix) -> Segment {
        let length = [Double.infinity, 1, 2.5, 40][Int.random(in: 0..<4, using: &random)]
        let priority = [250.0, 750, 999, 49][Int.random(in: 0..<4, using: &random)]
        let index = Int.random(in: 0..<100, using: &random)
        let sign: Double = Bool.random(using: &random) ? 1 : -1
        let slope: Slope
        switch Int.random(in: 0..<4, using: &random) {
        case 0, 1: slope = .constraint(priority: priority, index: index, sign: sign)
        case 2: slope = .zero
        default:
            var spill: [LevelTerm] = []
            slope = Slope.sum(.constraint(priority: priority, index: index, sign: sign),
                              .constraint(priority: 50, index: index + 1, sign: 1), extra: [], spill: &spill)
        }
        return Segment(length: length, slope: slope, owner: Int32.random(in: 0..<4, using: &random),
                       order: Int32.random(in: 0..<4, using: &random))
    }

    @Test func operationsMatchAnArray() {
        for seed in randomSeeds("segment lists", count: 2_000, long: 100_000) {
            var random = SplitMix(seed: seed)
            var list = SegmentList()
            var array: [Segment] = []
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                switch Int.random(in: 0..<7, using: &random) {
                case 0, 1:
                    let segment = Self.randomSegment(&random)
                    list.append(segment)
                    array.append(segment)
                case 2 where !array.isEmpty:
                    let position = Int.random(in: 0..<array.count, using: &random)
                    let segment = Self.randomSegment(&random)
                    list[position] = segment
                    array[position] = segment
                case 3:
                    let keep = Bool.random(using: &random)
                    list.removeAll(keepingCapacity: keep)
                    array.removeAll(keepingCapacity: keep)
                case 4:
                    let n = Int.random(in: 0...4, using: &random)
                    list.reserveCapacity(n)
                    array.reserveCapacity(n)
                case 5 where !array.isEmpty:
                    let cut = Int.random(in: 0..<array.count, using: &random)
                    list.removeSubrange(cut...)
                    array.removeSubrange(cut...)
                default:
                    let fresh = (0..<Int.random(in: 0...3, using: &random)).map { _ in Self.randomSegment(&random) }
                    list = SegmentList(fresh)
                    array = fresh
                }
                #expect(list.count == array.count, "seed \(seed)")
                #expect(Array(list) == array, "seed \(seed)")
                #expect(list == SegmentList(array), "seed \(seed)")
                #expect(list.first == array.first && list.last == array.last, "seed \(seed)")
            }
        }
    }

    /// A leaf's sides are one constraint's piece each: written directly, they read back as the
    /// pieces `Slope.constraint` makes, and equal the same side built from a `Segment`.
    @Test func aLeafsSideReadsBackExactly() {
        let side = SegmentList.constraint(priority: 750, index: 7, sign: -1)
        let expected = Segment(length: .infinity, slope: .constraint(priority: 750, index: 7, sign: -1), owner: 0, order: 0)
        #expect(Array(side) == [expected])
        #expect(side == SegmentList([expected]))
        #expect(side[0].slope.tie == TieKey(priority: 750, index: 7))
        #expect(side[0].slope.tieSign == -1)
        #expect(side != SegmentList.constraint(priority: 750, index: 8, sign: -1))
        #expect(side != SegmentList.constraint(priority: 750, index: 7, sign: 1))
    }

    /// A slope over two levels is not one constraint's: it is kept whole, not narrowed to its first level.
    @Test func aSlopeOverTwoLevelsKeepsBoth() {
        var spill: [LevelTerm] = []
        let slope = Slope.sum(.constraint(priority: 750, index: 1, sign: 1), .constraint(priority: 250, index: 2, sign: 1),
                              extra: [], spill: &spill)
        let segment = Segment(length: 3, slope: slope, owner: 1, order: 2)
        #expect(slope.constraintParts == nil)
        #expect(SegmentList([segment])[0] == segment)
        #expect(SegmentList([segment])[0].slope.levels.count == 2)
    }
}
