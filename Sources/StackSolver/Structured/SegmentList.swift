// One side of a cost function (PiecewiseLinear.swift): its pieces in order, a lone simple one inline.
//
// Most functions have one piece a side: a leaf's content size hugs on one side and resists
// compression on the other, each a single infinite piece at one constraint's slope, and a flat
// envelope is one piece of slope zero. As arrays those are two heap allocations per leaf and axis,
// retained on every read of the function and released on every drop. A lone piece whose slope is one
// constraint's or zero is kept in 32 bytes inline instead, and read back as the same `Segment`: the
// solve from the IR of a flat row of 10,000 labels takes 5.1 ms rather than 7.3. A whole `Segment`
// inline (104 bytes) makes every function nine times larger, and copying and paging that in costs
// more than the allocations it saves (the flat row's layout pass 40% slower). Every other side is
// an array.

/// A side's pieces: one simple piece inline (`Lone`), or an array (none: an empty one).
struct SegmentList: Equatable {
    /// A piece whose slope is `Slope.constraint(priority:index:sign:)` of these, or zero (`sign` 0).
    private struct Lone {
        var length: Double
        var priority: Double
        var index: Int32
        var sign: Float
        var owner: Int32
        var order: Int32

        init(length: Double, priority: Double, index: Int32, sign: Float) {
            (self.length, self.priority, self.index, self.sign, owner, order) = (length, priority, index, sign, 0, 0)
        }

        init?(_ segment: Segment) {
            (length, owner, order) = (segment.length, segment.owner, segment.order)
            if segment.slope == .zero {
                (priority, index, sign) = (0, -1, 0)
            } else if let parts = segment.slope.constraintParts {
                (priority, index, sign) = parts
            } else {
                return nil
            }
        }

        var segment: Segment {
            let slope = sign == 0 ? Slope.zero : Slope.constraint(priority: priority, index: Int(index), sign: Double(sign))
            return Segment(length: length, slope: slope, owner: owner, order: order)
        }
    }

    /// One infinite piece at the slope of one constraint's violation (`Slope.constraint`): a leaf's
    /// side, written without building and comparing a `Segment`.
    static func constraint(priority: Double, index: Int, sign: Float) -> SegmentList {
        var list = SegmentList()
        list.storage = .lone(Lone(length: .infinity, priority: priority, index: Int32(truncatingIfNeeded: index), sign: sign))
        return list
    }

    private enum Storage {
        case lone(Lone)
        case array([Segment])
    }

    private var storage: Storage

    init() {
        storage = .array([])
    }

    init(_ segments: [Segment]) {
        if segments.count == 1, let lone = Lone(segments[0]) {
            storage = .lone(lone)
        } else {
            storage = .array(segments)
        }
    }

    static func == (a: SegmentList, b: SegmentList) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }
}

extension SegmentList: RandomAccessCollection, MutableCollection {
    var startIndex: Int { 0 }
    var endIndex: Int {
        switch storage {
        case .lone: 1
        case .array(let segments): segments.count
        }
    }

    subscript(position: Int) -> Segment {
        get {
            switch storage {
            case .lone(let lone):
                precondition(position == 0, "SegmentList index out of range")
                return lone.segment
            case .array(let segments):
                return segments[position]
            }
        }
        set {
            switch storage {
            case .lone:
                precondition(position == 0, "SegmentList index out of range")
                storage = Lone(newValue).map { .lone($0) } ?? .array([newValue])
            case .array(var segments):
                // Out of `storage` first, so that the array is changed in place.
                storage = .array([])
                segments[position] = newValue
                storage = .array(segments)
            }
        }
    }

    func index(after i: Int) -> Int { i + 1 }
    func index(before i: Int) -> Int { i - 1 }
}

extension SegmentList: RangeReplaceableCollection, ExpressibleByArrayLiteral {
    init(arrayLiteral elements: Segment...) {
        self.init(elements)
    }

    mutating func append(_ segment: Segment) {
        switch storage {
        case .lone(let lone):
            storage = .array([lone.segment, segment])
        case .array(var segments):
            // A side reserved for several pieces (`reserveCapacity`) starts its array at once.
            if segments.isEmpty, segments.capacity < 2, let lone = Lone(segment) {
                storage = .lone(lone)
                return
            }
            storage = .array([])
            segments.append(segment)
            storage = .array(segments)
        }
    }

    mutating func reserveCapacity(_ n: Int) {
        guard n > 1, case .array(var segments) = storage else { return }
        storage = .array([])
        segments.reserveCapacity(n)
        storage = .array(segments)
    }

    mutating func removeAll(keepingCapacity keep: Bool = false) {
        guard keep, case .array(var segments) = storage else {
            storage = .array([])
            return
        }
        storage = .array([])
        segments.removeAll(keepingCapacity: true)
        storage = .array(segments)
    }

    mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C) where C.Element == Segment {
        var all: [Segment]
        switch storage {
        case .lone(let lone): all = [lone.segment]
        case .array(let segments): all = segments
        }
        // Out of `storage` first, so that the array is changed in place.
        storage = .array([])
        all.replaceSubrange(subrange, with: newElements)
        self = SegmentList(all)
    }
}
