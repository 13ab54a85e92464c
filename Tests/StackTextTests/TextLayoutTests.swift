import Testing
@testable import StackText

@Suite struct TextLayoutTests {
    /// Every character 5 points wide (500 units at 1000 per em, 10 points), kerning none.
    static let mono = TextMeasurer(
        metrics: FontMetrics(name: "mono", unitsPerEm: 1000, ascender: 800, descender: -200, lineGap: 0,
                             advances: [:], missingAdvance: 500, kerning: [:]),
        size: 10, scale: 1)

    @Test(arguments: [
        ("aa bb cc", 12.0, ["aa", "bb", "cc"]),
        ("aa bb cc", 25.0, ["aa bb", "cc"]),
        ("aa bb cc", 40.0, ["aa bb cc"]),
        ("aaaaaaa", 12.0, ["aa", "aa", "aa", "a"]),
        ("aa  bb", 10.0, ["aa", "bb"]),
        ("one\ntwo three", 100.0, ["one", "two three"]),
        ("", 10.0, [""]),
        ("a", 1.0, ["a"]),
    ] as [(String, Double, [String])])
    func wrapsGreedilyAtSpaces(text: String, width: Double, lines: [String]) {
        #expect(Self.mono.lines(of: text, width: width).map(String.init) == lines)
    }

    @Test func unwrappedTextKeepsItsParagraphs() {
        #expect(Self.mono.lines(of: "a b\nc", width: nil).map(String.init) == ["a b", "c"])
    }

    @Test func pixelRounding() {
        let measurer = TextMeasurer(metrics: Self.mono.metrics, size: 10, scale: 3)
        #expect(measurer.ceilToPixel(10.0) == 10)
        #expect(measurer.ceilToPixel(10.01) == 31.0 / 3)
        #expect(measurer.roundToPixel(10.1) == 10)
    }

    /// Apple's published body sizes, xSmall to accessibility5, and the default column.
    @Test func dynamicTypeTable() {
        #expect(ContentSizeCategory.allCases.map { TextStyle.body.pointSize(at: $0) } == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        #expect(TextStyle.allCases.map { $0.pointSize(at: .large) } == [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11])
        #expect(TextStyle.allCases.map { $0.pointSize(at: .accessibility5) } == [60, 58, 56, 55, 53, 53, 51, 49, 44, 43, 40])
        #expect(TextStyle.headline.weight == .semibold && TextStyle.body.weight == .regular)
    }
}
