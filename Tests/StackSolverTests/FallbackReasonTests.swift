import Foundation
import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// One small hand-written layout per reason family: the reporting entry names that reason, at the
/// stack where the structured solver stops, and the general solver answers.
@Suite struct FallbackReasonTests {
    /// The reason reported for `text` at `width` x `height` (nil when the structured solver answered).
    private func reason(_ text: String, width: Double? = nil, height: Double? = nil) throws -> FallbackReason? {
        try #require(fallback(text, width: width, height: height)).reason
    }

    @Test func stackOnlyLayoutIsStructured() throws {
        let text = """
            hstack main(spacing: 8) {
                label a(intrinsic: 40 x 20)
                label b(intrinsic: 60 x 20, hugging: 251)
            }
            """
        #expect(try reason(text, width: 200) == nil)
        let (_, ir) = try #require(lowered(text))
        let report = solveLayoutReporting(ir: ir).report
        #expect(report.lines(in: ir) == ["main  hstack fill  structured: fill merge"])
    }

    @Test func userConstraints() throws {
        let text = """
            hstack main {
                label a(intrinsic: 40 x 20)
                label b(intrinsic: 60 x 20)
                constraints {
                    a.width == b.width
                }
            }
            """
        #expect(try reason(text) == .userConstraints)
        let (_, ir) = try #require(lowered(text))
        let lines = solveLayoutReporting(ir: ir).report.lines(in: ir)
        // The constraint is horizontal, so the tree solver answers the vertical axis. The general solver
        // gets the horizontal one: the root's x pin, leading, spacing and trailing (3), each label's
        // hugging and compression (4) and the user's: 9. Both labels are on the joint group's spine, and
        // no stack is left to enter by its cost function.
        #expect(lines == ["main: user constraints (a constraints { } block) relate items across stacks",
                          "general solver: the horizontal axis alone, 9 linear constraints (no joint group: no stack"
                              + " or run of items would be left outside it); structured: the vertical axis",
                          "main  hstack fill  structured: fill merge"])
        // A constraint across the axes, with no stack outside either axis's joint group, leaves the whole
        // layout to the general solver.
        let (_, crossIR) = try #require(lowered(text.replacingOccurrences(of: "b.width", with: "b.height")))
        #expect(solveLayoutReporting(ir: crossIR).report.lines(in: crossIR) == [
            "main: user constraints (a constraints { } block) relate items across stacks",
            "general solver: \(crossIR.items.count) items, \(crossIR.constraints.count) constraints, solved as one group"
                + " (not axis by axis: user constraints relate the axes, and their joint group declines: no stack or run of"
                + " items would be left outside it)"])
    }

    @Test func allItemsHidden() throws {
        let text = """
            vstack main {
                hstack row {
                    label a(intrinsic: 40 x 20, hidden: true)
                }
                label b(intrinsic: 60 x 20)
            }
            """
        #expect(try reason(text) == .allItemsHidden(stack: 1))
    }

    @Test func baselineAlignmentInAVerticalStack() throws {
        // The checker refuses baseline alignment on a vstack; a tree built another way can have it.
        var (tree, _) = try #require(lowered("""
            vstack main(alignment: center) {
                label a(intrinsic: 40 x 20, lastBaseline: 15)
                label b(intrinsic: 60 x 20, lastBaseline: 15)
            }
            """))
        tree.nodes[0].stack?.alignment = .lastBaseline
        let ir = lower(tree, in: SourceFile(path: "reason.stack", text: String(repeating: "node\n", count: 10)), uikit: .iOS9)
        #expect(solveLayoutReporting(ir: ir).report.fallback == .baselineAlignment(stack: 0, .verticalStack))
    }

    @Test func baselineRowWithEqualCentering() throws {
        let text = """
            hstack main(alignment: firstBaseline, distribution: equalCentering) {
                label a(intrinsic: 40 x 20, firstBaseline: 15)
                label b(intrinsic: 60 x 20, firstBaseline: 15)
            }
            """
        #expect(try reason(text) == .baselineAlignment(stack: 0, .equalCenteringRow))
    }

    @Test func baselineRelativeWithEqualCentering() throws {
        let text = """
            vstack main(baselineRelative: true, distribution: equalCentering, spacing: 20) {
                label a(intrinsic: 40 x 20, lastBaseline: 15)
                label b(intrinsic: 60 x 20, firstBaseline: 15)
            }
            """
        #expect(try reason(text) == .baselineRelative(stack: 0))
    }

    @Test func stackBaselineAtItsBottom() throws {
        // `row` has no item to take a baseline from: its baseline is its bottom, which moves with its height.
        let text = """
            hstack main(alignment: lastBaseline) {
                label a(intrinsic: 40 x 20, lastBaseline: 15)
                hstack row(height: 10)
            }
            """
        #expect(try reason(text) == .baselineAlignment(stack: 2, .stackBaseline))
    }

    @Test func conflictAtTheRequestedSize() throws {
        let text = """
            hstack main(spacing: 10) {
                label a(intrinsic: 40 x 20, compression: required)
                label b(intrinsic: 60 x 20, compression: required)
            }
            """
        #expect(try reason(text, width: 50) == .conflict(node: 0, axis: .horizontal))
    }

    @Test func conflictInASubtree() throws {
        let text = """
            vstack main {
                hstack row(width: 50) {
                    label a(intrinsic: 40 x 20, compression: required)
                    label b(intrinsic: 60 x 20, compression: required)
                }
            }
            """
        #expect(try reason(text) == .conflict(node: 1, axis: .horizontal))
    }

    @Test func ambiguous() throws {
        let text = """
            hstack main {
                view a
                view b
            }
            """
        #expect(try reason(text, width: 200, height: 40)?.kind == "ambiguous")
    }

    @Test func equalCenteringSqueezed() throws {
        let text = """
            hstack main(distribution: equalCentering, spacing: 10) {
                label a(intrinsic: 20 x 10)
                label c(intrinsic: 60 x 10)
                label d(intrinsic: 40 x 10)
            }
            """
        #expect(try reason(text, width: 100) == .equalCenteringSqueezed(stack: 0, axis: .horizontal))
    }

    @Test func descriptionsNameTheItem() {
        let ir = ConstraintIR(root: "main", file: "x.stack", items: [
            IRItem(name: "main", kind: .hstack, owner: nil, origin: Origin(line: 1, column: 1)),
            IRItem(name: "main.row", kind: .hstack, owner: ItemID(0), origin: Origin(line: 2, column: 1)),
        ], constraints: [])
        #expect(FallbackReason.equalCenteringSqueezed(stack: 1, axis: .horizontal).description(in: ir)
            == "main.row: equalCentering squeezed below where its gaps can be equal (horizontal)")
        #expect(FallbackReason.userConstraints.description(in: ir).hasPrefix("main: user constraints"))
        #expect(FallbackReason.conflict(node: 1, axis: .vertical).description == "#1: required constraints cannot all hold (vertical)")
    }
}

/// `text`'s first root, checked and lowered.
func lowered(_ text: String) -> (LayoutTree, ConstraintIR)? {
    let file = SourceFile(path: "reason.stack", text: text)
    let checked = check(file)
    guard !checked.diagnostics.hasErrors, let tree = checked.model.roots.first else { return nil }
    return (tree, lower(tree, in: file, uikit: .iOS9))
}
