/// The simplex tableau in kiwi's form: every basic symbol has a row `basic = constant + sum(c * s)`
/// over nonbasic symbols; nonbasic symbols are zero. Restricted basic symbols always have a
/// constant `>= 0` (primal feasibility), externals may be anything and never leave the basis.
///
/// Determinism: rows live in slots (dense integers), symbols are dense integers, every choice
/// (subject, entering, leaving) is made from counts, costs and ids with a fixed id among equals, and
/// column lists are iterated sorted; no `Set` or `Dictionary` is involved.
struct Tableau {
    /// Symbol id -> kind.
    private(set) var kinds: [SymbolKind] = []
    /// Slot -> row; a free slot has `basicOf[slot] == -1`.
    private(set) var rows: [Row] = []
    /// Slot -> its basic symbol.
    private(set) var basicOf: [Int] = []
    /// Symbol id -> the slot where it is basic, or -1.
    private(set) var slotOf: [Int] = []
    /// Symbol id -> slots whose rows may mention it: appended when a symbol enters a row, never
    /// removed eagerly; `rowsContaining` filters stale entries and compacts the list.
    private(set) var columns: [[Int]] = []
    /// Per slot, the last `rowsContaining` call that saw it (deduplicates column lists).
    private var seen: [Int] = []
    private var tick = 0
    /// Symbol id -> frozen at zero because a higher objective level needs it there.
    private(set) var frozen: [Bool] = []
    private var freeSlots: [Int] = []
    /// Pivots done so far, against `pivotLimit`.
    private(set) var pivots = 0
    /// Set when `pivotLimit` or `termLimit` stopped an optimisation (and no pivot follows).
    private(set) var hitPivotLimit = false
    /// Set when it was `termLimit`.
    private(set) var hitTermLimit = false
    /// How many terms the rows hold, against `termLimit`.
    private(set) var terms = 0
    /// How many terms substitutions have written into rows so far, against `workLimit`.
    private(set) var written = 0
    /// The storage `optimize` holds its objective in (ReducedCosts.swift), kept between calls.
    private var reducedCosts = ReducedCosts()
    /// Frame variables' rows set aside during the optimisation, with their basic symbols
    /// (Tableau+Parking.swift).
    var parked: [(basic: Int, row: Row)] = []
    /// Per external symbol, its index in `parked`, or -1 (empty when nothing is set aside).
    var parkedIndex: [Int] = []
    /// Parameters a required row pins at their values (`moveParameter` cannot move them).
    private(set) var pinnedParameters: [Int] = []
    /// The most pivots any solve may take (the simplex terminates, but numbers may misbehave).
    var pivotLimit = 1_000_000
    /// The most terms the rows may hold before an optimisation stops: rows that all come to mention
    /// one shared symbol grow as the square of the layout, and memory must not run away.
    var termLimit = Int.max
    /// The most terms substitutions may write before an optimisation stops: rows that stay short
    /// can still be rewritten, pivot after pivot, by a symbol that many rows mention.
    var workLimit = Int.max
    /// Per external symbol, how many of the solve's constraints mention it (empty: unknown): with the
    /// rows that mention it now, what `add` weighs a candidate subject by.
    var mentions: [Int] = []

    /// The most terms solving a new row for an external symbol may write into the rows present
    /// (`add`); past it, the row's own error or slack symbol is its subject.
    var subjectFill = SolverLimits.subjectFill

    init(externals: Int) {
        kinds = Array(repeating: .external, count: externals)
        slotOf = Array(repeating: -1, count: externals)
        columns = Array(repeating: [], count: externals)
        frozen = Array(repeating: false, count: externals)
    }

    /// Allocates the next dense symbol id.
    mutating func newSymbol(_ kind: SymbolKind) -> Int {
        kinds.append(kind)
        slotOf.append(-1)
        columns.append([])
        frozen.append(false)
        return kinds.count - 1
    }

    /// The current value of a symbol: its row constant if basic, else zero.
    func value(of symbol: Int) -> Double {
        guard symbol >= 0, symbol < slotOf.count else { return 0 }
        let slot = slotOf[symbol]
        if slot >= 0 { return rows[slot].constant }
        // A frame variable's row set aside (Tableau+Parking.swift) is an identity over symbols that
        // none is set aside: read through it, at today's basis.
        guard symbol < parkedIndex.count, parkedIndex[symbol] >= 0 else { return 0 }
        let row = parked[parkedIndex[symbol]].row
        return zip(row.symbols, row.coefficients).reduce(row.constant) { $0 + $1.1 * value(of: $1.0) }
    }

    func isBasic(_ symbol: Int) -> Bool { slotOf[symbol] >= 0 }

    /// `expression` with every basic symbol replaced by its row, so it is over nonbasic symbols.
    func substituted(_ expression: Row) -> Row {
        expression.replacing { symbol in
            let slot = slotOf[symbol]
            return slot >= 0 ? rows[slot] : nil
        }
    }

    // MARK: Rows

    mutating func insertRow(_ row: Row, basic: Int) -> Int {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            rows[slot] = row
            basicOf[slot] = basic
        } else {
            slot = rows.count
            rows.append(row)
            basicOf.append(basic)
            seen.append(0)
        }
        slotOf[basic] = slot
        for symbol in row.symbols { columns[symbol].append(slot) }
        terms += row.symbols.count
        return slot
    }

    mutating func removeRow(at slot: Int) -> Row {
        let row = rows[slot]
        terms -= row.symbols.count
        slotOf[basicOf[slot]] = -1
        basicOf[slot] = -1
        rows[slot] = Row()
        freeSlots.append(slot)
        return row
    }

    /// The slots whose rows mention `symbol`, ascending, with its coefficient there (found while
    /// checking, so callers search no row twice); compacts the symbol's column list.
    mutating func rowsContaining(_ symbol: Int) -> [(slot: Int, coefficient: Double)] {
        tick += 1
        var result: [(slot: Int, coefficient: Double)] = []
        // The list is taken out and written back in place (no copy, no new array).
        var list = columns[symbol]
        columns[symbol] = []
        for slot in list where seen[slot] != tick {
            seen[slot] = tick
            if basicOf[slot] >= 0, let position = rows[slot].position(of: symbol) {
                result.append((slot, rows[slot].coefficients[position]))
            }
        }
        result.sort { $0.slot < $1.slot }
        for (index, entry) in result.enumerated() { list[index] = entry.slot }
        list.removeLast(list.count - result.count)
        columns[symbol] = list
        return result
    }

    /// Every row mentioning `symbol` gets `symbol := definition`.
    private mutating func substitute(_ symbol: Int, by definition: Row) {
        for (slot, factor) in rowsContaining(symbol) {
            // row = k + a*symbol + rest  ->  row = k + rest + a*definition
            let before = rows[slot].symbols.count
            written += definition.symbols.count
            for added in rows[slot].add(definition, times: factor, removing: symbol) { columns[added].append(slot) }
            terms += rows[slot].symbols.count - before
        }
        columns[symbol] = []
    }

    /// Makes `entering` basic in the row of slot `slot`, whose basic symbol leaves; returns the
    /// entering symbol's row, for an objective to substitute too.
    @discardableResult
    mutating func pivot(entering: Int, slot: Int) -> Row {
        pivots += 1
        let leaving = basicOf[slot]
        var row = removeRow(at: slot)
        // leaving = k + a*entering + rest  ->  entering = (leaving - k - rest) / a
        let a = row.coefficient(of: entering)
        row.remove(entering)
        _ = row.add(Row(constant: 0, terms: [(leaving, 1)]), times: -1)
        row.scale(by: -1 / a)
        substitute(entering, by: row)
        _ = insertRow(row, basic: entering)
        return row
    }

    // MARK: Adding constraints

    /// The outcome of adding one constraint row.
    enum AddResult {
        case added
        /// The row reduced to `0 == 0`: implied by the rows already present.
        case redundant
        /// No value of the symbols satisfies the row together with the present ones.
        case infeasible
    }

    /// Adds `0 = row` (over any symbols; basic ones are substituted), solved for the symbol
    /// `subject(of:marker:other:)` chooses (Tableau+Subject.swift), else by a phase-one artificial
    /// variable. On `.infeasible` the tableau still holds exactly the rows it held before (maybe in
    /// another basis).
    mutating func add(_ expression: Row, marker: Int?, other: Int?) -> AddResult {
        var row = substituted(throughParked(expression))
        // Kiwi's invariant: a new row has a nonnegative constant, so a restricted subject with a
        // negative coefficient gets the nonnegative value constant / -coefficient.
        if row.constant < 0 { row.scale(by: -1) }
        if row.isEmpty {
            return nearZero(row.constant) ? .redundant : .infeasible
        }
        if let subject = subject(of: row, marker: marker, other: other) {
            // 0 = k + a*subject + rest  ->  subject = -(k + rest) / a
            let a = row.coefficient(of: subject)
            row.remove(subject)
            row.scale(by: -1 / a)
            substitute(subject, by: row)
            _ = insertRow(row, basic: subject)
            return .added
        }
        return addWithArtificial(row)
    }

    /// Phase one for one row: `art = row`, minimise `art`; the row is satisfiable iff the minimum is 0.
    private mutating func addWithArtificial(_ row: Row) -> AddResult {
        let artificial = newSymbol(.artificial)
        _ = insertRow(row, basic: artificial)
        var objective = row
        let optimal = optimize(&objective, phaseOne: true)
        guard optimal, nearZero(objective.constant) else {
            // art > 0 means art is basic, so no other row mentions it: dropping its row leaves a
            // feasible tableau of exactly the constraints present before (in another basis).
            if slotOf[artificial] >= 0 { _ = removeRow(at: slotOf[artificial]) }
            for (slot, _) in rowsContaining(artificial) {
                rows[slot].remove(artificial)
                terms -= 1
            }
            columns[artificial] = []
            frozen[artificial] = true
            return .infeasible
        }
        let slot = slotOf[artificial]
        if slot >= 0 {
            // art is basic at value 0: swap it out for any restricted symbol of its row; the values do
            // not move because the row's constant is zero.
            var artRow = removeRow(at: slot)
            if !artRow.isEmpty, artRow.symbols.allSatisfy({ kinds[$0] == .parameter }) {
                // Only parameters left: the row holds at their values and pins them there.
                pinnedParameters += artRow.symbols
            } else if !artRow.isEmpty {
                guard let entering = artRow.symbols.first(where: { kinds[$0] == .slack || kinds[$0] == .error })
                else { return .infeasible }
                // art = k + a*entering + rest  ->  entering = (art - k - rest) / a, then art := 0
                let a = artRow.coefficient(of: entering)
                artRow.remove(entering)
                artRow.scale(by: -1 / a)
                artRow.remove(artificial)
                substitute(entering, by: artRow)
                _ = insertRow(artRow, basic: entering)
            }
        }
        // art is nonbasic at zero: drop its column everywhere.
        for (slot, _) in rowsContaining(artificial) {
            rows[slot].remove(artificial)
            terms -= 1
        }
        columns[artificial] = []
        frozen[artificial] = true
        return .added
    }

    // MARK: Optimising

    /// Whether a limit stops the next pivot (`pivotLimit`; with `countingTerms`, `termLimit` too);
    /// once one has, every later pivot it counts stops too. Phase one of a required row does not
    /// count terms: stopping there would report a conflict that is not one.
    mutating func limitReached(countingTerms: Bool = true) -> Bool {
        if countingTerms && (terms >= termLimit || written >= workLimit) {
            hitTermLimit = true
            hitPivotLimit = true
        }
        if pivots >= pivotLimit {
            hitPivotLimit = true
            return true
        }
        return countingTerms && hitTermLimit
    }

    /// Whether a pivot that substitutes a row of `length` terms into `count` rows keeps the rows
    /// within `termLimit` at worst (one pivot can fill in the square of the layout); records the
    /// stop when not.
    private mutating func fillFits(rows count: Int, length: Int) -> Bool {
        guard terms + count * length > termLimit || written + count * length > workLimit else { return true }
        hitTermLimit = true
        hitPivotLimit = true
        return false
    }

    /// Minimises `objective` (over nonbasic symbols, kept up to date across pivots) by the primal
    /// simplex. The improving symbol with the largest cost enters (Dantzig's rule, the lowest id among
    /// equals), and the lowest-id basic symbol among the tightest ratios leaves. Frozen symbols never
    /// enter. Returns false if a limit was hit (`limitReached`, `fillFits`; in `phaseOne` only the
    /// pivot limit) or the objective looked unbounded (which does not happen with sound numbers).
    ///
    /// The largest cost takes far fewer and cheaper pivots through a stack's rows than the lowest id:
    /// in a fillProportionally row of 1,000 labels with user constraints (the `stretched` workload),
    /// the lowest id walks every item's error symbols in turn, each pivot substituting a row of every
    /// item into every other: 3,600 pivots writing 3.5e9 terms, against 2,800 writing 4.2e7.
    /// Dantzig's rule alone can cycle at a degenerate vertex, so after
    /// `SolverLimits.stallsBeforeBland` pivots in a row that do not move, the lowest id enters until
    /// one does (Bland's rule, which cannot cycle); each pivot that moves lowers the objective, so no
    /// basis comes back. Which optimal basis the simplex stops in does not change the answer: the
    /// stages read the optimal face, not the basis (the frozen symbols, HiddenMovements.swift,
    /// UndecidedValues.swift). While it pivots, the objective is held by symbol id, its improving
    /// symbols queued by those rules (ReducedCosts.swift). With `stopAtZero` (an objective whose
    /// least value is 0, `isPositiveSum`) it stops, successfully, once the objective is 0.
    mutating func optimize(_ objective: inout Row, phaseOne: Bool = false, stopAtZero: Bool = false) -> Bool {
        var stalled = 0
        let stallsBeforeBland = SolverLimits.stallsBeforeBland
        // The costs' storage is the tableau's, taken out while the pivots rewrite the tableau.
        var costs = ReducedCosts()
        swap(&costs, &reducedCosts)
        costs.load(objective, kinds: kinds, frozen: frozen)
        defer {
            objective = costs.unload()
            swap(&costs, &reducedCosts)
        }
        var blocked: DegenerateSteps.Blocked?
        while true {
            guard !limitReached(countingTerms: !phaseOne) else { return false }
            if stopAtZero && costs.constant <= tolerance { return true }
            let bland = stalled >= stallsBeforeBland
            guard var (entering, direction) = costs.entering(lowestID: bland) else { return true }
            // A step that moves nothing may enter any improving symbol: a sparser one writes less
            // (Tableau+DegenerateSteps.swift).
            var step: Step
            if !bland, let sparser = sparserStepPast(blocked, entering: entering, direction: direction, costs: costs) {
                (entering, direction, step) = sparser
            } else {
                step = ratioTest(entering, direction: direction)
                if !bland, step.slot >= 0, step.ratio <= tolerance, let sparser = sparserStep(than: step.column.count, costs: costs) {
                    blocked = (entering, step.slot, step.column.count)
                    (entering, direction, step) = sparser
                }
            }
            if step.slot < 0 { return false }
            stalled = step.ratio <= tolerance ? stalled + 1 : 0
            guard phaseOne || fillFits(rows: step.column.count, length: rows[step.slot].symbols.count) else { return false }
            costs.substitute(entering, by: pivot(entering: entering, slot: step.slot))
        }
    }

    /// Freezes at zero every nonbasic symbol with a positive cost in an optimal objective: the
    /// optimal face of that objective is exactly "those symbols are zero", so later objectives
    /// stay on it (the lexicographic simplex).
    mutating func freezePositiveCosts(of objective: Row) {
        for (symbol, cost) in zip(objective.symbols, objective.coefficients)
        where cost > tolerance && kinds[symbol] != .external {
            frozen[symbol] = true
        }
    }

    /// Freezes one nonbasic restricted symbol at zero.
    mutating func freeze(_ symbol: Int) {
        if slotOf[symbol] < 0, kinds[symbol] != .external { frozen[symbol] = true }
    }

    /// Puts basic `symbol`, within `tolerance` of 0, at exactly 0: no other row reads its value.
    mutating func settleAtZero(_ symbol: Int) {
        if slotOf[symbol] >= 0 { rows[slotOf[symbol]].constant = 0 }
    }

    /// Takes every frozen nonbasic symbol out of the rows that mention one of `symbols` (out of every
    /// row when nil), for the last steps of a solve, after which nothing unfreezes a symbol (no stage,
    /// release or dual pivot follows): it stays zero, and a row that substitutes one mentioning it
    /// would only grow by it. Column lists keep their stale entries, as after any change of a row.
    mutating func dropFrozen(inRowsMentioning symbols: [Int]? = nil) {
        let slots = symbols.map { $0.flatMap { rowsContaining($0).map(\.slot) } } ?? Array(rows.indices)
        let (frozen, slotOf) = (self.frozen, self.slotOf)
        for slot in slots where basicOf[slot] >= 0 {
            terms -= rows[slot].removeTerms { symbol, _ in frozen[symbol] && slotOf[symbol] < 0 }
        }
    }

    // MARK: Parameters

    /// Moves `parameter`, a frozen nonbasic symbol that a pin's row carries (`pin - value - parameter
    /// == 0`), by `delta`: every row's constant follows as kiwi's `suggestValue` moves an edit
    /// variable's, and the parameter stays at zero, so the tableau reads as solved with the pin at
    /// `value + delta`. Returns false when the parameter is pinned (`pinnedParameters`), else
    /// whether every restricted basic symbol stays where the optimal face does not change shape:
    /// positive ones nonnegative, zero ones at zero. When not, `reoptimize` restores the optimum.
    /// `sameFreedom`: moreover every positive one stays clear of zero (`clearOfZero`), so the face
    /// is blocked at the vertex by the same rows and what can move on it is what could before.
    mutating func moveParameter(_ parameter: Int, by delta: Double) -> (moved: Bool, sameFace: Bool, sameFreedom: Bool) {
        guard !pinnedParameters.contains(parameter) else { return (false, false, false) }
        var (sameFace, sameFreedom) = (true, true)
        for (slot, coefficient) in rowsContaining(parameter) {
            let old = rows[slot].constant
            var new = old + coefficient * delta
            if kinds[basicOf[slot]] != .external {
                if old <= tolerance ? !nearZero(new) : new < -tolerance { sameFace = false }
                if old > tolerance, min(old, new) < Self.clearOfZero { sameFreedom = false }
                if new < 0, new >= -tolerance { new = 0 }
            }
            rows[slot].constant = new
        }
        return (true, sameFace, sameFace && sameFreedom)
    }

    /// How far from zero a positive restricted symbol stays for a move to keep what moves on the
    /// face (`moveParameter`): near zero, a step blocked by its row (`canMove`) or a push it stops
    /// short (HiddenMovements.swift) depends on its value, not only on the basis.
    static let clearOfZero = 1e-3

    /// The lexicographic dual simplex: after `moveParameter`, pivots until every restricted basic
    /// symbol is nonnegative again, keeping the basis optimal for every objective of `stages` in order.
    ///
    /// A stage's objective, once optimal, only ever changes by pivots on symbols it does not cost,
    /// so in the final basis a nonbasic symbol's costs over the stages are zero up to the stage
    /// that froze it and positive there: lexicographically nonnegative, the optimality of the whole
    /// sequence. A row whose basic symbol is negative leaves (`dualPivot`), which keeps every cost
    /// lexicographically nonnegative while the row becomes feasible. At the end the frozen symbols
    /// are those with some cost. False when a row cannot be raised (the constraints cannot hold at
    /// the new value) or the pivot limit is hit.
    mutating func reoptimize(stages: inout Stages) -> Bool {
        func negative(_ slot: Int) -> Bool {
            basicOf[slot] >= 0 && kinds[basicOf[slot]] != .external && rows[slot].constant < -tolerance
        }
        var changed: [Int] = []
        defer { refreeze(changed, stages: stages) }
        var candidates = rows.indices.filter(negative)
        while true {
            var unique: [Int] = []
            for slot in candidates.filter(negative).sorted() where slot != unique.last { unique.append(slot) }
            candidates = unique
            guard let leaving = candidates.min(by: { basicOf[$0] < basicOf[$1] }) else { return true }
            guard dualPivot(leaving: leaving, stages: &stages, changed: &changed, touched: &candidates) else { return false }
        }
    }

    /// One step of the lexicographic dual simplex: the row of slot `leaving` (negative, or at zero and
    /// about to turn negative) leaves for the symbol of least cost per unit it raises that row,
    /// compared stage by stage (the lowest id among equals), and `stages` follow. False when nothing
    /// raises the row or the pivot limit is hit. `changed` collects the symbols whose frozen state
    /// `refreeze` must set again; `touched`, the slots of the rows the pivot rewrites.
    mutating func dualPivot(leaving: Int, stages: inout Stages, changed: inout [Int], touched: inout [Int]) -> Bool {
        guard !limitReached() else { return false }
        var entering = -1
        var enteringRate = 0.0
        for (symbol, a) in zip(rows[leaving].symbols, rows[leaving].coefficients) {
            switch kinds[symbol] {
            case .external:
                // Free either way and costless: nothing is cheaper.
                guard entering < 0 || kinds[entering] != .external || symbol < entering else { continue }
            case .parameter, .artificial:
                continue
            case .slack, .error:
                guard a > tolerance, entering < 0
                        || (kinds[entering] != .external && stages.isCheaper(symbol, rate: a, than: entering, rate: enteringRate))
                else { continue }
            }
            (entering, enteringRate) = (symbol, a)
        }
        guard entering >= 0 else { return false }
        let column = rowsContaining(entering)
        guard fillFits(rows: column.count, length: rows[leaving].symbols.count) else { return false }
        touched += column.map(\.slot)
        pivot(entering: entering, slot: leaving)
        let definition = rows[slotOf[entering]]
        stages.substitute(entering, by: definition)
        changed.append(entering)
        changed += definition.symbols
        return true
    }

    /// Makes `parameters` free symbols (their pins plain rows) and unfreezes every slack and error
    /// symbol, for the stages to be optimised again from this basis (`Solver.releaseHubs`).
    mutating func release(_ parameters: [Int]) {
        for symbol in parameters { (kinds[symbol], frozen[symbol]) = (.external, false) }
        for symbol in kinds.indices where kinds[symbol] == .slack || kinds[symbol] == .error { frozen[symbol] = false }
    }

    /// After dual pivots: the `changed` symbols are frozen exactly when nonbasic with some cost.
    mutating func refreeze(_ changed: [Int], stages: Stages) {
        for symbol in changed where kinds[symbol] == .slack || kinds[symbol] == .error {
            frozen[symbol] = slotOf[symbol] < 0 && stages.leadingCost(of: symbol) != 0
        }
    }
}

extension Tableau {
    /// Adds a required constraint: `expr == 0` as it is, `expr >= 0` as `expr - slack == 0`.
    mutating func addRequired(_ constraint: LinearConstraint) -> AddResult {
        if constraint.isEquality { return add(constraint.expression, marker: constraint.slack, other: nil) }
        let slack = newSymbol(.slack)
        var row = constraint.expression
        _ = row.add(Row(constant: 0, terms: [(slack, -1)]), times: 1)
        return add(row, marker: slack, other: nil)
    }
}
