import StackSyntax
import StackTestSupport
import StackText
import Testing
@testable import StackSemantics

/// Where a label's or button's lines go in its frame and when it is truncated (W203), with a font whose
/// every character is 5 points wide at 10 points (ascent 8, descent 2, lines 10 apart) on a 1x screen,
/// so that every expectation is counted by hand.
@Suite struct TextPlacementTests {
    static let mono = FontMetrics(name: "mono", unitsPerEm: 1000, ascender: 800, descender: -200, lineGap: 0,
                                  advances: [:], missingAdvance: 500, kerning: [:])
    static let environment = TextEnvironment(fonts: FontLibrary(single: mono), scale: 1)

    func node(_ element: String) throws -> LayoutNode {
        let result = check(SourceFile(path: "t.stack", text: "vstack main {\n    \(element)\n}\n"), text: Self.environment)
        #expect(!result.diagnostics.hasErrors)
        return try #require(result.model.roots.first?.nodes.last)
    }

    func place(_ element: String, _ width: Double, _ height: Double, rightToLeft: Bool = false) throws -> TextPlacement {
        try #require(Self.environment.placement(of: try node(element), width: width, height: height, rightToLeft: rightToLeft))
    }

    @Test func aLineThatFitsStartsAtTheLeadingEdgeOnItsBaseline() throws {
        let placement = try place(#"label a(text: "abcd", font: system(10))"#, 40, 10)
        #expect(placement.size == 10 && placement.weight == .regular && placement.truncation == nil)
        #expect(placement.lines.map(\.shown) == ["abcd"])
        #expect(placement.lines[0].x == 0 && placement.lines[0].baseline == 8 && placement.lines[0].width == 20)
        let rightToLeft = try place(#"label a(text: "abcd", font: system(10))"#, 40, 10, rightToLeft: true)
        #expect(rightToLeft.lines[0].x == 20)
    }

    @Test func aNarrowLabelIsCutAtItsTail() throws {
        let placement = try place(#"label a(text: "abcdefgh", font: system(10, bold))"#, 22, 10)
        #expect(placement.truncation == "22 points wide for text 40 wide")
        let line = try #require(placement.lines.first)
        #expect(line.cut == TruncatedLine(head: "abc") && line.width == 20)
        #expect(line.ellipsisX == 15 && line.ellipsisWidth == 5)
        #expect(placement.weight == .bold)
    }

    @Test func aShortLabelIsTruncatedButNotCut() throws {
        let placement = try place(#"label a(text: "ab", font: system(10))"#, 10, 6)
        #expect(placement.truncation == "6 points tall for text 10 tall")
        #expect(placement.lines.map(\.cut) == [nil])
    }

    @Test func anExplicitIntrinsicSizeIsCutButNotTruncated() throws {
        let placement = try place(#"label a(text: "abcdefgh", font: system(10), intrinsic: 20 x 10)"#, 20, 10)
        #expect(placement.truncation == nil)
        #expect(placement.lines.first?.cut == TruncatedLine(head: "abc"))
    }

    @Test func aButtonIsCutInTheMiddleAndCentred() throws {
        // The title is 15 points tall with its font at 15: 7.5 points a character, a 6-point inset above.
        let placement = try place(#"button b(text: "abcdefgh")"#, 40, 30)
        let line = try #require(placement.lines.first)
        #expect(line.cut == TruncatedLine(head: "ab", tail: "gh") && line.width == 37.5)
        #expect(line.x == 1.25 && line.baseline == 18)
        #expect(placement.truncation == "40 points wide for text 60 wide")
    }

    @Test func wrappedLinesAreALineHeightApart() throws {
        let placement = try place(#"label a(text: "aaaa bbbb cc", font: system(10), lines: 0)"#, 25, 30)
        #expect(placement.lines.map(\.shown) == ["aaaa", "bbbb", "cc"])
        #expect(placement.lines.map(\.baseline) == [8, 18, 28])
        #expect(placement.truncation == nil)
    }

    @Test func theLastLineShownIsCutWhenMoreFollows() throws {
        // Two lines allowed: the second shows the rest of the paragraph cut at its tail.
        let limited = try place(#"label a(text: "aaaa bbbb cc", font: system(10), lines: 2)"#, 25, 20)
        #expect(limited.lines.map(\.shown) == ["aaaa", "bbbb\u{2026}"])
        #expect(limited.truncation == "20 points tall for text 30 tall (3 lines at 25 points wide, lines: 2)")
        // No limit, but room for one line only.
        let squeezed = try place(#"label a(text: "aaaa bbbb cc", font: system(10), lines: 0)"#, 25, 14)
        #expect(squeezed.lines.map(\.shown) == ["aaaa\u{2026}"])
        #expect(squeezed.truncation == "14 points tall for text 30 tall (3 lines at 25 points wide)")
        // The last line shown takes the rest of its paragraph only; the ellipsis says more follows.
        let paragraphs = try place(#"label a(text: "aa\nbbbb\ncc", font: system(10), lines: 2)"#, 25, 20)
        #expect(paragraphs.lines.map(\.shown) == ["aa", "bbbb\u{2026}"])
    }
}
