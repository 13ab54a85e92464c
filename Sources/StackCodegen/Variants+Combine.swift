import StackIR

extension Plan {
    /// Orders the constraints of every combination: `swaps[i]` holds the combinations of
    /// `stacks[i]`. The keys are numbered (a key of the layout by its index); the merge runs window
    /// by window, a combination entering as its own keys between the layout's keys around its range,
    /// which are all the edges that the combination as a whole sequence adds. A stack is accepted,
    /// as in `wholeCombinations`, when its combinations merge with those accepted before.
    static func combine(base: [Key], stacks: [(stack: Int, members: [Int])], swaps: [Swap]) -> Combinations {
        var keys = base
        var number: [Key: Int] = [:]
        for (index, key) in base.enumerated() { number[key] = index }
        let windows = Self.windows(swaps.map(\.range))
        var accepted = windows.map { [Array($0)] }
        var pools: [Pool] = []
        for ((stack, members), swap) in zip(stacks, swaps) {
            guard let window = windows.firstIndex(where: { $0.lowerBound <= swap.range.lowerBound && swap.range.upperBound <= $0.upperBound })
            else { continue }
            let before = swap.range.lowerBound > windows[window].lowerBound ? [swap.range.lowerBound - 1] : []
            let after = swap.range.upperBound < windows[window].upperBound ? [swap.range.upperBound] : []
            let sequences = swap.variants.map { variant in
                before + variant.map { key in
                    if let known = number[key] { return known }
                    number[key] = keys.count
                    keys.append(key)
                    return keys.count - 1
                } + after
            }
            guard Self.merge(accepted[window] + sequences) != nil else { continue }
            accepted[window] += sequences
            pools.append(Pool(stack: stack, toggles: members, perCombination: Self.pooled(swap.variants)))
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
