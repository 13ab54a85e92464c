/// A line cut to fit its width, as UIKit draws it: `head`, the ellipsis, then `tail` (empty when the
/// tail is cut, `.byTruncatingTail`; the end of the line when the middle is, `.byTruncatingMiddle`).
public struct TruncatedLine: Hashable, Sendable {
    public var head: String
    public var tail: String

    /// Creates a cut line.
    public init(head: String, tail: String = "") {
        self.head = head
        self.tail = tail
    }

    /// The line as drawn, ellipsis included.
    public var text: String { head + TextMeasurer.ellipsis + tail }
}

extension TextMeasurer {
    /// The character UIKit's truncation draws in place of what it cuts (U+2026).
    public static let ellipsis = "\u{2026}"

    /// How far below the first line's baseline line `index` (from 0) has its baseline, in points: whole
    /// line heights, rounded to the pixel grid as the last baseline is.
    public func lineOffset(_ index: Int) -> Double {
        roundToPixel(Double(max(0, index)) * lineHeight)
    }

    /// The distance from a line's baseline to its bottom, in points (the font's descender).
    public var descent: Double { Double(-metrics.descender) * size / Double(metrics.unitsPerEm) }

    /// `text` cut at its tail to fit `width` points, as `.byTruncatingTail` does: the longest run of whole
    /// characters from the start that fits with an ellipsis after it, spaces before the ellipsis dropped.
    /// Always cut (the caller has decided that the text does not fit); an empty head when not even the
    /// first character fits. Linear in the length of `text`.
    public func truncatingTail(_ text: some StringProtocol, toFit width: Double) -> TruncatedLine {
        let ellipsis: UInt32 = 0x2026
        var units = 0
        var previous: UInt32? = nil
        var kept = 0
        var count = 0
        let limit = width + 1e-9
        for character in text {
            for scalar in character.unicodeScalars {
                units += metrics.advance(scalar.value) + (previous.map { metrics.kern($0, scalar.value) } ?? 0)
                previous = scalar.value
            }
            count += 1
            // What follows only widens the line (kerning never takes back a whole advance).
            if Double(units) * pointsPerUnit > limit { break }
            if character == " " { continue }
            let withEllipsis = units + metrics.kern(previous ?? 0, ellipsis) + metrics.advance(ellipsis)
            if Double(withEllipsis) * pointsPerUnit <= limit { kept = count }
        }
        return TruncatedLine(head: String(text.prefix(kept)))
    }

    /// `text` cut in its middle to fit `width` points, as `.byTruncatingMiddle` (UIButton's title) does:
    /// as many whole characters as fit, taken alternately from the start and the end around an ellipsis.
    public func truncatingMiddle(_ text: some StringProtocol, toFit width: Double) -> TruncatedLine {
        let characters = Array(text)
        func cut(_ kept: Int) -> TruncatedLine {
            let tail = kept / 2
            return TruncatedLine(head: String(characters.prefix(kept - tail)).trimmingTrailingSpaces(),
                                 tail: String(characters.suffix(tail)).trimmingLeadingSpaces())
        }
        func fits(_ kept: Int) -> Bool { self.width(of: cut(kept).text) <= width + 1e-9 }
        // Binary search on the number of characters kept: the cut line widens as more are kept.
        var low = 0, high = max(0, characters.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(middle) { low = middle } else { high = middle - 1 }
        }
        return cut(low)
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }

    fileprivate func trimmingLeadingSpaces() -> String {
        String(drop { $0 == " " })
    }
}
