/// Everything text measurement depends on besides the text: the fonts, the user's content size
/// category and the screen's pixel density.
public struct TextEnvironment: Sendable {
    public var fonts: FontLibrary
    public var category: ContentSizeCategory
    /// Pixels per point: sizes round up to this grid, as UILabel's do.
    public var scale: Double

    /// Creates an environment; the defaults are stackc's font, UIKit's default category and a 3x screen.
    public init(fonts: FontLibrary = .standard, category: ContentSizeCategory = .default, scale: Double = 3) {
        self.fonts = fonts
        self.category = category
        self.scale = scale
    }

    /// The default environment.
    public static let standard = TextEnvironment()
}
