// Convex piecewise-linear cost functions of one length, with lexicographic slopes (Slope.swift).

/// One linear piece: `length` units (possibly infinite) at `slope`, owned by child `owner` of a merge.
struct Segment: Equatable {
    var length: Double
    var slope: Slope
    var owner: Int32
    var order: Int32
}

/// A convex piecewise-linear function, stored around a minimiser: `anchor` is a point where 0 is a
/// subgradient; `right` lists the pieces to its right with ascending slopes (all >= 0), `left` the
/// pieces to its left going outwards with descending slopes (all <= 0). The domain ends where a list
/// ends with finite lengths (required bounds); an infinite last piece leaves it open.
struct CostFunction {
    var anchor: Double
    var right: SegmentList
    var left: SegmentList
    /// The terms of this function's slopes past their inline four (see `Levels`): empty unless a
    /// slope spans more than four priority levels.
    var extra: [LevelTerm] = []

    init(anchor: Double, right: SegmentList, left: SegmentList, extra: [LevelTerm] = []) {
        (self.anchor, self.right, self.left, self.extra) = (anchor, right, left, extra)
    }

    /// A function whose sides are built as arrays (pieces computed, mapped or literal).
    init(anchor: Double, right: [Segment], left: [Segment], extra: [LevelTerm] = []) {
        self.init(anchor: anchor, right: SegmentList(right), left: SegmentList(left), extra: extra)
    }

    /// A function defined at one point only (an explicit size, a hidden item's length).
    static func point(_ value: Double) -> CostFunction { CostFunction(anchor: value, right: [], left: []) }

    /// Zero everywhere: a length nothing prefers.
    static let free = CostFunction(
        anchor: 0, right: [Segment(length: .infinity, slope: .zero, owner: 0, order: 0)],
        left: [Segment(length: .infinity, slope: .zero, owner: 0, order: 1)])

    /// `|length - target|` at a priority: a constraint `length == target @priority`.
    static func absolute(target: Double, priority: Double, index: Int) -> CostFunction {
        CostFunction(
            anchor: target,
            right: [Segment(length: .infinity, slope: .constraint(priority: priority, index: index, sign: 1), owner: 0, order: 0)],
            left: [Segment(length: .infinity, slope: .constraint(priority: priority, index: index, sign: -1), owner: 0, order: 1)])
    }

    /// Whether this function is `other` moved: the same pieces, whatever the anchors.
    func hasPieces(of other: CostFunction) -> Bool {
        right == other.right && left == other.left && extra == other.extra
    }

    /// The greatest feasible length (may be infinite).
    var upperEnd: Double { right.reduce(anchor) { $0 + $1.length } }
    /// The least feasible length (may be minus infinity).
    var lowerEnd: Double { left.reduce(anchor) { $0 - $1.length } }

    /// Whether `value` is feasible, with the solver's tolerance.
    func contains(_ value: Double) -> Bool {
        let slack = structuredTolerance * max(1, abs(value))
        return value >= lowerEnd - slack && value <= upperEnd + slack
    }

    /// Whether the minimiser is a single point (no zero-slope piece next to the anchor).
    var hasUniqueMinimum: Bool {
        !(right.first?.slope.isZero(extra) ?? false) && !(left.first?.slope.isZero(extra) ?? false)
    }

    /// `f(x - offset)`.
    func shifted(by offset: Double) -> CostFunction {
        var copy = self
        copy.anchor += offset
        return copy
    }

    /// `f((x - offset) / factor)` for a positive factor (fillEqually: k equal lengths plus spacing).
    func stretched(by factor: Double, offset: Double) -> CostFunction {
        func scale(_ s: Segment) -> Segment {
            Segment(length: s.length * factor, slope: s.slope.scaledInline(by: 1 / factor), owner: s.owner, order: s.order)
        }
        let scaledExtra = extra.map { LevelTerm(priority: $0.priority, coefficient: $0.coefficient * (1 / factor)) }
        return CostFunction(anchor: anchor * factor + offset, right: right.map(scale), left: left.map(scale), extra: scaledExtra)
    }

    /// `min over y <= x of f(y)`: an item that may be shorter than its container at no cost.
    var monotoneEnvelope: CostFunction {
        CostFunction(anchor: anchor, right: CostFunction.flatRight, left: left, extra: extra)
    }

    /// One infinite zero-slope piece as a right side, shared: `monotoneEnvelope` takes it without
    /// allocating (one allocation per item across a weakly aligned stack before).
    static let flatRight: SegmentList = [Segment(length: .infinity, slope: .zero, owner: 0, order: 0)]

    /// `f(x) + |x - target|` at one constraint's priority (ambiguity suppression, canvas fit): the
    /// pointwise sum with `absolute`, without the general sweep.
    func addingAbsolute(target: Double, priority: Double, index: Int) -> CostFunction? {
        if let direct = addingAbsoluteBelowAnchor(target: target, priority: priority, index: index) { return direct }
        let (start, pieces) = ascendingPieces()
        guard !pieces.isEmpty else { return self }
        let up = Slope.constraint(priority: priority, index: index, sign: 1)
        let down = Slope.constraint(priority: priority, index: index, sign: -1)
        var result: [(end: Double, slope: Slope)] = []
        result.reserveCapacity(pieces.count + 1)
        var spill: [LevelTerm] = []
        var previous = start
        for piece in pieces {
            if piece.end <= target {
                result.append((piece.end, Slope.sum(piece.slope, down, extra: extra, spill: &spill)))
            } else if previous >= target {
                result.append((piece.end, Slope.sum(piece.slope, up, extra: extra, spill: &spill)))
            } else {
                result.append((target, Slope.sum(piece.slope, down, extra: extra, spill: &spill)))
                result.append((piece.end, Slope.sum(piece.slope, up, extra: extra, spill: &spill)))
            }
            previous = piece.end
        }
        return CostFunction.fromPieces(start: start, result, extra: spill)
    }

    /// `addingAbsolute` without the sweep, for a function of one infinite piece on each side (a
    /// leaf's content-size function) and a target below its anchor (the usual suppression and fit:
    /// target 0): what the sweep and `fromPieces` build, written out. The sweep's pieces are
    /// (-inf, target) at `left + down`, (target, anchor) at `left + up`, (anchor, inf) at
    /// `right + up`, and the minimiser is where the first of these slopes that is >= 0 starts.
    /// Nil when the shape or the minimiser is another (the general code handles it).
    /// Nested N = 1,000 layout pass: 9% fewer instructions (callgrind, 16.96 -> 15.38 M per pass).
    private func addingAbsoluteBelowAnchor(target: Double, priority: Double, index: Int) -> CostFunction? {
        guard left.count == 1, right.count == 1, left[0].length == .infinity, right[0].length == .infinity,
              target < anchor, anchor.isFinite, target.isFinite else { return nil }
        let up = Slope.constraint(priority: priority, index: index, sign: 1)
        let down = Slope.constraint(priority: priority, index: index, sign: -1)
        var spill: [LevelTerm] = []
        let below = Slope.sum(left[0].slope, down, extra: extra, spill: &spill)
        let between = Slope.sum(left[0].slope, up, extra: extra, spill: &spill)
        let above = Slope.sum(right[0].slope, up, extra: extra, spill: &spill)
        guard below.sign(spill) < 0 else { return nil }
        let inner = anchor - target
        if between.sign(spill) >= 0 {
            // Minimiser at the target.
            return CostFunction(
                anchor: target,
                right: [Segment(length: inner, slope: between, owner: 0, order: 0),
                        Segment(length: .infinity, slope: above, owner: 0, order: 1)],
                left: [Segment(length: .infinity, slope: below, owner: 0, order: 0)], extra: spill)
        }
        guard above.sign(spill) >= 0 else { return nil }
        // Minimiser at the anchor.
        return CostFunction(
            anchor: anchor,
            right: [Segment(length: .infinity, slope: above, owner: 0, order: 0)],
            left: [Segment(length: inner, slope: between, owner: 0, order: 0),
                   Segment(length: .infinity, slope: below, owner: 0, order: 1)], extra: spill)
    }

    /// The pieces in ascending position: the start (lowest end) and each piece's end and slope.
    func ascendingPieces() -> (start: Double, pieces: [(end: Double, slope: Slope)]) {
        var pieces: [(end: Double, slope: Slope)] = []
        pieces.reserveCapacity(left.count + right.count)
        // Left pieces from the anchor outwards (each ends where the previous one starts), then reversed.
        var x = anchor
        for segment in left {
            pieces.append((x, segment.slope))
            x -= segment.length
        }
        let start = x
        pieces.reverse()
        x = anchor
        for segment in right {
            x += segment.length
            pieces.append((x, segment.slope))
        }
        return (start, pieces)
    }

    /// Builds a function from ascending pieces whose slopes' overflow terms are in `extra`; nil when
    /// it is unbounded below (no minimiser).
    static func fromPieces(start: Double, _ pieces: [(end: Double, slope: Slope)], extra: [LevelTerm]) -> CostFunction? {
        guard !pieces.isEmpty else { return start.isFinite ? .point(start) : nil }
        func startOf(_ k: Int) -> Double { k == 0 ? start : pieces[k - 1].end }
        func segment(_ k: Int, order: Int) -> Segment {
            let length = pieces[k].end - startOf(k)
            return Segment(length: length.isNaN ? .infinity : length, slope: pieces[k].slope, owner: 0, order: Int32(order))
        }
        // The first piece whose slope is >= 0: the minimiser is where it starts.
        var k = 0
        while k < pieces.count && pieces[k].slope.sign(extra) < 0 { k += 1 }
        var anchor: Double
        if k == pieces.count {
            guard let last = pieces.last, last.end.isFinite else { return nil }
            anchor = last.end
        } else if k == 0 && !start.isFinite {
            guard pieces[0].slope.isZero(extra) else { return nil }
            guard pieces[0].end.isFinite else { return .free }
            // A flat piece from minus infinity: anchor at its end, the piece goes to the left side.
            anchor = pieces[0].end
            k = 1
        } else {
            anchor = startOf(k)
        }
        var right = SegmentList()
        right.reserveCapacity(pieces.count - k)
        for j in k..<pieces.count {
            let s = segment(j, order: right.count)
            if s.length > 0 { right.append(s) }
        }
        var left = SegmentList()
        left.reserveCapacity(k)
        for j in stride(from: k - 1, through: 0, by: -1) {
            let s = segment(j, order: left.count)
            if s.length > 0 { left.append(s) }
        }
        return CostFunction(anchor: anchor, right: right, left: left, extra: extra)
    }
}

/// The result of merging children along an axis (infimal convolution): the merged function, whose
/// segments name their child as `owner`, and how many children own a zero-slope piece at the anchor
/// (more than one makes a length inside that flat region ambiguous).
struct Merge {
    var function: CostFunction
    var zeroOwners: Int
    var zeroBelow: Double
    var zeroAbove: Double
}

/// Infimal convolution: the least total cost of lengths adding up to x. Each child's pieces are
/// taken cheapest first, so when two pieces tie on every priority the earlier constraint's piece
/// (the smaller tie component) comes first: the earliest item absorbs, as the tie rule says.
func merge(_ functions: [CostFunction]) -> Merge {
    // Slopes past four levels: one `extra` for all children, each child's overflow offsets moved.
    var functions = functions
    let extra = concatenatedExtra(&functions)
    var anchor = 0.0
    for function in functions { anchor += function.anchor }
    var zeroOwnerSet: [Int32] = []
    var zeroBelow = 0.0
    var zeroAbove = 0.0
    func side(_ pick: (CostFunction) -> SegmentList, ascending: Bool, zeroTotal: inout Double) -> SegmentList {
        // The first infinite piece in slope order ends the list: nothing after it is ever used.
        var bound: Segment? = nil
        var total = 0
        for (owner, function) in functions.enumerated() {
            let segments = pick(function)
            total += segments.count
            for segment in segments where segment.slope.isZero(extra) {
                zeroTotal += segment.length
                if !zeroOwnerSet.contains(Int32(owner)) { zeroOwnerSet.append(Int32(owner)) }
            }
            if let last = segments.last, last.length == .infinity {
                var candidate = last
                candidate.owner = Int32(owner)
                if let current = bound {
                    let c = Slope.compare(candidate.slope, current.slope, extra)
                    if ascending ? c < 0 : c > 0 { bound = candidate }
                } else {
                    bound = candidate
                }
            }
        }
        var kept: [Segment] = []
        kept.reserveCapacity(bound == nil ? total : 8)
        for (owner, function) in functions.enumerated() {
            for (order, var segment) in pick(function).enumerated() {
                segment.owner = Int32(owner)
                segment.order = Int32(order)
                if let bound {
                    let c = Slope.compare(segment.slope, bound.slope, extra)
                    if ascending ? c > 0 : c < 0 { break }
                }
                kept.append(segment)
            }
        }
        kept.sort { a, b in
            if a.owner == b.owner { return a.order < b.order }
            let c = Slope.compare(a.slope, b.slope, extra)
            if c != 0 { return ascending ? c < 0 : c > 0 }
            return a.owner < b.owner
        }
        if let cut = kept.firstIndex(where: { $0.length == .infinity }) {
            kept.removeSubrange((cut + 1)...)
        }
        return SegmentList(kept)
    }
    let right = side({ $0.right }, ascending: true, zeroTotal: &zeroAbove)
    let left = side({ $0.left }, ascending: false, zeroTotal: &zeroBelow)
    return Merge(function: CostFunction(anchor: anchor, right: right, left: left, extra: extra),
                 zeroOwners: zeroOwnerSet.count, zeroBelow: zeroBelow, zeroAbove: zeroAbove)
}

/// Splits `total` among the merged children: writes each child's length into `values`; false when
/// the total is outside the domain (a required conflict) or the split is not unique (ambiguity).
/// `anchors` are the children's own anchors.
func split(_ merged: Merge, total: Double, anchors: [Double], into values: inout [Double]) -> Bool {
    let f = merged.function
    values.removeAll(keepingCapacity: true)
    values.append(contentsOf: anchors)
    let remaining = total - f.anchor
    let slack = structuredTolerance * max(1, abs(total))
    if merged.zeroOwners > 1, remaining < merged.zeroAbove - slack, remaining > -merged.zeroBelow + slack {
        return false
    }
    let upward = remaining >= 0
    var rest = abs(remaining)
    for segment in upward ? f.right : f.left {
        guard rest > 0 else { break }
        let take = min(segment.length, rest)
        values[Int(segment.owner)] += upward ? take : -take
        rest -= take
    }
    return rest <= slack
}

/// Pointwise sum of functions of the same length (items across a stack, fillEqually items); nil
/// when their domains do not meet (a required conflict) or the sum has no minimum.
func pointwiseSum(_ functions: [CostFunction]) -> CostFunction? {
    guard let first = functions.first else { return .free }
    if functions.count == 1 { return first }
    var functions = functions
    let extra = concatenatedExtra(&functions)
    let summands = SummandPieces(functions)
    let (lo, hi) = (summands.lo, summands.hi)
    let slack = structuredTolerance * max(1, abs(lo.isFinite ? lo : 0), abs(hi.isFinite ? hi : 0))
    guard lo <= hi + slack else { return nil }
    if lo >= hi - slack {
        // A single feasible point.
        return .point(lo.isFinite ? lo : hi)
    }
    let count = functions.count
    let (start, events, oneEventEach) = summands.events()
    var current = start
    let all = summands.all
    let offsets = summands.offsets
    var sum = LevelSum(all, extra: extra)
    // The sum's tie component is the greatest of the current slopes' (their constraints are
    // distinct): up to 16 functions a scan of `current` finds it, with fewer steps than the tree;
    // when no function changes slope twice (leaves: one piece each side), prefix and suffix maxima
    // over the events give it without the tree's updates.
    let scan = count <= 16
    let sweep = scan || !oneEventEach ? nil : OneEventTies(current: current, events: events) { all[offsets[$0] + $1].slope }
    var tree = TieTree(scan || sweep != nil ? [] : current)
    for slope in current {
        sum.add(slope.levels, factor: 1, extra: extra)
    }
    var spill: [LevelTerm] = []
    var e = 0
    func total() -> Slope {
        let levels = sum.levels(spill: &spill)
        if let sweep {
            guard let top = sweep.top(before: e) else { return Slope(levels: levels, tie: nil, tieSign: 0) }
            return Slope(levels: levels, tie: top.key, tieSign: top.sign)
        }
        if scan {
            var tie: TieKey? = nil
            var tieSign = 0.0
            for slope in current {
                if let key = slope.tie, tie.map({ $0 < key }) ?? true {
                    tie = key
                    tieSign = slope.tieSign
                }
            }
            return Slope(levels: levels, tie: tie, tieSign: tieSign)
        }
        guard let top = tree.top else { return Slope(levels: levels, tie: nil, tieSign: 0) }
        return Slope(levels: levels, tie: top.key, tieSign: top.sign)
    }
    var pieces: [(end: Double, slope: Slope)] = []
    pieces.reserveCapacity(events.count + 1)
    while e < events.count {
        let x = events[e].x
        pieces.append((x, total()))
        while e < events.count && events[e].x == x {
            let index = Int(events[e].function)
            let next = all[offsets[index] + Int(events[e].piece)].slope
            sum.add(next.levels, factor: 1, extra: extra)
            sum.add(current[index].levels, factor: -1, extra: extra)
            current[index] = next
            if !scan && sweep == nil { tree.update(index, next) }
            e += 1
        }
    }
    pieces.append((hi, total()))
    return CostFunction.fromPieces(start: lo, pieces, extra: spill)
}
