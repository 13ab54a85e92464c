import Foundation
import StackDriver
import StackSyntax
import StackTestSupport
import Testing

/// The first line of each diagnostic and note, as editors read them: `path:line:col: severity: message [ID]`.
func headerLines(_ diagnostics: [Diagnostic], in file: SourceFile) -> String {
    let renderer = DiagnosticRenderer()
    return diagnostics.map { diagnostic in
        renderer.render(diagnostic, in: file).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.hasPrefix(file.path + ":") }.joined(separator: "\n") + "\n"
    }.joined()
}

func source(_ url: URL) throws -> SourceFile {
    // Paths relative to the repository, so golden files do not depend on where the clone is.
    let relative = String(url.path.dropFirst(repositoryRoot.path.count + 1))
    return SourceFile(path: relative, bytes: Array(try Data(contentsOf: url)))
}

@Test(arguments: stackFiles(in: "Samples"))
func sampleChecksClean(_ url: URL) throws {
    let compilation = Compilation(file: try source(url))
    #expect(compilation.diagnostics.isEmpty, "\(headerLines(compilation.diagnostics, in: compilation.file))")
    #expect(!compilation.irs.isEmpty)
}

/// Every file in `Samples/errors` gives exactly the diagnostics in its `.expected` file.
/// `STACKC_UPDATE_GOLDEN=1 swift test` rewrites them; review the diff.
/// `Samples/errors/ios9` is lowered for iOS 9/10, as the `.stackc.json` there says.
@Test(arguments: stackFiles(in: "Samples/errors") + stackFiles(in: "Samples/errors/ios9"))
func errorSampleGivesItsExpectedDiagnostics(_ url: URL) throws {
    let file = try source(url)
    let configuration = ProjectConfiguration.forFile(url.path)
    let compilation = Compilation(file: file, uikit: configuration.uikit)
    let actual = headerLines(compilation.diagnostics, in: file)
    let expectedURL = url.deletingPathExtension().appendingPathExtension("expected")
    if ProcessInfo.processInfo.environment["STACKC_UPDATE_GOLDEN"] == "1" {
        try Data(actual.utf8).write(to: expectedURL)
    }
    let expected = (try? String(contentsOf: expectedURL, encoding: .utf8)) ?? "<missing \(expectedURL.lastPathComponent)>"
    #expect(actual == expected)
    #expect(compilation.diagnostics.contains { $0.severity >= .warning }, "an error sample must produce a diagnostic")
}

@Test func everyErrorSampleIsListed() {
    #expect(stackFiles(in: "Samples/errors").count >= 20)
}

/// Samples are what people copy: they are in the formatter's canonical style.
@Test(arguments: stackFiles(in: "Samples"))
func sampleIsFormatted(_ url: URL) throws {
    let file = try source(url)
    let formatted = format(Parser.parse(file))
    #expect(formatted == String(decoding: file.bytes, as: UTF8.self), "run 'swift run stackc fmt -w \(file.path)'")
}
