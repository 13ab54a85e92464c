/// A slope added up from many others: fillProportionally and baseline rows (Proportional.swift,
/// BaselineAlignment.swift) read a stack's slope on each piece as a sum over its items, each item's
/// slope times how fast its length moves, plus one term per share constraint. Terms are kept in a
/// plain array (any number of priority levels) and turned into a `Slope` once complete.
struct SlopeSum {
    /// Nonzero coefficients, priorities descending.
    private(set) var terms: [LevelTerm] = []
    /// The most significant tie component and its sign (the supports added are disjoint).
    private(set) var tie: TieKey? = nil
    private(set) var tieSign = 0.0

    /// Adds `factor` times `slope`, a slope of `function` (nil: a slope of its own).
    mutating func add(_ slope: Slope, of function: CostFunction?, times factor: Double) {
        guard factor != 0 else { return }
        add(terms: levelTerms(of: slope, in: function), times: factor)
        if let key = slope.tie, tie.map({ $0 < key }) ?? true {
            tie = key
            tieSign = factor > 0 ? slope.tieSign : -slope.tieSign
        }
    }

    /// Adds `factor` times the violation slope of one constraint (`sign` +1: the violation grows).
    mutating func add(constraint priority: Double, index: Int, sign: Double, times factor: Double) {
        add(.constraint(priority: priority, index: index, sign: sign), of: nil, times: factor)
    }

    /// Adds the slope of a share, `item.length == share.target(at: stack.length)`, where the stack
    /// is `x` long and the item `length`, moving at `rate` per unit of the stack's length. Rates
    /// within `rateNoise` of the share's and violations within `lengthNoise` count as none.
    mutating func addShare(_ share: ProportionalShare, length: Double, rate: Double, at x: Double, rateNoise: Double, lengthNoise: Double) {
        let violation = length - share.target(at: x)
        let violationRate = rate - share.multiplier
        guard abs(violationRate) > rateNoise && abs(violation) > lengthNoise else { return }
        add(constraint: share.priority, index: share.index, sign: violation > 0 ? 1 : -1, times: violationRate)
    }

    /// Adds the slope of an item's cost (`function`, its ascending `pieces`) where the item is
    /// `length` long and moves at `rate`; a rate within `rateNoise` counts as none.
    mutating func addItem(_ function: CostFunction, pieces: [(end: Double, slope: Slope)], length: Double, rate: Double, rateNoise: Double) {
        guard abs(rate) > rateNoise, let piece = pieces.first(where: { $0.end > length }) else { return }
        add(piece.slope, of: function, times: rate)
    }

    /// Adds `factor` times sum-part terms (priorities descending).
    private mutating func add(terms other: [LevelTerm], times factor: Double) {
        var merged: [LevelTerm] = []
        merged.reserveCapacity(terms.count + other.count)
        var i = 0
        var j = 0
        while i < terms.count || j < other.count {
            if j >= other.count || (i < terms.count && terms[i].priority > other[j].priority) {
                merged.append(terms[i])
                i += 1
            } else if i >= terms.count || other[j].priority > terms[i].priority {
                merged.append(LevelTerm(priority: other[j].priority, coefficient: factor * other[j].coefficient))
                j += 1
            } else {
                let sum = terms[i].coefficient + factor * other[j].coefficient
                if abs(sum) > structuredTolerance * 1e-3 { merged.append(LevelTerm(priority: terms[i].priority, coefficient: sum)) }
                i += 1
                j += 1
            }
        }
        terms = merged
    }

    /// The slope; terms a `Slope` keeps outside itself go to `extra`, the storage of the function
    /// the slope will belong to.
    func slope(extra: inout [LevelTerm]) -> Slope {
        var levels = Levels()
        for term in terms { levels.append(term, spill: &extra) }
        return Slope(levels: levels, tie: tie, tieSign: tieSign)
    }
}

/// A slope's sum-part terms, priorities descending (`function`: the function the slope belongs to).
func levelTerms(of slope: Slope, in function: CostFunction?) -> [LevelTerm] {
    (0..<Int(slope.levels.count)).map { slope.levels.term($0, function?.extra ?? []) }
}
