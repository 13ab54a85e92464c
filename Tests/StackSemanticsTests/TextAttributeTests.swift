import StackSyntax
import StackTestSupport
import StackText
import Testing
@testable import StackSemantics

/// `font:` and `lines:`, and which leaves the measurement pass sizes.
@Suite struct TextAttributeTests {
    @Test func fontsAreTextStylesOrSystemCalls() throws {
        let result = assertCheck("""
            vstack main {
                label a(text: "x", font: headline)
                label b(text: "x", font: system(15, semibold), lines: 0)
                label c(text: "x", font: .caption2)
                button d(text: "Go")
                button e(image: "gear")
                label f(text: "x", intrinsic: 10 x 12)
            }
            """)
        let nodes = try #require(result.model.roots.first).nodes
        #expect(nodes[1].leaf?.font == .style(.headline) && nodes[1].leaf?.lines == 1)
        #expect(nodes[2].leaf?.font == .system(size: 15, weight: .semibold) && nodes[2].leaf?.lines == 0)
        #expect(nodes[3].leaf?.font == .style(.caption2))
        // Measured: labels and buttons with text and no intrinsic size; an image name is not text.
        #expect(nodes.map { $0.leaf?.measuredText ?? false } == [false, true, true, true, true, false, false])
        #expect(nodes[5].leaf?.intrinsic == PerAxis(horizontal: nil, vertical: nil))
        #expect(nodes[6].leaf?.intrinsic == PerAxis(horizontal: 10, vertical: 12))
        // A button is its title's line plus 12 (6 above and below).
        let title = TextEnvironment.standard.measureLabel("Go", font: .system(size: 15, weight: .regular))
        #expect(nodes[4].leaf?.intrinsic.vertical == title.height + 12)
        #expect(nodes[4].leaf?.firstBaseline == title.firstBaseline + 6)
    }

    @Test func badFontsAndLinesAreLocated() {
        assertCheck("""
            vstack main {
                label a(text: "x", font: 1️⃣bodyy)
                label b(text: "x", font: 2️⃣system(15, heavyish))
                label c(text: "x", font: 3️⃣helvetica(12))
                label d(text: "x", font: 4️⃣system(0))
                label e(text: "x", lines: 5️⃣-1)
                label f(text: "x", lines: 6️⃣1.5)
                image g(7️⃣font: body)
            }
            """, [(.unknownEnumCase, "1️⃣"), (.unknownEnumCase, "2️⃣"), (.wrongValueType, "3️⃣"), (.wrongValueType, "4️⃣"),
                  (.wrongValueType, "5️⃣"), (.wrongValueType, "6️⃣"), (.unknownAttribute, "7️⃣")])
    }

    @Test func aCallNeedsItsParenthesisRightAfterTheName() {
        let call = Parser.parse(SourceFile(path: "t.stack", text: "let f = system(15, bold)"))
        guard case .constant(let decl)? = call.declarations.first, case .call(let callee, let arguments) = decl.value.kind else {
            Issue.record("not a call: \(call.declarations)")
            return
        }
        #expect(callee.text == "system" && arguments.count == 2 && call.diagnostics.isEmpty)
        // With a space, `system` is a name and `(15)` is not part of the value.
        #expect(!Parser.parse(SourceFile(path: "t.stack", text: "let f = system (15)")).diagnostics.isEmpty)
    }
}
