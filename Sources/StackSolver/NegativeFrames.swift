import StackIR

extension LayoutSolution {
    /// Sizes below this are negative (the solvers' precision is 1e-6).
    public static let negativeTolerance = 1e-6

    /// The visible items with a negative width or height whose owners have none (the outermost of
    /// nested ones), in IR order: what warning W202 names and `stackc render` draws in red. Guides are
    /// left out, and so are hidden items and what they contain: UIKit collapses a hidden item and draws
    /// none of it. None when the solver stopped at a limit (`stopped`).
    public func negativeItems(in ir: ConstraintIR) -> [Int] {
        guard !stopped else { return [] }
        let count = min(frames.count, ir.items.count)
        // Per item: inside a negative or a hidden item (owners come before their items).
        var covered = [Bool](repeating: false, count: count)
        var result: [Int] = []
        for item in 0..<count where ir.items[item].kind != .guide {
            let owner = ir.items[item].owner.map(\.index).flatMap { $0 < item ? $0 : nil }
            let insideCovered = owner.map { covered[$0] } ?? false
            let negative = frames[item].width < -Self.negativeTolerance || frames[item].height < -Self.negativeTolerance
            if negative, !insideCovered, !ir.items[item].isHidden { result.append(item) }
            covered[item] = insideCovered || negative || ir.items[item].isHidden
        }
        return result
    }
}
