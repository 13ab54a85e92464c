import StackDriver
import StackSyntax
import Testing

// `stackc explain`: every diagnostic ID has a long explanation whose wrong example produces that diagnostic
// and whose right example does not (and has no errors at all), run through the whole pipeline.

private func diagnostics(_ bytes: [UInt8]) -> [Diagnostic] {
    Compilation(file: SourceFile(path: "example.stack", bytes: bytes)).diagnostics
}

private func summary(_ diagnostics: [Diagnostic]) -> String {
    diagnostics.map { "\($0.id.rawValue) \($0.message)" }.joined(separator: "; ")
}

@Test(arguments: DiagnosticID.allCases)
func everyIDHasAnExplanationWithExamples(_ id: DiagnosticID) {
    let text = id.explanation
    #expect(text.hasPrefix("\(id.rawValue): \(id.title)\n"))
    #expect(text.contains("Erroneous example:") && text.contains("Corrected:"))
    #expect(text.count > 300, "\(id.rawValue)'s explanation is too short")
    #expect(!id.wrongExample.isEmpty && !id.rightExample.isEmpty && id.wrongExample != id.rightExample)
    #expect(text.contains(id.rightExample.split(separator: "\n").first.map(String.init) ?? "-"))
}

@Test(arguments: DiagnosticID.allCases)
func wrongExampleProducesItsDiagnostic(_ id: DiagnosticID) {
    let found = diagnostics(id.wrongExampleSource)
    #expect(found.contains { $0.id == id }, "\(id.rawValue) wrong example gives: \(summary(found))")
}

@Test(arguments: DiagnosticID.allCases)
func rightExampleDoesNotProduceIt(_ id: DiagnosticID) {
    let found = diagnostics(Array(id.rightExample.utf8))
    #expect(!found.contains { $0.id == id }, "\(id.rawValue) right example gives: \(summary(found))")
    #expect(!found.hasErrors, "\(id.rawValue) right example has errors: \(summary(found))")
}

@Test func rightExamplesAreCleanAndFormatted() {
    // The corrected examples are the style to copy: no diagnostic at all, already in `stackc fmt` form.
    for id in DiagnosticID.allCases {
        let found = diagnostics(Array(id.rightExample.utf8))
        #expect(found.isEmpty, "\(id.rawValue) right example gives: \(summary(found))")
        #expect(format(Parser.parse(id.rightExample)) == id.rightExample + "\n", "\(id.rawValue) right example is not formatted")
    }
}

@Test func explanationsAreDistinct() {
    let examples = Set(DiagnosticID.allCases.map(\.wrongExample))
    #expect(examples.count == DiagnosticID.allCases.count)
}
