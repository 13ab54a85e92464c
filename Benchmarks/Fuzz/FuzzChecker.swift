// libFuzzer entry point for the evaluator and the checker, on inputs up to 64 KB (`FUZZ_TARGET=checker`).
//
// `run.sh` compiles this file together with Sources/StackSyntax and Sources/StackSemantics as one module
// (their `import StackSyntax` lines removed), so it has no imports of its own.
//
// Besides crashes (traps, ASan reports, stack overflows, timeouts), it turns a broken invariant of the
// checked model into a crash so libFuzzer keeps the input: the item limit holds, every tree is pre-order
// with consistent parent and child indices, user constraints name items of their own tree, diagnostics lie
// inside the file and are sorted, and checking is deterministic. The item limit is lowered so that one
// expansion costs milliseconds and the fuzzer spends its time on shapes, not on size.

let fuzzMaximumItems = 5_000

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCheckerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let tree = Parser.parse(SourceFile(path: "fuzz.stack", bytes: bytes))
    let result = check(tree, maximumItems: fuzzMaximumItems)
    let items = result.model.roots.reduce(0) { $0 + $1.nodes.count }
    precondition(items <= fuzzMaximumItems, "\(items) items past the limit of \(fuzzMaximumItems)")
    for root in result.model.roots {
        for (index, node) in root.nodes.enumerated() {
            if let parent = node.parent {
                precondition(parent < index && root.nodes[parent].children.contains(index), "node \(index): parent \(parent) does not hold it")
            } else {
                precondition(index == 0, "node \(index) has no parent but is not the root")
            }
            for child in node.children {
                precondition(child > index && child < root.nodes.count && root.nodes[child].parent == index, "node \(index): bad child \(child)")
            }
        }
        for constraint in root.userConstraints {
            precondition(constraint.first < root.nodes.count, "user constraint names an item outside its tree")
            if let second = constraint.second { precondition(second < root.nodes.count, "user constraint names an item outside its tree") }
        }
    }
    func inside(_ range: SourceRange) -> Bool { range.start >= 0 && range.start <= range.end && range.end <= bytes.count }
    for diagnostic in result.diagnostics {
        precondition(inside(diagnostic.range), "diagnostic range \(diagnostic.range) outside the file: \(diagnostic.message)")
        for note in diagnostic.notes where note.path == nil {
            precondition(inside(note.range), "note range \(note.range) outside the file: \(note.message)")
        }
    }
    precondition(result.diagnostics == result.diagnostics.sortedByLocation(), "diagnostics are not sorted")
    precondition(check(tree, maximumItems: fuzzMaximumItems).diagnostics == result.diagnostics, "checking is not deterministic")
    return 0
}
