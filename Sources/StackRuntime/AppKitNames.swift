// AppKit's names for the same classes, so code generated with `--platform appkit` also builds
// against StackRuntime (headless tests of Mac layouts on Linux).

/// `NSView`.
public typealias NSView = UIView
/// `NSLayoutGuide`.
public typealias NSLayoutGuide = UILayoutGuide
/// `NSTextField`, AppKit's label.
public typealias NSTextField = UILabel
/// `NSImageView`.
public typealias NSImageView = UIImageView
/// `NSButton`.
public typealias NSButton = UIButton
/// `NSImage`.
public typealias NSImage = UIImage

extension NSLayoutConstraint {
    /// `NSLayoutConstraint.Priority`, AppKit's `UILayoutPriority`.
    public typealias Priority = UILayoutPriority
    /// `NSLayoutConstraint.Orientation`, AppKit's axis for hugging and compression resistance.
    public typealias Orientation = Axis
}

extension UILayoutGuide {
    /// `NSLayoutGuide.frame`: the layout frame in the owning view's coordinates.
    public var frame: CGRect { layoutFrame }
}

extension UILabel {
    /// `NSTextField.stringValue`.
    public var stringValue: String {
        get { text ?? "" }
        set { text = newValue }
    }
}

extension UIButton {
    /// `NSButton.title`.
    public var title: String {
        get { title(for: .normal) ?? "" }
        set { setTitle(newValue, for: .normal) }
    }

    /// `NSButton.image`.
    public var image: UIImage? {
        get { image(for: .normal) }
        set { setImage(newValue, for: .normal) }
    }
}
