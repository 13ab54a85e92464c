import Foundation
import StackSyntax
import StackTestSupport
import Testing
@testable import StackSemantics

// Property tests of the checker over generated programs (see `ProgramGenerator`), their mutations,
// random bytes and pathological nesting. Every test prints its seed; replay one with `STACKC_SEED=<seed>`,
// run the long variants with `STACKC_LONG_TESTS=1`.

private let programCount = longTestsEnabled ? 100_000 : 300

private func tokenRanges(_ bytes: [UInt8]) -> [Range<Int>] {
    Lexer.tokenize(SourceFile(path: "<mutant>", bytes: bytes)).tokens.dropLast().map { Int($0.start)..<Int($0.end) }
}

/// The invariants every check must keep: ranges of diagnostics, notes and fix-its inside the file,
/// diagnostics sorted and unique, a sample of them renderable.
private func checkViolation(_ result: CheckResult, _ file: SourceFile) -> String? {
    let count = file.bytes.count
    func inside(_ range: SourceRange) -> Bool { range.start >= 0 && range.start <= range.end && range.end <= count }
    for diagnostic in result.diagnostics {
        guard inside(diagnostic.range) else { return "range \(diagnostic.range) outside 0...\(count): \(diagnostic.id.rawValue) \(diagnostic.message)" }
        for note in diagnostic.notes where note.path == nil && !inside(note.range) {
            return "note range \(note.range) outside the file: \(diagnostic.message) / \(note.message)"
        }
        for fixIt in diagnostic.fixIts {
            for edit in fixIt.edits where !inside(edit.range) { return "fix-it range \(edit.range) outside the file: \(fixIt.message)" }
        }
    }
    if result.diagnostics != result.diagnostics.sortedByLocation() { return "diagnostics are not sorted" }
    if Set(result.diagnostics).count != result.diagnostics.count { return "a diagnostic is reported twice" }
    for tree in result.model.roots where tree.nodes.isEmpty || !tree.nodes[0].kind.isStack { return "a root that is not a stack" }
    _ = DiagnosticRenderer().render(Array(result.diagnostics.prefix(20)), in: file)
    return nil
}

@Test func generatedProgramsCheckWithoutErrors() {
    let seed = testSeed()
    print("seed:", seed)
    var generator = ProgramGenerator(seed: seed)
    var failures = 0
    var nodes = 0
    var constraints = 0
    for index in 0..<programCount {
        let program = generator.program()
        let file = SourceFile(path: "generated.stack", text: program.text)
        let result = check(file)
        // Lint warnings (unused constants and parameters, a parameter named like a constant, spacingAfter on
        // a last item) are ones the generator does not avoid; anything else is a finding.
        let lints: Set<DiagnosticID> = [.unusedConstant, .unusedParameter, .parameterShadowsConstant, .attributeHasNoEffect]
        let unexpected = result.diagnostics.filter { !lints.contains($0.id) }
        if !unexpected.isEmpty || result.model.roots.count != program.rootCount {
            failures += 1
            Issue.record("""
                seed \(seed), program \(index): \(result.model.roots.count) roots for \(program.rootCount)
                \(DiagnosticRenderer().render(unexpected, in: file))
                \(program.text)
                """)
            if failures >= 3 { return }
        }
        nodes += result.model.roots.reduce(0) { $0 + $1.nodes.count }
        constraints += result.model.roots.reduce(0) { $0 + $1.userConstraints.count }
    }
    // The generator must actually exercise layouts and constraints, or the test proves little.
    #expect(nodes > programCount * 5, "only \(nodes) nodes")
    #expect(constraints > programCount / 10, "only \(constraints) constraints")
}

@Test func mutatedProgramsCheckWithoutTrapping() {
    let seed = testSeed()
    print("seed:", seed)
    var generator = ProgramGenerator(seed: seed)
    var rng = SeededGenerator(seed: seed ^ 0xC0FFEE)
    var errors = 0
    for index in 0..<programCount {
        var bytes = Array(generator.program().text.utf8)
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            bytes = Mutator.mutate(bytes, tokens: tokenRanges, using: &rng).bytes
        }
        let file = SourceFile(path: "mutant.stack", bytes: bytes)
        let result = check(file)
        if result.diagnostics.hasErrors { errors += 1 }
        if let problem = checkViolation(result, file) {
            Issue.record("seed \(seed), mutant \(index): \(problem)\n\(String(decoding: bytes, as: UTF8.self))")
            return
        }
    }
    // Most mutations break something; if none did, the mutator or the checker stopped working.
    #expect(errors > programCount / 4, "only \(errors) of \(programCount) mutants had errors")
}

@Test func randomBytesCheckWithoutTrapping() {
    let seed = testSeed()
    print("seed:", seed)
    var rng = SeededGenerator(seed: seed)
    for index in 0..<(longTestsEnabled ? 20_000 : 200) {
        let bytes = Mutator.randomBytes(count: Int.random(in: 0...2_000, using: &rng), using: &rng)
        let file = SourceFile(path: "random.stack", bytes: bytes)
        if let problem = checkViolation(check(file), file) {
            Issue.record("seed \(seed), input \(index): \(problem)\n\(bytes)")
            return
        }
    }
}

/// Deep nesting of every kind reaches the checker as a bounded tree: a diagnostic, never a stack overflow.
@Test(arguments: [
    ("", "vstack {"), ("", "vstack(spacing: 1) {"), ("vstack(spacing: ", "-"), ("vstack(spacing: ", "("),
    ("vstack(spacing: 1", " + 1"), ("vstack(margins: ", "(1, "), ("vstack { constraints { a", ".b"),
    ("let a = 1", " * 1"), ("component C(a: Number = ", "-"), ("vstack { C(a: ", "("),
])
func pathologicalNestingIsBounded(prefix: String, unit: String) {
    let text = prefix + String(repeating: unit, count: longTestsEnabled ? 1_000_000 : 100_000)
    let file = SourceFile(path: "deep.stack", text: text)
    let result = check(file)
    #expect(result.diagnostics.hasErrors)
    #expect(checkViolation(result, file) == nil)
}

// Valid programs the checker once rejected, found by the generator; kept as regression tests.

/// The checker evaluates parameter defaults while it collects declarations, before later constants are known.
@Test func defaultsMaySeeLaterConstants() {
    let file = SourceFile(path: "defaults.stack", text: """
        component C(a: Number = gap) {
            view(width: a)
        }
        let gap = 4
        vstack { C() }
        """)
    #expect(check(file).diagnostics.isEmpty)
}

/// A name on a component's body root disappears when the instance is named, so the body's own
/// constraints can no longer refer to it.
@Test func componentConstraintsMayNameTheBodyRoot() {
    let file = SourceFile(path: "bodyname.stack", text: """
        component Card() {
            hstack box {
                view inner
                constraints { box.width == inner.width * 2 }
            }
        }
        vstack { Card first }
        """)
    #expect(check(file).diagnostics.isEmpty)
}
