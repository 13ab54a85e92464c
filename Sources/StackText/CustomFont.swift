/// A label's or button's font from an app's own font file (`font: custom("Fonts/Brand.otf", 17, body)`):
/// `UIFont(name:size:)` of the font's PostScript name, optionally scaled like
/// `UIFontMetrics(forTextStyle:).scaledFont(for:)`.
///
/// It carries the font's metrics, so anything that measures with it (the checker, the runtime's
/// UIFont, `--font-file` or not) measures in this font. Two custom fonts are equal when their file,
/// name, size and scaling style are: the metrics follow from the file.
public struct CustomFont: Hashable, Sendable {
    /// The file's path as the `.stack` file writes it.
    public var path: String
    /// The name `UIFont(name:size:)` finds the registered font by (`name` table, name ID 6).
    public var postScriptName: String
    /// The point size at UIKit's default content size category.
    public var size: Double
    /// The text style whose Dynamic Type ratio scales the size; nil: a fixed size.
    public var scaledLike: TextStyle?
    /// The font's advances, kerning and vertical metrics.
    public var metrics: FontMetrics

    /// Creates a custom font.
    public init(path: String, postScriptName: String, size: Double, scaledLike: TextStyle? = nil, metrics: FontMetrics) {
        self.path = path
        self.postScriptName = postScriptName
        self.size = size
        self.scaledLike = scaledLike
        self.metrics = metrics
    }

    /// The point size at a content size category: `size` times the style's size at the category over
    /// its size at `large` (Apple's Dynamic Type table), as UIFontMetrics scales a font.
    public func pointSize(at category: ContentSizeCategory) -> Double {
        guard let style = scaledLike else { return size }
        return size * style.pointSize(at: category) / style.pointSize(at: .default)
    }

    public static func == (a: CustomFont, b: CustomFont) -> Bool {
        a.path == b.path && a.postScriptName == b.postScriptName && a.size == b.size && a.scaledLike == b.scaledLike
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(postScriptName)
        hasher.combine(size)
        hasher.combine(scaledLike)
    }
}
