// A lower bound on what moving items away from their own lengths costs, for stacks whose cost the
// structured solver knows exactly only where no item moves (equalCentering along, lastBaseline
// across, baseline rows held above their width shares: EqualCentering.swift,
// LastBaselineAlignment.swift, BaselineAlignment.swift).
//
// When every item's cost, on one side of its minimiser, rises first at a priority above some level
// (the priorities of the stack's own weak constraints), the stack's true cost rises at least as fast
// as the cheapest item's leading term once an item must move that way. A piece at half that
// coefficient, at that priority, is then never above the true cost: a parent that settles the stack
// where the bound is exact has the true optimum, and one that settles it on the bound makes the
// top-down pass decline.

/// The cheapest leading term among one side of the items' costs (shortening or lengthening), and
/// whether every item is held above a level on that side.
struct MoveBound {
    /// Priorities at or below this do not hold an item.
    let level: Double
    /// The cheapest leading term so far: the lowest priority, then the smallest coefficient.
    private(set) var cheapest: LevelTerm? = nil

    init(above level: Double) {
        self.level = level
    }

    /// Takes one side of an item's cost (the side that moves away from its minimiser); false when
    /// moving onto it costs first at `level` or below, or costs nothing.
    mutating func add(_ side: SegmentList) -> Bool {
        guard let first = side.first else { return true }
        let levels = first.slope.levels
        guard levels.count > 0, levels.t0.priority > level, abs(levels.t0.coefficient) > structuredTolerance else { return false }
        let term = levels.t0
        if let best = cheapest, best.priority < term.priority
            || (best.priority == term.priority && abs(best.coefficient) <= abs(term.coefficient)) {
            return true
        }
        cheapest = term
        return true
    }

    /// The bound's slope: half the cheapest leading coefficient at its priority (nil: no item can move that way).
    var slope: Slope? {
        cheapest.map { Slope(levels: Levels(LevelTerm(priority: $0.priority, coefficient: $0.coefficient / 2)), tie: nil, tieSign: 0) }
    }
}
