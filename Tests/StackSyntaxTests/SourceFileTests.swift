import StackSyntax
import Testing

@Suite struct SourceFileTests {
    /// A line hint only speeds the lookup up: any hint, right, wrong or out of range, gives the line
    /// the search gives, for every offset (empty lines, a last line without a newline, past the end).
    @Test func lineHintNeverChangesTheAnswer() {
        let file = SourceFile(path: "lines.stack", text: "a\n\nbc\ndéf\n\n\nlast")
        for offset in -1...(file.bytes.count + 2) {
            let expected = file.lineIndex(of: offset)
            for hint in [-5, -1, 0, 1, 2, 3, 4, 5, 6, 7, 100] {
                #expect(file.lineIndex(of: offset, nearLine: hint) == expected, "offset \(offset), hint \(hint)")
                #expect(file.location(of: offset, nearLine: hint) == file.location(of: offset))
            }
        }
        #expect(file.lineIndex(of: 3) == 2)
        #expect(file.lineIndex(of: 2) == 1)
    }
}
