import StackIR

// A general solve of one axis answers the variables its constraints mention; the tree solver's
// answer fills in the rest (the other axis of a split, the hanging units of a joint group). These
// say which variables a constraint mentions and copy one axis of a structured solve into a general
// solve's answer, rounded and decided as the general solver rounds and decides.

/// Per external symbol: whether some constraint of `ir` mentions it (or it is the root's frame, which
/// the solve pins or sizes). A variable nothing mentions is free: 0 and undecided, as the general
/// solver leaves it.
func mentionedSymbols(_ ir: ConstraintIR) -> [Bool] {
    var mentioned = [Bool](repeating: false, count: ir.items.count * FrameVariable.perItem)
    for variable in [FrameVariable.x, .y, .width, .height] where !mentioned.isEmpty { mentioned[variable.symbol(of: 0)] = true }
    func mark(_ anchor: Anchor) {
        let (first, second) = linearTerms(anchor)
        if mentioned.indices.contains(first.symbol) { mentioned[first.symbol] = true }
        if let second, mentioned.indices.contains(second.symbol) { mentioned[second.symbol] = true }
    }
    for constraint in ir.constraints {
        mark(constraint.first)
        if let second = constraint.second { mark(second) }
    }
    return mentioned
}

/// Copies every item's fields along axis `slot` (0 horizontal) from a structured solve into
/// `solution`, but those `skipping` marks, rounded as the general solver rounds; a variable nothing
/// mentions is 0 and undecided. Through buffer pointers: a resize copies an axis of every item, and
/// element by element each store would check the solution's buffers and bounds again.
func copyAxis(_ slot: Int, from tree: LayoutSolution, into solution: inout LayoutSolution, mentioned: [Bool], skipping: [Bool]? = nil) {
    let count = solution.frames.count
    precondition(tree.frames.count >= count && mentioned.count >= count * FrameVariable.perItem
                 && (skipping?.count ?? count) >= count)
    let skip = skipping ?? []
    solution.frames.withUnsafeMutableBufferPointer { frames in
    solution.determined.withUnsafeMutableBufferPointer { determined in
    solution.baselines.withUnsafeMutableBufferPointer { baselines in
    tree.frames.withUnsafeBufferPointer { treeFrames in
    tree.determined.withUnsafeBufferPointer { treeDetermined in
    tree.baselines.withUnsafeBufferPointer { treeBaselines in
    mentioned.withUnsafeBufferPointer { mentioned in
        func value(_ value: Double, _ symbol: Int) -> Double {
            mentioned[symbol] ? roundedToSolverPrecision(value) : 0
        }
        for item in 0..<count where skip.isEmpty || !skip[item] {
            let frame = treeFrames[item]
            let decided = treeDetermined[item]
            if slot == 0 {
                let (x, width) = (FrameVariable.x.symbol(of: item), FrameVariable.width.symbol(of: item))
                frames[item].x = value(frame.x, x)
                frames[item].width = value(frame.width, width)
                determined[item].x = decided.x && mentioned[x]
                determined[item].width = decided.width && mentioned[width]
            } else {
                let (y, height) = (FrameVariable.y.symbol(of: item), FrameVariable.height.symbol(of: item))
                frames[item].y = value(frame.y, y)
                frames[item].height = value(frame.height, height)
                determined[item].y = decided.y && mentioned[y]
                determined[item].height = decided.height && mentioned[height]
                let pair = treeBaselines[item]
                baselines[item] = BaselinePair(
                    first: value(pair.first, FrameVariable.firstBaseline.symbol(of: item)),
                    last: value(pair.last, FrameVariable.lastBaseline.symbol(of: item)))
            }
        }
    }}}}}}}
}
