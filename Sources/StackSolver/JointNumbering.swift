import StackIR

// A joint problem's general solver numbers only the items the problem mentions.
//
// The joint problem (JointGroup.swift) is written over the layout's frame variables, six per item,
// then its pieces and parameters. Its solver needs only the items its constraints mention, those
// whose frames it gives (`JointProblem.solving`) and those whose place it is asked about
// (`JointProblem.interface`): a few dozen where the layout has thousands. Numbered over the whole
// layout, every tableau it builds, every copy `fixes` makes and every solution it finishes would cost
// the layout's size. So the solver sees those items alone, renumbered in their order, with the
// symbols after the frame variables moved down to follow them. The order of every two symbols is
// kept, so every choice made by the lowest id (Tableau.swift) is the same as over the whole layout.
// The caller's questions are asked in the layout's numbering and translated here; an item the solve
// does not hold is one no constraint mentions: its variables are 0 and free, as in a solve over the
// whole layout.

/// The joint solve's numbering of the layout's items and symbols.
struct JointNumbering {
    /// Per item of the layout, its index in the joint solve; -1 for an item the solve does not hold.
    private var local: [Int]
    /// Per item of the joint solve, the layout's item, ascending.
    private(set) var items: [Int]
    /// How many frame variables the layout has: symbols from here on follow the items in the solve.
    private let externals: Int

    /// No items: a problem's numbering until its constraints are written.
    init() { (local, items, externals) = ([], [], 0) }

    /// The numbering of the items that `constraints` mention, those `kept` marks, the root, and the
    /// items of `forms`, of a layout of `count` items.
    init(count: Int, constraints: [LinearConstraint], kept: [Bool], forms: [[LinearTerm]]) {
        let externals = count * FrameVariable.perItem
        self.externals = externals
        var held = kept
        held[0] = true
        func hold(_ symbol: Int) {
            if symbol < externals { held[symbol / FrameVariable.perItem] = true }
        }
        for constraint in constraints { for symbol in constraint.expression.symbols { hold(symbol) } }
        for form in forms { for term in form { hold(term.symbol) } }
        var (local, items) = ([Int](repeating: -1, count: count), [Int]())
        for item in held.indices where held[item] {
            local[item] = items.count
            items.append(item)
        }
        (self.local, self.items) = (local, items)
    }

    /// How far the symbols after the frame variables move down.
    private var shift: Int { externals - items.count * FrameVariable.perItem }

    /// `symbol` of the layout in the joint solve; nil for a variable of an item it does not hold.
    func symbol(_ symbol: Int) -> Int? {
        guard symbol < externals else { return symbol - shift }
        let item = local[symbol / FrameVariable.perItem]
        return item < 0 ? nil : item * FrameVariable.perItem + symbol % FrameVariable.perItem
    }

    /// `row` of the layout in the joint solve (every variable it mentions is held).
    func renumbered(_ row: Row) -> Row {
        var result = row
        result.symbols = row.symbols.map { self.symbol($0) ?? -1 }
        return result
    }

    /// `ir` with the items the joint solve holds: its constraints as they are (sources name them by
    /// index), its items renumbered.
    func ir(_ ir: ConstraintIR) -> ConstraintIR {
        var local = ir
        local.items = items.map { ir.items[$0] }
        return local
    }

    /// Per item of the joint solve, `mask`'s value for its item in the layout.
    func local(_ mask: [Bool]) -> [Bool] { items.map { mask[$0] } }

    /// `solution` of the joint solve for the whole layout: the items it does not hold zero and
    /// undecided, as a solve leaves the items it does not give frames to.
    func expanded(_ solution: LayoutSolution) -> LayoutSolution {
        var whole = solution
        whole.frames = [Frame](repeating: .zero, count: local.count)
        whole.determined = [Determination](repeating: Determination(x: false, y: false, width: false, height: false), count: local.count)
        whole.baselines = [BaselinePair](repeating: BaselinePair(first: 0, last: 0), count: local.count)
        for (k, item) in items.enumerated() {
            whole.frames[item] = solution.frames[k]
            whole.determined[item] = solution.determined[k]
            whole.baselines[item] = solution.baselines[k]
        }
        return whole
    }
}

extension JointProblem {
    /// The general solver over this problem, in the joint solve's numbering (`numbering`), its
    /// required rows in: conflicts are not broken (a conflict is the caller's to decide) and
    /// ambiguity is not looked for (units settle it).
    func solver(_ ir: ConstraintIR) -> Solver {
        // Pieces and parameters follow the frame variables: the numbering always holds them.
        func held(_ symbol: Int) -> Int { numbering.symbol(symbol) ?? -1 }
        var solver = Solver(
            ir: numbering.ir(ir),
            constraints: constraints.map { constraint in
                var written = constraint
                written.expression = numbering.renumbered(constraint.expression)
                return written
            },
            invalid: [], restricted: restricted,
            costs: costs.map { LevelCost(priority: $0.priority, symbol: held($0.symbol), coefficient: $0.coefficient) },
            tieCosts: tieCosts.map {
                TieCost(priority: $0.priority, index: $0.index, symbol: held($0.symbol), coefficient: $0.coefficient)
            },
            breakingConflicts: false,
            parameters: parameters.map { parameter in
                var pin = parameter
                pin.symbol = held(parameter.symbol)
                return pin
            })
        solver.findsAmbiguity = false
        return solver
    }

    /// Each symbol's value before rounding in `solver` (this problem's), by the layout's numbering.
    func values(in solver: Solver) -> (Int) -> Double {
        let value = solver.unroundedValue()
        let numbering = numbering
        return { symbol in numbering.symbol(symbol).map(value) ?? 0 }
    }

    /// `forms` (the layout's numbering) in `solver`'s; nil when one mentions a variable the solve does
    /// not hold (none does: the numbering holds the interface's items), which no constraint mentions, so
    /// free.
    private func inSolver(_ forms: [[LinearTerm]]) -> [[LinearTerm]]? {
        var local: [[LinearTerm]] = []
        for form in forms {
            var terms: [LinearTerm] = []
            for term in form {
                guard let symbol = numbering.symbol(term.symbol) else { return nil }
                terms.append((symbol, term.coefficient))
            }
            local.append(terms)
        }
        return local
    }

    /// Whether the optimal face of `solver` fixes every form of `forms` (`Solver.fixes`).
    func fixes(_ forms: [[LinearTerm]], in solver: Solver) -> Bool {
        guard let local = inSolver(forms) else { return false }
        return solver.fixes(local)
    }

    /// The units whose `interface` the optimal face of `solver` leaves free (`Solver.freeUnits`).
    func freeUnits(_ interface: [[[LinearTerm]]], in solver: Solver) -> [Int] {
        let local = interface.map(inSolver)
        let free = Set(solver.freeUnits(local.map { $0 ?? [] }))
        return interface.indices.filter { local[$0] == nil || free.contains($0) }
    }

    /// `solver`'s solution for the whole layout (`Solver.finish`), its frames for the items
    /// `solving` marks; `free`, what moves on the face as the solver last found it (`faceFree`).
    func finish(_ solver: inout Solver, free: [Bool]?) -> LayoutSolution {
        numbering.expanded(solver.finish(solving: numbering.local(solving), free: free))
    }
}
