import Foundation
import StackTestSupport
import Testing
@testable import StackSyntax

// Property tests of the lexer and parser over generated programs (see `ProgramGenerator`) and their
// mutations. Every test prints its seed; replay one with `STACKC_SEED=<seed>`, and run the long variants
// with `STACKC_LONG_TESTS=1`.

/// How many generated programs each run uses.
private let programCount = longTestsEnabled ? 100_000 : 300

private func tokenRanges(_ bytes: [UInt8]) -> [Range<Int>] {
    Lexer.tokenize(SourceFile(path: "<mutant>", bytes: bytes)).tokens.dropLast().map { Int($0.start)..<Int($0.end) }
}

/// A short, printable excerpt of an input for failure messages.
private func describe(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes.prefix(2_000), as: UTF8.self)
    return bytes.count > 2_000 ? text + "… (\(bytes.count) bytes)" : text
}

/// Every range a tree holds, declarations down to expressions.
private struct RangeCollector {
    var ranges: [SourceRange] = []

    mutating func add(_ e: StackSyntax.Expression) {
        ranges.append(e.range)
        switch e.kind {
        case .member(let base, let member): add(base); ranges.append(member.range)
        case .negate(let operand), .parenthesized(let operand): add(operand)
        case .binary(_, let a, let b), .size(let a, let b): add(a); add(b)
        case .tuple(let elements): for element in elements { add(element) }
        default: break
        }
    }

    mutating func add(_ d: Declaration) {
        ranges.append(d.range)
        switch d {
        case .constant(let c): ranges.append(c.name.range); add(c.value); add(c.unexpected)
        case .component(let c):
            ranges.append(c.name.range)
            for p in c.parameters {
                ranges += [p.range, p.name.range, p.type.range]
                if let value = p.defaultValue { add(value) }
            }
            add(c.unexpected)
            ranges.append(c.body.range)
            for member in c.body.members { add(member) }
        case .element(let e):
            ranges.append(e.kind.range)
            if let name = e.name { ranges.append(name.range) }
            if let arguments = e.arguments {
                ranges.append(arguments.range)
                for a in arguments.arguments { ranges += [a.range, a.label.range]; add(a.value) }
                add(arguments.unexpected)
            }
            if let body = e.body {
                ranges.append(body.range)
                for member in body.members { add(member) }
            }
        case .constraints(let block):
            for c in block.constraints {
                ranges += [c.range, c.relationRange]
                add(c.left)
                add(c.right)
                if let priority = c.priority { add(priority) }
            }
            add(block.unexpected)
        case .error(let skipped): add([skipped])
        }
    }

    /// Skipped tokens: each run's range and every token's. A run that is empty or has a token outside its range
    /// adds the range -1..<-1, which `violation(in:)` reports as outside the file.
    mutating func add(_ runs: [UnexpectedTokens]) {
        for run in runs {
            ranges.append(run.range)
            ranges += run.tokens.map(\.range)
            if run.tokens.isEmpty || run.tokens.contains(where: { $0.start < run.range.start || $0.end > run.range.end }) {
                ranges.append(SourceRange(start: -1, end: -1))
            }
        }
    }
}

private func syntaxRanges(_ tree: SyntaxTree) -> [SourceRange] {
    var collector = RangeCollector(ranges: tree.comments.map(\.range))
    for declaration in tree.declarations { collector.add(declaration) }
    return collector.ranges
}

/// The invariants every parse must keep, whatever the input: ranges inside the file, diagnostics sorted,
/// rendering total. Returns a description of the first violation.
private func violation(in tree: SyntaxTree) -> String? {
    let count = tree.file.bytes.count
    func inside(_ range: SourceRange) -> Bool { range.start >= 0 && range.start <= range.end && range.end <= count }
    for diagnostic in tree.diagnostics {
        guard inside(diagnostic.range) else { return "diagnostic range \(diagnostic.range) outside 0...\(count): \(diagnostic.message)" }
        for note in diagnostic.notes where !inside(note.range) { return "note range \(note.range) outside the file: \(note.message)" }
        for fixIt in diagnostic.fixIts {
            for edit in fixIt.edits where !inside(edit.range) { return "fix-it range \(edit.range) outside the file: \(fixIt.message)" }
        }
    }
    if tree.diagnostics != tree.diagnostics.sortedByLocation() { return "diagnostics are not sorted" }
    for range in syntaxRanges(tree) where !inside(range) { return "syntax range \(range) outside 0...\(count)" }
    // Rendering costs O(line length) per diagnostic; junk without newlines makes that quadratic, so render a sample.
    if !tree.diagnostics.isEmpty, DiagnosticRenderer().render(Array(tree.diagnostics.prefix(20)), in: tree.file).isEmpty {
        return "empty rendering"
    }
    return nil
}

@Test func generatedProgramsParseWithoutDiagnostics() {
    let seed = testSeed()
    print("seed:", seed)
    var generator = ProgramGenerator(seed: seed)
    var failures = 0
    for index in 0..<programCount {
        let program = generator.program()
        let tree = Parser.parse(program.text)
        let roots = tree.declarations.filter { if case .element = $0 { true } else { false } }.count
        if !tree.diagnostics.isEmpty || roots != program.rootCount {
            failures += 1
            Issue.record("seed \(seed), program \(index): \(roots) roots for \(program.rootCount)\n\(DiagnosticRenderer().render(tree.diagnostics, in: tree.file))\n\(program.text)")
            if failures >= 3 { return }
        }
    }
}

@Test func mutatedProgramsNeverTrapAndKeepRangesInTheFile() {
    let seed = testSeed()
    print("seed:", seed)
    var generator = ProgramGenerator(seed: seed)
    var rng = SeededGenerator(seed: seed ^ 0x5EED)
    var kinds: [Mutator.Kind: Int] = [:]
    for index in 0..<programCount {
        var bytes = Array(generator.program().text.utf8)
        // One to three mutations on top of each other.
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let mutation = Mutator.mutate(bytes, tokens: tokenRanges, using: &rng)
            bytes = mutation.bytes
            kinds[mutation.kind, default: 0] += 1
        }
        let tree = Parser.parse(SourceFile(path: "mutant.stack", bytes: bytes))
        if let problem = violation(in: tree) {
            Issue.record("seed \(seed), mutant \(index): \(problem)\n\(describe(bytes))")
            return
        }
        // Parsing is a pure function: the same bytes give the same tree.
        if index % 10 == 0 {
            let again = Parser.parse(SourceFile(path: "mutant.stack", bytes: bytes))
            #expect(again.declarations == tree.declarations && again.diagnostics == tree.diagnostics, "seed \(seed), mutant \(index)")
        }
    }
    // Every kind of mutation was exercised, so a change to the mutator cannot silently weaken the test.
    #expect(kinds.count == Mutator.Kind.allCases.count, "\(kinds)")
}

@Test func everyTruncationOfGeneratedProgramsIsSafe() {
    let seed = testSeed()
    print("seed:", seed)
    var generator = ProgramGenerator(seed: seed)
    var rng = SeededGenerator(seed: seed)
    for index in 0..<(longTestsEnabled ? 200 : 3) {
        let bytes = Array(generator.program().text.utf8)
        // The long mode cuts at every byte; the default run at 150 random offsets per program.
        let ends = longTestsEnabled ? Array(0...bytes.count) : (0..<150).map { _ in Int.random(in: 0...bytes.count, using: &rng) }
        for end in ends {
            let tree = Parser.parse(SourceFile(path: "truncated.stack", bytes: Array(bytes[..<end])))
            if let problem = violation(in: tree) {
                Issue.record("seed \(seed), program \(index) cut at \(end): \(problem)\n\(describe(Array(bytes[..<end])))")
                return
            }
        }
    }
}

@Test func randomBytesNeverTrap() {
    let seed = testSeed()
    print("seed:", seed)
    var rng = SeededGenerator(seed: seed)
    for index in 0..<(longTestsEnabled ? 20_000 : 200) {
        let bytes = Mutator.randomBytes(count: Int.random(in: 0...2_000, using: &rng), using: &rng)
        let tree = Parser.parse(SourceFile(path: "random.stack", bytes: bytes))
        if let problem = violation(in: tree) {
            Issue.record("seed \(seed), input \(index): \(problem)\n\(bytes)")
            return
        }
    }
}

@Test func largeGeneratedFileParsesCleanly() {
    let seed = testSeed()
    print("seed:", seed)
    let target = longTestsEnabled ? 50_000_000 : 2_000_000
    var generator = ProgramGenerator(seed: seed)
    var chunks: [String] = []
    var chunkBytes = 0
    while chunkBytes < 200_000 {
        let text = generator.program().text
        chunks.append(text)
        chunkBytes += text.utf8.count
    }
    // Repeat a pool of programs (the parser does not care that names repeat).
    var bytes: [UInt8] = []
    bytes.reserveCapacity(target + chunkBytes)
    while bytes.count < target { for chunk in chunks where bytes.count < target { bytes += chunk.utf8 } }
    let started = Date()
    let tree = Parser.parse(SourceFile(path: "large.stack", bytes: bytes))
    print("parsed \(bytes.count) bytes in \(Date().timeIntervalSince(started)) s (debug build)")
    #expect(tree.diagnostics.isEmpty, "seed \(seed): \(tree.diagnostics.prefix(3).map(\.message))")
    #expect(tree.declarations.count > 1_000)
    #expect(tree.declarations.last?.range.end ?? 0 <= bytes.count)
}

@Test func largeFileOfJunkParsesWithoutTrapping() {
    let seed = testSeed()
    print("seed:", seed)
    var rng = SeededGenerator(seed: seed)
    let bytes = Mutator.randomBytes(count: longTestsEnabled ? 20_000_000 : 500_000, using: &rng)
    let tree = Parser.parse(SourceFile(path: "junk.stack", bytes: bytes))
    #expect(!tree.diagnostics.isEmpty)
    #expect(violation(in: tree) == nil, "seed \(seed)")
}
