// The running state of `pointwiseSum` (PiecewiseLinear.swift) as it sweeps the functions' breakpoints:
// the sum part of the total slope, and the greatest tie component among the current slopes.

/// A running sum of slopes' sum parts in `pointwiseSum`, dense over the priority levels that occur:
/// adding a slope updates a few doubles in place, where merging sparse vectors built a new one per
/// event. The arithmetic is `mergeLevels`'s, term by term in the same order (a level absent from the
/// sum takes `factor * c` exactly; a sum within 1e-12 of zero drops the level), so the slopes are
/// bit-identical to summing with `mergeLevels`.
struct LevelSum {
    /// The levels that occur, descending.
    var priorities: [Double] = []
    /// Per level: the coefficient, 0 when the level is absent.
    var coefficients: [Double] = []

    /// The levels of every slope in `pieces`.
    init(_ pieces: [(end: Double, slope: Slope)], extra: [LevelTerm]) {
        var previous: Slope? = nil
        for piece in pieces {
            let levels = piece.slope.levels
            // Neighbouring pieces often span the same levels: when all of a slope's terms are
            // inline with the previous slope's priorities, it brings no new level.
            if let previous, !levels.overflows, levels.count == previous.levels.count,
               levels.t0.priority == previous.levels.t0.priority, levels.t1.priority == previous.levels.t1.priority,
               levels.t2.priority == previous.levels.t2.priority, levels.t3.priority == previous.levels.t3.priority {
                continue
            }
            previous = piece.slope
            for i in 0..<Int(levels.count) {
                let priority = levels.term(i, extra).priority
                if !priorities.contains(priority) { priorities.append(priority) }
            }
        }
        priorities.sort(by: >)
        coefficients = [Double](repeating: 0, count: priorities.count)
    }

    mutating func add(_ levels: Levels, factor: Double, extra: [LevelTerm]) {
        var r = 0
        for i in 0..<Int(levels.count) {
            let term = levels.term(i, extra)
            // Terms descend like `priorities`, so the search goes on from the last level found.
            while priorities[r] != term.priority { r += 1 }
            let value = coefficients[r]
            if value == 0 {
                coefficients[r] = factor * term.coefficient
            } else {
                let sum = value + factor * term.coefficient
                coefficients[r] = abs(sum) > structuredTolerance * 1e-3 ? sum : 0
            }
        }
    }

    /// The current sum as a sparse slope part; overflow terms go to `spill`.
    func levels(spill: inout [LevelTerm]) -> Levels {
        var result = Levels()
        for r in 0..<priorities.count where coefficients[r] != 0 {
            result.append(LevelTerm(priority: priorities[r], coefficient: coefficients[r]), spill: &spill)
        }
        return result
    }
}

/// One `extra` for several functions: their `extra` arrays end to end, each function's overflow
/// offsets moved to match. Without overflow anywhere (the usual case) it changes nothing.
func concatenatedExtra(_ functions: inout [CostFunction]) -> [LevelTerm] {
    guard functions.contains(where: { !$0.extra.isEmpty }) else { return [] }
    var extra: [LevelTerm] = []
    for k in functions.indices {
        let base = extra.count
        extra += functions[k].extra
        functions[k].extra = []
        guard base > 0 else { continue }
        for i in functions[k].right.indices {
            functions[k].right[i].slope.levels = functions[k].right[i].slope.levels.rebased(by: base)
        }
        for i in functions[k].left.indices {
            functions[k].left[i].slope.levels = functions[k].left[i].slope.levels.rebased(by: base)
        }
    }
    return extra
}

/// The greatest tie component among the functions' current slopes in `pointwiseSum` when each
/// function changes slope at most once (one event): before event e, a function with an event at
/// or after e still has its first slope, one with an event before e its second, and one without an
/// event its only one. So the greatest is the best of a constant, a suffix maximum of first slopes'
/// ties and a prefix maximum of second slopes' ties, each computed once (no per-event update).
struct OneEventTies {
    /// The best tie among functions without an event (-1: none), as a function index.
    private var constant: Int32 = -1
    /// Per event position e (0 ... count): the function whose first slope's tie is the greatest among
    /// events at e or later, and whose second slope's tie is the greatest among events before e.
    private var suffix: [Int32]
    private var prefix: [Int32]
    private var firstKeys: [TieKey?]
    private var secondKeys: [TieKey?]
    private var firstSigns: [Double]
    private var secondSigns: [Double]

    /// `current`: every function's first slope; `events`: sorted, one per function at most;
    /// `slope(function, piece)`: a function's piece.
    init(current: [Slope], events: [(x: Double, function: Int32, piece: Int32)], slope: (Int, Int) -> Slope) {
        firstKeys = current.map(\.tie)
        firstSigns = current.map(\.tieSign)
        secondKeys = [TieKey?](repeating: nil, count: current.count)
        secondSigns = [Double](repeating: 0, count: current.count)
        var hasEvent = [Bool](repeating: false, count: current.count)
        for event in events {
            let function = Int(event.function)
            hasEvent[function] = true
            let next = slope(function, Int(event.piece))
            secondKeys[function] = next.tie
            secondSigns[function] = next.tieSign
        }
        func better(_ a: Int32, _ aKey: TieKey?, _ b: Int32, _ bKey: TieKey?) -> Int32 {
            guard let bKey else { return a }
            guard let aKey else { return b }
            return aKey < bKey ? b : a
        }
        for function in current.indices where !hasEvent[function] {
            let best = constant < 0 ? nil : firstKeys[Int(constant)]
            constant = better(constant, best, Int32(function), firstKeys[function])
        }
        suffix = [Int32](repeating: -1, count: events.count + 1)
        prefix = [Int32](repeating: -1, count: events.count + 1)
        for e in stride(from: events.count - 1, through: 0, by: -1) {
            let best = suffix[e + 1]
            suffix[e] = better(best, best < 0 ? nil : firstKeys[Int(best)], events[e].function, firstKeys[Int(events[e].function)])
        }
        for e in events.indices {
            let best = prefix[e]
            prefix[e + 1] = better(best, best < 0 ? nil : secondKeys[Int(best)], events[e].function, secondKeys[Int(events[e].function)])
        }
    }

    /// The greatest tie component and its sign before event `e` is applied; nil when none.
    func top(before e: Int) -> (key: TieKey, sign: Double)? {
        var best: (key: TieKey, sign: Double)? = nil
        func consider(_ key: TieKey?, _ sign: Double) {
            guard let key else { return }
            if best.map({ $0.key < key }) ?? true { best = (key, sign) }
        }
        if constant >= 0 { consider(firstKeys[Int(constant)], firstSigns[Int(constant)]) }
        let s = suffix[e]
        if s >= 0 { consider(firstKeys[Int(s)], firstSigns[Int(s)]) }
        let p = prefix[e]
        if p >= 0 { consider(secondKeys[Int(p)], secondSigns[Int(p)]) }
        return best
    }
}

/// The greatest tie component among the functions' current slopes in `pointwiseSum`, in a
/// tournament tree: each node holds the function whose tie wins among the leaves below it (-1: none
/// has one), and a function's new slope replays its path to the root. It replaced a heap with lazy
/// deletion, whose pops of stale entries were 12% of the flat N = 10,000 layout pass (that pass:
/// 126.8 -> 104.4 M instructions, callgrind).
struct TieTree {
    private var width = 1
    private var winner: [Int32]
    /// Per function: its current tie component (meaningful while its leaf is not -1) and sign.
    private var keys: [TieKey]
    private var signs: [Double]

    init(_ slopes: [Slope]) {
        while width < slopes.count { width *= 2 }
        winner = [Int32](repeating: -1, count: 2 * width)
        keys = [TieKey](repeating: TieKey(priority: 0, index: 0), count: slopes.count)
        signs = [Double](repeating: 0, count: slopes.count)
        for (function, slope) in slopes.enumerated() {
            guard let key = slope.tie else { continue }
            keys[function] = key
            signs[function] = slope.tieSign
            winner[width + function] = Int32(function)
        }
        for node in stride(from: width - 1, through: 1, by: -1) {
            winner[node] = better(winner[2 * node], winner[2 * node + 1])
        }
    }

    private func better(_ a: Int32, _ b: Int32) -> Int32 {
        if a < 0 { return b }
        if b < 0 { return a }
        return keys[Int(a)] < keys[Int(b)] ? b : a
    }

    /// Function `function`'s slope is now `slope`.
    mutating func update(_ function: Int, _ slope: Slope) {
        if let key = slope.tie {
            keys[function] = key
            signs[function] = slope.tieSign
            winner[width + function] = Int32(function)
        } else {
            winner[width + function] = -1
        }
        var node = (width + function) / 2
        while node >= 1 {
            winner[node] = better(winner[2 * node], winner[2 * node + 1])
            node /= 2
        }
    }

    /// The greatest current tie component and its sign; nil when no current slope has one.
    var top: (key: TieKey, sign: Double)? {
        let w = winner[1]
        return w < 0 ? nil : (keys[Int(w)], signs[Int(w)])
    }
}

/// The summands of a pointwise sum as ascending pieces: every function's `ascendingPieces`, end to
/// end in one array (one allocation, where each function had its own), function k's at
/// `all[offsets[k]..<offsets[k + 1]]`; and the domain they share, `lo...hi`.
struct SummandPieces {
    private(set) var all: [(end: Double, slope: Slope)] = []
    private(set) var offsets: [Int] = [0]
    private(set) var lo = -Double.infinity
    private(set) var hi = Double.infinity

    init(_ functions: [CostFunction]) {
        offsets.reserveCapacity(functions.count + 1)
        var pieceCount = 0
        for function in functions { pieceCount += function.left.count + function.right.count }
        all.reserveCapacity(pieceCount)
        for function in functions {
            let base = all.count
            var x = function.anchor
            for segment in function.left {
                all.append((x, segment.slope))
                x -= segment.length
            }
            let start = x
            all[base...].reverse()
            x = function.anchor
            for segment in function.right {
                x += segment.length
                all.append((x, segment.slope))
            }
            lo = max(lo, start)
            hi = min(hi, all.count > base ? all[all.count - 1].end : start)
            offsets.append(all.count)
        }
    }

    /// Each function's slope at `lo`, the events where one function's slope changes strictly inside
    /// `(lo, hi)` (by place, then function), and whether no function changes slope twice.
    func events() -> (current: [Slope], events: [(x: Double, function: Int32, piece: Int32)], oneEventEach: Bool) {
        let count = offsets.count - 1
        var current: [Slope] = []
        current.reserveCapacity(count)
        var events: [(x: Double, function: Int32, piece: Int32)] = []
        events.reserveCapacity(all.count)
        var oneEventEach = true
        for index in 0..<count {
            let first = offsets[index]
            let pieceCount = offsets[index + 1] - first
            var k = 0
            while k < pieceCount - 1 && all[first + k].end <= lo { k += 1 }
            current.append(all[first + k].slope)
            var j = k
            while j < pieceCount - 1 && all[first + j].end < hi {
                events.append((all[first + j].end, Int32(index), Int32(j + 1)))
                j += 1
            }
            if j > k + 1 { oneEventEach = false }
        }
        events.sort { $0.x != $1.x ? $0.x < $1.x : $0.function < $1.function }
        return (current, events, oneEventEach)
    }
}
