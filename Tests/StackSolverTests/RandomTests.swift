import Foundation
import StackIR
import Testing
@testable import StackSolver

/// SplitMix64: a tiny deterministic generator, so a failing seed reproduces anywhere.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A random IR over a few items: random anchors, relations, multipliers, constants and priorities.
func randomCase(seed: UInt64) -> (ir: ConstraintIR, width: Double?, height: Double?) {
    var rng = SplitMix(seed: seed)
    var b = IRBuilder(root: Bool.random(using: &rng) ? .hstack : .vstack)
    let count = Int.random(in: 1...4, using: &rng)
    var items = [b.root]
    for index in 0..<count { items.append(b.view("v\(index)")) }
    let attributes: [LayoutAttribute] = [.leading, .trailing, .top, .bottom, .width, .height, .centerX, .centerY, .left, .firstBaseline]
    let multipliers: [Double] = [1, 1, 1, 0.5, 2, -1, 0]
    let priorities: [Double] = [1000, 1000, 1000, 999.5, 999, 750, 500, 250, 250, 51, 25]
    let relations: [LayoutRelation] = [.equal, .equal, .lessThanOrEqual, .greaterThanOrEqual]
    for _ in 0..<Int.random(in: 2...12, using: &rng) {
        let first = Anchor(items.randomElement(using: &rng)!, attributes.randomElement(using: &rng)!)
        let second = Int.random(in: 0..<10, using: &rng) < 4
            ? nil : Anchor(items.randomElement(using: &rng)!, attributes.randomElement(using: &rng)!)
        b.add(
            first, relations.randomElement(using: &rng)!, second, m: multipliers.randomElement(using: &rng)!,
            c: Double(Int.random(in: -20...120, using: &rng)), p: priorities.randomElement(using: &rng)!)
    }
    let width: Double? = Bool.random(using: &rng) ? Double(Int.random(in: 0...300, using: &rng)) : nil
    let height: Double? = Bool.random(using: &rng) ? Double(Int.random(in: 0...300, using: &rng)) : nil
    return (b.ir, width, height)
}

/// The value of `anchor` in a solution.
func value(_ anchor: Anchor, _ solution: LayoutSolution) -> Double {
    let f = solution.frames[anchor.item.index]
    switch anchor.attribute {
    case .leading, .left: return f.x
    case .trailing, .right: return f.maxX
    case .centerX: return f.x + f.width / 2
    case .width: return f.width
    case .top: return f.y
    case .bottom: return f.maxY
    case .centerY: return f.y + f.height / 2
    case .height: return f.height
    case .firstBaseline: return solution.baselines[anchor.item.index].first
    case .lastBaseline: return solution.baselines[anchor.item.index].last
    }
}

/// How much a solution violates a constraint (only the violating side of an inequality).
func violation(_ c: IRConstraint, _ solution: LayoutSolution) -> Double {
    let difference = value(c.first, solution) - (c.second.map { c.multiplier * value($0, solution) } ?? 0) - c.constant
    switch c.relation {
    case .equal: return abs(difference)
    case .greaterThanOrEqual: return max(0, -difference)
    case .lessThanOrEqual: return max(0, difference)
    }
}

/// The same problem as reference LP rows: free variables split into `plus - minus`, one column per
/// violation, `extra` more columns at the end for nothing.
struct ReferenceProblem {
    let ir: ConstraintIR
    let variables: Int
    var columns: Int

    init(ir: ConstraintIR) {
        self.ir = ir
        variables = ir.items.count * 6
        columns = 2 * variables
    }

    /// Auto Layout's geometry, written here rather than taken from the solver: the six variables of
    /// item i are 6i + (x, y, width, height, first baseline, last baseline).
    func terms(_ anchor: Anchor) -> [(Int, Double)] {
        let base = 6 * anchor.item.index
        let (x, y, width, height) = (base, base + 1, base + 2, base + 3)
        switch anchor.attribute {
        case .leading, .left: return [(x, 1)]
        case .trailing, .right: return [(x, 1), (width, 1)]
        case .centerX: return [(x, 1), (width, 0.5)]
        case .width: return [(width, 1)]
        case .top: return [(y, 1)]
        case .bottom: return [(y, 1), (height, 1)]
        case .centerY: return [(y, 1), (height, 0.5)]
        case .height: return [(height, 1)]
        case .firstBaseline: return [(base + 4, 1)]
        case .lastBaseline: return [(base + 5, 1)]
        }
    }

    /// `first - m * second - c` over the split variables.
    func expression(_ c: IRConstraint, width: Int) -> (coefficients: [Double], constant: Double) {
        var coefficients = Array(repeating: 0.0, count: width)
        var all = terms(c.first)
        if let second = c.second { all += terms(second).map { ($0.0, -c.multiplier * $0.1) } }
        for (symbol, coefficient) in all {
            coefficients[symbol] += coefficient
            coefficients[variables + symbol] -= coefficient
        }
        return (coefficients, c.constant)
    }

    func pins(width: Double?, height: Double?, columns: Int) -> [ReferenceRow] {
        var rows: [ReferenceRow] = []
        func pin(_ variable: FrameVariable, _ value: Double) {
            var coefficients = Array(repeating: 0.0, count: columns)
            coefficients[variable.symbol(of: 0)] = 1
            coefficients[variables + variable.symbol(of: 0)] = -1
            rows.append(ReferenceRow(coefficients: coefficients, relation: .equal, rhs: value))
        }
        pin(.x, 0)
        pin(.y, 0)
        if let width { pin(.width, width) }
        if let height { pin(.height, height) }
        return rows
    }

    func requiredRow(_ c: IRConstraint, columns: Int) -> ReferenceRow {
        let (coefficients, constant) = expression(c, width: columns)
        let relation: ReferenceRelation = switch c.relation {
        case .equal: .equal
        case .lessThanOrEqual: .lessOrEqual
        case .greaterThanOrEqual: .greaterOrEqual
        }
        return ReferenceRow(coefficients: coefficients, relation: relation, rhs: constant)
    }

    /// Gives every optional constraint its violation columns (two for an equality: plus and minus,
    /// one for an inequality), after the columns there are; returns the optional constraints' indices
    /// and each one's first violation column.
    mutating func addViolationColumns() -> (optional: [Int], violationColumn: [Int: Int]) {
        let optional = ir.constraints.indices.filter { !ir.constraints[$0].isRequired }
        var violationColumn: [Int: Int] = [:]
        for index in optional {
            violationColumn[index] = columns
            columns += ir.constraints[index].relation == .equal ? 2 : 1
        }
        return (optional, violationColumn)
    }

    /// `row` with zeros for the columns added after it.
    func widened(_ row: ReferenceRow) -> ReferenceRow {
        ReferenceRow(coefficients: row.coefficients + Array(repeating: 0, count: columns - row.coefficients.count), relation: row.relation, rhs: row.rhs)
    }

    /// Each optional constraint as a row that its violation columns always let hold.
    func optionalRows(_ optional: [Int], violationColumn: [Int: Int]) -> [ReferenceRow] {
        optional.map { index in
            let c = ir.constraints[index]
            var (coefficients, constant) = expression(c, width: columns)
            let column = violationColumn[index]!
            switch c.relation {
            case .equal:
                // expr - plus + minus == c
                coefficients[column] = -1
                coefficients[column + 1] = 1
                return ReferenceRow(coefficients: coefficients, relation: .equal, rhs: constant)
            case .greaterThanOrEqual:
                coefficients[column] = 1
                return ReferenceRow(coefficients: coefficients, relation: .greaterOrEqual, rhs: constant)
            case .lessThanOrEqual:
                coefficients[column] = -1
                return ReferenceRow(coefficients: coefficients, relation: .lessOrEqual, rhs: constant)
            }
        }
    }

    /// The cost of the total violation of the constraints `indices`.
    func violationCost(_ indices: [Int], violationColumn: [Int: Int]) -> [Double] {
        var cost = Array(repeating: 0.0, count: columns)
        for index in indices {
            cost[violationColumn[index]!] = 1
            if ir.constraints[index].relation == .equal { cost[violationColumn[index]! + 1] = 1 }
        }
        return cost
    }
}

func checkRandomCase(seed: UInt64) {
    let (ir, width, height) = randomCase(seed: seed)
    let solution = solve(ir, width: width, height: height)
    let broken = Set(solution.brokenConstraints)
    let required = ir.constraints.indices.filter { ir.constraints[$0].isRequired && !broken.contains($0) }
    // 1. Every kept required constraint holds.
    for index in required {
        let amount = violation(ir.constraints[index], solution)
        #expect(amount <= 1e-6, "seed \(seed): required constraint \(index) violated by \(amount)")
    }
    if let width { #expect(close(solution.width, width), "seed \(seed)") }
    if let height { #expect(close(solution.height, height), "seed \(seed)") }
    #expect(solution.frames[0].x == 0 && solution.frames[0].y == 0, "seed \(seed)")

    var problem = ReferenceProblem(ir: ir)
    let base = problem.columns
    // 2. The kept required set is feasible, and every reported conflict is a minimal infeasible set.
    let requiredRows = problem.pins(width: width, height: height, columns: base)
        + required.map { problem.requiredRow(ir.constraints[$0], columns: base) }
    #expect(referenceMinimum(rows: requiredRows, cost: Array(repeating: 0, count: base)) != nil, "seed \(seed): kept set infeasible")
    for finding in solution.findings {
        guard case .conflict(let members, _) = finding.kind else { continue }
        func rows(_ sources: [ConstraintSource]) -> [ReferenceRow] {
            let allPins = problem.pins(width: width, height: height, columns: base)
            return sources.map { source in
                switch source {
                case .constraint(let index): problem.requiredRow(ir.constraints[index], columns: base)
                case .rootPin(let pin):
                    allPins[[RootPin.x, .y].contains(pin) ? pin.rawValue : (pin == .width ? 2 : (width == nil ? 2 : 3))]
                case .costFunction, .walkedLength:
                    // Only joint solves use these, and they never report a conflict.
                    ReferenceRow(coefficients: Array(repeating: 0, count: base), relation: .equal, rhs: 0)
                }
            }
        }
        let zero = Array(repeating: 0.0, count: base)
        #expect(referenceMinimum(rows: rows(members), cost: zero) == nil, "seed \(seed): conflict set is feasible")
        for index in members.indices {
            var without = members
            without.remove(at: index)
            #expect(referenceMinimum(rows: rows(without), cost: zero) != nil, "seed \(seed): conflict set not minimal")
        }
    }

    // 3. Lexicographic optimality: each level's total violation equals the reference optimum given
    // the levels above it at their optimum.
    let (optional, violationColumn) = problem.addViolationColumns()
    var rows = requiredRows.map { problem.widened($0) } + problem.optionalRows(optional, violationColumn: violationColumn)
    let priorities = Array(Set(optional.map { ir.constraints[$0].priority })).sorted(by: >)
    for priority in priorities {
        let level = optional.filter { ir.constraints[$0].priority == priority }
        let cost = problem.violationCost(level, violationColumn: violationColumn)
        guard let optimum = referenceMinimum(rows: rows, cost: cost) else {
            Issue.record("seed \(seed): reference infeasible at level \(priority)")
            return
        }
        let achieved = level.reduce(0.0) { $0 + violation(ir.constraints[$1], solution) }
        #expect(abs(achieved - optimum) <= 1e-5 * max(1, abs(optimum)), "seed \(seed): level \(priority): solver \(achieved), optimum \(optimum)")
        if abs(achieved - optimum) > 1e-5 * max(1, abs(optimum)) { return }
        rows.append(ReferenceRow(coefficients: cost, relation: .lessOrEqual, rhs: optimum + 1e-9 * max(1, abs(optimum))))
    }
}

/// The seeds of a randomised test, printed so a failure replays: from `STACKC_SEED` (default 1),
/// `count` of them, or `long` of them with `STACKC_LONG_TESTS=1`.
func randomSeeds(_ name: String, count: UInt64, long: UInt64 = 20_000) -> Range<UInt64> {
    let environment = ProcessInfo.processInfo.environment
    let start = UInt64(environment["STACKC_SEED"] ?? "") ?? 1
    let seeds = start..<(start + (environment["STACKC_LONG_TESTS"] == "1" ? long : count))
    print("\(name): seeds \(seeds.lowerBound)..<\(seeds.upperBound)")
    return seeds
}

@Suite struct RandomTests {
    @Test func randomLayoutsAreFeasibleAndLexicographicallyOptimal() {
        for seed in randomSeeds("random solver tests", count: 400) { checkRandomCase(seed: seed) }
    }
}
