import StackIR

// Where a cost helper answers nil or false for more than one cause, these work out which cause it
// was, after the fact: only on the way to the general solver, so the helpers' hot paths stay as
// they are.

extension StructuredLayout {
    /// An item's cost with its ambiguity suppression across its stack; throws when the stack lacks
    /// the suppression or the item's height has no single minimiser.
    func suppressed(_ child: Int, axis: Int) throws(FallbackReason) -> CostFunction {
        guard let ref = model.suppression[child] else { throw .irMismatch(item: child) }
        guard let function = outer[2 * child + axis].addingAbsolute(target: 0, priority: ref.priority, index: ref.index),
              function.hasUniqueMinimum else { throw .ambiguous(node: child, axis: Axis(slot: axis)) }
        return function
    }

    /// `function` plus a fit constraint's pull to 0 (`addingAbsolute`); throws when the sum has no
    /// minimiser.
    func fitted(_ function: CostFunction, _ ref: OptionalRef, _ node: Int, _ axis: Int) throws(FallbackReason) -> CostFunction {
        guard let result = function.addingAbsolute(target: 0, priority: ref.priority, index: ref.index) else {
            throw .ambiguous(node: node, axis: Axis(slot: axis))
        }
        return result
    }

    /// Why `pointwiseSum` of the children's costs failed (see `pointwiseSumFailure`).
    func sumFailure(_ children: some Collection<Int>, _ node: Int, _ axis: Int) -> FallbackReason {
        pointwiseSumFailure(children.map { outer[2 * $0 + axis] }, node: node, axis: axis)
    }

    /// Why `proportionalFunction` failed for these items: their required lengths cannot add up to a
    /// length (a conflict), a case the split does not settle, or no minimiser.
    func proportionalFailure(_ index: Int, axis: Int, items: [Int], fixed: Double, gapSlack: Bool = false) -> FallbackReason {
        if let first = items.first, let share = model.proportionalShare[first], share.priority >= 1000 {
            return .proportionalSplit(stack: index, axis: Axis(slot: axis))
        }
        if let reason = boundsFailure(index, axis: axis, items: items, fixed: fixed, unbounded: gapSlack) { return reason }
        return splitByLevels[index] || !tiedGroups(items).isEmpty ? .proportionalSplit(stack: index, axis: Axis(slot: axis)) : .ambiguous(node: index, axis: Axis(slot: axis))
    }

    /// Why `disambiguatedFunction` failed: the items' required widths cannot fit together, or the
    /// row's width shares are not settled there.
    func rowFailure(_ index: Int, axis: Int, items: [Int], fixed: Double, atMost: Bool) -> FallbackReason {
        boundsFailure(index, axis: axis, items: items, fixed: fixed, unbounded: atMost)
            ?? .baselineAlignment(stack: index, .widthShares)
    }

    /// A conflict when the items' least lengths add up to more than their greatest ones allow.
    private func boundsFailure(_ index: Int, axis: Int, items: [Int], fixed: Double, unbounded: Bool) -> FallbackReason? {
        let start = fixed + items.reduce(0) { $0 + outerLower[2 * $1 + axis] }
        let end = unbounded ? .infinity : fixed + items.reduce(0) { $0 + outerUpper[2 * $1 + axis] }
        return start > end ? .conflict(node: index, axis: Axis(slot: axis)) : nil
    }
}

/// Why `pointwiseSum(functions)` failed: their domains do not meet (a conflict) or the sum has no
/// minimiser (ambiguous).
func pointwiseSumFailure(_ functions: [CostFunction], node: Int, axis: Int) -> FallbackReason {
    var lo = -Double.infinity
    var hi = Double.infinity
    for function in functions {
        lo = max(lo, function.lowerEnd)
        hi = min(hi, function.upperEnd)
    }
    let slack = structuredTolerance * max(1, abs(lo.isFinite ? lo : 0), abs(hi.isFinite ? hi : 0))
    return lo > hi + slack ? .conflict(node: node, axis: Axis(slot: axis)) : .ambiguous(node: node, axis: Axis(slot: axis))
}

/// Why `split` failed: the total is outside the merged domain (a conflict) or several items tie at
/// zero cost (ambiguous).
func splitFailure(_ merged: Merge, total: Double, node: Int, axis: Int) -> FallbackReason {
    let remaining = total - merged.function.anchor
    let slack = structuredTolerance * max(1, abs(total))
    if merged.zeroOwners > 1, remaining < merged.zeroAbove - slack, remaining > -merged.zeroBelow + slack {
        return .ambiguous(node: node, axis: Axis(slot: axis))
    }
    return .conflict(node: node, axis: Axis(slot: axis))
}
