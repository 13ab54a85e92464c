import StackIR
import Testing
@testable import StackSolver

/// Seed 000's constraint sets mirrored to a vertical stack of red (50x50), blue (100x100) and green
/// (200x200), written out by hand, so these tests do not depend on the lowering.
enum Distribution { case fill, fillEqually, equalSpacing, equalCentering }
enum Alignment { case fill, leading, center, trailing }

struct ThreeViews {
    var builder = IRBuilder(root: .vstack)
    var views: [ItemID] = []

    init(_ distribution: Distribution, _ alignment: Alignment = .fill) {
        let stack = builder.root
        views = [builder.view("red"), builder.view("blue"), builder.view("green")]
        let (red, blue, green) = (views[0], views[1], views[2])
        // Along the axis.
        builder.eq(stack.top, red.top, .canvasConnection)
        builder.eq(green.bottom, stack.bottom, .canvasConnection)
        switch distribution {
        case .fill, .fillEqually:
            builder.eq(blue.top, red.bottom, .spacing)
            builder.eq(green.top, blue.bottom, .spacing)
            if distribution == .fillEqually {
                builder.eq(blue.height, red.height, .fillEqually)
                builder.eq(green.height, red.height, .fillEqually)
            }
        case .equalSpacing:
            let g1 = builder.item("#gap1", .guide, role: .gap)
            let g2 = builder.item("#gap2", .guide, role: .gap)
            builder.eq(g1.top, red.bottom, .distributingEdge)
            builder.eq(blue.top, g1.bottom, .distributingEdge)
            builder.eq(g2.top, blue.bottom, .distributingEdge)
            builder.eq(green.top, g2.bottom, .distributingEdge)
            builder.eq(g2.height, g1.height, .fillEqually)
            builder.ge(blue.top, red.bottom, .spacing)
            builder.ge(green.top, blue.bottom, .spacing)
        case .equalCentering:
            let g1 = builder.item("#gap1", .guide, role: .gap)
            let g2 = builder.item("#gap2", .guide, role: .gap)
            builder.eq(g1.top, red.centerY, .distributingEdge)
            builder.eq(g1.bottom, blue.centerY, .distributingEdge)
            builder.eq(g2.top, blue.centerY, .distributingEdge)
            builder.eq(g2.bottom, green.centerY, .distributingEdge)
            builder.eq(g2.height, g1.height, p: 149, .fillEqually)
            builder.ge(blue.top, red.bottom, .spacing)
            builder.ge(green.top, blue.bottom, .spacing)
        }
        // Across the axis.
        switch alignment {
        case .fill:
            builder.eq(red.leading, blue.leading, .alignment)
            builder.eq(red.leading, green.leading, .alignment)
            builder.eq(red.trailing, blue.trailing, .alignment)
            builder.eq(red.trailing, green.trailing, .alignment)
            builder.eq(stack.leading, red.leading, .canvasConnection)
            builder.eq(red.trailing, stack.trailing, .canvasConnection)
        case .leading, .center, .trailing:
            let spanner = builder.item("#spanner", .guide, role: .alignmentSpanner)
            for view in views {
                switch alignment {
                case .leading:
                    builder.eq(spanner.leading, view.leading, p: 999.5, .spanningBoundary)
                    builder.ge(spanner.trailing, view.trailing, .spanningBoundary)
                case .trailing:
                    builder.le(spanner.leading, view.leading, .spanningBoundary)
                    builder.eq(spanner.trailing, view.trailing, p: 999.5, .spanningBoundary)
                default:
                    builder.le(spanner.leading, view.leading, .spanningBoundary)
                    builder.ge(spanner.trailing, view.trailing, .spanningBoundary)
                }
            }
            builder.eq(spanner.width, 0, p: 51, .spanningFit)
            switch alignment {
            case .leading:
                builder.eq(red.leading, blue.leading, .alignment)
                builder.eq(red.leading, green.leading, .alignment)
                builder.eq(stack.leading, red.leading, .canvasConnection)
                builder.eq(spanner.trailing, stack.trailing, .canvasConnection)
            case .trailing:
                builder.eq(red.trailing, blue.trailing, .alignment)
                builder.eq(red.trailing, green.trailing, .alignment)
                builder.eq(stack.leading, spanner.leading, .canvasConnection)
                builder.eq(red.trailing, stack.trailing, .canvasConnection)
            default:
                builder.eq(red.centerX, blue.centerX, .alignment)
                builder.eq(red.centerX, green.centerX, .alignment)
                builder.eq(stack.leading, spanner.leading, .canvasConnection)
                builder.eq(spanner.trailing, stack.trailing, .canvasConnection)
                builder.eq(stack.centerX, red.centerX, .canvasConnection)
            }
            for view in views { builder.eq(view.width, 0, p: 25, .ambiguitySuppression) }
        }
        for (view, size) in zip(views, [50.0, 100, 200]) { builder.intrinsic(view, size, size) }
    }

    func solved(width: Double? = nil, height: Double? = nil) -> (LayoutSolution, [Frame]) {
        let solution = solve(builder.ir, width: width, height: height)
        return (solution, views.map { solution.frames[$0.index] })
    }
}

@Suite struct FixedSizeStackTests {
    @Test func fillStretchesTheFirstView() {
        let (solution, f) = ThreeViews(.fill).solved(width: 300, height: 400)
        #expect(f == [
            Frame(x: 0, y: 0, width: 300, height: 100),
            Frame(x: 0, y: 100, width: 300, height: 100),
            Frame(x: 0, y: 200, width: 300, height: 200),
        ])
        #expect(solution.findings.isEmpty)
        #expect(solution.frames[0] == Frame(x: 0, y: 0, width: 300, height: 400))
    }

    @Test func fillShrinksTheFirstViewWhenTooSmall() {
        let (_, f) = ThreeViews(.fill).solved(width: 300, height: 300)
        #expect(f.map(\.height) == [0, 100, 200])
    }

    @Test func fillEquallyGivesEqualHeights() {
        let (solution, f) = ThreeViews(.fillEqually).solved(width: 300, height: 400)
        for frame in f { #expect(close(frame.height, 400.0 / 3)) }
        #expect(close(f[2].maxY, 400))
        #expect(solution.findings.isEmpty)
    }

    @Test func equalSpacingKeepsSizesAndEqualGaps() {
        let (solution, f) = ThreeViews(.equalSpacing).solved(width: 300, height: 400)
        #expect(f.map(\.height) == [50, 100, 200])
        #expect(f.map(\.y) == [0, 75, 200])
        // The gap guides' cross-axis frames are free by design and not reported.
        #expect(solution.findings.isEmpty)
    }

    @Test func equalCenteringStopsAtTheMinimumSpacing() {
        // Equal centre distances would put blue's centre at 162.5 and overlap green; spacing >= 0 is
        // required and the gaps' equality is only @149, so blue sits right on top of green.
        let (_, f) = ThreeViews(.equalCentering).solved(width: 300, height: 400)
        #expect(f.map(\.height) == [50, 100, 200])
        #expect(f.map(\.y) == [0, 100, 200])
    }

    @Test func equalCenteringWithRoomHasEqualCentreDistances() {
        let (_, f) = ThreeViews(.equalCentering).solved(width: 300, height: 800)
        let centres = f.map { $0.y + $0.height / 2 }
        #expect(close(centres[1] - centres[0], centres[2] - centres[1]))
        #expect(f[0].y == 0 && f[2].maxY == 800)
    }

    @Test func alignmentLeadingCentreTrailing() {
        let widths: [Double] = [50, 100, 200]
        let leading = ThreeViews(.fill, .leading).solved(width: 300, height: 400).1
        #expect(leading.map(\.x) == [0, 0, 0])
        #expect(leading.map(\.width) == widths)
        let center = ThreeViews(.fill, .center).solved(width: 300, height: 400).1
        #expect(center.map(\.x) == [125, 100, 50])
        let trailing = ThreeViews(.fill, .trailing).solved(width: 300, height: 400).1
        #expect(trailing.map(\.x) == [250, 200, 100])
        #expect(trailing.map(\.width) == widths)
    }

    @Test func spannerSpansTheStack() {
        let stack = ThreeViews(.fill, .leading)
        let solution = solve(stack.builder.ir, width: 300, height: 400)
        let spanner = stack.builder.ir.item(named: "main.#spanner")!
        #expect(solution.frames[spanner.index].x == 0)
        #expect(solution.frames[spanner.index].width == 300)
    }
}

@Suite struct NaturalSizeStackTests {
    @Test func fillTakesIntrinsicSizes() {
        let (solution, f) = ThreeViews(.fill).solved()
        #expect(solution.width == 200 && solution.height == 350)
        #expect(f.map(\.y) == [0, 50, 150])
        #expect(f.map(\.height) == [50, 100, 200])
        #expect(f.map(\.width) == [200, 200, 200])
        #expect(solution.findings.isEmpty)
    }

    @Test func fillEquallyStretchesToTheTallest() {
        let (solution, f) = ThreeViews(.fillEqually).solved()
        #expect(f.map(\.height) == [200, 200, 200])
        #expect(solution.height == 600)
    }

    @Test func alignedStacksTakeTheWidestView() {
        for alignment in [Alignment.leading, .center, .trailing] {
            let (solution, f) = ThreeViews(.fill, alignment).solved()
            #expect(solution.width == 200, "\(alignment)")
            #expect(f.map(\.width) == [50, 100, 200], "\(alignment)")
            #expect(solution.findings.isEmpty, "\(alignment)")
        }
    }

    @Test func equalSpacingHasZeroGaps() {
        let (solution, f) = ThreeViews(.equalSpacing).solved()
        #expect(f.map(\.y) == [0, 50, 150])
        #expect(solution.height == 350)
    }

    @Test func equalCenteringSpacesRedFromBlue() {
        // Centres 25, 175, 325: blue must clear red by 75 for blue and green (touching) to have equal
        // centre distances. Larger equal distances would also do; the vertex rule keeps the smallest,
        // and the root's height is reported as not determined (nothing limits it).
        let (solution, f) = ThreeViews(.equalCentering).solved()
        #expect(f.map(\.y) == [0, 125, 225])
        #expect(solution.height == 425)
        #expect(solution.findings.contains { if case .ambiguous = $0.kind { true } else { false } })
    }
}
