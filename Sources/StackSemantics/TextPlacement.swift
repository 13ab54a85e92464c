import StackSyntax
import StackText

/// How a label or button shows its text in its solved frame, measured as the checker measures it: the
/// truncation warning (W203) reports `truncation`, `stackc render` draws `lines`. One function decides
/// both, so the picture marks exactly the items the warning names.
public struct TextPlacement: Hashable, Sendable {
    /// One line as drawn; positions in points from the frame's top-left corner.
    public struct Line: Hashable, Sendable {
        /// The line's text as wrapped, before any cut.
        public var text: String
        /// The line cut with an ellipsis, when it does not fit (or more text follows it that is not shown).
        public var cut: TruncatedLine?
        /// Where the line starts (its left end, whatever the direction).
        public var x: Double
        /// Its baseline.
        public var baseline: Double
        /// Its width as drawn (the cut one when cut), unrounded.
        public var width: Double
        /// Where the ellipsis starts and how wide it is, when cut.
        public var ellipsisX: Double?
        public var ellipsisWidth: Double?

        /// The line as drawn.
        public var shown: String { cut?.text ?? text }
    }

    /// The point size (after the content size category) and weight of the font.
    public var size: Double
    public var weight: FontWeight
    /// The lines shown, top to bottom.
    public var lines: [Line]
    /// From a line's top to its baseline (the font's ascent on the pixel grid, where the measurement
    /// puts the first baseline) and from its baseline to its bottom (the descent), in points.
    public var ascent: Double
    public var descent: Double
    /// When the text is sized by its measure and gets less room than it needs: what W203 says after
    /// "truncates its text: " ("68 points wide for text 97.333 wide").
    public var truncation: String?

    /// Whether the text gets less room than it needs (W203).
    public var isTruncated: Bool { truncation != nil }
}

extension TextEnvironment {
    /// Sizes below this count as smaller (the solvers' precision is 1e-6).
    static let placementTolerance = 1e-6

    /// How `node` (a label or button with `text:`) shows its text in a frame of `width` × `height`
    /// points; nil for other nodes. A label's lines start at its leading edge (the right one when
    /// `rightToLeft`), a button's title is centred; baselines are the measured ones, from the top.
    /// A label of one line or a button is narrower than its text: it is cut (a label's tail, a button's
    /// middle, as UIButton's title label does). A label of several lines is wrapped at `width`; it shows
    /// the lines `lines:` allows and its height holds (at least one), the last of them cut with an
    /// ellipsis when text follows. `truncation` is set only for text sized by its measure
    /// (`measuredText`): an explicit `intrinsic:` is the author's choice.
    public func placement(of node: LayoutNode, width: Double, height: Double, rightToLeft: Bool = false) -> TextPlacement? {
        guard let leaf = node.leaf, let text = leaf.text, node.kind == .label || node.kind == .button else { return nil }
        let button = node.kind == .button
        let font = leaf.font ?? (button ? TextEnvironment.buttonFont : .default)
        let measurer = fonts.measurer(for: font, category: category, scale: scale)
        let resolved = font.resolved(at: category)
        var placement = TextPlacement(size: resolved.size, weight: resolved.weight, lines: [],
                                      ascent: measurer.roundToPixel(measurer.ascent), descent: measurer.descent, truncation: nil)
        let tolerance = Self.placementTolerance
        let firstBaseline = (button ? Self.buttonTitleInset : 0) + measurer.roundToPixel(measurer.ascent)
        func line(_ text: Substring, index: Int, cut: TruncatedLine?) -> TextPlacement.Line {
            let drawn = measurer.width(of: cut?.text ?? String(text))
            let x = button ? (width - drawn) / 2 : rightToLeft ? width - drawn : 0
            var result = TextPlacement.Line(text: String(text), cut: cut, x: x, baseline: firstBaseline + measurer.lineOffset(index),
                                            width: drawn, ellipsisX: nil, ellipsisWidth: nil)
            if let cut {
                let ellipsis = measurer.width(of: TextMeasurer.ellipsis)
                result.ellipsisWidth = ellipsis
                result.ellipsisX = x + measurer.width(of: cut.head + TextMeasurer.ellipsis) - ellipsis
            }
            return result
        }

        if button || leaf.lines == 1 {
            let single = button ? measureButton(text, font: font) : measureLabel(text, font: font, lines: leaf.lines)
            let narrow = width < single.width - tolerance
            if narrow || height < single.height - tolerance {
                placement.truncation = !leaf.measuredText ? nil : narrow
                    ? "\(Self.points(width)) points wide for text \(Self.points(single.width)) wide"
                    : "\(Self.points(height)) points tall for text \(Self.points(single.height)) tall"
            }
            guard let first = measurer.lines(of: text, width: nil).first, !text.isEmpty else { return placement }
            let cut = !narrow ? nil : button ? measurer.truncatingMiddle(first, toFit: max(0, width))
                : measurer.truncatingTail(first, toFit: max(0, width))
            placement.lines = [line(first, index: 0, cut: cut)]
        } else {
            let wrapped = measureLabel(text, font: font, lines: leaf.lines, width: max(0, width))
            if wrapped.truncated || height < wrapped.height - tolerance || width < wrapped.width - tolerance {
                let needed = measureLabel(text, font: font, lines: 0, width: max(0, width))
                // Tall as its room and its text first, so `check` can tell the worst case of several.
                let shown = wrapped.truncated ? wrapped.height : height
                placement.truncation = !leaf.measuredText ? nil : "\(Self.points(shown)) points tall for text \(Self.points(needed.height)) tall "
                    + "(\(needed.lineCount) line\(needed.lineCount == 1 ? "" : "s") at \(Self.points(width)) points wide" + (leaf.lines > 0 ? ", lines: \(leaf.lines))" : ")")
            }
            guard !text.isEmpty else { return placement }
            let all = measurer.lines(of: text, width: max(0, width))
            let limit = leaf.lines == 0 ? all.count : min(leaf.lines, all.count)
            var fitting = 0
            while fitting < limit, measurer.ceilToPixel(Double(fitting + 1) * measurer.lineHeight) <= height + tolerance { fitting += 1 }
            let shown = min(all.count, max(1, fitting))
            for index in 0..<shown {
                let current = all[index]
                var cut: TruncatedLine?
                if index == shown - 1, shown < all.count {
                    // UIKit lays the rest of the paragraph out as one line and cuts its tail.
                    let end = text[current.startIndex...].firstIndex(of: "\n") ?? text.endIndex
                    cut = measurer.truncatingTail(text[current.startIndex..<end], toFit: max(0, width))
                } else if measurer.width(of: current) > width + tolerance {
                    cut = measurer.truncatingTail(current, toFit: max(0, width))
                }
                placement.lines.append(line(current, index: index, cut: cut))
            }
        }
        return placement
    }

    /// A number of points as messages write it: at most three decimals.
    private static func points(_ value: Double) -> String { formatNumber((value * 1000).rounded() / 1000) }
}
