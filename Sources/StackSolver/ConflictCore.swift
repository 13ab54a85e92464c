// The constraints that can take part in a conflict, found once by peeling instead of carried
// through every feasibility check.
//
// A required constraint with a variable that nothing else in the set pins cannot be in a minimal
// conflict: whatever the other constraints choose, that variable can still be chosen to meet it.
// Three such cases, all over free variables (a frame variable has no bound):
// - the variable appears in no other constraint of the set;
// - the variable appears only in inequalities, all of which it meets by growing the same way;
// - an item's variables appear only in constraints that hold whatever values the other variables
//   they mention take (a label centred in its column can always be placed in it, at some width):
//   then none of those constraints is needed for a conflict, since nothing else sees the item.
// Removing constraints frees more variables, so the rules repeat until nothing is removed.
// What is left, the core, holds every minimal conflict of the set and of each of its subsets (a
// variable free in the set is free in a subset).
//
// So every question the search asks keeps its answer on the core:
// - a prefix of the set in order cannot hold exactly when its part in the core cannot (it contains a
//   minimal conflict, which is in the core), so the first constraint that fails is the same;
// - the additive method (`minimalConflict`) grows the same members: each round's first failing
//   prefix contains the set it ends with, which is in the core.
// On a stack layout most constraints peel: every item whose edges only its own stack's chain
// mentions, every stack no user constraint reaches. The checks then cost what the conflict touches,
// not the layout's size.

extension ConflictSearch {
    /// The members of `set` (in its order) that can be in a minimal conflict among the required
    /// constraints of `set`. `byItems`: with the rule for items as well, which costs an elimination
    /// per item (Projection.swift); without it, a pass over the set's terms.
    func core(of set: [Int], byItems: Bool = true) -> [Int] {
        var peeling = Peeling(search: self, set: set)
        peeling.peelFreeSymbols()
        // Items last to first: an item's children come after it, so a stack's items go before it does.
        // An item is looked at again only when a constraint that mentions it went since.
        var changed = byItems
        while changed {
            changed = false
            for group in peeling.groups.indices.reversed() where peeling.dirty[group] {
                peeling.dirty[group] = false
                if peeling.peelIfAlwaysHeld(group) {
                    peeling.peelFreeSymbols()
                    changed = true
                }
            }
        }
        return set.indices.filter { !peeling.removed[$0] }.map { set[$0] }
    }

    /// Whether the required constraints `list` (renumbered, over `symbols` free symbols) can all hold.
    func holds(_ list: [LinearConstraint], symbols: Int) -> Bool {
        let elimination = Elimination(list, externals: symbols)
        var tableau = Tableau(externals: symbols)
        return elimination.constraints.allSatisfy { tableau.addRequired($0) != .infeasible }
    }
}

/// The state of `core(of:)`: which constraints are gone, and per symbol what still mentions it.
private struct Peeling {
    /// The largest group the always-held test takes: constraints, and symbols outside the group.
    static let largestGroup = 24
    static let largestInterface = 8
    /// The most rows the elimination of a group's symbols may hold before the group stays.
    static let largestProjection = 256

    /// Per position in `set`, where its terms are in `symbol` and `coefficient`: its constraint's terms
    /// without its slack (an inequality as written), over the symbols the set mentions numbered
    /// densely in their order (so a few constraints cost a few, not the layout's size).
    let termStart: [Int]
    let symbol: [Int]
    let coefficient: [Double]
    /// Per position in `set`: whether its constraint is an inequality, and its constant.
    let isInequality: [Bool]
    let constants: [Double]
    var removed: [Bool]
    /// Per dense symbol: how many live constraints mention it as an equality, as an inequality it meets
    /// by growing, and as one it meets by shrinking; and where in `mentions` the constraints
    /// (positions in `set`) that mention it are.
    var equal: [Int]
    var grow: [Int]
    var shrink: [Int]
    let mentionStart: [Int]
    let mentions: [Int]
    /// Symbols whose counts dropped since they were last looked at.
    var pending: [Int] = []
    /// The dense symbols of each item the set mentions (its `FrameVariable.perItem` variables), the
    /// items in order; per dense symbol, its item's group; and per group, whether a constraint that
    /// mentions it went since it was last looked at.
    var groups: [[Int]] = []
    let groupOf: [Int]
    var dirty: [Bool]

    init(search: ConflictSearch, set: [Int]) {
        var termStart = [0]
        termStart.reserveCapacity(set.count + 1)
        var original: [Int] = []
        var coefficient: [Double] = []
        for index in set {
            let constraint = search.constraints[index]
            for (symbol, value) in zip(constraint.expression.symbols, constraint.expression.coefficients)
            where symbol != constraint.slack {
                original.append(symbol)
                coefficient.append(value)
            }
            termStart.append(original.count)
        }
        // Dense numbers in symbol order: the terms sorted by symbol, each term's position beside it
        // (a frame variable's symbol and a term's position each fit in 32 bits).
        var keys = original.indices.map { original[$0] << 32 | $0 }
        keys.sort()
        var dense = [Int](repeating: 0, count: original.count)
        var groupOf: [Int] = []
        var last = -1
        for key in keys {
            let symbol = key >> 32
            if symbol != last {
                if last < 0 || last / FrameVariable.perItem != symbol / FrameVariable.perItem { groups.append([]) }
                groups[groups.count - 1].append(groupOf.count)
                groupOf.append(groups.count - 1)
                last = symbol
            }
            dense[key & 0xFFFF_FFFF] = groupOf.count - 1
        }
        (self.termStart, self.symbol, self.coefficient, self.groupOf) = (termStart, dense, coefficient, groupOf)
        dirty = [Bool](repeating: true, count: groups.count)
        isInequality = set.map { search.constraints[$0].slack != nil || !search.constraints[$0].isEquality }
        constants = set.map { search.constraints[$0].expression.constant }
        removed = [Bool](repeating: false, count: set.count)
        var mentionStart = [Int](repeating: 0, count: groupOf.count + 1)
        for symbol in dense { mentionStart[symbol + 1] += 1 }
        for symbol in groupOf.indices { mentionStart[symbol + 1] += mentionStart[symbol] }
        var mentions = [Int](repeating: 0, count: dense.count)
        var next = mentionStart
        for position in set.indices {
            for term in termStart[position]..<termStart[position + 1] {
                mentions[next[dense[term]]] = position
                next[dense[term]] += 1
            }
        }
        (self.mentionStart, self.mentions) = (mentionStart, mentions)
        equal = [Int](repeating: 0, count: groupOf.count)
        grow = equal
        shrink = equal
        pending = Array(groupOf.indices)
        for position in set.indices { count(position, by: 1) }
    }

    mutating func count(_ position: Int, by step: Int) {
        let inequality = isInequality[position]
        for term in termStart[position]..<termStart[position + 1] {
            if !inequality {
                equal[symbol[term]] += step
            } else if coefficient[term] > 0 {
                grow[symbol[term]] += step
            } else {
                shrink[symbol[term]] += step
            }
        }
    }

    mutating func remove(_ position: Int) {
        removed[position] = true
        count(position, by: -1)
        for term in termStart[position]..<termStart[position + 1] {
            pending.append(symbol[term])
            dirty[groupOf[symbol[term]]] = true
        }
    }

    /// Removes every constraint with a symbol nothing else pins, until none is left. The order symbols
    /// are looked at in does not change the result: a constraint that can go stays so when others go.
    mutating func peelFreeSymbols() {
        while let symbol = pending.popLast() {
            let frees = equal[symbol] == 0 ? (grow[symbol] == 0) != (shrink[symbol] == 0)
                : equal[symbol] == 1 && grow[symbol] + shrink[symbol] == 0
            guard frees else { continue }
            for position in mentions[mentionStart[symbol]..<mentionStart[symbol + 1]] where !removed[position] {
                remove(position)
            }
        }
    }

    /// Removes the constraints that mention the symbols of `group` when they hold whatever the
    /// other symbols they mention (the interface) are: then none of them can be in a minimal
    /// conflict of the set or of a subset, since the group's own symbols appear nowhere else.
    /// Projection.swift decides it, by eliminating the group's symbols.
    mutating func peelIfAlwaysHeld(_ group: Int) -> Bool {
        var members: [Int] = []
        for own in groups[group] {
            for position in mentions[mentionStart[own]..<mentionStart[own + 1]] where !removed[position] && !members.contains(position) {
                members.append(position)
                if members.count > Self.largestGroup { return false }
            }
        }
        guard !members.isEmpty else { return false }
        var columns: [Int] = []
        for position in members {
            for term in termStart[position]..<termStart[position + 1] where !columns.contains(symbol[term]) {
                columns.append(symbol[term])
            }
        }
        guard columns.count(where: { groupOf[$0] != group }) <= Self.largestInterface else { return false }
        let rows = members.map { position in
            var coefficients = [Double](repeating: 0, count: columns.count)
            for term in termStart[position]..<termStart[position + 1] {
                coefficients[columns.firstIndex(of: symbol[term])!] = coefficient[term]
            }
            return DenseRow(coefficients: coefficients, constant: constants[position], isEquality: !isInequality[position])
        }
        let own = columns.indices.filter { groupOf[columns[$0]] == group }
        guard holdsForEveryValue(rows, eliminating: own, largest: Self.largestProjection) == true else { return false }
        for position in members { remove(position) }
        return true
    }
}
