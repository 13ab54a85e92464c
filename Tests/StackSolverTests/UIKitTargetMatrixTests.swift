import StackDriver
import StackIR
import StackSolver
import StackSyntax
import Testing

/// Both lowering targets on the whole matrix of one stack of seed 000's three views: every axis,
/// distribution, alignment and spacing, with every pattern of hidden items, with and without
/// `layoutMarginsRelative`. The expectations are the rules of `shared/uikit-current.md` (today's
/// UIKit) and of seed 000 (iOS 9/10), counted per constraint identifier, and the geometry the spec
/// says the two share (§E1: hidden items collapse where they did; §2.5 and §2.6 keep the same
/// order of priorities), solved and compared frame by frame.
@Suite struct UIKitTargetMatrixTests {
    struct Configuration: CustomStringConvertible {
        var vertical: Bool
        var distribution: String
        var alignment: String
        var spacing: Int
        var hidden: Set<Int>
        var margins: Bool

        var description: String {
            "\(vertical ? "vstack" : "hstack") \(distribution) \(alignment) spacing \(spacing) hidden \(hidden.sorted()) margins \(margins)"
        }

        var source: String {
            let marginsText = margins ? ", layoutMarginsRelative: true" : ""
            let sizes = [(160, 200), (80, 100), (40, 50)]
            var text = "\(vertical ? "vstack" : "hstack") main(distribution: \(distribution), alignment: \(alignment), spacing: \(spacing)\(marginsText)) {\n"
            for (index, (width, height)) in sizes.enumerated() {
                let size = vertical ? "\(height) x \(width)" : "\(width) x \(height)"
                text += "    view s\(index)(intrinsic: \(size)\(hidden.contains(index) ? ", hidden: true" : ""))\n"
            }
            return text + "}\n"
        }

        var visible: [Int] { (0..<3).filter { !hidden.contains($0) } }
        var gapDistribution: Bool { distribution == "equalSpacing" || distribution == "equalCentering" }
        var mainLength: LayoutAttribute { vertical ? .height : .width }
    }

    static let configurations: [Configuration] = {
        let hiddenPatterns: [Set<Int>] = [[], [0], [1], [2], [0, 2], [0, 1, 2]]
        var result: [Configuration] = []
        for vertical in [false, true] {
            let alignments = vertical ? ["fill", "leading", "center", "trailing"]
                                      : ["fill", "top", "center", "bottom", "firstBaseline", "lastBaseline"]
            for distribution in ["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"] {
                for alignment in alignments {
                    for spacing in [0, 8] {
                        for hidden in hiddenPatterns {
                            for margins in [false, true] {
                                result.append(Configuration(vertical: vertical, distribution: distribution, alignment: alignment,
                                                            spacing: spacing, hidden: hidden, margins: margins))
                            }
                        }
                    }
                }
            }
        }
        return result
    }()

    static func lowered(_ configuration: Configuration, _ uikit: UIKitTarget) -> ConstraintIR? {
        let compilation = Compilation(file: SourceFile(path: "matrix.stack", text: configuration.source), solving: false, uikit: uikit)
        return compilation.irs.first
    }

    static func constraints(_ ir: ConstraintIR, _ category: ConstraintCategory) -> [IRConstraint] {
        ir.constraints.filter { $0.category == category }
    }

    @Test func everyConfigurationLowersAsItsTargetSays() throws {
        #expect(Self.configurations.count == 1_200)
        for configuration in Self.configurations {
            let current = try #require(Self.lowered(configuration, .current), "\(configuration)")
            let old = try #require(Self.lowered(configuration, .iOS9), "\(configuration)")
            #expect(current.uikit == .current && old.uikit == .iOS9)
            let hiddenCount = configuration.hidden.count
            let visibleCount = configuration.visible.count

            // §2.3 against seed §3.1: hiding at 999.999 and a placement at 50, or a required collapse in the chain.
            let hiding = Self.constraints(current, .hiding)
            #expect(hiding.count == hiddenCount && hiding.allSatisfy { $0.priority == 999.999 }, "\(configuration)")
            let placed = Self.constraints(current, .spacingHidden)
            #expect(placed.count == hiddenCount && placed.allSatisfy { $0.priority == 50 }, "\(configuration)")
            #expect(Self.constraints(old, .hiding).allSatisfy(\.isRequired) && Self.constraints(old, .spacingHidden).isEmpty, "\(configuration)")
            // §2.2: spacing between consecutive visible items only; seed: every adjacent pair.
            #expect(Self.constraints(current, .spacing).count == max(visibleCount - 1, 0), "\(configuration)")
            #expect(Self.constraints(old, .spacing).count == 2, "\(configuration)")
            // §2.7: the gap distributions hug their length at 49; seed: no fit along the axis.
            let fit = Self.constraints(current, .canvasFit).filter { $0.first.attribute == configuration.mainLength }
            #expect(fit.count == (configuration.gapDistribution ? 1 : 0) && fit.allSatisfy { $0.priority == 49 }, "\(configuration)")
            #expect(Self.constraints(old, .canvasFit).allSatisfy { $0.first.attribute != configuration.mainLength }, "\(configuration)")
            // §2.1: the ordering spanner exists exactly when every item is hidden.
            let ordering = current.items.filter { $0.role == .orderingSpanner }
            #expect(ordering.count == (visibleCount == 0 ? 1 : 0), "\(configuration)")
            // §4: a stack created in code has margins 0 today, 8 on iOS 9/10.
            if configuration.margins {
                #expect(Self.constraints(current, .marginGuide).map(\.constant) == [0, 0, 0, 0], "\(configuration)")
                #expect(Self.constraints(old, .marginGuide).map(\.constant) == [8, 8, 8, 8], "\(configuration)")
            }
            // §2.1: the canvas meets the first and last visible items along the axis.
            let along: (LayoutAttribute, LayoutAttribute) = configuration.vertical ? (.top, .bottom) : (.leading, .trailing)
            let ends = Self.constraints(current, .canvasConnection).filter { $0.first.attribute == along.0 || $0.first.attribute == along.1 }
            let endNames = Set(ends.flatMap { [$0.first.item, $0.second?.item].compactMap { $0 } }.map { current.items[$0.index].name })
            if let first = configuration.visible.first, let last = configuration.visible.last {
                #expect(endNames.contains("main.s\(first)") && endNames.contains("main.s\(last)"), "\(configuration): \(endNames.sorted())")
            } else {
                #expect(endNames.contains("main#ordering"), "\(configuration): \(endNames.sorted())")
            }
            // §2.5: proportional shares counted by arranged index, hidden items included.
            for share in Self.constraints(current, .fillProportionally) where share.second != nil {
                let index = Int(String(current.items[share.first.item.index].name.last!))!
                #expect(share.priority == (share.multiplier == 1 ? 1000 : Double(max(999 - index, 751))), "\(configuration)")
            }
            // §2.6: equalCentering gap equalities at max(150 - i, 50), i the item before the gap.
            if configuration.distribution == "equalCentering" {
                for equality in Self.constraints(current, .fillEqually) {
                    let gap = Int(current.items[equality.first.item.index].name.dropFirst("main#gap".count))!
                    let before = configuration.visible[gap - 1]
                    #expect(equality.priority == Double(max(150 - before, 50)), "\(configuration)")
                }
            }
        }
    }

    /// The frames the two targets agree on: without margins, and outside the baseline alignments whose
    /// rules differ (§3.2, §3.4: a firstBaseline row's views without a baseline align by their tops
    /// today, by their bottoms on iOS 9/10; §2.8: iOS 9/10 share a baseline row's width equally at 760,
    /// today only multiline labels share it), every visible item's frame is the same, at the stack's
    /// natural size and stretched along its axis. Hidden items too, except where §2.3 places them
    /// with `>=` (the gap distributions: U10).
    @Test func bothTargetsGiveTheSameFramesWhereTheSpecSaysTheyAgree() throws {
        var compared = 0
        for configuration in Self.configurations
        where !configuration.margins && configuration.alignment != "firstBaseline" && configuration.alignment != "lastBaseline" {
            let current = try #require(Self.lowered(configuration, .current))
            let old = try #require(Self.lowered(configuration, .iOS9))
            for length in [nil, 400.0] {
                let width = configuration.vertical ? nil : length
                let height = configuration.vertical ? length : nil
                let a = solveLayout(ir: current.replacingRootSize(width: width != nil, height: height != nil), width: width, height: height)
                let b = solveLayout(ir: old.replacingRootSize(width: width != nil, height: height != nil), width: width, height: height)
                // Conflicts and ambiguity are reported, not compared (the two targets break or pick differently).
                guard a.findings.isEmpty && b.findings.isEmpty else { continue }
                compared += 1
                for index in 0..<4 {
                    let hiddenItem = index > 0 && configuration.hidden.contains(index - 1)
                    if hiddenItem && configuration.gapDistribution { continue }
                    let f = a.frames[index], g = b.frames[index]
                    let same = abs(f.x - g.x) < 1e-6 && abs(f.y - g.y) < 1e-6 && abs(f.width - g.width) < 1e-6 && abs(f.height - g.height) < 1e-6
                    #expect(same, "\(configuration) at \(length.map { "\($0)" } ?? "natural size"): \(current.items[index].name) current \(f) vs iOS 9 \(g)")
                }
            }
        }
        #expect(compared > 400, "only \(compared) configurations were clean in both targets")
    }

    /// §3.4: in today's firstBaseline row, views without a baseline share their tops; on iOS 9/10 a plain
    /// view's baseline is its bottom edge, so they share their bottoms. §3.2: today's row is as tall as
    /// from the first item's top down.
    @Test func firstBaselineRowsOfPlainViews() throws {
        for configuration in Self.configurations where configuration.alignment == "firstBaseline" && !configuration.margins
            && configuration.hidden.isEmpty {
            let current = try #require(Self.lowered(configuration, .current))
            let old = try #require(Self.lowered(configuration, .iOS9))
            let a = solveLayout(ir: current, width: nil, height: nil)
            let b = solveLayout(ir: old, width: nil, height: nil)
            let tops = (1...3).map { a.frames[$0].y }
            let bottoms = (1...3).map { b.frames[$0].y + b.frames[$0].height }
            #expect(Set(tops).count == 1, "\(configuration): tops \(tops)")
            #expect(Set(bottoms).count == 1, "\(configuration): bottoms \(bottoms)")
            // The three views are 200, 100 and 50 tall: both rows are as tall as the tallest.
            #expect(a.height == 200 && b.height == 200, "\(configuration): \(a.height), \(b.height)")
        }
    }
}
