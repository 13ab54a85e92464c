/// Everything text measurement depends on besides the text: the fonts, the user's content size
/// category and the screen's pixel density.
public struct TextEnvironment: Sendable {
    public var fonts: FontLibrary
    public var category: ContentSizeCategory
    /// Pixels per point: sizes round up to this grid, as UILabel's do.
    public var scale: Double
    /// Reads the font files `font: custom(...)` names.
    public var fontFiles: FontFileLoader

    /// Creates an environment; the defaults are stackc's font, UIKit's default category, a 3x screen
    /// and font files read from the file system.
    public init(fonts: FontLibrary = .standard, category: ContentSizeCategory = .default, scale: Double = 3,
                fontFiles: FontFileLoader = .fileSystem) {
        self.fonts = fonts
        self.category = category
        self.scale = scale
        self.fontFiles = fontFiles
    }

    /// The default environment.
    public static let standard = TextEnvironment()
}
