import StackIR

extension Plan {
    /// Orders the constraints of every combination: `swaps[i]` holds the combinations of
    /// `stacks[i]`. The keys are numbered (a key of the layout by its index); the merge runs window
    /// by window, a combination entering as its keys in each range between the layout's keys around
    /// it, which are all the edges that the combination as a whole sequence adds. A stack is accepted,
    /// as by the plain definition, when its combinations merge with those accepted before, in every
    /// window it changes (keys outside every window are in every sequence: no merge crosses them).
    static func combine(base: [Key], stacks: [(stack: Int, members: [Int])], swaps: [Swap]) -> Combinations {
        var keys = base
        var number: [Key: Int] = [:]
        for (index, key) in base.enumerated() { number[key] = index }
        var windows = Self.windows(swaps.flatMap(\.ranges))
        if !keysStay(in: windows, position: number, count: base.count, swaps: swaps) { windows = [0..<base.count] }
        var accepted = windows.map { [Array($0)] }
        var pools: [Pool] = []
        for ((stack, members), swap) in zip(stacks, swaps) {
            // Sequences in the order of the whole ones (combination by combination), which ranks new keys alike.
            var added: [Int: [[Int]]] = [:]
            for variant in swap.variants {
                for (part, range) in swap.ranges.enumerated() {
                    guard let window = Self.index(of: range, in: windows) else { continue }
                    let before = range.lowerBound > windows[window].lowerBound ? [range.lowerBound - 1] : []
                    let after = range.upperBound < windows[window].upperBound ? [range.upperBound] : []
                    added[window, default: []].append(before + variant[part].map { key in
                        if let known = number[key] { return known }
                        number[key] = keys.count
                        keys.append(key)
                        return keys.count - 1
                    } + after)
                }
            }
            guard added.allSatisfy({ Self.merge(accepted[$0.key] + $0.value) != nil }) else { continue }
            for (window, sequences) in added { accepted[window] += sequences }
            pools.append(Pool(stack: stack, toggles: members, perCombination: Self.pooled((0..<swap.variants.count).map(swap.keys))))
        }
        var order: [Key] = []
        order.reserveCapacity(base.count)
        var next = 0
        for (window, sequences) in zip(windows, accepted) {
            order += base[next..<window.lowerBound]
            order += (Self.merge(sequences) ?? Array(window)).map { keys[$0] }
            next = window.upperBound
        }
        order += base[next...]
        return Combinations(order: order, pools: pools)
    }
}

extension Plan {
    /// Whether every key is in one window in every sequence: a key the layout has outside a window
    /// is there in every combination, and one inside is nowhere else. Otherwise the windows' merges
    /// would miss the order between them (`combine` then merges everything as one window).
    /// - Parameter position: each of `base`'s keys by its index.
    static func keysStay(in windows: [Range<Int>], position: [Key: Int], count: Int, swaps: [Swap]) -> Bool {
        var windowAt = [Int](repeating: -1, count: count)
        for (index, window) in windows.enumerated() {
            for place in window { windowAt[place] = index }
        }
        var windowOf: [Key: Int] = [:]
        for swap in swaps {
            for (part, range) in swap.ranges.enumerated() {
                guard let window = index(of: range, in: windows) else { return false }
                for variant in swap.variants {
                    for key in variant[part] {
                        if let place = position[key] {
                            guard windowAt[place] == window else { return false }
                        } else {
                            guard windowOf[key, default: window] == window else { return false }
                            windowOf[key] = window
                        }
                    }
                }
            }
        }
        return true
    }

    /// The window that holds `range`.
    static func index(of range: Range<Int>, in windows: [Range<Int>]) -> Int? {
        windows.firstIndex { $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound }
    }

    /// The stretches of the layout's keys that the merge orders as one: stacks' ranges that touch
    /// (no key every combination shares lies between them, so the merge may interleave them), joined;
    /// ascending. A key outside every range is in every combination and keeps the stretches apart.
    static func windows(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
