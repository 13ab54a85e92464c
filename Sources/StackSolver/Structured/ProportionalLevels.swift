// fillProportionally stacks whose items' own constraints are as strong as a share (Proportional.swift
// covers the usual case, where every share outranks every item constraint).
//
// At stack length S the items' lengths x_i add up to T = S - C, each within its required bounds,
// and every priority level, strongest first, is minimised over what the stronger levels left. A
// level's terms are |x_i - m_i S| (a share; in a baseline row also a width share), max(0, x_i - I_i)
// (hugging) and max(0, I_i - x_i) (compression): separable, convex, with integer slopes. Such a level's optimal set is, for a
// multiplier λ for the sum, each item's argmin of `level_i(x) - λx` within its bounds, intersected
// with the sum: taking the first integer λ whose argmins can reach T gives one (any optimal λ
// gives the same set). So the bounds narrow level by level, and the split is exact when they end
// at a point for every item; otherwise (lengths left free) the general solver answers.
//
// The bounds are affine in S (a share moves with it), and each comparison between two of them holds
// on an interval of S. `RegimeProbe` makes every comparison just above one S and records how far
// its outcome holds, so one run of the levels gives the lengths as affine functions of S on a whole
// interval; walking the intervals from the stack's least length gives each length as a
// piecewise-linear function of S, which Proportional.swift turns into the stack's cost.

/// A length affine in the stack's length S: `constant + rate * S`; an infinite `constant` (rate 0) is
/// an open end.
struct AffineLength {
    var constant: Double
    var rate: Double

    static func fixed(_ value: Double) -> AffineLength { AffineLength(constant: value, rate: 0) }

    func value(at stack: Double) -> Double { rate == 0 ? constant : constant + rate * stack }

    static func + (a: AffineLength, b: AffineLength) -> AffineLength {
        AffineLength(constant: a.constant + b.constant, rate: a.rate + b.rate)
    }

    static func - (a: AffineLength, b: AffineLength) -> AffineLength {
        AffineLength(constant: a.constant - b.constant, rate: a.rate - b.rate)
    }
}

/// Comparisons of affine lengths just above the stack length `at` (at minus infinity: below every
/// point where two of them cross), narrowing `until` to the least S above `at` where an outcome
/// changes.
struct RegimeProbe {
    let at: Double
    private(set) var until = Double.infinity

    init(at: Double) { self.at = at }

    /// The sign of `u - v` just above `at`: -1, 0 (equal there and beyond) or 1.
    mutating func compare(_ u: AffineLength, _ v: AffineLength) -> Int {
        guard u.constant.isFinite && v.constant.isFinite else {
            return u.constant == v.constant ? 0 : (u.constant < v.constant ? -1 : 1)
        }
        let rate = u.rate - v.rate
        // Rates are sums of shares and ±1: a difference this small is rounding, not a crossing.
        let rateSign = abs(rate) <= 1e-12 ? 0 : (rate < 0 ? -1 : 1)
        guard at.isFinite else {
            let difference = u.constant - v.constant
            if rateSign != 0 {
                until = min(until, -difference / rate)
                return -rateSign
            }
            let slack = structuredTolerance * max(1, abs(u.constant), abs(v.constant))
            return abs(difference) <= slack ? 0 : (difference < 0 ? -1 : 1)
        }
        let a = u.value(at: at)
        let b = v.value(at: at)
        let difference = a - b
        guard abs(difference) > structuredTolerance * max(1, abs(a), abs(b)) else { return rateSign }
        if rateSign != 0 {
            let crossing = at - difference / rate
            if crossing > at { until = min(until, crossing) }
        }
        return difference < 0 ? -1 : 1
    }

    mutating func larger(_ u: AffineLength, _ v: AffineLength) -> AffineLength { compare(u, v) >= 0 ? u : v }
    mutating func smaller(_ u: AffineLength, _ v: AffineLength) -> AffineLength { compare(u, v) <= 0 ? u : v }
}

/// `item.length == multiplier * stack.length + constant @priority`: a fillProportionally share (the
/// constant from a margins guide's insets), or a baseline row's width share.
struct LevelShare {
    var multiplier: Double
    var priority: Double
    var constant = 0.0
}

/// A share item as the level-by-level split sees it: required bounds, its shares, and the priorities
/// of its own optional constraints along the stack (nil: required, or none).
struct LevelItem {
    var lower: Double
    var upper: Double
    var shares: [LevelShare] = []
    var intrinsic = 0.0
    var hugging: Double?
    var compression: Double?
}

/// The most share items split level by level: each level's work is linear in the items and the walk
/// can meet each pair's crossings, so wider stacks go to the general solver.
let levelSplitLimit = 32

/// A break in the items' terms at one level: the slope rises by `rise` at `place`.
private struct Kink {
    var place: AffineLength
    var rise: Int
}

/// The items' lengths at the stack length just above `probe.at` (see the top of this file), as
/// affine functions of S valid up to `probe.until`; nil when the lengths do not fit or are not all
/// settled.
func levelSplit(_ items: [LevelItem], fixed: Double, probe: inout RegimeProbe) -> [AffineLength]? {
    let total = AffineLength(constant: -fixed, rate: 1)
    var lower = items.map { AffineLength.fixed($0.lower) }
    var upper = items.map { AffineLength.fixed($0.upper) }
    guard probe.compare(sum(lower), total) <= 0, probe.compare(sum(upper), total) >= 0 else { return nil }
    var levels: [Double] = []
    for item in items {
        levels.append(contentsOf: item.shares.map(\.priority))
        if let hugging = item.hugging { levels.append(hugging) }
        if let compression = item.compression { levels.append(compression) }
    }
    let infinite = AffineLength.fixed(.infinity)
    let minusInfinite = AffineLength.fixed(-.infinity)
    var kinks: [[Kink]] = Array(repeating: [], count: items.count)
    var firstSlopes = [Int](repeating: 0, count: items.count)
    var least = lower
    var most = upper
    for level in Set(levels).sorted(by: >) {
        var reach = 0
        for (i, item) in items.enumerated() {
            kinks[i].removeAll(keepingCapacity: true)
            firstSlopes[i] = 0
            for share in item.shares where share.priority == level {
                kinks[i].append(Kink(place: AffineLength(constant: share.constant, rate: share.multiplier), rise: 2))
                firstSlopes[i] -= 1
            }
            if item.hugging == level { kinks[i].append(Kink(place: .fixed(item.intrinsic), rise: 1)) }
            if item.compression == level {
                kinks[i].append(Kink(place: .fixed(item.intrinsic), rise: 1))
                firstSlopes[i] -= 1
            }
            // At most four kinks: an insertion sort.
            for k in kinks[i].indices.dropFirst() {
                var j = k
                while j > 0, probe.compare(kinks[i][j].place, kinks[i][j - 1].place) < 0 {
                    kinks[i].swapAt(j, j - 1)
                    j -= 1
                }
            }
            reach = max(reach, kinks[i].count)
        }
        // The first multiplier whose argmins reach the total (the last one reaches every upper bound).
        var settled = false
        for multiplier in (-reach - 1)...(reach + 1) {
            for i in items.indices {
                var slope = firstSlopes[i]
                var k = 0
                while k < kinks[i].count && slope < multiplier {
                    slope += kinks[i][k].rise
                    k += 1
                }
                let start = k == 0 ? minusInfinite : kinks[i][k - 1].place
                let from: AffineLength
                let to: AffineLength
                if slope < multiplier {
                    (from, to) = (infinite, infinite)
                } else if slope == multiplier {
                    (from, to) = (start, k < kinks[i].count ? kinks[i][k].place : infinite)
                } else {
                    (from, to) = (start, start)
                }
                least[i] = probe.smaller(probe.larger(from, lower[i]), upper[i])
                most[i] = probe.larger(probe.smaller(to, upper[i]), lower[i])
            }
            if probe.compare(sum(most), total) >= 0 {
                settled = true
                break
            }
        }
        guard settled else { return nil }
        narrow(lower: &lower, upper: &upper, from: least, most, total: total, probe: &probe)
    }
    for i in items.indices {
        guard lower[i].constant.isFinite, probe.compare(lower[i], upper[i]) == 0 else { return nil }
    }
    return lower
}

/// The bounds `least...most` cut by the sum: item i's range within the others' (exact for a box and
/// one hyperplane: the others at their upper bounds give i's least length, at their lower its most).
private func narrow(lower: inout [AffineLength], upper: inout [AffineLength], from least: [AffineLength], _ most: [AffineLength],
                    total: AffineLength, probe: inout RegimeProbe) {
    let finiteLeast = sum(least.filter { $0.constant.isFinite })
    let finiteMost = sum(most.filter { $0.constant.isFinite })
    let openLeast = least.filter { !$0.constant.isFinite }.count
    let openMost = most.filter { !$0.constant.isFinite }.count
    for i in least.indices {
        lower[i] = least[i]
        upper[i] = most[i]
        let mostOpen = most[i].constant.isFinite ? openMost : openMost - 1
        if mostOpen == 0 {
            let others = most[i].constant.isFinite ? finiteMost - most[i] : finiteMost
            lower[i] = probe.larger(lower[i], total - others)
        }
        let leastOpen = least[i].constant.isFinite ? openLeast : openLeast - 1
        if leastOpen == 0 {
            let others = least[i].constant.isFinite ? finiteLeast - least[i] : finiteLeast
            upper[i] = probe.smaller(upper[i], total - others)
        }
    }
}

private func sum(_ values: [AffineLength]) -> AffineLength {
    values.reduce(AffineLength.fixed(0), +)
}

/// The items' lengths as functions of the stack's length on `start...end` (see the top of this
/// file); nil when some length is not settled, or jumps, or the walk does not end.
func levelSplitPieces(_ items: [LevelItem], fixed: Double, start: Double, end: Double) -> [LinearPieces]? {
    var regimes: [(from: Double, lengths: [AffineLength])] = []
    var from = start
    while true {
        var probe = RegimeProbe(at: from)
        guard let lengths = levelSplit(items, fixed: fixed, probe: &probe) else { return nil }
        regimes.append((from, lengths))
        guard probe.until < end else { break }
        guard probe.until > from, regimes.count <= 4 * items.count * items.count + 8 else { return nil }
        from = probe.until
    }
    var result: [LinearPieces] = []
    for i in items.indices {
        var xs: [Double] = []
        var ys: [Double] = []
        for (r, regime) in regimes.enumerated() where regime.from.isFinite {
            let value = regime.lengths[i].value(at: regime.from)
            if r > 0 {
                let before = regimes[r - 1].lengths[i].value(at: regime.from)
                guard abs(before - value) <= structuredTolerance * max(1, abs(value)) else { return nil }
            }
            xs.append(regime.from)
            ys.append(value)
        }
        let first = regimes[0].lengths[i]
        let last = regimes[regimes.count - 1].lengths[i]
        if end.isFinite && end > (xs.last ?? -.infinity) {
            xs.append(end)
            ys.append(last.value(at: end))
        }
        if xs.isEmpty {
            result.append(.linear(intercept: first.constant, slope: first.rate))
        } else {
            result.append(LinearPieces(xs: xs, ys: ys, leftSlope: first.rate, rightSlope: last.rate))
        }
    }
    return result
}
