import Foundation
import StackIR
import StackSemantics
import StackSyntax
import Testing
@testable import StackSolver

/// fillProportionally stacks whose shares tie at one priority: today's UIKit gives the visible items
/// from index 248 on the same priority, 751 (uikit-current.md, `max(999 - i, 751)`).
@Suite struct TiedSharesTests {
    /// A row of `count` labels, each `width` wide, spacing 2, in a fillProportionally stack; `extra`
    /// adds attributes to a label by index.
    static func row(count: Int, width: Int = 10, extra: [Int: String] = [:]) -> String {
        var lines = ["hstack main(distribution: fillProportionally, spacing: 2) {"]
        for i in 0..<count { lines.append("    label v\(i)(intrinsic: \(width) x 12\(extra[i].map { ", " + $0 } ?? ""))") }
        return (lines + ["}"]).joined(separator: "\n")
    }

    static func lowered(_ text: String, width: Double?) -> ConstraintIR {
        let file = SourceFile(path: "tied.stack", text: text)
        return lower(check(file).model.roots[0], in: file, uikit: .current).replacingRootSize(width: width != nil, height: false)
    }

    /// 251 labels 10 wide: D = 2,510 + 2 x 250 = 3,010, every multiplier 1/301, and v248, v249 and
    /// v250 share priority 751. At the natural width (3,010) every share holds: 10 each. At 4,010
    /// each share asks t = 4,010 / 301; the 248 untied items take it, and of the 3,510 the labels
    /// get, the tied three keep 3,510 - 248 t. Their level's least violation leaves the residue to
    /// one of them, every label's hugging (250) costs the same wherever it goes, and the tie rule
    /// gives it to the earliest constraint: v248 = 3,510 - 250 t, v249 = v250 = t. At 1,505 the
    /// residue is negative and v248 goes below zero: 1,005 - 250 x 5.
    @Test func theEarliestTiedShareTakesTheResidue() {
        let text = Self.row(count: 251)
        for (width, t) in [(nil, 10.0), (4010.0, 4010.0 / 301), (1505, 5)] as [(Double?, Double)] {
            let ir = Self.lowered(text, width: width)
            let (solution, report) = solveLayoutReporting(ir: ir, width: width)
            guard case .structured = report.path else {
                Issue.record("\(String(describing: width)): solved by \(report.path)")
                continue
            }
            let labels = (width ?? 3010) - 500
            let first = labels - 250 * t
            var expected: [(String, Double, Double)] = [("main", 0, width ?? 3010)]
            for i in 0..<248 { expected.append(("main.v\(i)", Double(i) * (t + 2), t)) }
            let x248 = 248 * (t + 2)
            expected += [("main.v248", x248, first), ("main.v249", x248 + first + 2, t), ("main.v250", x248 + first + t + 4, t)]
            expectFrames(expected, along: 0, in: solution, ir: ir)
            #expect(solutionDifference(solution, solve(ir, width: width), ir: ir) == nil, "\(String(describing: width))")
        }
    }

    /// The same row with v260's hugging at 240. Narrower than the natural width the residue is
    /// negative, every label below its width costs the same (its compression, 750), and the earliest
    /// tied share takes it; at the natural width (3,130) every share holds. At 4,010 the residue costs
    /// less on v260 (its hugging is weaker than the others' 250), so v260 takes all of it, not the
    /// earliest tied share.
    @Test func aWeakerHuggingTakesTheResidue() {
        let text = Self.row(count: 261, extra: [260: "hugging: 240"])
        for (width, t) in [(nil, 10.0), (1565.0, 5)] as [(Double?, Double)] {
            let ir = Self.lowered(text, width: width)
            let (solution, report) = solveLayoutReporting(ir: ir, width: width)
            guard case .structured = report.path else {
                Issue.record("\(String(describing: width)): solved by \(report.path)")
                continue
            }
            // At 1,565 the labels get 1,045: 248 of them 5, v248 the rest but 12 x 5.
            let first = (width ?? 3130) - 520 - 260 * t
            expectFrames([("main.v0", 0, t), ("main.v247", 247 * (t + 2), t), ("main.v248", 248 * (t + 2), first),
                          ("main.v260", 248 * (t + 2) + first + 2 + 11 * (t + 2), t)], along: 0, in: solution, ir: ir)
            #expect(solutionDifference(solution, solve(ir, width: width), ir: ir) == nil, "\(String(describing: width))")
        }
        let ir = Self.lowered(text, width: 4010)
        let (solution, report) = solveLayoutReporting(ir: ir, width: 4010)
        guard case .structured = report.path else {
            Issue.record("4010: solved by \(report.path)")
            return
        }
        // D = 2,610 + 520 = 3,130; 261 shares of t = 4,010 / 313 each; the labels get 3,490.
        let t = 4010.0 / 313
        let x260 = 260 * (t + 2)
        expectFrames([("main.v248", 248 * (t + 2), t), ("main.v259", 259 * (t + 2), t), ("main.v260", x260, 3490 - 260 * t)],
                     along: 0, in: solution, ir: ir)
        #expect(solutionDifference(solution, solve(ir, width: 4010), ir: ir) == nil)
    }

    /// Several items cheaper than the rest: v255 and v260 hug at 240 and v250 resists compression at
    /// 740. At 4,010 (t = 4,010 / 313, the labels get 3,490) the two weaker huggings cost the same and
    /// the earlier, v255, takes the residue: 3,490 - 260 t. At 1,565 (t = 5, the labels get 1,045
    /// against 261 x 5 = 1,305) v250 gives up the 260 cheapest: 5 - 260 = -255.
    @Test func theCheapestItemsTakeTheResidueEarliestFirst() {
        let text = Self.row(count: 261, extra: [250: "compression: 740", 255: "hugging: 240", 260: "hugging: 240"])
        for (width, t, taker, taken) in [(4010.0, 4010.0 / 313, 255, 3490 - 260 * 4010.0 / 313), (1565, 5, 250, -255)] {
            let ir = Self.lowered(text, width: width)
            let (solution, report) = solveLayoutReporting(ir: ir, width: width)
            guard case .structured = report.path else {
                Issue.record("\(width): solved by \(report.path)")
                continue
            }
            let x = Double(taker) * (t + 2)
            expectFrames([("main.v0", 0, t), ("main.v\(taker - 1)", x - t - 2, t), ("main.v\(taker)", x, taken),
                          ("main.v\(taker + 1)", x + taken + 2, t), ("main.v260", width - t, t)], along: 0, in: solution, ir: ir)
            #expect(solutionDifference(solution, solve(ir, width: width), ir: ir) == nil, "\(width)")
        }
    }

    /// Tied shares whose items hold required bounds (v248 resists compression at 1000, v250 hugs at
    /// 1000), a hugging weaker than the rest on the earliest tied item (where the residue goes anyway),
    /// and the row nested beside a view, where the tree splits the row by the stack's cost as a
    /// function of its width: the same frames as the general solver, on the tree.
    @Test func requiredBoundsAndNestingAgreeWithTheGeneralSolver() {
        let rows = [
            Self.row(count: 260, width: 12, extra: [248: "compression: required", 250: "hugging: required", 255: "hugging: required"]),
            Self.row(count: 252, extra: [248: "hugging: 240"]),
        ]
        for text in rows {
            let nested = "hstack outer {\n" + text + "\n    view d(intrinsic: 50 x 12)\n}"
            for (layout, widths) in [(text, [nil, 900, 2500, 4000, 9000]), (nested, [nil, 1000, 4000])] as [(String, [Double?])] {
                for width in widths {
                    let ir = Self.lowered(layout, width: width)
                    let (solution, report) = solveLayoutReporting(ir: ir, width: width)
                    guard case .structured = report.path else {
                        Issue.record("\(String(describing: width)): solved by \(report.path)")
                        continue
                    }
                    #expect(solutionDifference(solution, solve(ir, width: width), ir: ir) == nil, "\(String(describing: width))")
                }
            }
        }
    }

    /// A random fillProportionally row past 248 visible items: labels of random widths (some 0 wide,
    /// which get no share), and in some rows a few items with their own hugging or compression
    /// priority (weaker than the shares, as strong as each other or required), of a fixed width,
    /// hidden, or small stacks; random spacing and margins; in most rows, beside a view.
    static func randomRow(seed: UInt64) -> String {
        var rng = SplitMix(seed: seed)
        let count = Int.random(in: 249...264, using: &rng)
        let spacing = Int.random(in: 0...4, using: &rng)
        let margins = Bool.random(using: &rng) ? ", margins: (\(Int.random(in: 0...6, using: &rng)), \(Int.random(in: 0...9, using: &rng)))" : ""
        // One item in `rarity` (on average) gets one of the seven changes below; in a third of the
        // rows, none.
        let rarity = [Int.max, 60, 12].randomElement(using: &rng)!
        var lines = ["hstack main(distribution: fillProportionally, spacing: \(spacing)\(margins)) {"]
        for i in 0..<count {
            let width = Int.random(in: 0...4, using: &rng) == 0 ? 0 : Int.random(in: 1...40, using: &rng)
            var attributes = ["intrinsic: \(width) x 12"]
            switch Int.random(in: 0..<rarity, using: &rng) == 0 ? Int.random(in: 0...6, using: &rng) : -1 {
            case 0: attributes.append("hugging: \([240, 249, 250, 251].randomElement(using: &rng)!)")
            case 1: attributes.append("compression: \([700, 749, 750].randomElement(using: &rng)!)")
            case 2: attributes.append("hugging: required")
            case 3: attributes.append("compression: required")
            case 4: attributes.append("width: \(Int.random(in: 0...30, using: &rng))")
            case 5: attributes.append("hidden: true")
            case 6:
                lines.append("    vstack s\(i) {\n        label a\(i)(intrinsic: \(width) x 12)\n        label b\(i)(intrinsic: \(width / 2) x 12)\n    }")
                continue
            default: break
            }
            lines.append("    label v\(i)(\(attributes.joined(separator: ", ")))")
        }
        let row = (lines + ["}"]).joined(separator: "\n")
        // In two rows of three, the row sits beside a view whose priorities fall among the shares',
        // so the row's length comes from its cost as a function of its width.
        guard Int.random(in: 0...2, using: &rng) > 0 else { return row }
        let hugging = [240, 250, 751, 760, 800].randomElement(using: &rng)!
        let compression = [700, 750, 751, 800, 1000].randomElement(using: &rng)!
        return "hstack outer {\n" + row + "\n    view d(intrinsic: \(Int.random(in: 0...400, using: &rng)) x 12, hugging: \(hugging), "
            + "compression: \(compression))\n}"
    }

    /// Random rows (above) at their natural width and at random widths from far below to far above
    /// it, the tree solver against the general solver (frames, determinations and findings); no
    /// tied split may decline.
    @Test func randomTiedRowsAgreeWithTheGeneralSolver() {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["STACKC_LONG_TESTS"] == "1" ? 2_000 : 8
        let seed = UInt64(environment["STACKC_TIED_SEED"] ?? "") ?? 20_261_128
        print("TiedSharesTests: seed \(seed), \(count) rows")
        var structured = 0
        var general = 0
        var reasons: [String: Int] = [:]
        for offset in 0..<UInt64(count) {
            var rng = SplitMix(seed: (seed &+ offset) ^ 0x71ED)
            let text = Self.randomRow(seed: seed &+ offset)
            for width in [nil, Double(Int.random(in: 0...2000, using: &rng)), Double(Int.random(in: 2000...12000, using: &rng))] {
                let ir = Self.lowered(text, width: width)
                let (solution, report) = solveLayoutReporting(ir: ir, width: width)
                if case .structured = report.path { structured += 1 } else { general += 1 }
                if let reason = report.fallback { reasons[reason.kind, default: 0] += 1 }
                #expect(report.fallback?.kind != "proportionalSplit", "row seed \(seed &+ offset) width \(String(describing: width))")
                let difference = solutionDifference(solution, solve(ir, width: width), ir: ir)
                #expect(difference == nil, "row seed \(seed &+ offset) width \(String(describing: width)): \(difference ?? "")")
            }
        }
        print("TiedSharesTests: \(structured) solves on the tree, \(general) by the general solver, by reason: "
              + reasons.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        #expect(structured > 0)
    }

    /// A tied row stretched past its natural width by a stronger preference outside it (`d` hugs at
    /// 800 in a 10,000-wide row), with v260's hugging weaker than the rest: the tree gives the
    /// residue to v260 (hand-worked: the stack is 9,900 wide, each share asks t = 9,900 / 313, the
    /// labels get 9,380). The general solver's rows on the same layout all meet in the stack's width
    /// and grow as the square of the row; with its term limit cut to 2,000 it stops and says so, and
    /// the required constraints still hold.
    @Test func aStretchedTiedRowIsOnTheTreeAndTheGeneralSolverStopsAtItsTermLimit() {
        let text = "hstack outer(width: 10000) {\n" + Self.row(count: 261, extra: [260: "hugging: 240"])
            + "\n    view d(intrinsic: 100 x 12, hugging: 800)\n}"
        let ir = Self.lowered(text, width: 10000)
        let solved = solveLayoutReporting(ir: ir, width: 10000)
        guard case .structured = solved.report.path else {
            Issue.record("solved by \(solved.report.path)")
            return
        }
        let t = 9900.0 / 313
        let x260 = 260 * (t + 2)
        expectFrames([("outer.main", 0, 9900), ("outer.main.v248", 248 * (t + 2), t), ("outer.main.v260", x260, 9380 - 260 * t),
                      ("outer.d", 9900, 100)], along: 0, in: solved.solution, ir: ir)
        let general = solve(ir, width: 10000)
        #expect(solutionDifference(solved.solution, general, ir: ir) == nil)
        #expect(!general.findings.contains { if case .termLimit = $0.kind { true } else { false } })
        let stopped = SolverLimits.$terms.withValue(2_000) { solve(ir, width: 10000) }
        #expect(stopped.findings.contains { if case .termLimit = $0.kind { true } else { false } })
        let main = frame("outer.main", in: stopped, ir: ir)
        let d = frame("outer.d", in: stopped, ir: ir)
        let last = frame("outer.main.v260", in: stopped, ir: ir)
        #expect(abs((main?.width ?? 0) + (d?.width ?? 0) - 10000) <= 1e-6)
        #expect(abs((last.map { $0.x + $0.width } ?? 0) - (main?.width ?? 0)) <= 1e-6)
    }

    /// A tied row of 320 labels of five widths (10 to 38, a block of five 130 wide with its spacing)
    /// with user constraints across it, `v0.width == v160.width` and `v81.width == v241.width`: labels
    /// of the same width, so every share holds and every label keeps its width (hand-worked: the row
    /// is 64 x 120 + 319 x 2 = 8,318 wide, v160 at 32 x 130 = 4,160, v241 at 48 x 130 + 12 = 6,252).
    /// The row's length is free and every share mentions it, so the general solver solves the
    /// horizontal axis whole, and its pivots take the length into the basis: its row goes into every
    /// share's, and the chain's long row into every row through it. With the term limit cut to
    /// 200,000 that solve stops (the walk stays under it); the axis is then solved as a joint group
    /// with the row's length pinned and walked (`HubRule.walkingShares`), and the report says why; with
    /// the walks allowed only on rows of fewer labels (`JointHub.sharesWalkedUpTo`), the stop stands.
    @Test func aTiedRowWhoseWholeSolveStopsIsWalked() {
        var lines = ["hstack main(distribution: fillProportionally, spacing: 2) {"]
        for i in 0..<320 { lines.append("    label v\(i)(intrinsic: \(10 + 7 * (i % 5)) x 12)") }
        lines += ["    constraints {", "        v0.width == v160.width", "        v81.width == v241.width", "    }", "}"]
        let ir = Self.lowered(lines.joined(separator: "\n"), width: nil)
        let reference = solve(ir)
        #expect(!reference.stopped)
        let stopped = SolverLimits.$terms.withValue(200_000) {
            var solver = Solver(ir: ir, width: nil, height: nil, axis: .horizontal)
            return solver.run(keeping: false, axes: [.horizontal], width: nil, height: nil).solution
        }
        #expect(stopped.stopped, "the whole axis must stop at the limit for this test to say anything")
        let (solution, report) = SolverLimits.$terms.withValue(200_000) { solveLayoutReporting(ir: ir) }
        #expect(!solution.stopped)
        expectFrames([("main", 0, 8318), ("main.v0", 0, 10), ("main.v160", 4160, 10), ("main.v241", 6252, 17)],
                     along: 0, in: solution, ir: ir)
        #expect(solutionDifference(solution, reference, ir: ir) == nil)
        guard case .split(_, .horizontal, _, _, .solved(let joint)?) = report.path else {
            Issue.record("solved by \(report.path)")
            return
        }
        #expect(joint.afterStop)
        #expect(joint.walkedHubs == [0])
        #expect(report.lines(in: ir).contains("walked because the whole axis, solved with every length free, stopped at a limit"))
        // A row longer than the walks are allowed keeps the stop.
        let capped = SolverLimits.$terms.withValue(200_000) {
            JointHub.$sharesWalkedUpTo.withValue(319) { solveLayoutReporting(ir: ir) }
        }
        #expect(capped.solution.stopped)
        if case .split(_, _, _, _, .solved?) = capped.report.path { Issue.record("walked past the cap: \(capped.report.path)") }
        // Without the cut the whole axis answers, and nothing is walked.
        let (whole, wholeReport) = solveLayoutReporting(ir: ir)
        #expect(solutionDifference(whole, reference, ir: ir) == nil)
        if case .split(_, _, _, _, .solved?) = wholeReport.path { Issue.record("walked without a stop: \(wholeReport.path)") }
    }
}
