import Foundation
import StackTestSupport
import Testing
@testable import StackSyntax

// Error recovery as data: half-typed input with markers where each diagnostic must start, the diagnostics'
// IDs, and the elements the tree must still hold (hand-written, one line per element, two spaces per level).
// Every synchronisation point of `Parser+Recovery.swift` has a case, and so does every place where a line break
// must not be read as one (valid files mean what they meant before recovery existed).

/// One recovery case.
struct RecoveryCase: CustomTestStringConvertible, Sendable {
    let name: String
    let marked: String
    let diagnostics: [(DiagnosticID, String)]
    let elements: [String]
    var testDescription: String { name }

    init(_ name: String, _ marked: String, _ diagnostics: [(DiagnosticID, String)], _ elements: [String]) {
        self.name = name
        self.marked = marked
        self.diagnostics = diagnostics
        self.elements = elements
    }
}

/// The elements of a tree, depth first: `kind name`, indented two spaces per level (components' bodies included).
func elementOutline(_ declarations: [Declaration], depth: Int = 0) -> [String] {
    var lines: [String] = []
    for declaration in declarations {
        switch declaration {
        case .element(let element):
            let indent = String(repeating: "  ", count: depth)
            lines.append(indent + element.kind.text + (element.name.map { " " + $0.text } ?? ""))
            lines += elementOutline(element.body?.members ?? [], depth: depth + 1)
        case .component(let component):
            lines += elementOutline(component.body.members, depth: depth + 1)
        default:
            break
        }
    }
    return lines
}

let recoveryCases: [RecoveryCase] = [
    // Inside an argument list.
    RecoveryCase("the issue: '{' ends arguments whose ')' is missing", """
        vstack v(spacing: 8 1️⃣{
            label title(text: "Hi")
            view box(width: 10)
        }
        hstack after {
            spacer
        }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  label title", "  view box", "hstack after", "  spacer"]),
    RecoveryCase("an element keyword at the start of a line ends a label's arguments", """
        vstack v {
            label title(text: "Hi"
            1️⃣view box(width: 10)
        }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  label title", "  view box"]),
    RecoveryCase("a lone element keyword at the start of a line ends arguments", """
        vstack v {
            view a(width: 10, height: 4
            1️⃣spacer
            view b
        }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  view a", "  spacer", "  view b"]),
    RecoveryCase("a name and '(' on a new line end arguments", """
        vstack v {
            view a(width: 10
            1️⃣b(width: 2)
            view c
        }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  view a", "  b", "  view c"]),
    RecoveryCase("a component instance on a new line ends arguments", """
        vstack v {
            view a(width: 10
            1️⃣Card c(title: "x")
        }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  view a", "  Card c"]),
    RecoveryCase("'}' ends arguments", """
        vstack v { view a(width: 3 1️⃣}
        hstack after
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  view a", "hstack after"]),
    RecoveryCase("'constraints' ends arguments", """
        vstack v {
            view a(width: 3
            1️⃣constraints { a.height == 4 }
        }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  view a"]),
    RecoveryCase("a missing value before '{' is one diagnostic", """
        vstack v(spacing: 1️⃣{
            view a
        }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  view a"]),
    RecoveryCase("a missing value at the end of a line is one diagnostic", """
        vstack v {
            view a(width:
            1️⃣view b(width: 2)
        }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  view a", "  view b"]),
    RecoveryCase("a missing ':' skips the argument, not the block", """
        vstack v {
            view a(1️⃣width 10)
            view b(width: 2)
        }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  view a", "  view b"]),
    RecoveryCase("an invalid character where ')' belongs is one diagnostic", """
        vstack v(spacing: 8 1️⃣] {
            view a
        }
        """, [(.invalidCharacter, "1️⃣")], ["vstack v", "  view a"]),
    RecoveryCase("an unterminated string in a label is one diagnostic", """
        vstack v {
            label t(text: 1️⃣"Hello)
            view b(width: 2)
        }
        hstack after
        """, [(.unterminatedString, "1️⃣")], ["vstack v", "  label t", "  view b", "hstack after"]),
    RecoveryCase("a parenthesized value whose ')' is missing ends at the next element", """
        vstack v {
            view a(margins: (1, 2, 3, 4
            1️⃣view b
        }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  view a", "  view b"]),
    // Inside a body.
    RecoveryCase("a stray token in a body becomes an error node", """
        vstack v {
            view a
            1️⃣= 3
            view b
        }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  view a", "  view b"]),
    RecoveryCase("a stray ')' in a body", """
        vstack v {
            view a 1️⃣)
            view b
        }
        """, [(.unexpectedToken, "1️⃣")], ["vstack v", "  view a", "  view b"]),
    RecoveryCase("a missing '}' in a nested stack is reported at the end", """
        vstack outer {
            hstack inner {
                view a
            view b
        }
        view after1️⃣
        """, [(.expectedToken, "1️⃣")], ["vstack outer", "  hstack inner", "    view a", "    view b", "  view after"]),
    // Component parameters.
    RecoveryCase("'{' ends parameters whose ')' is missing", """
        component Card(title: String 1️⃣{
            vstack { label(text: title) }
        }
        vstack v { Card c(title: "x") }
        """, [(.expectedToken, "1️⃣")], ["  vstack", "    label", "vstack v", "  Card c"]),
    RecoveryCase("a parameter's type missing at the end of a line", """
        component Card(title:
        1️⃣vstack v { view a }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  view a"]),
    // Unfinished declarations.
    RecoveryCase("an unfinished 'let' keeps the element on the next line", """
        let gap =
        1️⃣vstack v(spacing: gap) {
            view a
        }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  view a"]),
    RecoveryCase("'let' alone on a line", """
        let
        1️⃣vstack v { view a }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  view a"]),
    RecoveryCase("'component' alone on a line", """
        component
        1️⃣vstack v {
            view a
        }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  view a"]),
    // Constraints.
    RecoveryCase("an unfinished constraint line", """
        vstack v {
            view a
            view b
            constraints {
                a.width ==
                1️⃣b.width == a.width
            }
        }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  view a", "  view b"]),
    RecoveryCase("a constraints block whose '}' is missing ends at the next element", """
        vstack v {
            view a
            constraints {
                a.width == 41️⃣

            view b(width: 2)
        }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  view a", "  view b"]),
    // Line breaks that are not synchronisation points: valid files parse as they always did.
    RecoveryCase("an argument label that is an element keyword", """
        vstack v {
            image icon(
                image: "x")
        }
        """, [], ["vstack v", "  image icon"]),
    RecoveryCase("a component's name on the line after 'component'", """
        component
        Card(title: String) { view }
        vstack v { Card c(title: "x") }
        """, [], ["  view", "vstack v", "  Card c"]),
    RecoveryCase("a constant named like an element, on its own line", """
        let view = 3
        let a =
        view
        vstack v(spacing: a) { spacer }
        """, [], ["vstack v", "  spacer"]),
    RecoveryCase("a size split across lines", """
        let w = 3
        let h = 4
        let s =
        w x h
        vstack v { view(intrinsic: s) }
        """, [], ["vstack v", "  view"]),
    RecoveryCase("constraints that start with '(' or follow on the same line", """
        vstack v {
            view a
            view b
            constraints {
                a.width ==
                b (b.width) == 3
                a.height == b b.height == 4
            }
        }
        """, [], ["vstack v", "  view a", "  view b"]),
    RecoveryCase("a call value on the line after its label", """
        let f =
        system(15, semibold)
        vstack v {
            label a(text: "x", font:
                system(17))
            label b(font:
                f)
        }
        """, [], ["vstack v", "  label a", "  label b"]),
    // A misspelt element after a missing value still recovers as an element: its '(' opens arguments.
    RecoveryCase("a misspelt element after a missing value", """
        vstack v {
            view a(width:
            1️⃣lable(text: "x")
        }
        """, [(.expectedToken, "1️⃣")], ["vstack v", "  view a", "  lable"]),
]

@Test(arguments: recoveryCases)
func recoversAtTheNextPart(_ testCase: RecoveryCase) {
    let source = MarkedSource(testCase.marked)
    let tree = Parser.parse(source.text)
    let actual = tree.diagnostics.map { "\($0.id.rawValue)@\($0.range.start)" }
    let wanted = testCase.diagnostics.map { "\($0.0.rawValue)@\(source[$0.1])" }
    #expect(actual == wanted, "diagnostics: \(tree.diagnostics.map(\.message))")
    #expect(elementOutline(tree.declarations) == testCase.elements)
}

@Test func theIssueExampleSaysWhatIsMissing() {
    let tree = Parser.parse("vstack v(spacing: 8 {\n    label title\n}\n")
    #expect(tree.diagnostics.map(\.message) == ["expected ')' to end the arguments of vstack, found '{'"])
    // The fix-it puts the ')' right after the last argument, not before the '{'.
    #expect(tree.diagnostics.first?.fixIts.first?.edits.first?.range == .empty(at: 19))
    #expect(tree.diagnostics.first?.fixIts.first?.edits.first?.replacement == ")")
}

// MARK: Skipped tokens stay in the tree

@Test func skippedArgumentTokensAreKeptWithTheirRange() {
    let source = MarkedSource("vstack { view a(1️⃣width 10, height: 2) }")
    let tree = Parser.parse(source.text)
    guard case .element(let stack) = tree.declarations.first, case .element(let view)? = stack.body?.members.first,
          let arguments = view.arguments else {
        Issue.record("no view")
        return
    }
    #expect(arguments.arguments.map(\.label.text) == ["height"])
    #expect(arguments.unexpected.count == 1)
    #expect(arguments.unexpected.first?.tokens.map { tree.file.text($0.range) } == ["width", "10"])
    #expect(arguments.unexpected.first?.range == SourceRange(start: source["1️⃣"], end: source["1️⃣"] + 8))
}

@Test func skippedTokensOfEveryHolderAreKept() {
    let tree = Parser.parse("""
        let a = (1 2)
        component C(x: Number ] y: Number) { view }
        vstack v { view a constraints { a.width 3 == 4 } }
        """)
    var texts: [String] = []
    for declaration in tree.declarations {
        switch declaration {
        case .constant(let decl): texts += decl.unexpected.map { tree.file.text($0.range) }
        case .component(let decl): texts += decl.unexpected.map { tree.file.text($0.range) }
        case .element(let element):
            for case .constraints(let block) in element.body?.members ?? [] { texts += block.unexpected.map { tree.file.text($0.range) } }
        default: break
        }
    }
    #expect(texts == ["2", "] y: Number", "3 == 4"])
}

@Test func errorNodesHoldTheirTokens() {
    let tree = Parser.parse("vstack { view a = 3 view b }")
    guard case .element(let stack) = tree.declarations.first, case .error(let skipped)? = stack.body?.members.dropFirst().first else {
        Issue.record("no error node")
        return
    }
    #expect(skipped.tokens.map(\.kind) == [.assign, .number])
    #expect(tree.file.text(skipped.range) == "= 3")
}

@Test func unexpectedTokensAppearInTheOutlineAndJSON() {
    let tree = Parser.parse("vstack v(spacing: 8 ] {\n    view a\n}\n")
    #expect(SyntaxOutline.render(tree) == """
        vstack v(spacing: 8) @1:1
          <unexpected ]> @1:21
          view a @2:5

        """)
    guard case .object(let document) = tree.json, case .array(let declarations)? = document.first(where: { $0.0 == "declarations" })?.1,
          case .object(let stack)? = declarations.first else {
        Issue.record("no JSON")
        return
    }
    #expect(stack.map(\.0) == ["node", "kind", "name", "arguments", "unexpected", "body", "range"])
    guard case .array(let runs)? = stack.first(where: { $0.0 == "unexpected" })?.1, case .object(let run)? = runs.first,
          case .array(let tokens)? = run.first(where: { $0.0 == "tokens" })?.1, case .object(let token)? = tokens.first else {
        Issue.record("no unexpected tokens in the JSON")
        return
    }
    #expect(run.first?.1 == .string("unexpected"))
    #expect(token.first(where: { $0.0 == "kind" })?.1 == .string("invalid"))
    #expect(token.first(where: { $0.0 == "text" })?.1 == .string("]"))
    // The streamed form is the same document.
    var text = ""
    var stream = JSONStream(pretty: true) { text += $0 }
    tree.writeJSON(to: &stream)
    stream.flush()
    #expect(text == tree.json.rendered(pretty: true))
}

// MARK: Formatting a file with syntax errors

@Test func aRecoveredTreeIsStillNotFormatted() {
    // Recovery guesses where a ')' belongs; formatting would write the guess into the file.
    let tree = Parser.parse("vstack v(spacing: 8 {\n    label title\n}\n")
    #expect(elementOutline(tree.declarations) == ["vstack v", "  label title"])
    #expect(StackFormatter.format(tree) == nil)
    #expect(StackFormatter.edits(tree) == nil)
    #expect(StackFormatter.wholeDocumentEdit(tree) == nil)
}

@Test func streamedJSONOfSkippedTokensIsTheDocument() {
    // `stackc ast --format json` streams skipped tokens one by one; the layout must stay `json`'s, key for key.
    let tree = Parser.parse("""
        let a = (1 2)
        component C(x: Number ] y: Number) { view }
        vstack v { view a(1 2) = 3 constraints { a.width 3 == 4 } }
        }
        """)
    var text = ""
    var stream = JSONStream(pretty: true) { text += $0 }
    tree.writeJSON(to: &stream)
    stream.flush()
    #expect(text == tree.json.rendered(pretty: true))
    #expect(text.components(separatedBy: "\"node\": \"unexpected\"").count - 1 == 4)
    #expect(text.components(separatedBy: "\"node\": \"error\"").count - 1 == 2)
}
