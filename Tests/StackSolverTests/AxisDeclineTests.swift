import StackIR
import Testing
@testable import StackSolver

/// Stacks the tree solver declines along one axis only (`StructuredModel.axisDeclines`): the model
/// reads them on the other axis, which stays the tree solver's, and the declined axis is a joint group
/// starting at them. Each layout is checked against the general solver on the whole layout, frame for
/// frame, as JointGroupTests does.
@Suite struct AxisDeclineTests {
    /// A baselineRelative column with a row among its items whose first baseline is its taller
    /// label's (aligned by centre, so not a fixed depth below the row's top), between plain rows.
    static let column = """
        vstack main(spacing: 4) {
            hstack r0 {
                label z(intrinsic: 50 x 10)
                label y(intrinsic: 30 x 14)
            }
            vstack text(baselineRelative: true, spacing: 20, alignment: center) {
                label a(intrinsic: 40 x 14, firstBaseline: 10, lastBaseline: 11)
                hstack inner(alignment: center) {
                    label b(intrinsic: 20 x 20, firstBaseline: 15)
                    label c(intrinsic: 30 x 30, firstBaseline: 20)
                }
                label d(intrinsic: 60 x 14, firstBaseline: 10)
            }
            hstack r1(alignment: firstBaseline, spacing: 4) {
                label e(intrinsic: 30 x 12, firstBaseline: 9)
                label g(intrinsic: 20 x 16, firstBaseline: 12)
            }
        }
        """

    /// The column's layout with `constraints` added to main.
    static func lowered(_ constraints: [String], uikit: UIKitTarget) -> ConstraintIR {
        let block = constraints.isEmpty ? "" : "    constraints {\n        \(constraints.joined(separator: "\n        "))\n    }\n"
        return JointGroupTests.lowered(String(column.dropLast()) + block + "}", uikit: uikit)
    }

    /// Without user constraints the model declines the vertical axis at the chain (its item's
    /// baseline moves) and at the row, nothing else; with both UIKit targets and at four sizes the
    /// horizontal axis is the tree solver's and the vertical one a joint group.
    @Test(arguments: [UIKitTarget.current, .iOS9])
    func aChainOverARowWhoseBaselineMovesSplitsTheAxes(uikit: UIKitTarget) throws {
        let ir = Self.lowered([], uikit: uikit)
        let model = try #require(StructuredModel.tolerant(ir: ir))
        #expect(model.opaqueRoots.isEmpty)
        let text = try #require(ir.items.firstIndex { $0.name == "main.text" })
        let inner = try #require(ir.items.firstIndex { $0.name == "main.text.inner" })
        #expect(model.axisDeclines == [[], [.baselineRelative(stack: text), .baselineAlignment(stack: inner, .stackBaseline)]])
        for (width, height) in [(nil, nil), (100, nil), (300, 200), (nil, 50)] as [(Double?, Double?)] {
            let sized = ir.replacingRootSize(width: width != nil, height: height != nil)
            let (solution, report) = solveLayoutReporting(ir: sized, width: width, height: height)
            guard case .split(_, .vertical, _, _, .solved?) = report.path else {
                Issue.record("\(uikit) \(String(describing: width)) x \(String(describing: height)): \(report.path)")
                continue
            }
            #expect(solutionDifference(solution, solve(sized, width: width, height: height), ir: sized) == nil,
                    "\(uikit) \(String(describing: width)) x \(String(describing: height))")
        }
    }

    /// A user constraint across the axes' split: along the horizontal axis both axes are joint
    /// groups (the vertical one still starts at the declines), along the vertical one the horizontal
    /// axis stays the tree solver's (and the vertical joint group holds the whole small axis). Frames
    /// as the general solver's.
    @Test(arguments: ["a.width == z.width", "e.height == z.height"])
    func userConstraintsMeetTheVerticalDeclines(constraint: String) {
        let ir = Self.lowered([constraint], uikit: .current)
        let horizontal = constraint.contains("width")
        for width in [nil, 120] as [Double?] {
            let sized = width == nil ? ir : ir.replacingRootSize(width: true, height: false)
            let (solution, report) = solveLayoutReporting(ir: sized, width: width)
            switch report.path {
            case .eachAxis(_, let axes) where horizontal:
                #expect(axes.map(\.axis) == [.horizontal, .vertical])
                #expect(axes.allSatisfy { if case .solved? = $0.joint { true } else { false } }, "\(axes)")
            case .split(_, .vertical, _, _, _) where !horizontal:
                break
            default:
                Issue.record("\(constraint) \(String(describing: width)): \(report.path)")
            }
            #expect(solutionDifference(solution, solve(sized, width: width), ir: sized) == nil, "\(constraint) \(String(describing: width))")
        }
    }

    /// A vertical stack aligned by its items' last baselines aligns nothing across (the checker
    /// rejects it in a file, E113; the IR still reaches the solver from other tools), and a
    /// baselineRelative column distributed by equalCentering is not chained along: the first
    /// declines the horizontal axis alone, the second the vertical one, each at its stack, the other
    /// axis read. Both axes are then joint groups, with the other stacks entering by their functions.
    @Test(arguments: [UIKitTarget.current, .iOS9])
    func eachAxisDeclinesAtItsOwnStack(uikit: UIKitTarget) throws {
        let ir = JointGroupTests.lowered("""
            vstack main(spacing: 4) {
                hstack r0 {
                    label z(intrinsic: 50 x 10)
                    label y(intrinsic: 30 x 14)
                }
                vstack across(alignment: lastBaseline, spacing: 3) {
                    label e(intrinsic: 30 x 12, lastBaseline: 9)
                    label g(intrinsic: 20 x 16, lastBaseline: 12)
                }
                vstack along(baselineRelative: true, distribution: equalCentering, spacing: 20) {
                    label a(intrinsic: 40 x 14, firstBaseline: 10, lastBaseline: 11)
                    label b(intrinsic: 20 x 20, firstBaseline: 15, lastBaseline: 16)
                    label d(intrinsic: 60 x 14, firstBaseline: 10)
                }
            }
            """, uikit: uikit)
        let model = try #require(StructuredModel.tolerant(ir: ir))
        let across = try #require(ir.items.firstIndex { $0.name == "main.across" })
        let along = try #require(ir.items.firstIndex { $0.name == "main.along" })
        #expect(model.opaqueRoots.isEmpty)
        #expect(model.axisDeclines == [[.baselineAlignment(stack: across, .verticalStack)], [.baselineRelative(stack: along)]])
        for width in [nil, 90] as [Double?] {
            let sized = width == nil ? ir : ir.replacingRootSize(width: true, height: false)
            let (solution, report) = solveLayoutReporting(ir: sized, width: width)
            guard case .eachAxis(_, let axes) = report.path,
                  axes.allSatisfy({ if case .solved? = $0.joint { true } else { false } }) else {
                Issue.record("\(uikit) \(String(describing: width)): \(report.path)")
                continue
            }
            #expect(solutionDifference(solution, solve(sized, width: width), ir: sized) == nil, "\(uikit) \(String(describing: width))")
        }
    }
}
