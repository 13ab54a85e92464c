import StackText

/// Gives every label and button with `text:` and no `intrinsic:` the intrinsic size UIKit measures for
/// its text, and its baselines: a label's text in its font, one line per paragraph up to `lines:`
/// (wrapping at a solved width is the driver's second pass, `wrapText`), a button's title in its font
/// plus UIButton's 6-point top and bottom title insets. Explicit `firstBaseline:`/`lastBaseline:` win.
func measureText(in tree: inout LayoutTree, environment: TextEnvironment) {
    for index in tree.nodes.indices {
        guard let leaf = tree.nodes[index].leaf, let text = leaf.content,
              tree.nodes[index].kind == .label || tree.nodes[index].kind == .button,
              tree.nodes[index].origins.intrinsic == nil else { continue }
        let measured = measure(text, leaf: leaf, kind: tree.nodes[index].kind, width: nil, environment: environment)
        tree.nodes[index].leaf?.intrinsic = PerAxis(horizontal: measured.width, vertical: measured.height)
        tree.nodes[index].leaf?.measuredText = true
        if leaf.firstBaseline == nil && tree.nodes[index].origins.baselines == nil {
            tree.nodes[index].leaf?.firstBaseline = measured.firstBaseline
            tree.nodes[index].leaf?.lastBaseline = measured.lastBaseline
        }
    }
}

/// A text's measured box and baselines (from the box's top).
public struct MeasuredText: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var firstBaseline: Double
    public var lastBaseline: Double
    /// The number of lines drawn, and whether text is cut off (more lines than `lines:` allows).
    public var lineCount: Int
    public var truncated: Bool
}

/// UIButton's title inset above and below its title (a title-only system button is its title's
/// height plus 12: 30 points for the 15-point title font).
let buttonTitleInset = 6.0

/// Measures a label's or button's text, wrapped at `width` when given (a label with `lines:` other
/// than 1), else a line per paragraph.
public func measure(_ text: String, leaf: LeafAttributes, kind: ElementKind, width: Double?, environment: TextEnvironment) -> MeasuredText {
    let font = leaf.font ?? (kind == .button ? .system(size: 15, weight: .regular) : .default)
    let measurer = environment.fonts.measurer(for: font, category: environment.category, scale: environment.scale)
    let limit = kind == .button ? 1 : leaf.lines
    let all = text.isEmpty ? [] : measurer.lines(of: text, width: limit == 1 ? nil : width)
    let shown = limit == 0 ? all : Array(all.prefix(limit))
    let widest = shown.map { measurer.width(of: $0) }.max() ?? 0
    let inset = kind == .button ? buttonTitleInset : 0
    let lineHeight = measurer.lineHeight
    let ascent = measurer.roundToPixel(measurer.ascent)
    let height = shown.isEmpty ? 0 : measurer.ceilToPixel(Double(shown.count) * lineHeight) + 2 * inset
    return MeasuredText(
        width: measurer.ceilToPixel(widest), height: height,
        firstBaseline: inset + ascent,
        lastBaseline: inset + ascent + measurer.roundToPixel(Double(max(0, shown.count - 1)) * lineHeight),
        lineCount: shown.count, truncated: shown.count < all.count)
}
