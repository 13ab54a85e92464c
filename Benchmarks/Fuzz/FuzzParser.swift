// libFuzzer entry point for the front end: lex, parse and check arbitrary bytes.
//
// `run.sh` compiles this file together with Sources/StackSyntax and Sources/StackSemantics as one module
// (their `import StackSyntax` lines removed), so it has no imports of its own.
//
// Besides crashes (traps, ASan reports, stack overflows, timeouts), it turns broken invariants into
// crashes so libFuzzer keeps the input: every diagnostic, note and fix-it range inside the file,
// diagnostics sorted, and rendering total.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let file = SourceFile(path: "fuzz.stack", bytes: bytes)
    let tree = Parser.parse(file)
    let result = check(tree)
    func inside(_ range: SourceRange) -> Bool { range.start >= 0 && range.start <= range.end && range.end <= bytes.count }
    for diagnostic in result.diagnostics {
        precondition(inside(diagnostic.range), "diagnostic range \(diagnostic.range) outside the file: \(diagnostic.message)")
        for note in diagnostic.notes where note.path == nil {
            precondition(inside(note.range), "note range \(note.range) outside the file: \(note.message)")
        }
        for fixIt in diagnostic.fixIts {
            for edit in fixIt.edits { precondition(inside(edit.range), "fix-it range \(edit.range) outside the file: \(fixIt.message)") }
        }
    }
    precondition(result.diagnostics == result.diagnostics.sortedByLocation(), "diagnostics are not sorted")
    // Rendering costs O(line length) per diagnostic: a sample keeps long junk lines from timing out.
    _ = DiagnosticRenderer().render(Array(result.diagnostics.prefix(20)), in: file)
    return 0
}
