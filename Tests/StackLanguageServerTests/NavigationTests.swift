import StackSyntax
import Testing
@testable import StackLanguageServer

/// Name resolution (the one mechanism behind definition, references, highlight and rename) and rename's
/// refusals, on small files whose expected ranges are counted by hand.
@Suite struct NavigationTests {
    /// `text` with every `⟨…⟩` marker removed, and the byte ranges the markers enclosed, in order.
    static func marked(_ text: String) -> (SourceFile, [SourceRange]) {
        var bytes: [UInt8] = []
        var ranges: [SourceRange] = []
        var start = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "⟨": start = bytes.count
            case "⟩": ranges.append(SourceRange(start: start, end: bytes.count))
            default: bytes += Array(String(scalar).utf8)
            }
        }
        return (SourceFile(path: "t.stack", bytes: bytes), ranges)
    }

    /// The occurrences of the name at the first marked range, which must be exactly the marked ranges.
    func expectOccurrences(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let (file, ranges) = NavigationTests.marked(text)
        let resolver = NameResolver(tree: Parser.parse(file))
        for range in ranges {
            guard let (_, target) = resolver.renameTarget(at: range.start + 1) else {
                Issue.record("nothing to rename at \(range)", sourceLocation: sourceLocation)
                continue
            }
            #expect(resolver.occurrences(of: target).map(\.range) == ranges, sourceLocation: sourceLocation)
        }
    }

    @Test func itemsResolveInTheirOwnScope() {
        // The same item name in a component body and in a root layout: two declarations.
        expectOccurrences("""
            component Card() {
                vstack { label title  constraints { title.width == 10 } }
            }
            hstack main { label ⟨title⟩  constraints { ⟨title⟩.height == ⟨title⟩.width } }
            """)
        expectOccurrences("""
            component Card() {
                vstack { label ⟨title⟩  constraints { ⟨title⟩.width == 10 } }
            }
            hstack main { label title }
            """)
    }

    @Test func itemPathsReachIntoInstancesAndStacks() {
        // `card.avatar` is the avatar of Card's body, not the root's own avatar.
        expectOccurrences("""
            component Card() {
                vstack { label ⟨avatar⟩(intrinsic: 10 x 10) }
            }
            hstack main {
                Card card()
                label avatar(intrinsic: 5 x 5)
                constraints { card.⟨avatar⟩.width == avatar.width }
            }
            """)
        expectOccurrences("hstack main { vstack ⟨col⟩ { label t } constraints { ⟨col⟩.t.width == t.width } }")
        expectOccurrences("hstack main { vstack col { label ⟨t⟩ } constraints { col.⟨t⟩.width == ⟨t⟩.width } }")
        // An anchor is not a name: nothing to rename on `width`.
        let file = SourceFile(path: "t.stack", text: "hstack main { label t  constraints { t.width == 1 } }")
        #expect(NameResolver(tree: Parser.parse(file)).renameTarget(at: 41) == nil)
    }

    @Test func constantsComponentsAndParameters() {
        expectOccurrences("let ⟨gap⟩ = 8\nlet twice = ⟨gap⟩ * 2\nhstack(spacing: ⟨gap⟩) { view v }\n")
        expectOccurrences("""
            component ⟨Card⟩(title: String) { label(text: title) }
            vstack { ⟨Card⟩ a(title: "a")  ⟨Card⟩(title: "b") }
            """)
        // A parameter: declaration, uses in the body, and the argument labels of instances.
        expectOccurrences("""
            let title = "shadowed"
            component Card(⟨title⟩: String) { label(text: ⟨title⟩) }
            vstack { Card a(⟨title⟩: title)  label(text: title) }
            """)
    }

    @Test func nothingToRenameOnKeywordsNumbersAndLabels() {
        let file = SourceFile(path: "t.stack", text: "let k = 12\nhstack(spacing: k) { }\n")
        let resolver = NameResolver(tree: Parser.parse(file))
        for offset in [1, 9, 13] { #expect(resolver.renameTarget(at: offset) == nil, "offset \(offset)") }
        #expect(resolver.renameTarget(at: 5)?.target.name == "k")
    }

    func refusal(_ text: String, at offset: Int, to name: String) -> String? {
        let resolver = NameResolver(tree: Parser.parse(SourceFile(path: "t.stack", text: text)))
        guard let (_, target) = resolver.renameTarget(at: offset) else { return "nothing to rename" }
        switch resolver.renameRanges(of: target, to: name) {
        case .success: return nil
        case .failure(let refusal): return refusal.message
        }
    }

    @Test func renameRefusesWhatWouldNotReadBack() {
        let text = """
            let pad = 4
            component Row(inset: Number, gap: Number = 2) {
                hstack(spacing: pad, margins: inset) { view a(width: gap) }
            }
            vstack main { Row row(inset: 2)  view b }
            """
        #expect(refusal(text, at: 5, to: "p ad") == "'p ad' is not an identifier (a letter or '_', then letters, digits or '_')")
        #expect(refusal(text, at: 5, to: "") == "'' is not an identifier (a letter or '_', then letters, digits or '_')")
        #expect(refusal(text, at: 5, to: "none") == "'none' is a keyword")
        #expect(refusal(text, at: 5, to: "vstack") == "'vstack' is an element kind")
        #expect(refusal(text, at: 5, to: "Pad") == "only component names start with an uppercase letter")
        #expect(refusal(text, at: 5, to: "Row") == "only component names start with an uppercase letter")
        #expect(refusal(text, at: 22, to: "row") == "a component name starts with an uppercase letter")
        // Taken in the same scope: a parameter of the same component, a top-level name, an item of the same layout.
        #expect(refusal(text, at: 27, to: "gap") == "'gap' is already declared in this scope (line 2)")
        #expect(refusal(text, at: 22, to: "Rowe") == nil)
        #expect(refusal(text, at: 5, to: "Row2") == "only component names start with an uppercase letter")
        let itemB = text.utf8.count - 3
        #expect(refusal(text, at: itemB, to: "row") == "'row' is already declared in this scope (line 5)")
        // Capture: the constant's use on line 3 would name the parameter, and the reverse.
        #expect(refusal(text, at: 5, to: "inset") == "renaming to 'inset' changes what the name at 3:21 refers to")
        #expect(refusal(text, at: 27, to: "pad") == "renaming to 'pad' changes what the name at 3:21 refers to")
        // An item may take a name another scope uses.
        #expect(refusal(text, at: itemB, to: "a") == nil)
        #expect(refusal(text, at: 5, to: "padding") == nil)
    }

    @Test func renameEditsEveryOccurrence() throws {
        let (file, ranges) = NavigationTests.marked("hstack main { view ⟨box⟩  label ⟨box2⟩ constraints { ⟨box⟩.width == ⟨box2⟩.width } }")
        let resolver = NameResolver(tree: Parser.parse(file))
        let target = resolver.renameTarget(at: ranges[0].start)!.target
        #expect(try resolver.renameRanges(of: target, to: "panel").get() == [ranges[0], ranges[2]])
        #expect(refusal(String(decoding: file.bytes, as: UTF8.self), at: ranges[0].start, to: "box2")
                == "'box2' is already declared in this scope (line 1)")
    }
}
