import StackTestSupport
import Testing
@testable import StackSyntax

/// Parses `marked` (with 1️⃣ markers) and checks the diagnostics: their IDs and where each starts.
private func assertParse(_ marked: String, _ expected: [(DiagnosticID, String)] = [],
                         sourceLocation: Testing.SourceLocation = #_sourceLocation) -> SyntaxTree {
    let source = MarkedSource(marked)
    let tree = Parser.parse(source.text)
    let actual = tree.diagnostics.map { "\($0.id.rawValue)@\($0.range.start)" }
    let wanted = expected.map { "\($0.0.rawValue)@\(source[$0.1])" }
    #expect(actual == wanted, "diagnostics: \(tree.diagnostics.map(\.message))", sourceLocation: sourceLocation)
    return tree
}

@Test func parsesTheIssueExample() {
    let tree = assertParse("""
        hstack toolbar(alignment: center, spacing: 8) { image icon(intrinsic: 24 x 24)  label title(intrinsic: 120 x 20, firstBaseline: 15) }
        """)
    guard case .element(let toolbar) = tree.declarations.first else {
        Issue.record("no element")
        return
    }
    #expect(toolbar.kind.text == "hstack")
    #expect(toolbar.name?.text == "toolbar")
    #expect(toolbar.arguments?.arguments.map(\.label.text) == ["alignment", "spacing"])
    let children = toolbar.body?.members.compactMap { member -> String? in
        if case .element(let child) = member { return "\(child.kind.text) \(child.name?.text ?? "")" }
        return nil
    }
    #expect(children == ["image icon", "label title"])
}

@Test func parsesDeclarationsOfEveryKind() {
    let tree = assertParse("""
        let gap = 4 * (2 + 1) - -1
        component App(icon: String, title: String = "x") {
            vstack { image(image: icon) label(text: title) }
        }
        vstack main(margins: (1, 2, 3, 4)) {
            App safari(icon: "safari")
            spacer
            constraints {
                safari.width == 2 * main.width + 8 @750
                safari.height <= 100 @ defaultHigh
            }
        }
        """)
    #expect(tree.declarations.count == 3)
    guard case .constant(let gap) = tree.declarations.first, case .binary(.subtract, _, _) = gap.value.kind else {
        Issue.record("gap is not a subtraction")
        return
    }
}

@Test func elementNamesAreNotKeywordsOrComponents() {
    let tree = assertParse("vstack { view label App card view x }")
    guard case .element(let stack) = tree.declarations.first else { return }
    let children = stack.body?.members.compactMap { member -> String? in
        if case .element(let child) = member { return child.kind.text + (child.name.map { ":" + $0.text } ?? "") }
        return nil
    }
    #expect(children == ["view", "label", "App:card", "view:x"])
}

@Test func implicitMemberSpellingIsAccepted() {
    _ = assertParse("hstack(alignment: .center, distribution: .fillEqually)")
}

@Test func missingClosingBraceHasAFixItAndANote() {
    let tree = assertParse("vstack 1️⃣{\n  view a2️⃣\n", [(.expectedToken, "2️⃣")])
    #expect(tree.diagnostics.first?.message == "expected '}' to end vstack")
    #expect(tree.diagnostics.first?.notes.first?.range.start == MarkedSource("vstack 1️⃣{")["1️⃣"])
    #expect(tree.diagnostics.first?.fixIts.first?.edits.first?.replacement == "}")
}

@Test func missingCommaBetweenArgumentsIsOneDiagnostic() {
    _ = assertParse("view(width: 3 1️⃣height: 4)", [(.expectedToken, "1️⃣")])
}

@Test func unlabeledArgumentIsReported() {
    _ = assertParse("hstack(1️⃣center, spacing: 2)", [(.expectedToken, "1️⃣")])
}

@Test func strayClosingBraceIsReportedOnce() {
    _ = assertParse("view a\n1️⃣}\nview b", [(.unexpectedToken, "1️⃣")])
}

@Test func assignmentInConstraintSuggestsEquality() {
    let tree = assertParse("vstack { constraints { a.width 1️⃣= 3 } }", [(.expectedToken, "1️⃣")])
    #expect(tree.diagnostics.first?.fixIts.first?.edits.first?.replacement == "==")
}

@Test func severalIndependentErrorsAreAllReportedInOrder() {
    _ = assertParse("""
        vstack {
          view(width: 1️⃣)
          label(text: 2️⃣$)
          view(height: 3)
        }
        let 3️⃣= 4
        """, [(.expectedToken, "1️⃣"), (.invalidCharacter, "2️⃣"), (.expectedToken, "3️⃣")])
}

@Test func commentsSurviveInTheTree() {
    let tree = assertParse("// header\nvstack { /* inside */ view }\n")
    #expect(tree.comments.count == 2)
}

@Test func deepNestingIsADiagnosticNotACrash() {
    let depth = 100_000
    let text = String(repeating: "vstack {", count: depth) + String(repeating: "}", count: depth)
    let tree = Parser.parse(text)
    #expect(tree.diagnostics.map(\.id) == [.nestingTooDeep])
}

@Test func longOperatorChainsAndPrefixRunsAreBounded() {
    let sum = "let a = " + String(repeating: "1 + ", count: 50_000) + "1"
    #expect(Parser.parse(sum).diagnostics.map(\.id) == [.nestingTooDeep])
    let negations = "let a = " + String(repeating: "-", count: 50_000) + "1"
    #expect(Parser.parse(negations).diagnostics.map(\.id) == [.nestingTooDeep])
    let parentheses = "let a = " + String(repeating: "(", count: 50_000) + "1"
    #expect(Parser.parse(parentheses).diagnostics.map(\.id) == [.nestingTooDeep])
}

@Test func everyPrefixOfASampleParsesWithoutTrapping() throws {
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Samples/springboard.stack"), encoding: .utf8)
    let bytes = Array(text.utf8)
    for length in stride(from: 0, through: bytes.count, by: 7) {
        let tree = Parser.parse(SourceFile(path: "prefix", bytes: Array(bytes[0..<length])))
        #expect(tree.diagnostics.allSatisfy { $0.range.end <= length })
    }
}
