import StackIR

// The shape of a joint group (JointGroup.swift): which items the user constraints reach (the spine),
// which hang off it in units that enter by cost functions, and which constraints are whose.

/// How many leaves hanging across one fill-aligned stack enter a joint solve by one function rather
/// than by their own constraints (`JointShape`). Task-local so that tests can change it.
///
/// Each leaf left on the spine brings its own rows (content sizes, alignment, its place), and its
/// function would bring about as many pieces; from a few leaves on, one function is smaller. Nested
/// spread's touched columns each collapse their nine other labels into one: its group at 3,000 views
/// holds 164 items and 859 constraints rather than 427 and 2,120, and `check` takes 46 ms rather than
/// 67 (whole process, medians of 5; 30,000 views: 0.44 s against 0.47). Two leaves are not worth it
/// there (60 ms). Collapsing a whole row of leaves (a flat row declined across) takes its axis from
/// the whole general solver to a few rows: 7 s to 0.06 s at 10,000 views.
enum JointLeaves {
    @TaskLocal static var worthAFunction = 4
}

/// The spine and hanging units of a layout's user constraints.
struct JointShape {
    /// Per arranged item (node): on the spine.
    var spine: [Bool]
    /// Per item (guides included): the hanging unit it is in, or -1 on the spine.
    var unit: [Int]
    /// The hanging units, each a stack alone or a run of consecutive items of a spine stack whose
    /// lengths add up along the axis (a fill, fillEqually or equalSpacing chain): its items in arranged
    /// order.
    var units: [[Int]]
    /// Per unit: a run along a fillEqually stack. Its items are all as long as its first, which is as
    /// long as the stack's others, so the run's own row (`equalRunLengths`) gives its end from its first
    /// item's place and length, and its items enter by the stack's one function (JointBundles.swift).
    var equalRun: [Bool]
    /// Per unit: the gap guides between a run's items along an equalSpacing stack, empty for the rest.
    /// Each is as wide as every gap of the stack (its required equal widths): the joint problem keeps
    /// the first one's equal width and leaves the others' to the run, whose items' lengths are its
    /// length less its gaps'.
    var gaps: [[Int]]
    /// Per item: the unit whose gap guide it is, or -1.
    var gapUnit: [Int]
    /// Who made each constraint, and per item its owner (`parent`, -1 for the root).
    let ownership: ConstraintOwnership
    var parent: [Int] { ownership.parent }

    /// - Parameters:
    ///   - seeds: items on the spine though no user constraint names them (the stacks the tree solver
    ///     declines, `FallbackReason.spineNode`).
    ///   - forced: per node, on the spine though no user constraint reaches into it (a unit whose place
    ///     the levels and ties left free in an earlier round).
    init(ir: ConstraintIR, model: StructuredModel, axis: Int, seeds: [Int], forced: [Bool]) throws(JointDecline) {
        let n = model.count
        let count = ir.items.count
        // Nodes come before their items (the lowering's order); guides after every node.
        guard let ownership = ConstraintOwnership(ir: ir, nodes: n) else { throw .irOrder }
        self.ownership = ownership
        spine = [Bool](repeating: false, count: n)
        let parent = ownership.parent
        let node = ownership.node
        var named = seeds
        // The user constraints' anchors along this axis: those on the other are the other axis's joint
        // group's (a constraint relating the axes has one of each).
        for constraint in ir.constraints where constraint.category == .user {
            for anchor in [constraint.first] + (constraint.second.map { [$0] } ?? []) where Axis(anchor.attribute).slot == axis {
                named.append(anchor.item.index)
            }
        }
        for start in named {
            guard start >= 0, start < count else { throw .irOrder }
            var item = node(start)
            while item >= 0, item < n, !spine[item] {
                spine[item] = true
                item = parent[item]
            }
        }
        spine[0] = true
        unit = [Int](repeating: -1, count: count)
        units = []
        equalRun = []
        gaps = []
        gapUnit = [Int](repeating: -1, count: count)
        // Owners come first, so each spine stack sorts its items before they are visited.
        for item in 0..<count {
            if item > 0, item >= n || !spine[parent[item]] { unit[item] = unit[parent[item]] }
            guard item < n, spine[item], model.stackAxis[item] >= 0 else { continue }
            // A run's length counts the spacings between its items, which an opaque stack's model lacks.
            let guides = model.gapGuides[item]
            let distribution = model.distribution[item]
            let runs = Int(model.stackAxis[item]) == axis && !model.sharedRow[item] && !model.baselineChain[item]
                && model.reads(item, axis: axis) && (distribution == .fill || distribution == .fillEqually
                    || distribution == .equalSpacing && guides.count == model.visibleChildren[item].count - 1)
            var hanging: [(members: [Int], gaps: [Int])] = []
            var open = false
            var visible = 0
            for child in model.children(item) {
                if !model.hidden[child] { visible += 1 }
                if spine[child] || model.hidden[child] || forced[child] {
                    spine[child] = true
                    open = false
                } else if open {
                    hanging[hanging.count - 1].members.append(child)
                    // The guide between this item and the one before it (both visible: a hidden one ends a run).
                    if distribution == .equalSpacing { hanging[hanging.count - 1].gaps.append(guides[visible - 2]) }
                } else {
                    hanging.append(([child], []))
                    open = runs
                }
            }
            // A leaf alone is its own two constraints: nothing to collapse. In a stack whose items are
            // all equally long, or placed across it each by itself, many leaves are worth one function
            // (JointProblem sums them with the stacks hanging there); a few are not.
            let leaves = hanging.count(where: { $0.members.count == 1 && model.stackAxis[$0.members[0]] < 0 })
            let collapsesLeaves = leaves >= JointLeaves.worthAFunction
                && (model.makesItemsEqual(item, axis: axis) || model.placesItemsAcross(item, axis: axis))
            for (members, between) in hanging {
                if members.count == 1 && model.stackAxis[members[0]] < 0 && !collapsesLeaves {
                    spine[members[0]] = true
                    continue
                }
                for member in members { unit[member] = units.count }
                for guide in between { gapUnit[guide] = units.count }
                units.append(members)
                equalRun.append(members.count > 1 && distribution == .fillEqually)
                gaps.append(between)
            }
        }
    }

    /// The hanging unit whose own constraint `constraint` is (`ConstraintOwnership.owner`), nil for the
    /// rest. A spine stack's constraint between two items of one run (the spacing between them) is the
    /// run's, and so is the equal length of a fillEqually run's item past its first.
    func ownUnit(of constraint: IRConstraint) -> Int? {
        guard let owner = ownership.owner(of: constraint) else { return nil }
        if owner >= 0, unit[owner] >= 0 { return unit[owner] }
        guard let second = constraint.second else { return nil }
        let (first, other) = (constraint.first.item.index, second.item.index)
        if unit[first] >= 0 && unit[first] == unit[other] { return unit[first] }
        if constraint.category == .fillEqually, unit[first] >= 0, equalRun[unit[first]], owner == parent[first],
           first != units[unit[first]][0] {
            return unit[first]
        }
        // A run's gap guide: where its edges meet the run's items, and past its first, its equal width.
        let run = max(gapUnit[first], gapUnit[other])
        guard run >= 0, owner == parent[units[run][0]] else { return nil }
        if run == max(unit[first], unit[other]) { return run }
        let equalWidth = [constraint.first.attribute, second.attribute].allSatisfy { $0 == .width || $0 == .height }
        return equalWidth && [first, other].contains(where: { gapUnit[$0] == run && $0 != gaps[run][0] }) ? run : nil
    }

    /// The constraints along `axis` the joint problem keeps as written: all but the hanging units'
    /// own (their cost functions stand for them), the alignment constraints and spanning bounds of the
    /// items in `following` (each takes its leader's place, or its canvas's) and the ambiguity
    /// suppressions of the items `placed` across their canvas (their bundle's function holds them),
    /// each checked to meet the units only where they meet the rest (`noteCrossings`). A unit's own
    /// constraint must not change when the unit moves. Also the items of `following` that another
    /// kept constraint mentions, which cannot follow.
    func constraintsAsWritten(_ ir: ConstraintIR, width: Double?, height: Double?, axis: Axis, following: [Bool],
                              placed: [Bool]) throws(JointDecline) -> (written: [LinearConstraint], unfollowed: [Int]) {
        func follower(_ anchor: Anchor?) -> Int? {
            guard let item = anchor?.item.index, following.indices.contains(item), following[item] else { return nil }
            return item
        }
        // How far an anchor moves when its item moves by one: a position 1, a length 0.
        func moves(_ attribute: LayoutAttribute) -> Double { attribute == .width || attribute == .height ? 0 : 1 }
        // One pass over the IR: a unit's own constraint is left out, and the members of a unit with
        // one that would change when the unit moves are noted.
        var crossed = [Bool](repeating: false, count: unit.count)
        var unfollowed: [Int] = []
        let (linear, invalid) = linearize(ir, width: width, height: height, including: { _, constraint in
            guard Axis(constraint.first.attribute) == axis else { return false }
            guard let unit = ownUnit(of: constraint) else {
                if constraint.category == .ambiguitySuppression, placed.indices.contains(constraint.first.item.index),
                   placed[constraint.first.item.index] { return false }
                // Written, unless it aligns a follower to its leader's place or bounds it by its canvas;
                // any other constraint on a follower keeps it from following.
                guard let item = follower(constraint.first) ?? follower(constraint.second) else { return true }
                if constraint.category == .alignment || constraint.category == .spanningBoundary { return false }
                unfollowed.append(item)
                return true
            }
            let shift = moves(constraint.first.attribute) - constraint.multiplier * (constraint.second.map { moves($0.attribute) } ?? 0)
            if !nearZero(shift) { for member in units[unit] { crossed[member] = true } }
            return false
        })
        guard invalid.isEmpty else { throw .invalidConstraints }
        var written: [LinearConstraint] = []
        written.reserveCapacity(linear.count)
        for constraint in linear where constraint.expression.symbols.allSatisfy({ Axis(symbol: $0) == axis }) {
            noteCrossings(constraint.expression, axis: axis, in: &crossed)
            written.append(constraint)
        }
        let crossing = crossed.indices.filter { crossed[$0] }
        guard crossing.isEmpty else { throw .crossesSubtree(items: crossing) }
        return (written, unfollowed)
    }

    /// Notes in `crossed`, per item, the members of hanging units that `expression` meets other than
    /// where the unit meets the rest: a stack alone's position and length, a run's first item's
    /// position (and a fillEqually run's first item's length) and its last item's end.
    func noteCrossings(_ expression: Row, axis: Axis, in crossed: inout [Bool]) {
        let (position, length) = (axis.position.rawValue, axis.length.rawValue)
        // Per run whose last item the expression mentions: that item's position and length
        // coefficients, which must agree (the run's end, `position + length`).
        var ends: [(unit: Int, position: Double, length: Double)] = []
        for (symbol, coefficient) in zip(expression.symbols, expression.coefficients) {
            let item = symbol / FrameVariable.perItem
            let field = symbol % FrameVariable.perItem
            if gapUnit.indices.contains(item), gapUnit[item] >= 0, field == position || item != gaps[gapUnit[item]][0] {
                // Where a run's gap guides start, and how wide all but the first are, is the run's to say.
                crossed[units[gapUnit[item]][0]] = true
                continue
            }
            guard unit.indices.contains(item), unit[item] >= 0 else { continue }
            let members = units[unit[item]]
            if item == members[0] && (field == position || field == length && equalRun[unit[item]]) { continue }
            guard item == members[members.count - 1], field == position || field == length else {
                // The member that holds the item: its owners up to the one on the spine.
                var member = item
                while unit[parent[member]] == unit[member] { member = parent[member] }
                crossed[member] = true
                continue
            }
            guard members.count > 1 else { continue }
            if let k = ends.firstIndex(where: { $0.unit == unit[item] }) {
                if field == position { ends[k].position += coefficient } else { ends[k].length += coefficient }
            } else {
                ends.append((unit[item], field == position ? coefficient : 0, field == length ? coefficient : 0))
            }
        }
        for end in ends where !nearZero(end.position - end.length) { crossed[units[end.unit][units[end.unit].count - 1]] = true }
    }

    /// The length along `axis` a unit's function is of, as a linear form: a stack's length, a
    /// fillEqually run's first item's (each of its items'), or a run's from its first item's position to
    /// its last item's end, less its gap guides' widths (an equalSpacing run's items' lengths add up to
    /// the rest).
    func lengthForm(_ unit: Int, axis: Axis) -> [(symbol: Int, coefficient: Double)] {
        let members = units[unit]
        let (first, last) = (members[0], members[members.count - 1])
        guard first != last, !equalRun[unit] else { return [(axis.length.symbol(of: first), 1)] }
        return [(axis.position.symbol(of: last), 1), (axis.length.symbol(of: last), 1), (axis.position.symbol(of: first), -1)]
            + gaps[unit].prefix(1).map { (axis.length.symbol(of: $0), -Double(gaps[unit].count)) }
    }

    /// A unit's length along `axis` in `frames` (`lengthForm`'s value there).
    func length(_ unit: Int, axis: Axis, in frames: [Frame]) -> Double {
        lengthForm(unit, axis: axis).reduce(0) { total, term in
            let frame = frames[term.symbol / FrameVariable.perItem]
            let value = switch FrameVariable(rawValue: term.symbol % FrameVariable.perItem) {
            case .x?: frame.x
            case .y?: frame.y
            case .width?: frame.width
            default: frame.height
            }
            return total + term.coefficient * value
        }
    }

    /// What stands for the spacings between an equalSpacing run's items, its own constraints: its
    /// first gap guide at least as wide as the largest of them.
    func gapBounds(model: StructuredModel, axis: Axis) -> [LinearConstraint] {
        units.indices.compactMap { unit in
            guard let guide = gaps[unit].first else { return nil }
            let spacing = units[unit].dropFirst().map { model.spacingBefore[$0] }.max() ?? 0
            return LinearConstraint(
                expression: Row(constant: -spacing, terms: [(axis.length.symbol(of: guide), 1)]),
                isEquality: false, priority: 1000, source: .costFunction(item: units[unit][0]))
        }
    }

    /// Each fillEqually run's own row: its last item's end is its first item's place, its items' common
    /// length (its first's) once per item, and the spacing between them. It stands for the run's chain
    /// and its items' equal lengths, which the joint problem leaves out.
    func equalRunLengths(model: StructuredModel, axis: Axis) -> [LinearConstraint] {
        units.indices.compactMap { unit in
            guard equalRun[unit] else { return nil }
            let members = units[unit]
            let (first, last) = (members[0], members[members.count - 1])
            let terms: [LinearTerm] = [
                (axis.position.symbol(of: last), 1), (axis.length.symbol(of: last), 1),
                (axis.position.symbol(of: first), -1), (axis.length.symbol(of: first), -Double(members.count)),
            ]
            return LinearConstraint(
                expression: Row(constant: -spacing(unit, model: model), terms: terms), isEquality: true, priority: 1000,
                source: .costFunction(item: first))
        }
    }

    /// The spacing inside a run: what its length has besides its items' (an equalSpacing run's gaps
    /// are in its `lengthForm`).
    func spacing(_ unit: Int, model: StructuredModel) -> Double {
        guard gaps[unit].isEmpty else { return 0 }
        return units[unit].dropFirst().reduce(0) { $0 + model.spacingBefore[$1] }
    }
}

extension StructuredModel {
    /// Whether every item of `stack` takes its canvas's place and length along `axis` (0
    /// horizontal): the stack lies across `axis` and aligns its items `fill`, with no baseline row.
    /// (An opaque stack's alignment is its arrangement's; the joint problem keeps any constraint
    /// but the alignment that would move one such item from the first one's place.)
    /// The items hanging off such a stack in a joint group sum to one function of that length, and
    /// all but one follow it (JointBundles.swift).
    func alignsAllAcross(_ stack: Int, axis: Int) -> Bool {
        stackAxis[stack] >= 0 && Int(stackAxis[stack]) != axis && alignment[stack] == .fill && !baselineRow[stack]
    }

    /// Whether the constraints of `stack` make every visible item as long as the others along `axis`
    /// (0 horizontal): across it when it aligns them all `fill` (`alignsAllAcross`), along it when it
    /// distributes them fillEqually, with no baseline chain or shared row in between.
    /// The items hanging off such a stack in a joint group sum to one function of that length
    /// (JointBundles.swift).
    func makesItemsEqual(_ stack: Int, axis: Int) -> Bool {
        guard stackAxis[stack] >= 0, Int(stackAxis[stack]) == axis else { return alignsAllAcross(stack, axis: axis) }
        return distribution[stack] == .fillEqually && !baselineChain[stack] && !sharedRow[stack] && reads(stack, axis: axis)
    }

    /// Whether `stack` lies across `axis` and places each of its items in its canvas by its own cost
    /// there (with the stack's ambiguity suppression) up to the canvas's length, where its alignment
    /// (leading, center or trailing, over a spanner guide) says: the items hanging off it in a joint
    /// group sum to one function of that length, as in the tree solver (JointBundles.swift).
    func placesItemsAcross(_ stack: Int, axis: Int) -> Bool {
        stackAxis[stack] >= 0 && Int(stackAxis[stack]) != axis && alignment[stack] != .fill && !alignment[stack].isBaseline
            && !baselineRow[stack] && spannerGuide[stack] != nil && reads(stack, axis: axis)
    }
}
