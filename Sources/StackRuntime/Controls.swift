/// `UILabel`: its text is kept, not measured; give it an intrinsic size by overriding
/// `intrinsicContentSize` (generated code does).
@MainActor
open class UILabel: UIView {
    /// The text.
    public var text: String?
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

/// `UIButton`: titles and images per state are kept.
@MainActor
open class UIButton: UIControl {
    private var titles: [(UIControl.State, String?)] = []
    private var images: [(UIControl.State, UIImage?)] = []

    /// Sets the title for a state.
    public func setTitle(_ title: String?, for state: UIControl.State) {
        titles.removeAll { $0.0 == state }
        titles.append((state, title))
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
