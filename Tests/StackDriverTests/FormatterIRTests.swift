import Foundation
import StackDriver
import StackIR
import StackSyntax
import StackTestSupport
import Testing

// The formatter keeps meaning: the formatted file lowers to exactly the same constraint IR as the original
// (origins aside: formatting moves code, so lines and columns change) and has the same diagnostics (warnings).
// Over every sample and over generated programs, as generated and with their whitespace shuffled.
// Randomised tests print their seed; replay with `STACKC_SEED=<seed>`.

private let irProgramCount = longTestsEnabled ? 5_000 : 100

/// Each root's IR text without the `; file:line:col` origins.
private func irWithoutOrigins(_ compilation: Compilation) -> [String] {
    compilation.irs.map { ir in
        ir.text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.range(of: " ; ").map { String(line[..<$0.lowerBound]) } ?? String(line)
        }.joined(separator: "\n")
    }
}

/// What a formatted file must keep: the IR without origins, and the diagnostics' IDs and messages.
private func meaning(_ text: String) -> (ir: [String], diagnostics: [String]) {
    let compilation = Compilation(file: SourceFile(path: "f.stack", text: text))
    return (irWithoutOrigins(compilation), compilation.diagnostics.map { "\($0.id.rawValue) \($0.message)" })
}

/// Describes how formatting changed the meaning of `text`, or nil.
private func meaningChange(_ text: String) -> String? {
    guard let formatted = format(Parser.parse(SourceFile(path: "f.stack", text: text))) else { return "not formatted" }
    let before = meaning(text), after = meaning(formatted)
    if before.diagnostics != after.diagnostics { return "diagnostics changed: \(before.diagnostics) → \(after.diagnostics)" }
    if before.ir.isEmpty { return "no IR (the input has errors: \(before.diagnostics))" }
    if before.ir != after.ir {
        let first = zip(before.ir.joined(separator: "\n").split(separator: "\n"), after.ir.joined(separator: "\n").split(separator: "\n"))
            .first { $0 != $1 }
        return "IR changed; first difference: \(first.map { "\($0) ≠ \($1)" } ?? "root count")\n--- formatted:\n\(formatted)"
    }
    return nil
}

/// The same tokens and comments with the whitespace between them changed at random.
private func relayout(_ text: String, using rng: inout SeededGenerator) -> String {
    let file = SourceFile(path: "<relayout>", text: text)
    let lexed = Lexer.tokenize(file)
    var pieces = lexed.tokens.dropLast().map { ($0.range, false) } + lexed.comments.map { ($0.range, $0.style == .line) }
    pieces.sort { $0.0.start < $1.0.start }
    var output = ""
    var previousEnd = 0
    var afterLineComment = false
    for (range, isLineComment) in pieces {
        if afterLineComment {
            output += ["\n", "\n\n", "\n  "].randomElement(using: &rng)!
        } else if range.start > previousEnd {
            output += [" ", "\n", "  ", "\n\n", "\t"].randomElement(using: &rng)!
        }
        output += file.text(range)
        previousEnd = range.end
        afterLineComment = isLineComment
    }
    return output + "\n"
}

@Test(arguments: stackFiles(in: "Samples"))
func formattedSampleHasTheSameIR(_ url: URL) throws {
    let text = try String(contentsOf: url, encoding: .utf8)
    // Reformat a shuffled layout of the sample too, so the test does not pass just because samples are formatted.
    var rng = SeededGenerator(seed: 7)
    for input in [text, relayout(text, using: &rng)] {
        #expect(meaningChange(input) == nil, "\(url.lastPathComponent): \(meaningChange(input) ?? "")")
    }
}

@Test func formattedGeneratedProgramsHaveTheSameIR() {
    let seed = testSeed()
    print("formatter IR seed:", seed)
    var generator = ProgramGenerator(seed: seed)
    var rng = SeededGenerator(seed: seed ^ 0x1F)
    var failures = 0
    for index in 0..<irProgramCount {
        let text = generator.program().text
        for (variant, input) in [("generated", text), ("relaid", relayout(text, using: &rng))] {
            if let change = meaningChange(input) {
                failures += 1
                Issue.record("seed \(seed), program \(index) (\(variant)): \(change)\n--- input:\n\(input)")
            }
        }
        if failures >= 3 { return }
    }
}

@Test func irComparisonSeesChanges() {
    // The comparison can fail: a changed spacing or priority shows.
    let a = "hstack s(spacing: 8) {\n    view a(intrinsic: 10 x 10)\n    view b(intrinsic: 10 x 10)\n}\n"
    let b = a.replacingOccurrences(of: "spacing: 8", with: "spacing: 9")
    #expect(meaning(a).ir != meaning(b).ir)
    #expect(meaning(a).ir == meaning("hstack s(spacing: 8) { view a(intrinsic: 10 x 10) view b(intrinsic: 10 x 10) }").ir)
    #expect(!meaning(a).ir.isEmpty)
}
