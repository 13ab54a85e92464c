import StackText

/// `UIFont`: a Dynamic Type text style or the system font at a size and weight. Labels and buttons
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
