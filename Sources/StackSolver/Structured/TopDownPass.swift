import StackIR

/// The structured solver's top-down pass: the root's length split down the tree, along each axis, into
/// every item's position and length (the cost functions it splits by come from StructuredSolver.swift).
extension StructuredLayout {
    /// The top-down pass: frames for a root size (nil: natural). Throws why when the layout has a
    /// required conflict or is ambiguous at this size, or a stack is given a length where its cost
    /// is not exact (the general solver then answers).
    func frames(width: Double?, height: Double?) throws(FallbackReason) -> LayoutSolution {
        var scratch = TopDownScratch()
        return try frames(width: width, height: height, scratch: &scratch)
    }

    /// The top-down pass with buffers and frames kept between solves: an axis whose root length did
    /// not change since the last solve with this scratch is not revisited (the two axes share no
    /// variable), and frames are written into the previous buffer when nobody else holds it.
    /// `scratch` must be reset (`invalidate`) whenever the cost functions change.
    func frames(width: Double?, height: Double?, scratch: inout TopDownScratch) throws(FallbackReason) -> LayoutSolution {
        if let reason = startReasons.first { throw reason }
        let n = model.count
        if scratch.position.count != 2 * n || scratch.frames.count != model.itemCount {
            scratch.invalidate()
            scratch.position = [Double](repeating: 0, count: 2 * n)
            scratch.length = [Double](repeating: 0, count: 2 * n)
            scratch.frames = [Frame](repeating: .zero, count: model.itemCount)
            scratch.determined = [Determination](repeating: .all, count: model.itemCount)
            scratch.baselines = Array(repeating: BaselinePair(first: 0, last: 0), count: model.itemCount)
        }
        var rootLengths = (0.0, 0.0)
        for axis in axes {
            let requested = axis == 0 ? width : height
            let value: Double
            if let requested, requested.isFinite, abs(requested) <= 1e15 {
                // `outer[axis].contains(requested)` without copying the function.
                guard outerContains(axis, requested) else { throw .conflict(node: 0, axis: Axis(slot: axis)) }
                value = requested
            } else {
                let root = outer[axis]
                guard root.hasUniqueMinimum, root.anchor.isFinite else { throw .ambiguous(node: 0, axis: Axis(slot: axis)) }
                value = root.anchor
            }
            if axis == 0 { rootLengths.0 = value } else { rootLengths.1 = value }
        }
        for axis in axes {
            let value = axis == 0 ? rootLengths.0 : rootLengths.1
            let solved = axis == 0 ? scratch.solvedLength.0 : scratch.solvedLength.1
            // Bit-equal root length, unchanged functions: this axis's frames are already the answer.
            if let solved, solved.bitPattern == value.bitPattern { continue }
            if axis == 0 { scratch.solvedLength.0 = nil } else { scratch.solvedLength.1 = nil }
            if let reason = layOut(axis: axis, rootLength: value, scratch: &scratch) { throw reason }
            if axis == 0 { scratch.solvedLength.0 = value } else { scratch.solvedLength.1 = value }
        }
        // One axis alone is merged with the other's solve, which reports ambiguity from both axes'
        // determinations (AxisSplit.swift).
        return LayoutSolution(
            frames: scratch.frames, determined: scratch.determined, baselines: scratch.baselines,
            findings: axes.count == 2 ? model.looseFindings : [], brokenConstraints: [], pivots: 0)
    }

    /// One axis of the top-down pass: splits the root length down the tree and writes the rounded
    /// positions and lengths along `axis` into `scratch.frames`; why it declines (a conflict, an
    /// ambiguity, a length where a stack's cost is not exact), nil when it does not (`joint`: JointPlacement.swift).
    func layOut(axis: Int, rootLength: Double, scratch: inout TopDownScratch, joint: JointPlacement? = nil) -> FallbackReason? {
        // Taken out of the scratch so the loops below access uniquely held locals.
        var position = scratch.position
        var length = scratch.length
        var lengths = scratch.lengths
        var shares: [Double] = []
        var frames = scratch.frames
        var determined = scratch.determined
        var baselines = scratch.baselines
        scratch.position = []
        scratch.length = []
        scratch.lengths = []
        scratch.frames = []
        scratch.determined = []
        scratch.baselines = []
        defer {
            scratch.position = position
            scratch.length = length
            scratch.lengths = lengths
            scratch.frames = frames
            scratch.determined = determined
            scratch.baselines = baselines
        }
        // Buffer pointers: no bounds or uniqueness checks in the loops that touch every node
        // (n <= frames.count and 2 * n == position.count == length.count, checked in `frames`).
        return position.withUnsafeMutableBufferPointer { position in
            length.withUnsafeMutableBufferPointer { length in
                frames.withUnsafeMutableBufferPointer { frames in
                    crossAnchor.withUnsafeBufferPointer { crossAnchor in
                        model.hidden.withUnsafeBufferPointer { hidden in
                            model.childList.withUnsafeBufferPointer { childList in
                                let buffers = TopDownBuffers(
                                    position: position, length: length, frames: FrameAxis(frames: frames, axis: axis),
                                    crossAnchor: crossAnchor, hidden: hidden, childList: childList)
                                return layOut(axis: axis, rootLength: rootLength, buffers: buffers, lengths: &lengths,
                                              shares: &shares, determined: &determined, baselines: &baselines, joint: joint)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The body of `layOut`: each frame along the axis is rounded and stored once its place is known;
    /// children's slots are `2 &* child &+ axis`, without overflow checks (the slots exist, see `layOut`).
    private func layOut(axis: Int, rootLength: Double, buffers: TopDownBuffers, lengths: inout [Double],
                        shares: inout [Double], determined: inout [Determination], baselines: inout [BaselinePair],
                        joint: JointPlacement?) -> FallbackReason? {
        buffers.position[axis] = 0
        buffers.length[axis] = rootLength
        buffers.frames.set(0, rounded(0, rootLength))
        /// Along one axis only: the other axis's determination is free for a guide.
        let guideDetermination = axis == 0 ? Determination(x: true, y: false, width: true, height: false)
            : Determination(x: false, y: true, width: false, height: true)
        // Local copies of the arrays read per stack: retained once, not on every access in the loop.
        let stackAxes = model.stackAxis
        let childStart = model.childStart
        let margins = model.margins
        let marginsGuides = model.marginsGuide
        for index in parents {
            if let joint, joint.spine[index] {
                place(buffers.childList[childStart[index]..<childStart[index + 1]], axis: axis, joint: joint, buffers: buffers)
                continue
            }
            var lead = 0.0
            var insetTotal = 0.0
            if let m = margins[index] {
                lead = axis == 0 ? m.leading : m.top
                insetTotal = axis == 0 ? m.leading + m.trailing : m.top + m.bottom
            }
            let canvas = Canvas(start: buffers.position[2 * index + axis] + lead, length: buffers.length[2 * index + axis] - insetTotal)
            if let guide = marginsGuides[index] {
                buffers.frames.set(guide, rounded(canvas.start, canvas.length))
            }
            do {
                if axis == Int(stackAxes[index]) {
                    if model.distribution[index] == .equalCentering && model.visibleCount[index] > 2 {
                        guard placeEqualCentering(index, axis: axis, canvasStart: canvas.start, canvasLength: canvas.length, buffers: buffers,
                                                  determined: &determined, guideDetermination: guideDetermination) else {
                            return .equalCenteringSqueezed(stack: index, axis: Axis(slot: axis))
                        }
                    } else {
                        let gap = try splitAlong(index, axis: axis, canvas: canvas, buffers: buffers, lengths: &lengths, shares: &shares)
                        placeAlong(index, axis: axis, canvas: canvas, lengths: lengths, gap: gap, buffers: buffers,
                                   determined: &determined, guideDetermination: guideDetermination)
                    }
                } else {
                    try placeAcross(index, axis: axis, canvas: canvas, buffers: buffers, lengths: &lengths,
                                    determined: &determined, guideDetermination: guideDetermination)
                }
            } catch {
                return error
            }
        }
        // A loose hidden item and everything inside it move together, to where its last item
        // (LooseHidden.swift) is nearest 0; nothing decides where any of them is.
        for loose in model.looseHidden where Int(stackAxes[loose.stack]) == axis && joint?.spine[loose.stack] != true {
            let (nodes, guides) = loose.placed(in: model, axis: axis)
            let slot = 2 * loose.item + axis
            let anchor = 2 * loose.anchor + axis
            let offset = loose.position(anchorStart: buffers.position[anchor], anchorLength: buffers.length[anchor],
                                        length: buffers.length[slot], last: buffers.position[2 * (nodes.max() ?? loose.item) + axis] - buffers.position[slot])
                - buffers.position[slot]
            for node in nodes {
                buffers.position[2 * node + axis] += offset
                buffers.frames.set(node, rounded(buffers.position[2 * node + axis], buffers.length[2 * node + axis]))
                if axis == 0 { determined[node].x = false } else { determined[node].y = false }
            }
            for guide in guides {
                buffers.frames.move(guide, to: rounded(buffers.frames.start(of: guide) + offset))
                if axis == 0 { determined[guide].x = false } else { determined[guide].y = false }
            }
        }
        if axis == 1 {
            // The baselines the IR defines: a fixed depth below the top or the bottom (a stack's
            // depth is its item's, see `StructuredModel`), rounded like frames.
            for node in model.baselineNodes {
                let top = buffers.position[2 * node + 1]
                let height = buffers.length[2 * node + 1]
                func value(_ place: BaselinePlace?) -> Double { place.map { rounded(top + $0.depth(length: height)) } ?? 0 }
                baselines[node] = BaselinePair(first: value(model.firstBaseline[node]), last: value(model.lastBaseline[node]))
            }
        }
        return nil
    }

    /// A stack's items across its axis: each spans the canvas (fill), sits by its alignment at its
    /// own length (at most the canvas's), or on the row's baseline.
    private func placeAcross(_ index: Int, axis: Int, canvas: Canvas, buffers: TopDownBuffers, lengths: inout [Double],
                             determined: inout [Determination], guideDetermination: Determination) throws(FallbackReason) {
        let position = buffers.position
        let length = buffers.length
        let frames = buffers.frames
        let hidden = buffers.hidden
        let crossAnchor = buffers.crossAnchor
        let childList = buffers.childList
        // Indices into the buffer, not a slice of it: a slice checks every subscript against its bounds.
        let children = model.childStart[index]..<model.childStart[index + 1]
        let alignment = model.alignment[index]
        if alignment == .fill {
            let start = rounded(canvas.start)
            let value = rounded(canvas.length)
            for k in children {
                let child = childList[k]
                position[2 &* child &+ axis] = canvas.start
                length[2 &* child &+ axis] = canvas.length
                frames.set(child, start: start, length: value)
            }
            return
        }
        if model.baselineRow[index] && children.count > 1 {
            if let row = hangingRows[index] {
                try placeHangingRow(index, row: row, axis: axis, canvasStart: canvas.start, canvasLength: canvas.length, lengths: &lengths,
                                    buffers: buffers, determined: &determined, guideDetermination: guideDetermination)
                return
            }
            if alignment == .lastBaseline {
                guard placeLastBaselineRow(index, axis: axis, canvasStart: canvas.start, canvasLength: canvas.length, buffers: buffers,
                                           determined: &determined, guideDetermination: guideDetermination) else {
                    throw .outsideExactRange(stack: index, axis: Axis(slot: axis))
                }
                return
            }
            if model.uikit == .current {
                try placeTopBoundedRow(index, axis: axis, canvasStart: canvas.start, canvasLength: canvas.length, buffers: buffers,
                                       determined: &determined, guideDetermination: guideDetermination)
                return
            }
            guard placeBaselineRow(index, axis: axis, canvasStart: canvas.start, canvasLength: canvas.length, lengths: &lengths,
                                   position: position, length: length) else { throw .ambiguous(node: index, axis: Axis(slot: axis)) }
            for k in children {
                let child = childList[k]
                frames.set(child, rounded(position[2 &* child &+ axis], length[2 &* child &+ axis]))
            }
        } else {
            // Out of the loop: evaluated per item, it was 5% of a nested N = 1,000 resize.
            let baselineAligned = alignment.isBaseline
            for k in children {
                let child = childList[k]
                let anchor = crossAnchor[2 &* child &+ axis]
                let value = hidden[child] ? anchor : min(canvas.length, anchor)
                // A baseline-aligned item (one item, or a vertical stack) has both canvas edges
                // weak: shorter than the canvas, it could sit anywhere (ambiguous).
                if baselineAligned && !hidden[child]
                    && value < canvas.length - structuredTolerance * max(1, abs(canvas.length)) { throw .ambiguous(node: child, axis: Axis(slot: axis)) }
                let start: Double
                switch alignment {
                case .leading: start = canvas.start
                case .trailing: start = canvas.start + canvas.length - value
                default: start = canvas.start + (canvas.length - value) / 2
                }
                position[2 &* child &+ axis] = start
                length[2 &* child &+ axis] = value
                frames.set(child, rounded(start, value))
            }
        }
        if let guide = model.spannerGuide[index] {
            frames.set(guide, rounded(canvas.start, canvas.length))
            if determined[guide] != guideDetermination { determined[guide] = guideDetermination }
        }
    }

    /// `outer[slot].contains(value)` from the domain ends kept by `update`.
    func outerContains(_ slot: Int, _ value: Double) -> Bool {
        let slack = structuredTolerance * max(1, abs(value))
        return value >= outerLower[slot] - slack && value <= outerUpper[slot] + slack
    }


    /// `(rounded(a), rounded(b))`: an item's position and length at once, in the two lanes of SIMD
    /// registers when both are in the fast path's range (the same operations on each lane, so the
    /// same bits). Nested N = 1,000 resize (profile loop): rounding took ~1.6 of 6.2 us; 6.6 -> 5.7 us
    /// with this (medians of interleaved runs).
    @inline(__always)
    func rounded(_ a: Double, _ b: Double) -> (Double, Double) {
        let v = SIMD2(a, b)
        let limit = SIMD2<Double>(repeating: 2.2e6)
        guard all((v .< limit) .& (v .> -limit)) else { return (rounded(a), rounded(b)) }
        let magic = SIMD2<Double>(repeating: 6755399441055744.0)
        let scaled = ((v * 1e9 + magic) - magic) * 1e-9
        let whole = (v + magic) - magic .== v
        let result = scaled.replacing(with: v, where: whole) + SIMD2<Double>(repeating: 0)
        return (result[0], result[1])
    }

    /// The general solver's rounding: to 1e-9, no negative zero.
    @inline(__always)
    func rounded(_ value: Double) -> Double {
        // Ties to even and a multiplication (two fast instructions; a division cost 40% of a resize)
        // where the general solver rounds ties away and divides: they differ by at most an ulp or on
        // exact half-nanometre ties, far below the 1e-6 frames are compared to.
        // Both candidates are computed and one selected: whether a coordinate is whole is
        // data-dependent and a branch on it was mispredicted half the time. Same results as
        // branching: whole values (infinity too) pass through, a NaN becomes 0, and `+ 0` turns -0
        // into 0 and changes nothing else. Nested N = 1,000 resize (profile loop): 18.2 us with a
        // branch and libm calls, 12.2 us with this and `nearestEven`.
        // Coordinates below 2.2e6 (|value * 1e9| < 2^51) take one range check and no NaN check
        // (a NaN fails the check): the same operations as `nearestEven` on both values.
        // Nested N = 1,000 resize (profile loop): 10.3 -> 8.95 us.
        if abs(value) < 2.2e6 {
            let magic = 6755399441055744.0
            let scaled = ((value * 1e9 + magic) - magic) * 1e-9
            return ((value + magic) - magic == value ? value : scaled) + 0
        }
        let scaled = nearestEven(value * 1e9) * 1e-9
        let chosen = nearestEven(value) == value ? value : scaled
        return (chosen.isNaN ? 0 : chosen) + 0
    }
}

/// `x.rounded(.toNearestOrEven)` without a libm call (the baseline x86-64 target has no rounding
/// instruction, so `rounded` calls `rint`): adding and subtracting 1.5 * 2^52 rounds to an integer
/// in the default rounding mode, exactly for |x| < 2^51; larger values take the library call.
func nearestEven(_ x: Double) -> Double {
    let magic = 6755399441055744.0
    return abs(x) < 2251799813685248.0 ? (x + magic) - magic : x.rounded(.toNearestOrEven)
}

/// What the top-down pass reads and writes per node, as buffer pointers (valid during one `layOut`).
struct TopDownBuffers {
    let position: UnsafeMutableBufferPointer<Double>
    let length: UnsafeMutableBufferPointer<Double>
    let frames: FrameAxis
    let crossAnchor: UnsafeBufferPointer<Double>
    let hidden: UnsafeBufferPointer<Bool>
    let childList: UnsafeBufferPointer<Int>
}

/// The frames' position and length along one axis, written through a buffer pointer.
struct FrameAxis {
    let frames: UnsafeMutableBufferPointer<Frame>
    let axis: Int

    /// Sets item `item`'s position and length along the axis (values already rounded).
    @inline(__always)
    func set(_ item: Int, _ rounded: (start: Double, length: Double)) {
        set(item, start: rounded.start, length: rounded.length)
    }

    /// Item `item`'s position along the axis.
    func start(of item: Int) -> Double { axis == 0 ? frames[item].x : frames[item].y }

    /// Moves item `item` to `start` along the axis, its length kept (`start` already rounded).
    func move(_ item: Int, to start: Double) {
        if axis == 0 { frames[item].x = start } else { frames[item].y = start }
    }

    @inline(__always)
    func set(_ item: Int, start: Double, length: Double) {
        if axis == 0 {
            frames[item].x = start
            frames[item].width = length
        } else {
            frames[item].y = start
            frames[item].height = length
        }
    }
}

/// Buffers and results the top-down pass keeps between solves.
struct TopDownScratch {
    /// Per node and axis (`2 * node + axis`): position and length before rounding.
    var position: [Double] = []
    var length: [Double] = []
    var lengths: [Double] = []
    /// The last solve's frames, determinations and baselines.
    var frames: [Frame] = []
    var determined: [Determination] = []
    var baselines: [BaselinePair] = []
    /// Per axis: the root length `frames` hold along that axis; nil when stale.
    var solvedLength: (Double?, Double?) = (nil, nil)

    /// Forgets every kept result (after the cost functions or the layout changed).
    mutating func invalidate() {
        self = TopDownScratch()
    }
}
