import StackIR

/// Something the solver found wrong with a layout, located by `Origin`s (line and column always,
/// byte ranges when the IR came from source), so the CLI can print `file:line:col` either way.
public struct SolverFinding: Hashable, Sendable {
    /// What was found, with the ids involved.
    public enum Kind: Hashable, Sendable {
        /// Required constraints that cannot all hold (a minimal set, sorted), and the one broken to recover.
        case conflict(members: [ConstraintSource], broken: ConstraintSource)
        /// An item whose frame the constraints do not decide; the attributes are among x, y, width, height
        /// (spelled `leading`, `top`, `width`, `height`).
        case ambiguous(item: ItemID, attributes: [LayoutAttribute])
        /// An IR constraint the solver could not use and ignored.
        case invalidConstraint(index: Int, reason: InvalidReason)
        /// The simplex stopped at its pivot limit; the frames may not be optimal, and no ambiguity is
        /// reported (`LayoutSolution.stopped`).
        case pivotLimit(pivots: Int)
        /// The simplex stopped when its rows grew past its term limit (`Tableau.termLimit`), or its
        /// substitutions wrote past its work limit (`Tableau.workLimit`); as `pivotLimit`.
        case termLimit(terms: Int)
    }

    /// A secondary location.
    public struct Note: Hashable, Sendable {
        public var message: String
        public var origin: Origin
    }

    public var kind: Kind
    /// The diagnostic this becomes.
    public var id: DiagnosticID
    /// Lowercase, no final period.
    public var message: String
    /// The primary location.
    public var origin: Origin
    /// Further locations (the other members of a conflict).
    public var notes: [Note]

    /// The severity of the diagnostic this becomes.
    public var severity: Severity { id.defaultSeverity }
}

extension SolverFinding {
    static func conflict(members: [ConstraintSource], broken: ConstraintSource, ir: ConstraintIR) -> SolverFinding {
        let brokenText = describe(broken, in: ir)
        let others = members.filter { $0 != broken }
        let message = others.isEmpty
            ? "required constraint '\(brokenText)' cannot hold; will attempt to recover by breaking it"
            : "required constraints cannot all hold: '\(brokenText)' conflicts with "
                + "\(others.count == 1 ? "1 other constraint" : "\(others.count) other constraints")"
                + "; will attempt to recover by breaking '\(brokenText)'"
        return SolverFinding(
            kind: .conflict(members: members, broken: broken), id: .unsatisfiableConstraints, message: message,
            origin: sourceOrigin(of: broken, in: ir),
            notes: others.map { Note(message: "conflicting constraint '\(describe($0, in: ir))'", origin: sourceOrigin(of: $0, in: ir)) })
    }

    static func invalid(_ index: Int, _ reason: InvalidReason, ir: ConstraintIR) -> SolverFinding {
        SolverFinding(
            kind: .invalidConstraint(index: index, reason: reason), id: .invalidConstraint,
            message: "constraint '\(describe(.constraint(index), in: ir))' \(reason.rawValue) and is ignored",
            origin: sourceOrigin(of: .constraint(index), in: ir), notes: [])
    }

    /// What a stop at a limit leaves the user: frames the solve reached, not the layout's optimum, so
    /// nothing is read from them (`LayoutSolution.stopped`).
    private static let stopConsequence = "the frames may not be optimal, and no warning about them is given"

    static func pivotLimit(_ pivots: Int, ir: ConstraintIR) -> SolverFinding {
        SolverFinding(
            kind: .pivotLimit(pivots: pivots), id: .ambiguousLayout,
            message: "the solver stopped after \(pivots) pivots, its limit for this layout; \(stopConsequence)",
            origin: ir.items.first?.origin ?? Origin(line: 1, column: 1), notes: [])
    }

    /// The stop at the term limit or the work limit, whichever `tableau` came nearer. A pivot stops
    /// before the fill it would write passes a limit, so neither count need have reached its own: the
    /// message names the limit, and the count where the solve stopped.
    static func termLimit(_ tableau: Tableau, ir: ConstraintIR) -> SolverFinding {
        let work = Double(tableau.written) / Double(tableau.workLimit), terms = Double(tableau.terms) / Double(tableau.termLimit)
        let reached = work >= terms
            ? (tableau.written >= tableau.workLimit
                ? "after its substitutions wrote \(tableau.written) terms, past their limit of \(tableau.workLimit) for this layout"
                : "before a step that would take the terms its substitutions write past \(tableau.workLimit), their limit for "
                    + "this layout (they had written \(tableau.written))")
            : (tableau.terms >= tableau.termLimit
                ? "when its rows held \(tableau.terms) terms, past their limit of \(tableau.termLimit) for this layout"
                : "before a step that would take its rows past \(tableau.termLimit) terms, their limit for this layout "
                    + "(they held \(tableau.terms))")
        return SolverFinding(
            kind: .termLimit(terms: tableau.terms), id: .ambiguousLayout,
            message: "the solver stopped \(reached); \(stopConsequence)",
            origin: ir.items.first?.origin ?? Origin(line: 1, column: 1), notes: [])
    }

    static func ambiguous(_ item: Int, _ attributes: [LayoutAttribute], ir: ConstraintIR) -> SolverFinding {
        let words = attributes.map { attribute -> String in
            switch attribute {
            case .leading: "horizontal position"
            case .top: "vertical position"
            default: attribute.rawValue
            }
        }
        let list = words.count <= 1 ? words.joined()
            : words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
        let verb = words.count == 1 ? "is" : "are"
        return SolverFinding(
            kind: .ambiguous(item: ItemID(item), attributes: attributes), id: .ambiguousLayout,
            message: "layout of '\(ir.items[item].name)' is ambiguous: its \(list) \(verb) not determined by its constraints",
            origin: ir.items[item].origin, notes: [])
    }
}

/// The ambiguity warnings for a solved layout: one per root cause, not one per item it disturbs.
///
/// Guides are never reported (a gap guide's cross-axis frame is free by design). If any item's size
/// is undetermined, only such items are reported, else items with undetermined positions; in either
/// case an item is left out when one of its descendants is reported, because the innermost item is
/// where the missing constraint belongs.
func ambiguityFindings(determined: [Determination], ir: ConstraintIR) -> [SolverFinding] {
    let count = min(determined.count, ir.items.count)
    var sizeCandidates: [Int] = []
    var positionCandidates: [Int] = []
    for item in 0..<count where ir.items[item].kind != .guide {
        let d = determined[item]
        if !d.width || !d.height { sizeCandidates.append(item) } else if !d.x || !d.y { positionCandidates.append(item) }
    }
    let pool = sizeCandidates.isEmpty ? positionCandidates : sizeCandidates
    var hasReportedDescendant = Array(repeating: false, count: count)
    for item in pool {
        var current = ir.items[item].owner?.index
        var steps = 0
        while let owner = current, owner >= 0, owner < count, steps <= count {
            hasReportedDescendant[owner] = true
            current = ir.items[owner].owner?.index
            steps += 1
        }
    }
    return pool.filter { !hasReportedDescendant[$0] }.map { item in
        let d = determined[item]
        var attributes: [LayoutAttribute] = []
        if !d.width { attributes.append(.width) }
        if !d.height { attributes.append(.height) }
        if sizeCandidates.isEmpty {
            if !d.x { attributes.append(.leading) }
            if !d.y { attributes.append(.top) }
        }
        return SolverFinding.ambiguous(item, attributes, ir: ir)
    }
}

/// Where a constraint source points in the `.stack` text.
func sourceOrigin(of source: ConstraintSource, in ir: ConstraintIR) -> Origin {
    switch source {
    case .rootPin: return ir.items.first?.origin ?? Origin(line: 1, column: 1)
    case .costFunction(let item), .walkedLength(let item):
        return ir.items.indices.contains(item) ? ir.items[item].origin : Origin(line: 1, column: 1)
    case .constraint(let index):
        return ir.constraints.indices.contains(index) ? ir.constraints[index].origin : Origin(line: 1, column: 1)
    }
}

/// A constraint as text: `main.a.width == 0.5 * main.width + 8 @999.5`.
public func describe(_ source: ConstraintSource, in ir: ConstraintIR) -> String {
    func name(_ item: ItemID) -> String {
        ir.items.indices.contains(item.index) ? ir.items[item.index].name : "\(item)"
    }
    switch source {
    case .rootPin(let pin):
        let root = ir.items.first?.name ?? ir.root
        switch pin {
        case .x: return "\(root).left == 0 (root placement)"
        case .y: return "\(root).top == 0 (root placement)"
        case .width: return "\(root).width (requested width)"
        case .height: return "\(root).height (requested height)"
        }
    case .costFunction(let item):
        return "the cost of \(name(ItemID(item)))'s length (its subtree's own constraints)"
    case .walkedLength(let item):
        return "\(name(ItemID(item)))'s length (held while the solve finds it)"
    case .constraint(let index):
        guard ir.constraints.indices.contains(index) else { return "constraint \(index)" }
        let c = ir.constraints[index]
        var text = "\(name(c.first.item)).\(c.first.attribute.rawValue) \(c.relation.rawValue) "
        if let second = c.second {
            if c.multiplier != 1 { text += "\(formatNumber(c.multiplier)) * " }
            text += "\(name(second.item)).\(second.attribute.rawValue)"
            if c.constant > 0 { text += " + \(formatNumber(c.constant))" }
            if c.constant < 0 { text += " - \(formatNumber(-c.constant))" }
            if c.constant.isNaN { text += " + nan" }
        } else {
            text += formatNumber(c.constant)
        }
        if !c.isRequired { text += " @\(formatNumber(c.priority))" }
        return text
    }
}
