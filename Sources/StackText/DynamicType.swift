/// UIKit's text styles (`UIFont.TextStyle`).
public enum TextStyle: String, Sendable, CaseIterable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The weight the system font has in this style: semibold for `headline`, regular for the rest.
    public var weight: FontWeight { self == .headline ? .semibold : .regular }

    /// The point size at a content size category: Apple's published Dynamic Type table for iOS
    /// (Human Interface Guidelines, Typography, "Dynamic Type sizes").
    public func pointSize(at category: ContentSizeCategory) -> Double {
        Double(Self.sizes[category.index][Self.allCases.firstIndex(of: self)!])
    }

    /// Rows: content size categories in `ContentSizeCategory.allCases` order; columns: styles in
    /// `allCases` order (largeTitle ... caption2).
    private static let sizes: [[Int]] = [
        [31, 25, 19, 17, 14, 14, 13, 12, 12, 11, 11],  // xSmall
        [32, 26, 20, 18, 15, 15, 14, 13, 12, 11, 11],  // small
        [33, 27, 21, 19, 16, 16, 15, 14, 12, 11, 11],  // medium
        [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11],  // large (the default)
        [36, 30, 24, 22, 19, 19, 18, 17, 15, 14, 13],  // xLarge
        [38, 32, 26, 24, 21, 21, 20, 19, 17, 16, 15],  // xxLarge
        [40, 34, 28, 26, 23, 23, 22, 21, 19, 18, 17],  // xxxLarge
        [44, 38, 34, 31, 28, 28, 26, 25, 23, 22, 20],  // accessibility1
        [48, 43, 39, 37, 33, 33, 32, 30, 27, 26, 24],  // accessibility2
        [52, 48, 44, 43, 40, 40, 38, 36, 33, 32, 29],  // accessibility3
        [56, 53, 50, 49, 47, 47, 44, 42, 38, 37, 34],  // accessibility4
        [60, 58, 56, 55, 53, 53, 51, 49, 44, 43, 40],  // accessibility5
    ]
}

/// `UIContentSizeCategory`: the user's text size setting.
public enum ContentSizeCategory: String, Sendable, CaseIterable, Comparable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5

    /// UIKit's default.
    public static let `default` = ContentSizeCategory.large

    var index: Int { Self.allCases.firstIndex(of: self)! }

    public static func < (a: Self, b: Self) -> Bool { a.index < b.index }

    /// Whether this is one of the larger accessibility sizes.
    public var isAccessibility: Bool { self >= .accessibility1 }
}

/// `UIFont.Weight`, by its name.
public enum FontWeight: String, Sendable, CaseIterable, Comparable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// The OpenType weight class (100 ... 900).
    public var weightClass: Int { 100 * (Self.allCases.firstIndex(of: self)! + 1) }

    public static func < (a: Self, b: Self) -> Bool { a.weightClass < b.weightClass }
}

/// A label's or button's font, as `.stack` writes it.
public enum FontSpec: Hashable, Sendable {
    /// `UIFont.preferredFont(forTextStyle:)`: scales with the content size category.
    case style(TextStyle)
    /// `UIFont.systemFont(ofSize:weight:)`: a fixed size.
    case system(size: Double, weight: FontWeight)
    /// `UIFont(name:size:)` of an app's font file, optionally scaled with Dynamic Type.
    case custom(CustomFont)

    /// UILabel's default font.
    public static let `default` = FontSpec.style(.body)

    /// The point size and weight at a content size category (a custom font's file is its one face:
    /// its weight is `regular`, which no measurement reads).
    public func resolved(at category: ContentSizeCategory) -> (size: Double, weight: FontWeight) {
        switch self {
        case .style(let style): (style.pointSize(at: category), style.weight)
        case .system(let size, let weight): (size, weight)
        case .custom(let font): (font.pointSize(at: category), .regular)
        }
    }
}
