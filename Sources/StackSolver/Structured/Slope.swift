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

/// A slope's sum part: terms by priority, descending. The first four terms are stored inline and the
/// rest (slopes over more than four priority levels) in the owning function's `extra` array, from
/// `overflow` on, so a slope is a plain value: copying a `Segment` retains nothing and building one
/// allocates nothing. Every operation that may read past the fourth term takes that `extra` array.
/// Nested N = 1,000 layout pass (profile loop): about a quarter of the time was retain/release and
/// malloc/free of the former `rest: [LevelTerm]` (an array, so every slope copy was reference counted).
struct Levels: Equatable {
    /// How many terms are stored inline; the benchmark workloads' slopes have at most four levels
    /// (compression, hugging, fit, suppression). With 1 instead (every slope past one level
    /// overflowing) the differential test passes and the benchmark checksums are unchanged, which
    /// is how the overflow path was checked.
    static let inlineCapacity = 4
    var count: Int32 = 0
    /// Where terms past the inline ones start in the owning function's `extra`.
    var overflow: Int32 = 0
    var t0 = LevelTerm(priority: 0, coefficient: 0)
    var t1 = LevelTerm(priority: 0, coefficient: 0)
    var t2 = LevelTerm(priority: 0, coefficient: 0)
    var t3 = LevelTerm(priority: 0, coefficient: 0)

    init() {}

    init(_ term: LevelTerm) {
        count = 1
        t0 = term
    }

    var isEmpty: Bool { count == 0 }

    /// Whether some terms live in the owning function's `extra`.
    var overflows: Bool { count > Int32(Levels.inlineCapacity) }

    /// Term `index`; `extra` is the owning function's overflow storage.
    @inline(__always)
    func term(_ index: Int, _ extra: [LevelTerm]) -> LevelTerm {
        if index >= Levels.inlineCapacity { return extra[Int(overflow) + index - Levels.inlineCapacity] }
        switch index {
        case 0: return t0
        case 1: return t1
        case 2: return t2
        default: return t3
        }
    }

    /// Appends a term (priorities must descend); the fifth and later go to the end of `spill`, which
    /// must not receive another slope's terms until this one is complete.
    @inline(__always)
    mutating func append(_ term: LevelTerm, spill: inout [LevelTerm]) {
        if count >= Int32(Levels.inlineCapacity) {
            if count == Int32(Levels.inlineCapacity) { overflow = Int32(spill.count) }
            spill.append(term)
        } else {
            switch count {
            case 0: t0 = term
            case 1: t1 = term
            case 2: t2 = term
            default: t3 = term
            }
        }
        count += 1
    }

    /// The inline terms times `factor` (the overflow terms are scaled with their function's `extra`).
    func scaledInline(by factor: Double) -> Levels {
        var result = self
        result.t0.coefficient *= factor
        result.t1.coefficient *= factor
        result.t2.coefficient *= factor
        result.t3.coefficient *= factor
        return result
    }

    /// The same terms with the overflow ones moved `base` places further in `extra` (functions'
    /// `extra` arrays concatenated).
    func rebased(by base: Int) -> Levels {
        var result = self
        if overflows { result.overflow += Int32(base) }
        return result
    }
}

/// The tolerance for a coefficient to count as zero (the general solver's own).
let structuredTolerance = 1e-9

/// A slope vector: sum part by priority, descending; the tie part's most significant component.
/// Operations that may read terms past the inline four take the owning function's `extra`.
struct Slope: Equatable {
    /// Nonzero coefficients, priorities descending.
    var levels: Levels
    // The tie component, packed: 16 bytes where `TieKey?` and a `Double` sign took 32 (a segment is
    // 104 bytes instead of 120, and segments are copied and sorted a lot).
    private var tiePriority: Double
    /// The tie constraint's IR index, -1 when the tie part is zero.
    private var tieIndex: Int32
    private var packedTieSign: Float

    init(levels: Levels, tie: TieKey?, tieSign: Double) {
        self.levels = levels
        tiePriority = tie?.priority ?? 0
        tieIndex = tie.map { Int32($0.index) } ?? -1
        packedTieSign = Float(tieSign)
    }

    /// The most significant tie component, or nil when the tie part is zero.
    var tie: TieKey? {
        tieIndex < 0 ? nil : TieKey(priority: tiePriority, index: Int(tieIndex))
    }

    /// The sign of that component (+1 or -1; 0 without one).
    var tieSign: Double { Double(packedTieSign) }

    /// The zero slope (a free length: no constraint is violated more or less along it).
    static let zero = Slope(levels: Levels(), tie: nil, tieSign: 0)

    /// The slope of one constraint's violation: `sign` is +1 when the violation grows with the length.
    static func constraint(priority: Double, index: Int, sign: Double) -> Slope {
        assert(index >= 0, "a constraint's IR index (-1 stands for no tie component)")
        return Slope(levels: Levels(LevelTerm(priority: priority, coefficient: sign)), tie: TieKey(priority: priority, index: index), tieSign: sign)
    }

    /// The priority, IR index and sign of the one constraint this slope is the violation of, when it
    /// is exactly `constraint(priority:index:sign:)` of them (the pieces a leaf's function has).
    var constraintParts: (priority: Double, index: Int32, sign: Float)? {
        guard levels.count == 1, tieIndex >= 0, abs(packedTieSign) == 1,
              self == Slope.constraint(priority: tiePriority, index: Int(tieIndex), sign: Double(packedTieSign)) else { return nil }
        return (tiePriority, tieIndex, packedTieSign)
    }

    /// The lexicographic sign: -1, 0 or +1.
    @inline(__always)
    func sign(_ extra: [LevelTerm]) -> Int {
        // Usually the first term decides (the loop below would decide the same way).
        if levels.count > 0 {
            let c = levels.t0.coefficient
            if c > structuredTolerance { return 1 }
            if c < -structuredTolerance { return -1 }
        } else {
            guard tie != nil else { return 0 }
            return tieSign > 0 ? 1 : -1
        }
        for i in 0..<Int(levels.count) {
            let term = levels.term(i, extra)
            if term.coefficient > structuredTolerance { return 1 }
            if term.coefficient < -structuredTolerance { return -1 }
        }
        guard tie != nil else { return 0 }
        return tieSign > 0 ? 1 : -1
    }

    func isZero(_ extra: [LevelTerm]) -> Bool { sign(extra) == 0 }

    /// The slope times a positive factor (a length scaled by `1 / factor`); the overflow terms are
    /// scaled with the function's `extra` (see `CostFunction.stretched`).
    func scaledInline(by factor: Double) -> Slope {
        Slope(levels: levels.scaledInline(by: factor), tie: tie, tieSign: tieSign)
    }

    /// The sum of two slopes with disjoint constraint supports (both reading `extra`); overflow
    /// terms of the result go to `spill`.
    static func sum(_ a: Slope, _ b: Slope, extra: [LevelTerm], spill: inout [LevelTerm]) -> Slope {
        var tie = a.tie
        var tieSign = a.tieSign
        if let other = b.tie, tie.map({ $0 < other }) ?? true {
            tie = other
            tieSign = b.tieSign
        }
        return Slope(levels: mergeLevels(a.levels, b.levels, factor: 1, extra: extra, spill: &spill), tie: tie, tieSign: tieSign)
    }

    /// Compares two slopes with disjoint supports (both reading `extra`): -1 when `a < b`, 0 when
    /// equal, +1 when `a > b`.
    static func compare(_ a: Slope, _ b: Slope, _ extra: [LevelTerm]) -> Int {
        // Usually the first terms decide: the loop's first step, inline (when it does not decide,
        // the loop below starts over and reaches the same answer).
        if a.levels.count > 0 && b.levels.count > 0 {
            let x = a.levels.t0
            let y = b.levels.t0
            let difference = x.priority == y.priority ? x.coefficient - y.coefficient
                : (x.priority > y.priority ? x.coefficient : -y.coefficient)
            if difference > structuredTolerance { return 1 }
            if difference < -structuredTolerance { return -1 }
        }
        var i = 0
        var j = 0
        let ac = Int(a.levels.count)
        let bc = Int(b.levels.count)
        while i < ac || j < bc {
            let difference: Double
            if j >= bc {
                difference = a.levels.term(i, extra).coefficient
                i += 1
            } else if i >= ac {
                difference = -b.levels.term(j, extra).coefficient
                j += 1
            } else {
                let x = a.levels.term(i, extra)
                let y = b.levels.term(j, extra)
                if x.priority > y.priority {
                    difference = x.coefficient
                    i += 1
                } else if y.priority > x.priority {
                    difference = -y.coefficient
                    j += 1
                } else {
                    difference = x.coefficient - y.coefficient
                    i += 1
                    j += 1
                }
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

/// `a + factor * b` over sum parts (both reading `extra`), priorities descending, zeros dropped;
/// overflow terms of the result go to `spill`.
func mergeLevels(_ a: Levels, _ b: Levels, factor: Double, extra: [LevelTerm], spill: inout [LevelTerm]) -> Levels {
    if b.isEmpty { return copied(a, extra: extra, spill: &spill) }
    if a.isEmpty && factor == 1 { return copied(b, extra: extra, spill: &spill) }
    var result = Levels()
    var i = 0
    var j = 0
    let ac = Int(a.count)
    let bc = Int(b.count)
    while i < ac || j < bc {
        if j >= bc {
            result.append(a.term(i, extra), spill: &spill)
            i += 1
            continue
        }
        let y = b.term(j, extra)
        if i >= ac {
            result.append(LevelTerm(priority: y.priority, coefficient: factor * y.coefficient), spill: &spill)
            j += 1
            continue
        }
        let x = a.term(i, extra)
        if x.priority > y.priority {
            result.append(x, spill: &spill)
            i += 1
        } else if y.priority > x.priority {
            result.append(LevelTerm(priority: y.priority, coefficient: factor * y.coefficient), spill: &spill)
            j += 1
        } else {
            let sum = x.coefficient + factor * y.coefficient
            if abs(sum) > structuredTolerance * 1e-3 { result.append(LevelTerm(priority: x.priority, coefficient: sum), spill: &spill) }
            i += 1
            j += 1
        }
    }
    return result
}

/// `levels` (reading `extra`) with its overflow terms copied to `spill`.
func copied(_ levels: Levels, extra: [LevelTerm], spill: inout [LevelTerm]) -> Levels {
    guard levels.overflows else { return levels }
    var result = levels
    result.overflow = Int32(spill.count)
    for i in Levels.inlineCapacity..<Int(levels.count) { spill.append(levels.term(i, extra)) }
    return result
}
