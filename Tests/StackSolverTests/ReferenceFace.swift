import StackIR
@testable import StackSolver

/// A layout as the dense reference LP alone solves it (ReferenceLP.swift), for checking what the
/// solver decides and how it settles the rest. Independent of the solver's tableau, its bases and
/// its eliminations. For small layouts only: a few dense solves per frame variable.
struct ReferenceSolution {
    /// Per item: which frame variables take one value on the optimal face after the tie rule.
    var determined: [Determination]
    /// The frames once the rule for undecided values (README, "Layout semantics") has settled them.
    var frames: [Frame]
    /// The required constraints broken (IR indices, ascending).
    var broken: [Int]
}

/// The required constraints UIKit keeps hold; the optimal face is narrowed level by level, highest
/// priority first (the level's total violation at its least), then by the tie rule, level by level
/// again (within a level, each constraint's own violation at its least, the last in IR order
/// first); a variable is decided when its least and greatest values on that face agree. Then each
/// frame variable in turn is narrowed to its value nearest 0: the views' and stacks' lengths
/// (height, then width) from the last item back to the root, the guides' lengths, the views' and
/// stacks' positions (y, then x) in the same order, the guides' positions. Nil when a dense solve
/// finds no optimum, which a layout's problem always has.
func referenceSolution(ir: ConstraintIR, width: Double?, height: Double?) -> ReferenceSolution? {
    var problem = ReferenceProblem(ir: ir)
    let base = problem.columns
    // UIKit's way out of a conflict: the required constraints are met in IR order, after the root's
    // pins, and each one that the ones kept before it make infeasible is broken.
    var required = problem.pins(width: width, height: height, columns: base)
    var broken: [Int] = []
    for index in ir.constraints.indices where ir.constraints[index].isRequired {
        let row = problem.requiredRow(ir.constraints[index], columns: base)
        if referenceMinimum(rows: required + [row], cost: Array(repeating: 0, count: base)) != nil {
            required.append(row)
        } else {
            broken.append(index)
        }
    }
    let (optional, violationColumn) = problem.addViolationColumns()
    var rows = required.map { problem.widened($0) } + problem.optionalRows(optional, violationColumn: violationColumn)
    // Narrows the face to where `cost` is at its least; false when the problem is infeasible.
    func narrow(_ cost: [Double]) -> Bool {
        guard let optimum = referenceMinimum(rows: rows, cost: cost), optimum.isFinite else { return false }
        rows.append(ReferenceRow(coefficients: cost, relation: .lessOrEqual, rhs: optimum + 1e-9 * max(1, abs(optimum))))
        return true
    }
    let levels = Set(optional.map { ir.constraints[$0].priority }).sorted(by: >).map { priority in
        optional.filter { ir.constraints[$0].priority == priority }
    }
    for level in levels {
        guard narrow(problem.violationCost(level, violationColumn: violationColumn)) else { return nil }
    }
    for level in levels {
        for index in level.reversed() {
            guard narrow(problem.violationCost([index], violationColumn: violationColumn)) else { return nil }
        }
    }
    // `variable` of `item` as a cost: its value, or with `magnitude` its distance from 0.
    func cost(_ item: Int, _ variable: FrameVariable, magnitude: Bool = false) -> [Double] {
        var cost = Array(repeating: 0.0, count: problem.columns)
        let symbol = variable.symbol(of: item)
        cost[symbol] = 1
        cost[problem.variables + symbol] = magnitude ? 1 : -1
        return cost
    }
    func decided(_ item: Int, _ variable: FrameVariable) -> Bool {
        let value = cost(item, variable)
        guard let least = referenceMinimum(rows: rows, cost: value),
              let negatedGreatest = referenceMinimum(rows: rows, cost: value.map { -$0 }),
              least.isFinite, negatedGreatest.isFinite else { return false }
        return abs(-negatedGreatest - least) <= 1e-6 * max(1, abs(least))
    }
    let determined = ir.items.indices.map { item in
        Determination(x: decided(item, .x), y: decided(item, .y), width: decided(item, .width), height: decided(item, .height))
    }
    let last = Array(ir.items.indices.reversed())
    let guides = last.filter { ir.items[$0].kind == .guide }
    let views = last.filter { ir.items[$0].kind != .guide }
    let lengths: [FrameVariable] = [.height, .width]
    let positions: [FrameVariable] = [.y, .x]
    for (items, variables) in [(views, lengths), (guides, lengths), (views, positions), (guides, positions)] {
        for item in items {
            for variable in variables { guard narrow(cost(item, variable, magnitude: true)) else { return nil } }
        }
    }
    guard let point = referenceOptimum(rows: rows, cost: Array(repeating: 0, count: problem.columns))?.point else { return nil }
    func value(_ item: Int, _ variable: FrameVariable) -> Double {
        point[variable.symbol(of: item)] - point[problem.variables + variable.symbol(of: item)]
    }
    let frames = ir.items.indices.map { item in
        Frame(x: value(item, .x), y: value(item, .y), width: value(item, .width), height: value(item, .height))
    }
    return ReferenceSolution(determined: determined, frames: frames, broken: broken)
}
