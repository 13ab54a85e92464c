/// A vertical stack with `baselineRelative`: its items are spaced from one's last baseline to the
/// next one's first, so its length depends on where the items' baselines sit.
extension StructuredModel {
    /// A baselineRelative stack's chain: item i + 1's top is item i's top plus its last baseline's
    /// depth plus the spacing minus item i + 1's first baseline's depth, where a depth is a fixed
    /// offset or the item's length (a bottom baseline). So the canvas length is the spacings plus
    /// `shift` (the fixed depths) plus the lengths of `members`: the last item, and any item whose
    /// last baseline is its bottom without its first one being its bottom too. Nil when an item's
    /// length would count negatively, or a baseline the chain uses is not defined.
    func baselineChainShape(_ children: [Int]) -> (members: [Int], shift: Double)? {
        var members: [Int] = []
        var shift = 0.0
        for (position, child) in children.enumerated() {
            var coefficient = position == children.count - 1 ? 1 : 0
            if position < children.count - 1 {
                switch lastBaseline[child] {
                case .bottom?: coefficient += 1
                case .belowTop(let depth)?: shift += depth
                case nil: return nil
                }
            }
            if position > 0 {
                switch firstBaseline[child] {
                case .bottom?: coefficient -= 1
                case .belowTop(let depth)?: shift -= depth
                case nil: return nil
                }
            }
            guard coefficient == 0 || coefficient == 1 else { return nil }
            if coefficient == 1 && !hidden[child] { members.append(child) }
        }
        return (members, shift)
    }
}
