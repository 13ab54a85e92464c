import StackIR

/// Solves one root layout, choosing the solver automatically: the structured solver (exact, linear
/// time, on the stack structure) when the layout is made of stacks only and is conflict-free and determined at
/// this size, else the general solver. The result is the general solver's in either case: the same
/// frames, determinations and findings.
///
/// - Parameters:
///   - width: pins the root's width; `nil` lets it take its natural size.
///   - height: pins the root's height likewise.
public func solveLayout(ir: ConstraintIR, width: Double? = nil, height: Double? = nil) -> LayoutSolution {
    solveLayout(ir: ir, width: width, height: height, reporting: false).solution
}

/// `solveLayout` with how the layout was solved: per stack, the mechanism of a structured solve, or
/// why the structured solver declined, what it answered of the layout all the same (one axis), and
/// the size of what the general solver solved.
public func solveLayoutReporting(ir: ConstraintIR, width: Double? = nil, height: Double? = nil)
    -> (solution: LayoutSolution, report: SolveReport) {
    let result = solveLayout(ir: ir, width: width, height: height, reporting: true)
    return (result.solution, result.report ?? SolveReport(path: .structured([])))
}

/// The one choice of solvers: the structured solver for the whole layout, else the structured solver
/// for one axis and the general solver for the other (AxisSplit.swift), else the general solver.
/// The report is built only when asked for.
func solveLayout(ir: ConstraintIR, width: Double?, height: Double?, reporting: Bool)
    -> (solution: LayoutSolution, report: SolveReport?) {
    var built: StructuredLayout?
    do throws(FallbackReason) {
        let layout = try StructuredLayout(ir: ir)
        built = layout
        let solution = try layout.frames(width: width, height: height)
        return (solution, reporting ? SolveReport(path: .structured(layout.structuredStacks())) : nil)
    } catch {
        let declined = solveDeclined(ir: ir, width: width, height: height, reason: error, built: built)
        return (declined.solution, reporting ? declined.report() : nil)
    }
}

/// How a layout the structured solver declined as written was solved.
enum DeclinedSolve {
    /// Required conflicts broken inside their subtrees, then the rest solved by the structured solver.
    case subtreeConflicts(SubtreeConflicts)
    /// One axis by each solver.
    case split(AxisSplit)
    /// The general solver for the whole layout, and why not axis by axis.
    case general(LayoutSolution, whole: WholeSolveReason)

    var solution: LayoutSolution {
        switch self {
        case .subtreeConflicts(let found): found.solution
        case .split(let split): split.solution
        case .general(let solution, _): solution
        }
    }
}

/// The one choice of solvers after the structured solver declined a layout for `reason`: conflicts
/// broken inside their subtrees (SubtreeConflicts.swift), else an axis by each solver
/// (AxisSplit.swift), else the general solver. `built`: the cost functions on both axes of the layout
/// without its user constraints (the layout itself when it has none), when the caller has them.
/// `keeping`: whether to keep the general solver's part for resizes (KeptSolve.swift).
func solveDeclined(
    ir: ConstraintIR, width: Double?, height: Double?, reason: FallbackReason, built: StructuredLayout?, keeping: Bool = false
) -> (solution: LayoutSolution, report: () -> SolveReport, kept: KeptLayout?) {
    let declined: DeclinedSolve
    var kept: KeptLayout?
    if case .conflict = reason, let found = SubtreeConflicts(ir: ir, width: width, height: height, first: reason) {
        declined = .subtreeConflicts(found)
        if keeping { kept = .subtreeConflicts(found) }
    } else {
        do throws(WholeSolveReason) {
            let split = try solveSplittingAxes(ir: ir, width: width, height: height, built: built, keeping: keeping)
            declined = .split(split)
            if split.isKept { kept = .split(split) }
        } catch {
            var solver = Solver(ir: ir, width: width, height: height, parameterized: keeping)
            let run = solver.run(keeping: keeping, axes: [.horizontal, .vertical], width: width, height: height)
            declined = .general(run.solution, whole: error)
            kept = run.kept.map { .general($0) }
        }
    }
    return (declined.solution, { SolveReport(declined, reason: reason, ir: ir) }, kept)
}

/// A declined layout's solve, kept for resizes (KeptSolve.swift).
enum KeptLayout {
    /// Conflicts broken inside their subtrees, the rest by the structured solver.
    case subtreeConflicts(SubtreeConflicts)
    /// One axis by each solver, the general solver's kept.
    case split(AxisSplit)
    /// The whole layout by the general solver.
    case general(KeptSolve)
    /// What a kept solve leaves in its place while `resize` moves it.
    case moving

    /// Moves what is kept to a new root size and returns the layout there, or nil when the kept
    /// solve does not answer it (the caller then drops it and solves afresh).
    mutating func resize(ir: ConstraintIR, width: Double?, height: Double?) -> LayoutSolution? {
        switch self {
        case .subtreeConflicts(let found):
            return found.resized(ir: ir, width: width, height: height)
        case .split(var split):
            // Out of `self` first, so that the tableau is moved in place.
            self = .moving
            defer { self = .split(split) }
            return split.resize(ir: ir, width: width, height: height)
        case .general(var kept):
            self = .moving
            defer { self = .general(kept) }
            return kept.resize(ir: ir, width: width, height: height)
        case .moving:
            return nil
        }
    }
}

/// What `LayoutEngine.setIntrinsicSize` did.
public enum IntrinsicSizeChange: Sendable, Equatable {
    /// The engine re-solved with the new size.
    case solved
    /// The lowering's output depends on the size beyond the content-size constants (a size that
    /// appears or disappears, fillProportionally's multipliers, a baseline stack's tallest item):
    /// nothing changed; lower the layout again and call `replace(ir:)`.
    case needsLowering
    /// `node` is not an arranged leaf, or the value is not finite: nothing changed.
    case rejected
}

/// One leaf's new intrinsic size on one axis (`nil`: none), for `LayoutEngine.setIntrinsicSizes`.
public struct IntrinsicSize: Sendable, Equatable {
    public var node: Int
    public var axis: Axis
    public var value: Double?

    public init(node: Int, axis: Axis, value: Double?) {
        self.node = node
        self.axis = axis
        self.value = value
    }
}

/// A solved layout that keeps its state: a new container size re-solves with the top-down pass only
/// (no parsing, lowering or bottom-up work), and a changed intrinsic size recomputes only the cost
/// functions on the path from that leaf to the root before the top-down pass.
///
/// Layouts the structured solver does not handle (see `solveLayout`) are re-solved by the general
/// solver from the kept IR, so the engine always answers with the general solver's result.
public final class LayoutEngine {
    /// The IR, with content-size constants as last set.
    public private(set) var ir: ConstraintIR
    /// The items whose baseline some constraint uses (a horizontal stack's comes from its tallest
    /// item); recomputed whenever the IR is replaced.
    private var baselineStacks: Set<Int> = []
    /// The last solution.
    public private(set) var solution: LayoutSolution
    /// The root size of the last solve (`nil`: natural).
    public private(set) var width: Double?
    public private(set) var height: Double?
    private(set) var structured: StructuredLayout?
    /// Why `structured` is nil (the layout, as last lowered or updated, is not the structured solver's).
    private var structuredFailure: FallbackReason?
    /// For a layout with user constraints, the structured layout of its stacks without them: every
    /// solve of the layout (a joint group and the other axis) starts from these cost functions, so a
    /// resize does not build them again.
    private var stacksAlone: StructuredLayout?
    private var scratch = TopDownScratch()
    /// Each leaf's content-size constraints, found when an intrinsic size first changes.
    private var contentSizeIndex = ContentSizeIndex()

    /// Builds the engine and solves at `width` x `height`.
    public init(ir: ConstraintIR, width: Double? = nil, height: Double? = nil) {
        self.ir = ir
        self.width = width
        self.height = height
        solution = LayoutSolution(frames: [], determined: [], baselines: [], findings: [], brokenConstraints: [], pivots: 0)
        replace(ir: ir)
    }

    /// Whether the structured solver holds this layout (else every solve uses the general solver).
    public var isStructured: Bool { structured != nil }

    /// Adopts a new lowering of the layout (after `.needsLowering`) and re-solves at the kept size.
    public func replace(ir newIR: ConstraintIR) {
        ir = newIR
        baselineStacks = Set(ir.constraints.lazy.filter { $0.category == .baseline }.map(\.first.item.index))
        contentSizeIndex = ContentSizeIndex()
        scratch.invalidate()
        buildStructured()
        solution = solveNow()
    }

    /// Re-solves at a new root size and returns the solution.
    @discardableResult
    public func resize(width: Double?, height: Double?) -> LayoutSolution {
        self.width = width
        self.height = height
        // Drops this engine's hold on the last frames, so the top-down pass can rewrite its own
        // buffer in place (a caller still holding the last solution keeps its copy).
        solution.frames = []
        solution = solveNow(resizing: true)
        return solution
    }

    /// Recomputes every cost function bottom-up and re-solves: the whole structured layout pass on the
    /// kept model (what a full relayout costs without parsing, checking or lowering).
    @discardableResult
    public func relayoutAll() -> LayoutSolution {
        do throws(FallbackReason) {
            try structured?.updateAll()
        } catch {
            structured = nil
            structuredFailure = error
        }
        // Same model, new functions: every axis is laid out again, into the kept buffers (and the
        // frames in place, as `resize` does) rather than newly allocated ones.
        scratch.solvedLength = (nil, nil)
        solution.frames = []
        solution = solveNow()
        return solution
    }

    /// Sets one arranged leaf's intrinsic size on one axis (`nil`: no intrinsic size) and re-solves,
    /// when the IR changes only in that leaf's content-size constants; see `IntrinsicSizeChange`.
    @discardableResult
    public func setIntrinsicSize(of node: Int, axis: Axis, to value: Double?) -> IntrinsicSizeChange {
        setIntrinsicSizes([IntrinsicSize(node: node, axis: axis, value: value)])
    }

    /// Sets several intrinsic sizes at once (a label's new text changes both axes) and re-solves
    /// once: each changed function on the leaves' paths to the root is recomputed once, on the
    /// changed axes only. All or nothing: the answer is the first change's that is not `.solved`,
    /// with nothing changed.
    @discardableResult
    public func setIntrinsicSizes(_ changes: [IntrinsicSize]) -> IntrinsicSizeChange {
        var applied: [(change: IntrinsicSize, constraints: ArraySlice<Int>, value: Double)] = []
        for change in changes {
            switch contentSizeUpdate(change) {
            case .set(let constraints, let value): applied.append((change, constraints, value))
            case .unchanged: continue
            case .refused(let answer): return answer
            }
        }
        guard !applied.isEmpty else { return .solved }
        // Every path below changes the cost functions: no kept axis is current.
        scratch.invalidate()
        for (_, constraints, value) in applied {
            for index in constraints { ir.constraints[index].constant = value }
        }
        let changes = applied.map { (change: $0.change, value: $0.value) }
        // The kept cost functions: the layout's own, or its stacks' without the user constraints.
        let keptIsStructured = structured != nil
        if var layout = structured ?? stacksAlone {
            // Unshared, so the path's updates change the arrays in place.
            structured = nil
            stacksAlone = nil
            do throws(FallbackReason) {
                try updatePaths(of: &layout, changes)
                if keptIsStructured { structured = layout } else { stacksAlone = layout }
            } catch {
                buildStructured()
            }
        }
        solution = solveNow()
        return .solved
    }

    /// Sets the changed intrinsic sizes in `layout`'s model and recomputes each cost function on the
    /// leaves' paths to the root once, on the changed axes only.
    private func updatePaths(of layout: inout StructuredLayout, _ changes: [(change: IntrinsicSize, value: Double)])
        throws(FallbackReason) {
        for (change, value) in changes { layout.model.leafAxes[2 * change.node + change.axis.slot]?.intrinsic = value }
        // Children come after their stack in the IR: descending order updates each
        // changed function after its children's, once.
        var changed: [(node: Int, axis: Int)] = []
        for (change, _) in changes {
            var current: Int? = change.node
            while let index = current {
                changed.append((index, change.axis.slot))
                current = ir.items[index].owner?.index
            }
        }
        changed.sort { $0.node != $1.node ? $0.node > $1.node : $0.axis < $1.axis }
        // The slots (2 * node + axis) with a child whose function changed more than by moving.
        var reshapedChild: Set<Int> = []
        for (position, (node, axis)) in changed.enumerated() where position == 0 || changed[position - 1] != (node, axis) {
            let moved = try layout.update(node, axis: axis, childrenMoved: !reshapedChild.contains(2 * node + axis))
            if !moved, let owner = ir.items[node].owner?.index { reshapedChild.insert(2 * owner + axis) }
        }
    }

    /// What one intrinsic-size change does to the IR's constants.
    private enum ContentSizeUpdate {
        /// These content-size constraints take this constant.
        case set(ArraySlice<Int>, Double)
        /// No intrinsic size, none before: nothing to do.
        case unchanged
        /// The engine does not make the change (`.rejected` or `.needsLowering`).
        case refused(IntrinsicSizeChange)
    }

    /// What `change` does to the IR's content-size constraints.
    private func contentSizeUpdate(_ change: IntrinsicSize) -> ContentSizeUpdate {
        let node = change.node
        guard ir.items.indices.contains(node), ir.items[node].kind != .guide, !ir.items[node].kind.isStack else {
            return .refused(.rejected)
        }
        if let value = change.value, !value.isFinite { return .refused(.rejected) }
        let horizontal = change.axis == .horizontal
        let contentSize = contentSizeIndex.constraints(of: node, axis: change.axis.slot, in: ir)
        // The lowering's output depends on the value beyond the content-size constants when the
        // value appears or disappears, in fillProportionally stacks, and for a horizontal stack's
        // tallest item (its baseline, for a baseline alignment or for whoever uses the stack's).
        let parent = ir.items[node].owner?.index
        let parentStack = parent.flatMap { ir.items[$0].arrangement }
        let baselineSource = !horizontal && parentStack?.axis == .horizontal && parent.map(baselineStacks.contains) == true
        if contentSize.isEmpty != (change.value == nil) || parentStack?.distribution == .fillProportionally
            || parentStack?.alignment.isBaseline == true || baselineSource {
            return .refused(.needsLowering)
        }
        return change.value.map { .set(contentSize, $0) } ?? .unchanged
    }

    /// Whether the last solve took the structured path (false: the general solver answered).
    public var lastSolveWasStructured: Bool { lastFallback == nil }

    /// Why the last solve went to the general solver; nil when the structured solver answered.
    public private(set) var lastFallback: FallbackReason?

    /// How the last solve went: per stack for a structured solve, else the reason and the size. A
    /// resize that moved the kept solve (KeptSolve.swift) reports the solve it moved.
    public var lastSolveReport: SolveReport {
        guard let lastFallback else { return SolveReport(path: .structured(structured?.structuredStacks() ?? [])) }
        return lastDeclinedReport?() ?? SolveReport(
            path: .general(reason: lastFallback, whole: nil, items: ir.items.count, constraints: ir.constraints.count))
    }

    /// The report of the last solve the structured solver declined.
    private var lastDeclinedReport: (() -> SolveReport)?
    /// The general solver's part of the last declined solve, when it can be moved to another size
    /// (KeptSolve.swift); only a resize uses it, every other solve replaces it.
    private var kept: KeptLayout?
    /// How many resizes the kept solve answered (for tests and benchmarks).
    private(set) var movedKeptSolves = 0

    private func buildStructured() {
        stacksAlone = nil
        do throws(FallbackReason) {
            structured = try StructuredLayout(ir: ir)
            structuredFailure = nil
        } catch {
            structured = nil
            structuredFailure = error
            if case .userConstraints = error {
                stacksAlone = try? StructuredLayout(ir: ir, without: ir.userConstraintFlags)
            }
        }
    }

    /// The solution at the kept size; `resizing`: only the size changed since the last solve.
    private func solveNow(resizing: Bool = false) -> LayoutSolution {
        do throws(FallbackReason) {
            guard structured != nil else { throw structuredFailure ?? .irMismatch(item: nil) }
            let result = try structured!.framesInPlace(width: width, height: height, scratch: &scratch)
            lastFallback = nil
            kept = nil
            return result
        } catch {
            // A resize moves the kept solve when that answers the new size (KeptSolve.swift): the
            // fresh solve's answer, with the moved solve's report.
            if resizing, lastFallback == error, var moving = kept {
                // The engine lets go of its copy, so that the kept tableau is moved in place.
                kept = nil
                if let moved = moving.resize(ir: ir, width: width, height: height) {
                    movedKeptSolves += 1
                    kept = moving
                    return moved
                }
            }
            lastFallback = error
            let declined = solveDeclined(
                ir: ir, width: width, height: height, reason: error, built: structured ?? stacksAlone, keeping: true)
            lastDeclinedReport = declined.report
            kept = declined.kept
            return declined.solution
        }
    }
}

extension StructuredLayout {
    /// `frames(width:height:scratch:)` through a mutating access, so that the engine's stored layout
    /// is used in place: reading it (`if let structured`, or `structured?.frames`) copied the struct,
    /// retaining and releasing each of its arrays on every resize (~5% of a nested N = 1,000 resize).
    mutating func framesInPlace(width: Double?, height: Double?, scratch: inout TopDownScratch) throws(FallbackReason) -> LayoutSolution {
        try frames(width: width, height: height, scratch: &scratch)
    }
}
