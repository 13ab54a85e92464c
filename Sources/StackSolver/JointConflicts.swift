import StackIR

// A joint group whose required constraints conflict: the conflicts broken first, as the general
// solver breaks them, then the rest solved as a joint group.
//
// The general solver of an axis breaks its conflicts over every required constraint of the axis
// (ConflictSearch, over the core: ConflictCore.swift), then solves what is left. The search is the
// same one a conflict inside a subtree uses when it cannot stay inside (SubtreeConflicts.swift), and
// the layout without the constraints it breaks is a layout like any other: its joint group answers
// what the general solver answers for it. So the axis costs the search and a joint group, not a
// tableau of the whole axis, which grows as the square of the layout.

/// The answer along `axis` when its joint group declined because its required constraints conflict:
/// the conflicts on the axis found and broken, and the layout without the broken constraints solved
/// as a joint group. `model` and `built` are the caller's stacks alone (`solveJointly`'s), which
/// serve the rest as they are when only user constraints are broken (they come last in the IR and
/// the stacks alone leave them unread). Nil when nothing on the axis conflicts, a broken constraint
/// is a root pin or the only one to mention a variable, or the joint group of the rest does not
/// answer with frames alone (a finding other than ambiguity, or a stop): the general solver then
/// solves the axis whole. Nothing of it is kept for resizes.
func solveJointlyBreakingConflicts(
    ir: ConstraintIR, model: StructuredModel, built: StructuredLayout?, width: Double?, height: Double?, axis: Axis,
    mentioned: [Bool]
) -> JointSolve? {
    let none = [Bool](repeating: false, count: ir.constraints.count)
    guard let search = SubtreeConflicts.search(ir, without: none, width: width, height: height, node: 0, axis: axis) else { return nil }
    var broken = none
    for found in search.found {
        guard case .constraint(let index) = found.broken, broken.indices.contains(index) else { return nil }
        broken[index] = true
    }
    var rest = ir
    rest.constraints = ir.constraints.indices.filter { !broken[$0] }.map { ir.constraints[$0] }
    let onlyUser = broken.indices.allSatisfy { !broken[$0] || ir.constraints[$0].category == .user }
    guard mentionedSymbols(rest) == mentioned,
          let restModel = onlyUser ? model : StructuredModel.tolerant(ir: rest, without: rest.userConstraintFlags),
          var solved = solveJointly(
              ir: rest, model: restModel, built: onlyUser ? built : nil, width: width, height: height, axis: axis,
              mentioned: mentioned).solve,
          solved.solution.findings.allSatisfy({ if case .ambiguous = $0.kind { true } else { false } })
    else { return nil }
    // The general solver reports the conflicts first, in the order it breaks them.
    solved.solution.findings = search.found.map { .conflict(members: $0.members, broken: $0.broken, ir: ir) } + solved.solution.findings
    solved.solution.brokenConstraints = broken.indices.filter { broken[$0] }
    solved.summary.brokenFirst = search.found.count
    solved.kept = nil
    return solved
}
