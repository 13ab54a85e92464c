import StackIR
import StackDriver
import Testing
@testable import StackSolver

@Suite struct PriorityTests {
    @Test func higherPriorityIsNeverTradedForManyLowerOnes() {
        var b = IRBuilder()
        let a = b.view("a")
        b.eq(a.width, 100, p: 999)
        for _ in 0..<20 { b.eq(a.width, 0, p: 998) }
        b.eq(a.height, 1, p: 998)
        let solution = solve(b.ir)
        #expect(solution.frames[a.index].width == 100)
        #expect(solution.frames[a.index].height == 1)
    }

    @Test func realValuedPrioritiesAreDistinctLevels() {
        var b = IRBuilder()
        let a = b.view("a")
        b.eq(a.width, 10, p: 999)
        b.eq(a.width, 20, p: 999.5)
        b.eq(a.width, 30, p: 999.4999)
        b.eq(a.height, 10, p: 999.999)
        b.eq(a.height, 20, p: 999.998)
        let frame = solve(b.ir).frames[a.index]
        #expect(frame.width == 20)
        #expect(frame.height == 10)
    }

    @Test func sumOfViolationsWithinALevel() {
        // Three constraints at one level pull a.width to 10, 10 and 40: the median minimises the sum.
        var b = IRBuilder()
        let a = b.view("a")
        b.eq(a.width, 10, p: 500)
        b.eq(a.width, 40, p: 500)
        b.eq(a.width, 10, p: 500)
        #expect(solve(b.ir).frames[a.index].width == 10)
    }

    @Test func inequalitiesCountOnlyTheirViolatingSide() {
        var b = IRBuilder()
        let a = b.view("a")
        let c = b.view("c")
        b.ge(a.width, 50)
        b.eq(a.width, 10, p: 500)
        b.le(c.width, 30, p: 750)
        b.ge(c.width, 60, p: 250)
        b.ge(c.height, 5, p: 250)
        b.le(c.height, 8, p: 250)
        let solution = solve(b.ir)
        #expect(solution.frames[a.index].width == 50)
        #expect(solution.frames[c.index].width == 30)
        #expect((5...8).contains(solution.frames[c.index].height))
    }

    @Test func multipliersAndConstants() {
        var b = IRBuilder(root: .hstack)
        let a = b.view("a")
        let c = b.view("c")
        b.eq(a.width, b.root.width, m: 0.5)
        b.eq(c.height, a.width, m: 2, c: 10)
        b.eq(c.centerX, b.root.centerX)
        b.eq(c.width, 20)
        b.eq(a.leading, c.trailing, c: 4)
        let solution = solve(b.ir, width: 300, height: 50)
        #expect(solution.frames[a.index].width == 150)
        #expect(solution.frames[c.index].height == 310)
        #expect(solution.frames[c.index].x == 140)
        #expect(solution.frames[a.index].x == 164)
    }

    @Test func tieRuleLetsTheEarliestConstraintGive() {
        // Two views share 100 points; each wants 70 at the same priority: the first one gives.
        var b = IRBuilder(root: .hstack)
        let first = b.view("first")
        let second = b.view("second")
        b.eq(first.leading, b.root.leading)
        b.eq(second.leading, first.trailing)
        b.eq(second.trailing, b.root.trailing)
        b.eq(first.width, 70, p: 300)
        b.eq(second.width, 70, p: 300)
        let solution = solve(b.ir, width: 100, height: 10)
        #expect(solution.frames[first.index].width == 30)
        #expect(solution.frames[second.index].width == 70)
    }

    @Test func baselinesAreSeparateVariables() {
        var b = IRBuilder(root: .hstack)
        let label = b.item("label", .label)
        b.eq(label.top, b.root.top, c: 5)
        b.eq(label.height, 20)
        b.eq(label.firstBaseline, label.top, c: 15, .baseline)
        let solution = solve(b.ir)
        #expect(solution.baselines[label.index].first == 20)
    }

    @Test func invalidNumbersAreReportedAndIgnored() {
        var b = IRBuilder()
        let a = b.view("a")
        b.eq(a.width, .nan)
        b.eq(a.width, .infinity, p: 500)
        b.eq(a.height, a.width, m: .nan)
        b.add(Anchor(ItemID(42), .width), .equal, nil, c: 3)
        b.eq(a.width, 10, p: .nan)
        b.eq(a.width, 7)
        b.eq(a.height, 9)
        let solution = solve(b.ir, width: .nan, height: .infinity)
        #expect(solution.frames[a.index] == Frame(x: 0, y: 0, width: 7, height: 9))
        let invalid = solution.findings.compactMap { finding -> Int? in
            if case .invalidConstraint(let index, _) = finding.kind { index } else { nil }
        }
        #expect(invalid == [0, 1, 2, 3, 4])
    }

    @Test func emptyIRsAreTotal() {
        let empty = ConstraintIR(root: "x", file: "f", items: [], constraints: [])
        #expect(solve(empty).frames.isEmpty)
        var b = IRBuilder()
        b.eq(b.root.width, 10)
        #expect(solve(b.ir).width == 10)
        #expect(solve(b.ir, width: 20).isSatisfiable == false)
    }
}

@Suite struct ConflictTests {
    @Test func minimalSetIsExactlyTheContradictoryPair() {
        var b = IRBuilder()
        let a = b.view("a")
        let c = b.view("c")
        let forty = b.eq(a.width, 40)
        b.eq(c.width, 10)
        let fifty = b.eq(a.width, 50)
        b.eq(a.height, 5)
        let solution = solve(b.ir)
        #expect(solution.brokenConstraints == [fifty])
        let conflicts = solution.findings.compactMap { finding -> [ConstraintSource]? in
            if case .conflict(let members, _) = finding.kind { members } else { nil }
        }
        #expect(conflicts == [[.constraint(forty), .constraint(fifty)]])
        #expect(solution.frames[a.index].width == 40)
        #expect(solution.frames[c.index].width == 10)
        #expect(solution.frames[a.index].height == 5)
        let finding = solution.findings[0]
        #expect(finding.id == .unsatisfiableConstraints)
        #expect(finding.message.contains("will attempt to recover by breaking 'main.a.width == 50'"))
        #expect(finding.origin == Origin(line: 100 + fifty, column: 9))
        #expect(finding.notes.map(\.origin) == [Origin(line: 100 + forty, column: 9)])
    }

    @Test func conflictThroughAChain() {
        // a + b = 100 with a = 30, b = 30 and an unrelated inequality: the set is the three equalities.
        var b = IRBuilder(root: .hstack)
        let a = b.view("a")
        let c = b.view("c")
        let d = b.view("d")
        let sum = [b.eq(a.leading, b.root.leading), b.eq(c.leading, a.trailing), b.eq(c.trailing, b.root.trailing)]
        b.ge(d.width, 3)
        let widths = [b.eq(a.width, 30), b.eq(c.width, 30)]
        let solution = solve(b.ir, width: 100)
        guard case .conflict(let members, let broken)? = solution.findings.first?.kind else {
            Issue.record("no conflict")
            return
        }
        #expect(broken == .constraint(widths[1]))
        // The root's x cancels out (a.leading and c.trailing both hang off it), so it is not a member.
        #expect(members == [.rootPin(.width)] + (sum + widths).map { .constraint($0) })
        #expect(solution.frames[c.index].width == 70)
    }

    @Test func inequalityConflicts() {
        var b = IRBuilder()
        let a = b.view("a")
        let low = b.ge(a.width, 50)
        b.le(a.width, 80)
        let high = b.le(a.width, 20)
        let solution = solve(b.ir)
        #expect(solution.brokenConstraints == [high])
        guard case .conflict(let members, _)? = solution.findings.first?.kind else {
            Issue.record("no conflict")
            return
        }
        #expect(members == [.constraint(low), .constraint(high)])
        #expect((50...80).contains(solution.frames[a.index].width))
    }

    @Test func diagnosticsUseRangesOrLineAndColumn() {
        var b = IRBuilder()
        let a = b.view("a")
        b.eq(a.width, 40)
        b.eq(a.width, 50)
        let solution = solve(b.ir)
        // `a` has no position either: one error, one warning.
        let diagnostics = solution.diagnostics().filter { $0.severity == .error }
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].id == .unsatisfiableConstraints)
        #expect(diagnostics[0].notes.count == 1)
    }
}

@Suite struct AmbiguityTests {
    @Test func freeWidthLeafIsReported() {
        var b = IRBuilder(root: .hstack)
        let sized = b.view("sized")
        let free = b.view("free")
        b.eq(b.root.leading, sized.leading)
        b.eq(free.leading, sized.trailing)
        b.eq(free.trailing, b.root.trailing)
        for view in [sized, free] {
            b.eq(view.top, b.root.top)
            b.eq(view.bottom, b.root.bottom)
        }
        b.intrinsic(sized, 40, 20)
        let solution = solve(b.ir)
        let ambiguous = solution.findings.compactMap { finding -> (ItemID, [LayoutAttribute])? in
            if case .ambiguous(let item, let attributes) = finding.kind { (item, attributes) } else { nil }
        }
        #expect(ambiguous.count == 1)
        #expect(ambiguous.first?.0 == free)
        #expect(ambiguous.first?.1 == [.width])
        #expect(solution.findings.first?.id == .ambiguousLayout)
        #expect(solution.findings.first?.message == "layout of 'main.free' is ambiguous: its width is not determined by its constraints")
        #expect(solution.frames[free.index].width == 0)
        // With the root's width given, the free view takes what is left: not ambiguous.
        let fixed = solve(b.ir, width: 100)
        #expect(fixed.findings.isEmpty)
        #expect(fixed.frames[free.index].width == 60)
    }

    @Test func unconstrainedItemIsReported() {
        var b = IRBuilder()
        let lost = b.view("lost")
        b.eq(b.root.width, 10)
        b.eq(b.root.height, 10)
        let solution = solve(b.ir)
        #expect(solution.determined[lost.index] == Determination(x: false, y: false, width: false, height: false))
        #expect(solution.determined[0].isComplete)
        #expect(solution.findings.count == 1)
    }
}
