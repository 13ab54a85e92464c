import Foundation
import StackTestSupport
import Testing
@testable import StackSyntax

// The formatter (`stackc fmt`): golden examples, and properties over every sample and over generated
// programs, as generated and with their whitespace shuffled: formatting is idempotent, keeps every comment
// in order, keeps the tree (IR equality is in StackDriverTests/FormatterIRTests), and refuses broken files.
// Randomised tests print their seed; replay with `STACKC_SEED=<seed>`, run long with `STACKC_LONG_TESTS=1`.

private let formatterProgramCount = longTestsEnabled ? 20_000 : 200

// MARK: Helpers

/// Formats text, recording an issue when it cannot be formatted.
private func fmt(_ text: String, _ context: String = "") -> String {
    guard let output = format(Parser.parse(text)) else {
        Issue.record("not formatted \(context): \(Parser.parse(text).diagnostics.map(\.message))\n\(text)")
        return ""
    }
    return output
}

/// The comments of a text, in order, as the formatter keeps them (line comments without trailing blanks).
func commentTexts(_ text: String) -> [String] {
    let file = SourceFile(path: "<comments>", text: text)
    return Lexer.tokenize(file).comments.map { comment in
        var text = file.text(comment.range)
        if comment.style == .line {
            while let last = text.unicodeScalars.last, last == " " || last == "\t" || last == "\r" { text.unicodeScalars.removeLast() }
        }
        return text
    }
}

/// The tree without positions: equal shapes parse the same.
func shape(_ tree: SyntaxTree) -> String {
    tree.declarations.map(shape).joined(separator: "\n")
}

private func shape(_ declaration: Declaration) -> String {
    switch declaration {
    case .constant(let c): return "let \(c.name.text) = \(shape(c.value))"
    case .component(let c):
        let parameters = c.parameters.map { "\($0.name.text): \($0.type.text) = \($0.defaultValue.map(shape) ?? "-")" }
        return "component \(c.name.text)(\(parameters.joined(separator: "; "))) {\(c.body.members.map(shape).joined(separator: "\n"))}"
    case .element(let e):
        // `view()` is `view`: the formatter drops empty argument lists.
        let arguments = e.arguments.flatMap { $0.arguments.isEmpty ? nil : $0 }.map { "(" + $0.arguments.map { "\($0.label.text): \(shape($0.value))" }.joined(separator: "; ") + ")" } ?? "-"
        let body = e.body.map { "{" + $0.members.map(shape).joined(separator: "\n") + "}" } ?? "-"
        return "element \(e.kind.text) \(e.name?.text ?? "-") \(arguments) \(body)"
    case .constraints(let block):
        return "constraints {" + block.constraints.map { c in
            "\(shape(c.left)) \(c.relation.rawValue) \(shape(c.right)) @\(c.priority.map(shape) ?? "-")"
        }.joined(separator: "\n") + "}"
    case .error: return "error"
    }
}

private func shape(_ expression: StackSyntax.Expression) -> String {
    switch expression.kind {
    case .number(let value): return "\(value)"
    case .string(let value): return "\"\(value)\""
    case .bool(let value): return "\(value)"
    case .none: return "none"
    case .identifier(let name): return "id(\(name))"
    case .member(let base, let name): return "member(\(shape(base)), \(name.text))"
    case .negate(let operand): return "neg(\(shape(operand)))"
    case .binary(let op, let a, let b): return "bin(\(op.rawValue), \(shape(a)), \(shape(b)))"
    case .size(let a, let b): return "size(\(shape(a)), \(shape(b)))"
    case .tuple(let elements): return "tuple(\(elements.map(shape).joined(separator: ", ")))"
    case .parenthesized(let inner): return "paren(\(shape(inner)))"
    case .call(let callee, let arguments): return "call(\(callee.text), \(arguments.map(shape).joined(separator: ", ")))"
    case .missing: return "missing"
    }
}

/// The same tokens and comments with the whitespace between them changed at random (only where there was
/// some, so tokens never merge): the tree stays the same, the layout does not.
func relayout(_ text: String, using rng: inout SeededGenerator) -> String {
    let file = SourceFile(path: "<relayout>", text: text)
    let lexed = Lexer.tokenize(file)
    var pieces = lexed.tokens.dropLast().map { ($0.range, false) } + lexed.comments.map { ($0.range, $0.style == .line) }
    pieces.sort { $0.0.start < $1.0.start }
    var output = ""
    var previousEnd = 0
    var afterLineComment = false
    for (range, isLineComment) in pieces {
        if afterLineComment {
            output += ["\n", "\n\n", "\n  ", "\n\n\n\t"].randomElement(using: &rng)!
        } else if range.start > previousEnd {
            output += [" ", " ", "\n", "  ", "\n\n", "\t", "\n\n\n   ", " \n "].randomElement(using: &rng)!
        }
        output += file.text(range)
        previousEnd = range.end
        afterLineComment = isLineComment
    }
    return output + (Bool.random(using: &rng) ? "\n" : "")
}

/// Checks the formatter's properties on one input; returns a description of the first violation.
func formatterViolation(_ text: String) -> String? {
    let tree = Parser.parse(text)
    guard tree.diagnostics.isEmpty else { return "input has diagnostics: \(tree.diagnostics.map(\.message))" }
    guard let once = format(tree) else { return "not formatted" }
    let onceTree = Parser.parse(once)
    guard onceTree.diagnostics.isEmpty else {
        return "formatted text has diagnostics: \(onceTree.diagnostics.map(\.message))\n--- formatted:\n\(once)"
    }
    guard let twice = format(onceTree) else { return "formatted text not formatted" }
    if twice != once { return "not idempotent\n--- once:\n\(once)\n--- twice:\n\(twice)" }
    if shape(onceTree) != shape(tree) {
        let difference = zip(shape(tree).split(separator: "\n"), shape(onceTree).split(separator: "\n")).first { $0 != $1 }
        return "tree changed: \(difference.map { "\($0)\n  became \($1)" } ?? "")\n--- formatted:\n\(once)"
    }
    if commentTexts(once) != commentTexts(text) {
        return "comments changed: \(commentTexts(text)) → \(commentTexts(once))\n--- formatted:\n\(once)"
    }
    // Block comments are kept verbatim, trailing blanks inside them too: check the lines around them.
    let onceFile = SourceFile(path: "<once>", text: once)
    var outside = once.utf8.count > 0 ? "" : once
    var position = 0
    for comment in Lexer.tokenize(onceFile).comments where comment.style == .block {
        outside += onceFile.text(SourceRange(start: position, end: comment.range.start)) + "/**/"
        position = comment.range.end
    }
    outside += onceFile.text(SourceRange(start: position, end: onceFile.bytes.count))
    for (index, line) in outside.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if line.hasSuffix(" ") || line.hasSuffix("\t") { return "line \(index + 1) ends with whitespace\n\(once)" }
    }
    if !once.isEmpty && (!once.hasSuffix("\n") || once.hasSuffix("\n\n")) { return "does not end with exactly one line break" }
    if once.contains("\n\n\n") { return "more than one blank line in a row" }
    // Edits for editors turn the original into the formatted text.
    guard let edits = formatEdits(tree) else { return "no edits" }
    var bytes = Array(text.utf8)
    for edit in edits.reversed() { bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.replacement.utf8)) }
    if bytes != Array(once.utf8) { return "edits do not give the formatted text" }
    if formatEdits(onceTree) != [] { return "formatted text still has edits" }
    return nil
}

// MARK: Golden examples

@Test func formatsTheCanonicalStyle() {
    let input = """
        let gap=8
        let wide = gap*2+(1-gap)/ 3
        component Key (title:String,wide : Number=1,) {button(text:title,intrinsic:78*wide x 78,hugging:defaultLow)}
        hstack bar(alignment:.center,spacing:gap,margins:(0,15,),) { image icon(intrinsic:24x24) label title(intrinsic: 120 x 20)
        spacer() Key k(title:"=")
        constraints { icon.width==icon.height
        title.leading == icon.trailing+8@ 750 badge.width >= 0.5*title.width @defaultHigh }
        }
        """
    let expected = """
        let gap = 8
        let wide = gap * 2 + (1 - gap) / 3
        component Key(title: String, wide: Number = 1) {
            button(text: title, intrinsic: 78 * wide x 78, hugging: defaultLow)
        }
        hstack bar(alignment: center, spacing: gap, margins: (0, 15)) {
            image icon(intrinsic: 24 x 24)
            label title(intrinsic: 120 x 20)
            spacer
            Key k(title: "=")
            constraints {
                icon.width == icon.height
                title.leading == icon.trailing + 8 @750
                badge.width >= 0.5 * title.width @defaultHigh
            }
        }

        """
    #expect(fmt(input) == expected)
}

@Test func keepsCommentsInPlace() {
    let input = """
        // header


        let a = 1 // trailing
        /* own line
           block */
        vstack top(spacing: a, // between
            alignment: fill) {
            // first


            view v1(intrinsic: 10 x 10) view v2 /* after v2 */
            vstack { /* inside */ }

            constraints { v1.width == v2.width @750 // priority
                // last
            }
            // before the brace

        }
        // end
        """
    let expected = """
        // header

        let a = 1 // trailing
        /* own line
           block */
        vstack top(
            spacing: a, // between
            alignment: fill
        ) {
            // first

            view v1(intrinsic: 10 x 10)
            view v2 /* after v2 */
            vstack { /* inside */
            }

            constraints {
                v1.width == v2.width @750 // priority
                // last
            }
            // before the brace
        }
        // end

        """
    #expect(fmt(input) == expected)
}

@Test func commentsInsideExpressionsContinueTheLine() {
    let input = "let a = 1 + // one\n2\nlet b =\n// two\n3 * /* three */ 4\n"
    let expected = "let a = 1 + // one\n    2\nlet b =\n    // two\n    3 * /* three */ 4\n"
    #expect(fmt(input) == expected)
    #expect(formatterViolation(input) == nil)
}

@Test func wrapsLongArgumentListsOnePerLine() {
    let short = "vstack {\n    label body(text: \"short\", intrinsic: 198 x 60)\n}\n"
    #expect(fmt(short) == short)
    let long = "vstack {\n    label body(text: \"Drag a photo onto a contact to set their picture.\", intrinsic: 198 x 60, firstBaseline: 15)\n}\n"
    #expect(fmt(long) == """
        vstack {
            label body(
                text: "Drag a photo onto a contact to set their picture.",
                intrinsic: 198 x 60,
                firstBaseline: 15
            )
        }

        """)
    // Exactly 100 columns stays on one line; 101 wraps.
    let fits = "hstack(type: \"" + String(repeating: "a", count: 100 - "hstack(type: \"\")".count) + "\")\n"
    #expect(fits.count == 101 && fmt(fits) == fits)
    let overflows = "hstack(type: \"" + String(repeating: "a", count: 101 - "hstack(type: \"\")".count) + "\")\n"
    #expect(fmt(overflows).contains("(\n    type:"))
}

@Test func keepsOneElementTuplesAndEmptyBodies() {
    #expect(fmt("hstack(margins: (8,)) {}") == "hstack(margins: (8,)) {}\n")
    #expect(fmt("hstack(margins: ((8))) {  }") == "hstack(margins: ((8))) {}\n")
    #expect(fmt("component C { view }") == "component C() {\n    view\n}\n")
    #expect(fmt("vstack { constraints { } }") == "vstack {\n    constraints {}\n}\n")
    #expect(fmt("let a = - -2\nlet b = -(a)") == "let a = --2\nlet b = -(a)\n")
    // `spacer()` keeps its parentheses when the next word would otherwise become its name.
    #expect(fmt("vstack { spacer() other(a: 1) spacer() view }") == "vstack {\n    spacer()\n    other(a: 1)\n    spacer\n    view\n}\n")
    #expect(formatterViolation("vstack { spacer() /* c */ other spacer() Card }") == nil)
}

@Test func emptyAndCommentOnlyFiles() {
    #expect(fmt("") == "")
    #expect(fmt("\n\n  \n") == "")
    #expect(fmt("  // only a comment  \n\n\n/* and a block */") == "// only a comment\n\n/* and a block */\n")
}

@Test func refusesFilesWithSyntaxErrors() {
    #expect(format(Parser.parse("vstack {")) == nil)
    #expect(format(Parser.parse("vstack(spacing: 8 $ 2) {}")) == nil)
    #expect(formatEdits(Parser.parse("let = 3")) == nil)
    // Invalid UTF-8 in a comment parses, but formatting would change bytes.
    #expect(format(Parser.parse(SourceFile(path: "x", bytes: Array("// a".utf8) + [0xFF]))) == nil)
}

@Test func editsAreMinimalAndOnCharacterBoundaries() throws {
    let text = "// é\nvstack {\nview(text: \"日本\")\n}\n// 🙂\n"
    let tree = Parser.parse(text)
    let edits = try #require(formatEdits(tree))
    #expect(edits.count == 1)
    #expect(edits.first?.range == SourceRange(start: 15, end: 15))
    #expect(edits.first?.replacement == "    ")
    #expect(formatterViolation(text) == nil)
    #expect(StackFormatter.wholeDocumentEdit(tree)?.range == SourceRange(start: 0, end: text.utf8.count))
}

// MARK: Properties

@Test(arguments: stackFiles(in: "Samples"))
func samplesFormatWithAllProperties(_ url: URL) throws {
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(formatterViolation(text) == nil, "\(url.lastPathComponent): \(formatterViolation(text) ?? "")")
}

@Test func generatedProgramsFormatWithAllProperties() {
    let seed = testSeed()
    print("formatter seed:", seed)
    var generator = ProgramGenerator(seed: seed)
    var rng = SeededGenerator(seed: seed ^ 0xF0_4D47)
    var failures = 0
    for index in 0..<formatterProgramCount {
        let text = generator.program().text
        for (variant, input) in [("generated", text), ("relaid", relayout(text, using: &rng))] {
            if let problem = formatterViolation(input) {
                failures += 1
                Issue.record("seed \(seed), program \(index) (\(variant)): \(problem)\n--- input:\n\(input)")
            }
        }
        if failures >= 3 { return }
    }
}

@Test func relaidProgramsFormatToTheSameCode() {
    // Whitespace decides only where comments and blank lines go: without them the output is the same.
    let seed = testSeed()
    print("formatter seed:", seed)
    var generator = ProgramGenerator(seed: seed)
    var rng = SeededGenerator(seed: seed ^ 0x1A70)
    func code(_ text: String) -> String {
        let file = SourceFile(path: "<code>", text: text)
        return Lexer.tokenize(file).tokens.dropLast().map { file.text($0.range) }.joined(separator: " ")
    }
    for index in 0..<formatterProgramCount {
        let text = generator.program().text
        let relaid = relayout(text, using: &rng)
        guard let a = format(Parser.parse(text)), let b = format(Parser.parse(relaid)) else {
            Issue.record("seed \(seed), program \(index): not formatted")
            return
        }
        if code(a) != code(b) {
            Issue.record("seed \(seed), program \(index): different code\n--- from generated:\n\(a)\n--- from relaid:\n\(b)")
            return
        }
    }
}

@Test func brokenProgramsAreRefusedNeverTrap() {
    let seed = testSeed()
    print("formatter seed:", seed)
    var generator = ProgramGenerator(seed: seed)
    var rng = SeededGenerator(seed: seed ^ 0xB40C)
    func ranges(_ bytes: [UInt8]) -> [Range<Int>] {
        Lexer.tokenize(SourceFile(path: "<m>", bytes: bytes)).tokens.dropLast().map { Int($0.start)..<Int($0.end) }
    }
    for index in 0..<formatterProgramCount {
        let bytes = Mutator.mutate(Array(generator.program().text.utf8), tokens: ranges, using: &rng).bytes
        let tree = Parser.parse(SourceFile(path: "mutant.stack", bytes: bytes))
        let output = format(tree)
        if tree.diagnostics.hasErrors {
            #expect(output == nil, "seed \(seed), mutant \(index): formatted despite errors")
        } else if output != nil, let problem = formatterViolation(String(decoding: bytes, as: UTF8.self)) {
            Issue.record("seed \(seed), mutant \(index): \(problem)")
            return
        }
    }
}

@Test func deepNestingFormats() {
    let depth = 200
    let text = String(repeating: "vstack {\n", count: depth) + "view\n" + String(repeating: "}\n", count: depth)
        + "let a = " + String(repeating: "(", count: 200) + "1" + String(repeating: ")", count: 200) + "\n"
    #expect(formatterViolation(text) == nil)
}

@Test func largeFileFormatsInLinearTime() {
    let seed = testSeed()
    var generator = ProgramGenerator(seed: seed)
    var text = ""
    while text.utf8.count < 400_000 { text += generator.program().text }
    let started = Date()
    let output = format(Parser.parse(text))
    let seconds = Date().timeIntervalSince(started)
    print("formatted \(text.utf8.count) bytes in \(seconds) s (debug build)")
    #expect(output != nil)
    #expect(seconds < 20)
}
