import StackText

/// `UIFont`: a Dynamic Type text style, the system font at a size and weight, or a registered font file. Labels and buttons
/// measure their text in it with StackText, as `stackc` does, so headless frames match the checker's.
public final class UIFont: Sendable {
    /// What StackText measures with.
    public let spec: FontSpec

    init(_ spec: FontSpec) { self.spec = spec }

    /// The point size at UIKit's default content size category.
    public var pointSize: CGFloat { CGFloat(spec.resolved(at: .default).size) }

    /// `UIFont.TextStyle`.
    public struct TextStyle: Hashable, Sendable {
        let style: StackText.TextStyle
        public static let largeTitle = TextStyle(style: .largeTitle)
        public static let title1 = TextStyle(style: .title1)
        public static let title2 = TextStyle(style: .title2)
        public static let title3 = TextStyle(style: .title3)
        public static let headline = TextStyle(style: .headline)
        public static let body = TextStyle(style: .body)
        public static let callout = TextStyle(style: .callout)
        public static let subheadline = TextStyle(style: .subheadline)
        public static let footnote = TextStyle(style: .footnote)
        public static let caption1 = TextStyle(style: .caption1)
        public static let caption2 = TextStyle(style: .caption2)
    }

    /// `UIFont.Weight`.
    public struct Weight: Hashable, Sendable {
        let weight: FontWeight
        public static let ultraLight = Weight(weight: .ultraLight)
        public static let thin = Weight(weight: .thin)
        public static let light = Weight(weight: .light)
        public static let regular = Weight(weight: .regular)
        public static let medium = Weight(weight: .medium)
        public static let semibold = Weight(weight: .semibold)
        public static let bold = Weight(weight: .bold)
        public static let heavy = Weight(weight: .heavy)
        public static let black = Weight(weight: .black)
    }

    /// The font of a text style (it scales with the content size category).
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        UIFont(.style(style.style))
    }

    /// The system font at a fixed size.
    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(.system(size: Double(size), weight: weight.weight))
    }
}

/// What StackRuntime measures text in: stackc's default font at UIKit's default content size category
/// on a 3x screen, as `stackc` measures without options.
@MainActor
public var textEnvironment = TextEnvironment.standard

extension UIFont {
    /// A registered font (`registerFont(atPath:)`) by its PostScript name at a fixed size; nil when no
    /// font of that name is registered, as UIKit gives for a font the app does not ship.
    @MainActor
    public convenience init?(name: String, size: CGFloat) {
        guard let face = registeredFonts[name] else { return nil }
        self.init(.custom(CustomFont(path: face.path, postScriptName: name, size: Double(size), metrics: face.metrics)))
    }
}

/// `UIFontMetrics`: scales a font with the content size category as a text style does.
public struct UIFontMetrics: Sendable {
    let style: StackText.TextStyle

    /// The metrics of a text style.
    public init(forTextStyle textStyle: UIFont.TextStyle) { style = textStyle.style }

    /// The body style's metrics.
    public static let `default` = UIFontMetrics(forTextStyle: .body)

    /// A custom font that scales by this style's Dynamic Type ratio. Text styles scale already and the
    /// system font at a fixed size is not modelled scaled: those come back unchanged.
    public func scaledFont(for font: UIFont) -> UIFont {
        guard case .custom(var custom) = font.spec else { return font }
        custom.scaledLike = style
        return UIFont(.custom(custom))
    }
}

/// Fonts registered with `registerFont(atPath:)`, by PostScript name.
@MainActor
var registeredFonts: [String: (path: String, metrics: FontMetrics)] = [:]

/// Registers a font file, as an app's Info.plist `UIAppFonts` entry or `CTFontManagerRegisterFontsForURL`
/// does: `UIFont(name:size:)` finds it by its PostScript name afterwards. Returns that name.
@MainActor
@discardableResult
public func registerFont(atPath path: String) throws(FontLoadError) -> String {
    let face = try FontFileLoader.fileSystem.load(path).get()
    registeredFonts[face.postScriptName] = (path, face.metrics)
    return face.postScriptName
}
