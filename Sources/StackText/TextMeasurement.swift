/// Measures text as UILabel sizes itself: advances plus kerning, scaled from font units to points, a
/// line height of ascender + descender + line gap, sizes rounded up to the screen's pixel grid.
///
/// Not modelled (README, "Text"): shaping beyond pair kerning (ligatures and contextual alternates
/// leave widths nearly unchanged in Latin text), scripts that need a shaper, and font fallback (a
/// character the font lacks measures as its `.notdef` glyph).
public struct TextMeasurer: Sendable {
    public let metrics: FontMetrics
    /// The point size.
    public let size: Double
    /// Pixels per point (3 on current iPhones, 2 on iPads and iPhone SE).
    public let scale: Double

    /// Creates a measurer for a font at a point size.
    public init(metrics: FontMetrics, size: Double, scale: Double = 3) {
        self.metrics = metrics
        self.size = size
        self.scale = scale
    }

    var pointsPerUnit: Double { size / Double(metrics.unitsPerEm) }

    /// The distance from one line's baseline to the next, in points.
    public var lineHeight: Double { Double(metrics.ascender - metrics.descender + metrics.lineGap) * pointsPerUnit }

    /// The distance from a line's top to its baseline, in points.
    public var ascent: Double { Double(metrics.ascender) * pointsPerUnit }

    /// The width of one line of text, in points, unrounded.
    public func width(of line: some StringProtocol) -> Double {
        var units = 0
        var previous: UInt32? = nil
        for scalar in line.unicodeScalars {
            let value = scalar.value
            units += metrics.advance(value)
            if let previous { units += metrics.kern(previous, value) }
            previous = value
        }
        return Double(units) * pointsPerUnit
    }

    /// `value` rounded up to the pixel grid (a hair of floating-point error does not add a pixel).
    public func ceilToPixel(_ value: Double) -> Double {
        (value * scale - 1e-9).rounded(.up) / scale
    }

    /// `value` rounded to the nearest pixel.
    public func roundToPixel(_ value: Double) -> Double {
        (value * scale).rounded() / scale
    }

    /// The lines `text` breaks into at `width` points: at newlines, then between words where a line
    /// would overflow; a word wider than the line breaks between characters. `width` nil: no wrapping.
    public func lines(of text: String, width: Double?) -> [Substring] {
        var result: [Substring] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let width else {
                result.append(paragraph)
                continue
            }
            result += wrap(paragraph, width: width)
        }
        return result
    }

    /// Greedy wrapping in one pass: a line grows a scalar at a time; when a non-space would overflow
    /// it, the line ends at the last space (spaces may hang past the edge), else before that scalar (a
    /// line keeps at least one scalar, so every line advances).
    private func wrap(_ paragraph: Substring, width: Double) -> [Substring] {
        let scalars = Array(paragraph.unicodeScalars)
        let indices = Array(paragraph.unicodeScalars.indices) + [paragraph.endIndex]
        guard !scalars.isEmpty else { return [paragraph] }
        var lines: [Substring] = []
        var start = 0
        while start < scalars.count {
            var units = 0
            var previous: UInt32? = nil
            var lastSpace: Int? = nil
            var index = start
            while index < scalars.count {
                let value = scalars[index].value
                units += metrics.advance(value) + (previous.map { metrics.kern($0, value) } ?? 0)
                previous = value
                if value == 0x20 {
                    if index > start { lastSpace = index }
                } else if index > start, ceilToPixel(Double(units) * pointsPerUnit) > width + 1e-9 {
                    break
                }
                index += 1
            }
            guard index < scalars.count else {
                lines.append(paragraph[indices[start]...].trimmingTrailingSpaces())
                break
            }
            let end = lastSpace ?? index
            lines.append(paragraph[indices[start]..<indices[end]].trimmingTrailingSpaces())
            start = end
            while start < scalars.count, scalars[start].value == 0x20 { start += 1 }
        }
        return lines
    }
}

extension Substring {
    func trimmingTrailingSpaces() -> Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return self[startIndex..<end]
    }
}
