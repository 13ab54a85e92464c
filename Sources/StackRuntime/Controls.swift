import StackText

/// `UILabel`: its intrinsic size is its text measured in its font (StackText, `textEnvironment`), one
/// line per paragraph up to `numberOfLines`, as `stackc` measures a label.
@MainActor
open class UILabel: UIView {
    /// The text.
    public var text: String? { didSet { invalidateIntrinsicContentSize() } }
    /// The font (UIKit's default: the body style's size).
    public var font: UIFont! = .preferredFont(forTextStyle: .body) { didSet { invalidateIntrinsicContentSize() } }
    /// Lines shown at most; 0 for all.
    public var numberOfLines = 1 { didSet { invalidateIntrinsicContentSize() } }
    /// Kept: the runtime measures at one content size category, `textEnvironment`'s.
    public var adjustsFontForContentSizeCategory = false

    open override var intrinsicContentSize: CGSize {
        let measured = textEnvironment.measureLabel(text ?? "", font: (font ?? .preferredFont(forTextStyle: .body)).spec, lines: numberOfLines)
        return CGSize(width: measured.width, height: measured.height)
    }
}

/// `UIImageView`.
@MainActor
open class UIImageView: UIView {
    /// The image.
    public var image: UIImage?

    /// An image view showing `image`.
    public convenience init(image: UIImage?) {
        self.init(frame: .zero)
        self.image = image
    }
}

/// `UIControl`.
@MainActor
open class UIControl: UIView {
    /// `UIControl.State`.
    public typealias State = UIControlState
}

/// `UIButton`: titles and images per state are kept; with a title its intrinsic size is the normal
/// title measured in the title label's font, plus UIButton's insets, as `stackc` measures a button.
@MainActor
open class UIButton: UIControl {
    private var titles: [(UIControl.State, String?)] = []
    private var images: [(UIControl.State, UIImage?)] = []
    /// The label that shows the title; its font is the title's.
    public let titleLabel: UILabel? = {
        let label = UILabel()
        label.font = .systemFont(ofSize: 15)
        return label
    }()

    /// Sets the title for a state.
    public func setTitle(_ title: String?, for state: UIControl.State) {
        titles.removeAll { $0.0 == state }
        titles.append((state, title))
        invalidateIntrinsicContentSize()
    }

    open override var intrinsicContentSize: CGSize {
        guard let title = title(for: .normal) else { return super.intrinsicContentSize }
        let measured = textEnvironment.measureButton(title, font: titleLabel?.font?.spec ?? TextEnvironment.buttonFont)
        return CGSize(width: measured.width, height: measured.height)
    }

    /// The title for a state.
    public func title(for state: UIControl.State) -> String? { titles.first { $0.0 == state }?.1 }

    /// Sets the image for a state.
    public func setImage(_ image: UIImage?, for state: UIControl.State) {
        images.removeAll { $0.0 == state }
        images.append((state, image))
    }

    /// The image for a state.
    public func image(for state: UIControl.State) -> UIImage? { images.first { $0.0 == state }?.1 }
}

/// `UIPageControl`.
@MainActor
open class UIPageControl: UIControl {
    /// The number of pages.
    public var numberOfPages = 0
    /// The current page.
    public var currentPage = 0
}

/// `UISwitch`.
@MainActor
open class UISwitch: UIControl {
    /// Whether it is on.
    public var isOn = false
}
