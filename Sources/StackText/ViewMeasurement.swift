/// A text's measured box and baselines (from the box's top), as a label or button reports them.
public struct MeasuredText: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var firstBaseline: Double
    public var lastBaseline: Double
    /// The number of lines drawn, and whether text is cut off (more lines than the view shows).
    public var lineCount: Int
    public var truncated: Bool
}

extension TextEnvironment {
    /// UIButton's title inset above and below its title (a title-only system button is its title's
    /// height plus 12: 30 points for its 15-point title font).
    public static let buttonTitleInset = 6.0

    /// The font of a button's title when none is given: UIButton's `system(15)`.
    public static let buttonFont = FontSpec.system(size: 15, weight: .regular)

    /// UILabel's intrinsic size and baselines for `text` in `font`, showing at most `lines` lines (0: all),
    /// wrapped at `width` points when given (`preferredMaxLayoutWidth`), else a line per paragraph.
    public func measureLabel(_ text: String, font: FontSpec = .default, lines: Int = 1, width: Double? = nil) -> MeasuredText {
        measure(text, font: font, lines: lines, width: lines == 1 ? nil : width, inset: 0)
    }

    /// A title-only UIButton's intrinsic size and baselines: one line of its title plus the insets.
    public func measureButton(_ title: String, font: FontSpec = TextEnvironment.buttonFont) -> MeasuredText {
        measure(title, font: font, lines: 1, width: nil, inset: Self.buttonTitleInset)
    }

    private func measure(_ text: String, font: FontSpec, lines limit: Int, width: Double?, inset: Double) -> MeasuredText {
        let measurer = fonts.measurer(for: font, category: category, scale: scale)
        let all = text.isEmpty ? [] : measurer.lines(of: text, width: width)
        let shown = limit == 0 ? all : Array(all.prefix(limit))
        let widest = shown.map { measurer.width(of: $0) }.max() ?? 0
        let lineHeight = measurer.lineHeight
        let ascent = measurer.roundToPixel(measurer.ascent)
        let height = shown.isEmpty ? 0 : measurer.ceilToPixel(Double(shown.count) * lineHeight) + 2 * inset
        return MeasuredText(
            width: measurer.ceilToPixel(widest), height: height,
            firstBaseline: inset + ascent,
            lastBaseline: inset + ascent + measurer.lineOffset(shown.count - 1),
            lineCount: shown.count, truncated: shown.count < all.count)
    }
}
