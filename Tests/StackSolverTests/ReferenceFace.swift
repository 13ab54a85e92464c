import StackIR
@testable import StackSolver

/// Which frame variables the constraints decide, by the dense reference LP alone (ReferenceLP.swift):
/// the optimal face is narrowed level by level, highest priority first (the level's total
/// violation at its least), then by the tie rule (within a level, each constraint's own violation at
/// its least, the last in IR order first); a variable is decided when its least and greatest values
/// on that face agree. Independent of the solver's tableau, its bases and its eliminations. For
/// small layouts only: two dense solves per frame variable.
func referenceDeterminations(ir: ConstraintIR, width: Double?, height: Double?) -> [Determination]? {
    var problem = ReferenceProblem(ir: ir)
    let base = problem.columns
    let required = problem.pins(width: width, height: height, columns: base)
        + ir.constraints.filter(\.isRequired).map { problem.requiredRow($0, columns: base) }
    let (optional, violationColumn) = problem.addViolationColumns()
    var rows = required.map { problem.widened($0) } + problem.optionalRows(optional, violationColumn: violationColumn)
    // Narrows the face to where `cost` is at its least; false when the problem is infeasible.
    func narrow(_ cost: [Double]) -> Bool {
        guard let optimum = referenceMinimum(rows: rows, cost: cost), optimum.isFinite else { return false }
        rows.append(ReferenceRow(coefficients: cost, relation: .lessOrEqual, rhs: optimum + 1e-9 * max(1, abs(optimum))))
        return true
    }
    for priority in Set(optional.map { ir.constraints[$0].priority }).sorted(by: >) {
        let level = optional.filter { ir.constraints[$0].priority == priority }
        guard narrow(problem.violationCost(level, violationColumn: violationColumn)) else { return nil }
        for index in level.reversed() {
            guard narrow(problem.violationCost([index], violationColumn: violationColumn)) else { return nil }
        }
    }
    // Whether `variable` of `item` takes one value on the face.
    func decided(_ item: Int, _ variable: FrameVariable) -> Bool {
        var cost = Array(repeating: 0.0, count: problem.columns)
        let symbol = variable.symbol(of: item)
        cost[symbol] = 1
        cost[problem.variables + symbol] = -1
        guard let least = referenceMinimum(rows: rows, cost: cost),
              let negatedGreatest = referenceMinimum(rows: rows, cost: cost.map { -$0 }),
              least.isFinite, negatedGreatest.isFinite else { return false }
        return abs(-negatedGreatest - least) <= 1e-6 * max(1, abs(least))
    }
    return ir.items.indices.map { item in
        Determination(x: decided(item, .x), y: decided(item, .y), width: decided(item, .width), height: decided(item, .height))
    }
}
