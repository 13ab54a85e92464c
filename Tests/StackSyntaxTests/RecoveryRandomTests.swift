import Foundation
import StackTestSupport
import Testing
@testable import StackSyntax

// Recovery keeps what the mistake did not touch. Each case takes a sample, deletes one token or inserts a copy of
// one at a random place (tokens whose deletion or insertion is always a syntax error), and checks:
// - parsing does not trap and reports at least one error;
// - every element that ends well before the edit (three tokens of lookahead before it) is still there: same kind,
//   same name, same range;
// - every element after the edit's line whose header can only start an element (a kind, then `(`, `{` or a name on
//   the same line, at the start of its line) is still there with its range moved by the edit.
// The second property is what the synchronisation points promise; a lone `spacer` line is left out, since a
// constant may have that name and an unfinished `let a = 1 +` may take it as its value.
// Seeds from `STACKC_SEED` (default 1); `STACKC_LONG_TESTS=1` runs many more.

/// The seeds of a randomised test, printed so a failure replays (the helper of `StackSolverTests/RandomTests.swift`).
private func randomSeeds(_ name: String, count: UInt64, long: UInt64 = 20_000) -> Range<UInt64> {
    let environment = ProcessInfo.processInfo.environment
    let start = UInt64(environment["STACKC_SEED"] ?? "") ?? 1
    let seeds = start..<(start + (environment["STACKC_LONG_TESTS"] == "1" ? long : count))
    print("\(name): seeds \(seeds.lowerBound)..<\(seeds.upperBound)")
    return seeds
}

/// An element as the properties compare it.
private struct ElementKey: Hashable, CustomStringConvertible {
    let kind: String
    let name: String
    let start: Int
    let end: Int
    var description: String { "\(kind) \(name) @\(start)..<\(end)" }
}

/// Every element of a tree, component bodies included, with the range of its header line start.
private func elements(of declarations: [Declaration], into keys: inout [ElementKey]) {
    for declaration in declarations {
        switch declaration {
        case .element(let element):
            keys.append(ElementKey(kind: element.kind.text, name: element.name?.text ?? "", start: element.range.start, end: element.range.end))
            elements(of: element.body?.members ?? [], into: &keys)
        case .component(let component):
            elements(of: component.body.members, into: &keys)
        default:
            break
        }
    }
}

/// Token kinds whose deletion always leaves a syntax error in a valid file.
private let deletable: Set<TokenKind> = [.leftParen, .rightParen, .leftBrace, .rightBrace, .colon, .assign, .equalEqual, .lessEqual, .greaterEqual]
/// Token kinds whose insertion (with spaces around) always makes a syntax error: no two values or brackets
/// of these kinds can sit side by side in a valid file after any token.
private let insertable: Set<TokenKind> = [.leftParen, .rightParen, .leftBrace, .rightBrace, .colon, .assign, .equalEqual, .number, .string]

private let kindWords: Set<String> = ["hstack", "vstack", "view", "label", "image", "button", "spacer"]

/// Whether `tokens[position]` heads an element that any context must recognise: first on its line, an element
/// keyword or a capitalized name, then on the same line `(`, `{` or a lowercase name other than the keywords and `x`.
private func headsElement(_ position: Int, _ tokens: [Token], _ bytes: [UInt8]) -> Bool {
    func text(_ token: Token) -> String { String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self) }
    func newlineBefore(_ index: Int) -> Bool {
        index == 0 || bytes[Int(tokens[index - 1].end)..<Int(tokens[index].start)].contains(0x0A)
    }
    guard position + 1 < tokens.count, tokens[position].kind == .identifier, newlineBefore(position) else { return false }
    let kind = text(tokens[position])
    guard kindWords.contains(kind) || kind.first?.isUppercase == true else { return false }
    let next = tokens[position + 1]
    guard !newlineBefore(position + 1) else { return false }
    switch next.kind {
    case .leftParen, .leftBrace: return true
    case .identifier:
        let name = text(next)
        return name != "x" && !kindWords.contains(name) && name.first?.isLowercase == true
    default: return false
    }
}

/// What one random edit did.
private struct Edit {
    var bytes: [UInt8]
    var description: String
    /// Original tokens up to this index are read as before (with three tokens of lookahead to spare).
    var lastIntact: Int
    /// The first original token after the edit.
    var firstAfter: Int
    /// Byte offset where the edit happens, in the original, and how many bytes it adds (negative: removes).
    var offset: Int
    var delta: Int
}

private func randomEdit(_ bytes: [UInt8], _ tokens: [Token], using rng: inout SeededGenerator) -> Edit? {
    func text(_ token: Token) -> String { String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self) }
    if Bool.random(using: &rng) {
        let candidates = tokens.indices.filter { deletable.contains(tokens[$0].kind) }
        guard let victim = candidates.randomElement(using: &rng) else { return nil }
        let token = tokens[victim]
        var result = bytes
        result.removeSubrange(Int(token.start)..<Int(token.end))
        // The neighbours of a deleted token may merge (`a(b` → `ab`): the one before counts as touched.
        return Edit(bytes: result, description: "delete '\(text(token))' at \(token.start)", lastIntact: victim - 2,
                    firstAfter: victim + 1, offset: Int(token.start), delta: -Int(token.end - token.start))
    }
    let sources = tokens.filter { insertable.contains($0.kind) }
    guard let source = sources.randomElement(using: &rng), !tokens.isEmpty else { return nil }
    let after = Int.random(in: 0..<tokens.count, using: &rng)
    let offset = Int(tokens[after].end)
    let insertion = Array(" \(text(source)) ".utf8)
    var result = bytes
    result.insert(contentsOf: insertion, at: offset)
    return Edit(bytes: result, description: "insert '\(text(source))' at \(offset)", lastIntact: after,
                firstAfter: after + 1, offset: offset, delta: insertion.count)
}

/// Checks one edit of one sample; returns the first broken property.
private func recoveryViolation(_ original: [UInt8], _ edit: Edit) -> String? {
    let tokens = Array(Lexer.tokenize(SourceFile(path: "sample", bytes: original)).tokens.dropLast())
    let before = Parser.parse(SourceFile(path: "sample", bytes: original))
    let after = Parser.parse(SourceFile(path: "edited", bytes: edit.bytes))
    guard after.diagnostics.hasErrors else { return "no error reported" }
    // Every run of skipped tokens found a node to hold it.
    let editedFile = SourceFile(path: "edited", bytes: edit.bytes)
    var parser = Parser(file: editedFile, tokens: Lexer.tokenize(editedFile).tokens)
    _ = parser.parseFile()
    guard parser.unexpected.isEmpty else { return "skipped tokens held by no node: \(parser.unexpected.map(\.range))" }
    var oldElements: [ElementKey] = []
    elements(of: before.declarations, into: &oldElements)
    var newElements: [ElementKey] = []
    elements(of: after.declarations, into: &newElements)
    let present = Set(newElements)
    let lastTokenAt = Dictionary(tokens.indices.map { (Int(tokens[$0].end), $0) }, uniquingKeysWith: { first, _ in first })
    let firstTokenAt = Dictionary(tokens.indices.map { (Int(tokens[$0].start), $0) }, uniquingKeysWith: { first, _ in first })
    let editLineEnd = original[edit.offset...].firstIndex(of: 0x0A) ?? original.count
    for element in oldElements {
        guard let last = lastTokenAt[element.end], let first = firstTokenAt[element.start] else { return "element \(element) off the tokens" }
        if last + 3 <= edit.lastIntact, !present.contains(element) {
            return "element \(element) before the edit is gone"
        }
        if first >= edit.firstAfter, element.start > editLineEnd, headsElement(first, tokens, original) {
            let moved = ElementKey(kind: element.kind, name: element.name, start: element.start + edit.delta, end: element.end + edit.delta)
            if !present.contains(moved) { return "element \(element) after the edit is not at \(moved.start)..<\(moved.end)" }
        }
    }
    return nil
}

@Test func oneTokenEditsKeepTheElementsTheyDoNotTouch() throws {
    let samples = try stackFiles(in: "Samples").map { url in (url.lastPathComponent, Array(try Data(contentsOf: url))) }
    #expect(samples.count >= 5)
    var failures = 0
    var checked = 0
    for seed in randomSeeds("recovery tests", count: 300) {
        var rng = SeededGenerator(seed: seed)
        for (name, bytes) in samples {
            let tokens = Array(Lexer.tokenize(SourceFile(path: name, bytes: bytes)).tokens.dropLast())
            guard let edit = randomEdit(bytes, tokens, using: &rng) else { continue }
            checked += 1
            if let problem = recoveryViolation(bytes, edit) {
                failures += 1
                Issue.record("seed \(seed), \(name), \(edit.description): \(problem)")
                if failures >= 5 { return }
            }
        }
    }
    #expect(checked > 1_000)
}

@Test func thePropertiesCanFail() {
    // A parser that dropped the block after a missing ')' would break the second property: check the checker
    // on a tree it must reject, a sample with its stack's children removed.
    let original = Array("vstack v {\n    label a(text: \"x\")\n    view b(width: 1)\n}\n".utf8)
    let tokens = Array(Lexer.tokenize(SourceFile(path: "s", bytes: original)).tokens.dropLast())
    // Insert `(` after `v`: the edit the parser recovers from.
    let offset = Int(tokens[1].end)
    var bytes = original
    bytes.insert(contentsOf: Array(" ( ".utf8), at: offset)
    let edit = Edit(bytes: bytes, description: "insert '('", lastIntact: 1, firstAfter: 2, offset: offset, delta: 3)
    #expect(recoveryViolation(original, edit) == nil)
    // The same edit, but with the children's text damaged too: the property must notice them missing.
    let broken = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "view b", with: "view   ").utf8)
    let damaged = Edit(bytes: broken, description: "insert '(' and damage b", lastIntact: 1, firstAfter: 2, offset: offset, delta: 3)
    #expect(recoveryViolation(original, damaged)?.contains("after the edit") == true)
}
