import StackSyntax
import StackTestSupport
import Testing
@testable import StackSemantics

// Regression tests for inputs that a hostile or careless user writes: each is sized so that a recursion
// per link, an unbounded expansion or a number that silently overflows shows up as a crash or a wrong answer.

@Test func aChainOfTenThousandConstantsEvaluatesWithoutARecursionPerLink() {
    var text = ""
    for index in 0..<20_000 { text += "let c\(index) = c\(index + 1)\n" }
    text += "let c20000 = 7\nvstack(spacing: c0) { view(width: 1, height: 1) }\n"
    let result = check(SourceFile(path: "chain.stack", text: text))
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(3).map(\.message))")
    #expect(result.model.roots.first?.nodes.first?.stack?.spacing == 7)
}

@Test func aCycleOfConstantsIsReportedWhereItCloses() {
    assertCheck("""
        let a = b + 1
        let b = 1️⃣a * 2
        vstack(spacing: a) {}
        """, [(.cyclicConstant, "1️⃣")])
}

@Test func aLongCycleOfComponentsIsRecursionNotASizeProblem() {
    var text = ""
    for index in 0..<10_000 { text += "component C\(index)() { C\((index + 1) % 10_000)() }\n" }
    text += "vstack { C0() }\n"
    let result = check(SourceFile(path: "cycle.stack", text: text))
    #expect(result.diagnostics.map(\.id) == [.recursiveComponent])
    let message = result.diagnostics.first?.message ?? ""
    #expect(message.hasPrefix("component 'C0' contains itself (C0 -> C1 -> C2 -> C3 -> ... (9994 more) -> C9998 -> C9999 -> C0)"), "\(message)")
}

@Test func twoHundredNestedComponentsAreNotTooLarge() {
    var text = "component C0() { view(intrinsic: 1 x 1) }\n"
    for index in 1..<200 { text += "component C\(index)() { vstack { view(intrinsic: 1 x 1) C\(index - 1)() } }\n" }
    text += "vstack { C199() }\n"
    let result = check(SourceFile(path: "nest.stack", text: text))
    #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty, "\(result.diagnostics.prefix(3).map(\.message))")
    // 199 stacks, each with a view, plus the innermost view and the root.
    #expect(result.model.roots.first?.nodes.count == 1 + 199 * 2 + 1)
}

@Test func anExpansionBombIsRefusedAtTheInstanceWithTheChainInNotes() {
    var text = "component C0() { view(intrinsic: 1 x 1) }\n"
    for level in 1...6 { text += "component C\(level)() { vstack { " + String(repeating: "C\(level - 1)() ", count: 10) + "} }\n" }
    text += "vstack {\n    C6()\n}\n"
    let file = SourceFile(path: "bomb.stack", text: text)
    let result = check(file)
    #expect(result.diagnostics.map(\.id) == [.expansionTooLarge])
    guard let diagnostic = result.diagnostics.first else { return }
    // Items per instance: C0 is 1, each level a stack plus ten of the level below.
    #expect(diagnostic.message == "this instance of 'C6' expands to 1111111 items, more than the limit of 200000; '--max-items' raises it")
    #expect(file.text(diagnostic.range) == "C6()")
    #expect(diagnostic.notes.map(\.message) == [
        "'C6' holds 10 instances of 'C5', 111111 items each", "'C5' holds 10 instances of 'C4', 11111 items each",
        "'C4' holds 10 instances of 'C3', 1111 items each", "'C3' holds 10 instances of 'C2', 111 items each",
        "'C2' holds 10 instances of 'C1', 11 items each", "'C1' holds 10 instances of 'C0', 1 items each",
    ])
}

@Test func theItemLimitIsTheCallersToChoose() {
    var text = "component C0() { view(intrinsic: 1 x 1) }\n"
    for level in 1...3 { text += "component C\(level)() { vstack { " + String(repeating: "C\(level - 1)() ", count: 10) + "} }\n" }
    text += "vstack { C3() C1() }\n"
    let tree = Parser.parse(SourceFile(path: "t", text: text))
    #expect(check(tree, maximumItems: 1_000).diagnostics.map(\.message) == [
        "this instance of 'C3' expands to 1111 items, more than the limit of 1000; '--max-items' raises it",
    ])
    // C3 fits in 1,115 with the root, and C1 then does not.
    #expect(check(tree, maximumItems: 1_115).diagnostics.map(\.message) == [
        "this instance of 'C1' expands to 11 items (with the 1112 items before it), more than the limit of 1115; '--max-items' raises it",
    ])
    let raised = check(tree, maximumItems: 2_000)
    #expect(raised.diagnostics.isEmpty)
    #expect(raised.model.roots.first?.nodes.count == 1 + 1_111 + 11)
}

@Test func aSizeThatOverflowsAnIntegerIsStillRefused() {
    // 64 levels of doubling: the count saturates instead of wrapping around to something small.
    var text = "component C0() { view }\n"
    for level in 1...64 { text += "component C\(level)() { hstack { C\(level - 1)() C\(level - 1)() } }\n" }
    text += "vstack { C64() }\n"
    let result = check(SourceFile(path: "t", text: text))
    #expect(result.diagnostics.map(\.id) == [.expansionTooLarge])
    #expect(result.diagnostics.first?.message.contains("more than 1000000000000000000 items") == true)
}

@Test func numbersOutsideTheRangeAreErrorsThatShowTheNumberAsWritten() {
    let huge = String(repeating: "9", count: 400)
    let result = assertCheck("hstack { view(intrinsic: 1️⃣\(huge) x 10, hugging: 2️⃣1000000000001) }",
                             [(.invalidNumber, "1️⃣"), (.invalidNumber, "2️⃣")])
    #expect(result.diagnostics.map(\.message) == [
        "number '\(huge)' is out of range (magnitude 1e12 at most)",
        "number '1000000000001' is out of range (magnitude 1e12 at most)",
    ])
    // The largest allowed is fine.
    assertCheck("hstack(spacing: 1000000000000) { view(intrinsic: 1 x 1) }")
}

@Test func constraintArithmeticThatLeavesTheRangeIsAnError() {
    let big = "1000000000000"
    assertCheck("""
        hstack { view a(intrinsic: 1 x 1) view b(intrinsic: 1 x 1)
            constraints { a.width == b.width + 1️⃣\(big) * \(big) }
        }
        """, [(.invalidArithmetic, "1️⃣")])
    assertCheck("""
        hstack { view a(intrinsic: 1 x 1) view b(intrinsic: 1 x 1)
            constraints { a.width == 1️⃣\(big) * \(big) * b.width }
        }
        """, [(.invalidArithmetic, "1️⃣")])
}

@Test func didYouMeanPassesOverCandidatesTooLongToBeATypo() {
    let long = String(repeating: "a", count: 1_000_000)
    var text = "let \(long) = 1\nlet gap = 2\n"
    for index in 0..<100 { text += "let c\(index) = gpa + \(index)\n" }
    text += "vstack(spacing: c0) { view }\n"
    let result = check(SourceFile(path: "t", text: text))
    let messages = Set(result.diagnostics.map(\.message))
    #expect(messages == ["undefined name 'gpa'; did you mean 'gap'?"])
}

@Test func didYouMeanHasABudgetPerFile() {
    var budget = 10
    #expect(suggestion(for: "gpa", in: ["gap"], budget: &budget) == "gap")
    #expect(budget < 10)
    budget = 1
    #expect(suggestion(for: "gpa", in: ["gap"], budget: &budget) == nil)
    // Equally close candidates: the first in alphabetical order, whatever order they come in.
    var plenty = 1_000
    #expect(suggestion(for: "bat", in: ["cat", "bar"], budget: &plenty) == "bar")
}

@Test func aByteOrderMarkIsSkipped() {
    let file = SourceFile(path: "bom.stack", bytes: [0xEF, 0xBB, 0xBF] + Array("vstack { view(intrinsic: 1 x 1) }\n".utf8))
    let result = check(file)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
    #expect(result.model.roots.count == 1)
}

@Test func aFileReportsAtMostTenThousandDiagnosticsAndSaysSo() {
    let text = "vstack {\n" + (0..<20_000).map { "    zz\($0)()\n" }.joined() + "}\n"
    let result = check(SourceFile(path: "t", text: text))
    #expect(result.diagnostics.count == Checker.maximumDiagnostics)
    #expect(result.diagnostics.last?.message == "unknown element 'zz9999' (and more: a file reports at most 10000 diagnostics)")
    #expect(result.diagnostics.last?.range.start == text.components(separatedBy: "zz9999()\n")[0].utf8.count)
}

@Test func aFindingInAComponentBodyIsOneReportHoweverManyInstances() {
    var text = "component Card() { vstack { view(hugging: 2000) } }\nvstack {\n"
    text += String(repeating: "    Card()\n", count: 20_000)
    text += "    zz\n}\n"
    let result = check(Parser.parse(SourceFile(path: "t", text: text)), maximumItems: 100_000)
    #expect(result.diagnostics.map(\.id) == [.priorityOutOfRange, .unknownElement])
}
