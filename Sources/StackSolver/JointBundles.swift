import StackIR

// The units of a joint group (JointGroup.swift) that enter its problem together, by one function.
//
// Every unit hanging off one spine stack costs, at each priority level, what its own function says
// of its length. Where the stack's constraints tie those lengths to one length of its own, the units'
// costs add up to one function of it (a pointwise sum), and the joint problem enters that function
// once instead of one per unit:
// - across a stack aligning its items `fill`, every item is as long as its canvas and in its place:
//   the function is entered at the first unit's length, and the others take its place (`leader`);
// - along a fillEqually stack, every item is as long as the others: entered at the first unit's
//   length (a run's first item's), and the stack's chain, written out, places each unit (a run's own
//   row places its end, `JointShape.equalRunLengths`);
// - across a stack aligning its items otherwise, each item is as long as its own function (with the
//   stack's ambiguity suppression) prefers, up to the canvas's length (its spanning bounds), and
//   sits where the alignment puts it: the sum of those envelopes is the tree solver's own function of
//   the canvas's length, entered at the stack's length less its insets. The units are placed from
//   the canvas as the tree solver places them (`placedAcross`); their suppressions are in the
//   function, and all but the first leave their alignment and spanning bounds out, as followers do.
// So the joint problem's size grows with what the group touches, not with what hangs off it.

/// Units that enter a joint problem by one function.
struct JointBundle {
    /// The unit that names the function's row (its first).
    var unit: Int
    /// The units' items whose functions add up; empty for a run (its merge is the function).
    var members: [Int]
    /// Where the members are placed across their stack's canvas (`JointProblem.placedAcross`); -1 for the rest.
    var placing: Int = -1
}

/// Items placed in a stack's canvas after a joint solve, as the tree solver places them: each as long
/// as its function with the stack's ambiguity suppression (`suppressed`) prefers, up to the canvas's
/// length, where the alignment puts it.
struct PlacedAcross {
    var stack: Int
    var members: [Int]
    var suppressed: [CostFunction]

    /// Places the members in `placement` from the stack's place and length along `axis` in a joint
    /// solve's answer (`value`, per symbol), as the tree solver's top-down pass places them.
    func place(in placement: inout JointPlacement, model: StructuredModel, axis: Axis, value: (Int) -> Double) {
        let (lead, total) = model.insets(stack, axis: axis.slot)
        let start = value(axis.position.symbol(of: stack)) + lead
        let canvas = value(axis.length.symbol(of: stack)) - total
        for (member, function) in zip(members, suppressed) {
            let length = min(canvas, function.anchor)
            placement.length[member] = length
            placement.position[member] = switch model.alignment[stack] {
            case .leading: start
            case .trailing: start + canvas - length
            default: start + (canvas - length) / 2
            }
        }
    }
}

extension JointProblem {
    /// Groups `shape`'s units into bundles (see the top of this file), setting `leader` and
    /// `placedAcross`.
    mutating func bundle(_ shape: JointShape, layout: StructuredLayout, axis slot: Int) -> [JointBundle] {
        let model = layout.model
        var bundles: [JointBundle] = []
        var bundleOf: [Int: Int] = [:]
        var placing: [Int: Int] = [:]
        leader = [Int](repeating: -1, count: shape.unit.count)
        placed = [Bool](repeating: false, count: shape.unit.count)
        for (unit, members) in shape.units.enumerated() {
            let stack = shape.parent[members[0]]
            let item = members[0]
            // Across a stack that places its items itself, an item whose function has no unique
            // minimiser with the suppression is left alone (the tree solver declines it too).
            let across = members.count == 1 && model.placesItemsAcross(stack, axis: slot)
                ? try? layout.suppressed(item, axis: slot) : nil
            guard members.count == 1 || shape.equalRun[unit], across != nil || model.makesItemsEqual(stack, axis: slot) else {
                bundles.append(JointBundle(unit: unit, members: members.count == 1 ? members : []))
                continue
            }
            if let bundle = bundleOf[stack] {
                bundles[bundle].members += members
                if across != nil || model.alignsAllAcross(stack, axis: slot) { leader[item] = bundles[bundle].members[0] }
            } else {
                bundleOf[stack] = bundles.count
                bundles.append(JointBundle(unit: unit, members: members, placing: across == nil ? -1 : placedAcross.count))
                if across != nil {
                    placing[stack] = placedAcross.count
                    placedAcross.append(PlacedAcross(stack: stack, members: [], suppressed: []))
                }
            }
            if let function = across, let k = placing[stack] {
                placed[item] = true
                placedAcross[k].members.append(item)
                placedAcross[k].suppressed.append(function)
            }
        }
        return bundles
    }

    /// A bundle's function, the linear form of the length it is a function of, and that length in
    /// `frames` (nil: the function's anchor).
    func entry(of bundle: JointBundle, shape: JointShape, layout: StructuredLayout, axis: Axis, frames: [Frame]?)
        throws(JointDecline) -> (function: CostFunction, form: [LinearTerm], alone: Double?) {
        let slot = axis.slot
        guard bundle.placing < 0 else {
            let (stack, suppressed) = (placedAcross[bundle.placing].stack, placedAcross[bundle.placing].suppressed)
            guard let sum = pointwiseSum(suppressed.map(\.monotoneEnvelope)) else { throw .conflict }
            let length = frames.map { axis == .horizontal ? $0[stack].width : $0[stack].height }
            return (sum.shifted(by: layout.model.insets(stack, axis: slot).total), [(axis.length.symbol(of: stack), 1)], length)
        }
        let alone = frames.map { shape.length(bundle.unit, axis: axis, in: $0) }
        if let merged = merges[bundle.unit] {
            return (merged.function.shifted(by: shape.spacing(bundle.unit, model: layout.model)), shape.lengthForm(bundle.unit, axis: axis), alone)
        }
        let root = shape.units[bundle.unit][0]
        guard let sum = bundle.members.count == 1 ? layout.outer[2 * root + slot]
                : pointwiseSum(bundle.members.map { layout.outer[2 * $0 + slot] }) else { throw .conflict }
        return (sum, shape.lengthForm(bundle.unit, axis: axis), alone)
    }
}
