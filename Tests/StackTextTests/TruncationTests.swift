import Testing
@testable import StackText

/// Cutting a line to fit, with the font of `TextLayoutTests` (every character, the ellipsis included, 5
/// points wide), so every expectation is a count of characters.
@Suite struct TruncationTests {
    static let mono = TextLayoutTests.mono

    @Test(arguments: [
        ("abcdefgh", 20.0, "abc"),     // 3 characters and the ellipsis: 20 points
        ("abcdefgh", 24.9, "abc"),
        ("ab cdefgh", 20.0, "ab"),     // no space before the ellipsis
        ("abc", 9.0, ""),              // not even one character fits beside it
        ("abc", 0.0, ""),
        ("héllo wörld", 30.0, "héllo"),
    ] as [(String, Double, String)])
    func tailKeepsTheLongestStartThatFits(text: String, width: Double, head: String) {
        let cut = Self.mono.truncatingTail(text, toFit: width)
        #expect(cut.head == head && cut.tail == "")
        #expect(cut.text == head + "\u{2026}")
    }

    @Test(arguments: [
        ("abcdefgh", 25.0, "ab", "gh"),    // 2 + 2 characters and the ellipsis: 25 points
        ("abcdefgh", 30.0, "abc", "gh"),   // an odd count keeps the extra one at the start
        ("abc def", 25.0, "ab", "ef"),
        ("abcdefgh", 4.0, "", ""),
    ] as [(String, Double, String, String)])
    func middleKeepsBothEnds(text: String, width: Double, head: String, tail: String) {
        let cut = Self.mono.truncatingMiddle(text, toFit: width)
        #expect(cut.head == head && cut.tail == tail)
    }

    @Test func linesAreWholeLineHeightsApartOnThePixelGrid() {
        // 10-point lines on a 1x screen; a 3x screen rounds a line height to a third of a point.
        #expect([0, 1, 2].map { Self.mono.lineOffset($0) } == [0, 10, 20])
        let inter = FontLibrary.standard.measurer(for: .default)
        #expect(inter.lineOffset(1) == (inter.lineHeight * 3).rounded() / 3)
        #expect(Self.mono.descent == 2)
    }

    @Test func familyNameIsWhatTheFacesShare() {
        #expect(FontLibrary.standard.familyName == "Inter")
        #expect(FontLibrary(single: Self.mono.metrics).familyName == "mono")
    }
}
