// UIKit re-exports Foundation (CGFloat, CGRect, CGSize); code written for UIKit expects the same here.
@_exported import Foundation

/// `UILayoutPriority`: how much a constraint matters, 1...1000; 1000 is required.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
    /// The priority.
    public var rawValue: Float

    /// Creates a priority.
    public init(rawValue: Float) { self.rawValue = rawValue }

    /// Creates a priority.
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    /// 1000: must hold.
    public static let required = UILayoutPriority(1000)
    /// 750: compression resistance's default.
    public static let defaultHigh = UILayoutPriority(750)
    /// 250: content hugging's default.
    public static let defaultLow = UILayoutPriority(250)
    /// 50: the level a view's fitting size is computed at.
    public static let fittingSizeLevel = UILayoutPriority(50)

    /// Orders by value.
    public static func < (a: UILayoutPriority, b: UILayoutPriority) -> Bool { a.rawValue < b.rawValue }

    /// A priority raised by `value`.
    public static func + (priority: UILayoutPriority, value: Float) -> UILayoutPriority { UILayoutPriority(priority.rawValue + value) }

    /// A priority lowered by `value`.
    public static func - (priority: UILayoutPriority, value: Float) -> UILayoutPriority { UILayoutPriority(priority.rawValue - value) }
}

/// `UIControl.State`, for `UIButton.setTitle(_:for:)`.
public struct UIControlState: OptionSet, Hashable, Sendable {
    /// The bits.
    public var rawValue: UInt
    /// Creates a state.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The normal state.
    public static let normal = UIControlState([])
}

/// `UIImage`: here only a name, since nothing is drawn.
public final class UIImage: Sendable {
    /// The name it was created with.
    public let name: String

    /// An image by name; always succeeds (there is no asset catalogue to look in).
    public init?(named name: String) { self.name = name }
}
