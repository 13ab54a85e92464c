import Foundation
import StackTestSupport
import Testing
import StackSyntax

// The README's embedding example, verbatim, as a function so it compiles with the tests.
// readme-example-begin
private func readmeExample() {
    let file = SourceFile(path: "toolbar.stack", text: "hstack bar(spacing: 8) { label title }")
    let tree = Parser.parse(file)
    for case .element(let element) in tree.declarations {
        print(element.kind.text, element.name?.text ?? "-")  // hstack bar
    }
    print(DiagnosticRenderer().render(tree.diagnostics, in: file), terminator: "")
}
// readme-example-end

@Test func readmeExampleMatchesThisFile() throws {
    let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let this = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    guard let start = readme.range(of: "<!-- readme-example -->\n```swift\n"),
          let end = readme.range(of: "```\n<!-- /readme-example -->") else {
        Issue.record("README has no marked example")
        return
    }
    let readmeCode = readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix("import ") && !$0.isEmpty }
    guard let bodyStart = this.range(of: "private func readmeExample() {\n"),
          let bodyEnd = this.range(of: "}\n// readme-example-end") else {
        Issue.record("no example function")
        return
    }
    let functionBody = this[bodyStart.upperBound..<bodyEnd.lowerBound].split(separator: "\n")
        .map { $0.dropFirst(4) }
    #expect(readmeCode.map(String.init) == functionBody.map(String.init))
    readmeExample()
}

@Test func readmeExampleFindsTheStack() {
    let tree = Parser.parse(SourceFile(path: "toolbar.stack", text: "hstack bar(spacing: 8) { label title }"))
    var found: [String] = []
    for case .element(let element) in tree.declarations { found.append("\(element.kind.text) \(element.name?.text ?? "-")") }
    #expect(found == ["hstack bar"])
    #expect(tree.diagnostics.isEmpty)
}
