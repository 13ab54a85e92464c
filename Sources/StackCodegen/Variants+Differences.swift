extension Plan {
    /// Whole combinations as the ranges of the layout's keys that some of them change, and what each
    /// puts there. A combination is walked against the layout: equal keys match; at a difference, its
    /// keys that the layout lacks or has already passed are its own, until one the layout has further
    /// on, and the layout's keys up to that one are replaced; a key that moves back takes the range
    /// back to its place in the layout. (Keys are unique in a sequence, so every walk ends.) The ranges of all combinations are
    /// joined where they touch, so that every key just outside a range matches in every combination.
    /// - Parameter position: each of `base`'s keys by its index.
    static func differences(_ variants: [[Key]], from base: [Key], position: [Key: Int]) -> Swap {
        // Per combination, per layout key: its index in the combination, or -1 where replaced.
        var matches: [[Int]] = []
        var changed: [Range<Int>] = []
        for variant in variants {
            var match = [Int](repeating: -1, count: base.count)
            var (i, j) = (0, 0)
            while i < base.count || j < variant.count {
                if i < base.count, j < variant.count, variant[j] == base[i] {
                    match[i] = j
                    i += 1
                    j += 1
                    continue
                }
                var start = i
                while j < variant.count, (position[variant[j]] ?? -1) < i {
                    // A key the layout has further back moves: one range holds both of its places.
                    if let back = position[variant[j]] { start = min(start, back) }
                    j += 1
                }
                let resume = j < variant.count ? position[variant[j]] ?? base.count : base.count
                changed.append(start..<resume)
                i = resume
            }
            matches.append(match)
        }
        let ranges = windows(changed)
        let parts = variants.indices.map { index in
            ranges.map { range -> [Key] in
                let start = range.lowerBound > 0 ? matches[index][range.lowerBound - 1] + 1 : 0
                let end = range.upperBound < base.count ? matches[index][range.upperBound] : variants[index].count
                return Array(variants[index][start..<max(start, end)])
            }
        }
        return Swap(ranges: ranges, variants: parts)
    }
}
