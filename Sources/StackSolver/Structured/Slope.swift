// Slopes of the structured solver's cost functions: vectors over the general solver's objective
// components, compared lexicographically.
//
// The general solver (see SEMANTICS and TIE RULE in Solver.swift) minimises, lexicographically:
// first the violation sum of every priority level (highest first), then, level by level (highest
// first), the violation of each constraint of the level in reverse IR order. So an optional
// constraint c with violation v adds v to two components: Sum(priority c) and Tie(priority c, index c).
// A slope is such a vector. Its "sum part" is a short sparse vector over priority levels; its "tie
// part" is summarised by its most significant component only, which is exact because every
// comparison the structured solver makes is between slopes with disjoint constraint supports
// (siblings' subtrees own disjoint constraints) or against zero.

/// The position of one constraint's tie component: higher priority, then later IR index, is more significant.
struct TieKey: Comparable, Hashable {
    var priority: Double
    var index: Int

    static func < (a: TieKey, b: TieKey) -> Bool {
        a.priority != b.priority ? a.priority < b.priority : a.index < b.index
    }
}

/// One nonzero coefficient of a slope's sum part.
struct LevelTerm: Hashable {
    var priority: Double
    var coefficient: Double
}

/// A slope's sum part: terms by priority, descending. The first two are stored inline, so the
/// common slopes (one or two priority levels) allocate nothing.
struct Levels {
    var count = 0
    var a = LevelTerm(priority: 0, coefficient: 0)
    var b = LevelTerm(priority: 0, coefficient: 0)
    var rest: [LevelTerm] = []

    init() {}

    init(_ term: LevelTerm) {
        count = 1
        a = term
    }

    var isEmpty: Bool { count == 0 }

    subscript(index: Int) -> LevelTerm {
        index == 0 ? a : (index == 1 ? b : rest[index - 2])
    }

    mutating func append(_ term: LevelTerm) {
        switch count {
        case 0: a = term
        case 1: b = term
        default: rest.append(term)
        }
        count += 1
    }

    func scaled(by factor: Double) -> Levels {
        var result = Levels()
        for i in 0..<count {
            let term = self[i]
            result.append(LevelTerm(priority: term.priority, coefficient: term.coefficient * factor))
        }
        return result
    }
}

/// The tolerance for a coefficient to count as zero (the general solver's own).
let structuredTolerance = 1e-9

/// A slope vector: sum part by priority, descending; the tie part's most significant component.
struct Slope {
    /// Nonzero coefficients, priorities descending.
    var levels: Levels
    /// The most significant tie component, or nil when the tie part is zero.
    var tie: TieKey?
    /// The sign of that component (+1 or -1).
    var tieSign: Double

    /// The zero slope (a free length: no constraint is violated more or less along it).
    static let zero = Slope(levels: Levels(), tie: nil, tieSign: 0)

    /// The slope of one constraint's violation: `sign` is +1 when the violation grows with the length.
    static func constraint(priority: Double, index: Int, sign: Double) -> Slope {
        Slope(levels: Levels(LevelTerm(priority: priority, coefficient: sign)), tie: TieKey(priority: priority, index: index), tieSign: sign)
    }

    /// The lexicographic sign: -1, 0 or +1.
    var sign: Int {
        for i in 0..<levels.count {
            let term = levels[i]
            if term.coefficient > structuredTolerance { return 1 }
            if term.coefficient < -structuredTolerance { return -1 }
        }
        guard tie != nil else { return 0 }
        return tieSign > 0 ? 1 : -1
    }

    var isZero: Bool { sign == 0 }

    /// The slope times a positive factor (a length scaled by `1 / factor`).
    func scaled(by factor: Double) -> Slope {
        Slope(levels: levels.scaled(by: factor), tie: tie, tieSign: tieSign)
    }

    /// The sum of two slopes with disjoint constraint supports.
    static func + (a: Slope, b: Slope) -> Slope {
        var tie = a.tie
        var tieSign = a.tieSign
        if let other = b.tie, tie.map({ $0 < other }) ?? true {
            tie = other
            tieSign = b.tieSign
        }
        return Slope(levels: mergeLevels(a.levels, b.levels, factor: 1), tie: tie, tieSign: tieSign)
    }

    /// Compares two slopes with disjoint supports: -1 when `a < b`, 0 when equal, +1 when `a > b`.
    static func compare(_ a: Slope, _ b: Slope) -> Int {
        var i = 0
        var j = 0
        while i < a.levels.count || j < b.levels.count {
            let difference: Double
            if j >= b.levels.count || (i < a.levels.count && a.levels[i].priority > b.levels[j].priority) {
                difference = a.levels[i].coefficient
                i += 1
            } else if i >= a.levels.count || b.levels[j].priority > a.levels[i].priority {
                difference = -b.levels[j].coefficient
                j += 1
            } else {
                difference = a.levels[i].coefficient - b.levels[j].coefficient
                i += 1
                j += 1
            }
            if difference > structuredTolerance { return 1 }
            if difference < -structuredTolerance { return -1 }
        }
        switch (a.tie, b.tie) {
        case (nil, nil): return 0
        case (.some, nil): return a.tieSign > 0 ? 1 : -1
        case (nil, .some): return b.tieSign > 0 ? -1 : 1
        case (.some(let x), .some(let y)):
            if y < x { return a.tieSign > 0 ? 1 : -1 }
            if x < y { return b.tieSign > 0 ? -1 : 1 }
            return 0
        }
    }
}

/// `a + factor * b` over sum parts, priorities descending, zeros dropped.
func mergeLevels(_ a: Levels, _ b: Levels, factor: Double) -> Levels {
    if b.isEmpty { return a }
    if a.isEmpty && factor == 1 { return b }
    var result = Levels()
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
        if j >= b.count || (i < a.count && a[i].priority > b[j].priority) {
            result.append(a[i])
            i += 1
        } else if i >= a.count || b[j].priority > a[i].priority {
            result.append(LevelTerm(priority: b[j].priority, coefficient: factor * b[j].coefficient))
            j += 1
        } else {
            let sum = a[i].coefficient + factor * b[j].coefficient
            if abs(sum) > structuredTolerance * 1e-3 { result.append(LevelTerm(priority: a[i].priority, coefficient: sum)) }
            i += 1
            j += 1
        }
    }
    return result
}
