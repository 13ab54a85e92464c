import StackRuntime
import Testing

/// A view with a fixed intrinsic size, as a label with text would have.
final class Sized: UIView {
    let size: CGSize
    init(_ width: CGFloat, _ height: CGFloat) {
        size = CGSize(width: width, height: height)
        super.init(frame: .zero)
    }
    override var intrinsicContentSize: CGSize { size }
}

/// Hand-written anchor code (seed 002's host view: a guide inset by 3 and a dock background pinned to
/// the bottom) lays out headlessly with the host's frame as its size.
@MainActor
@Test func handWrittenAnchorCodeLaysOut() {
    let host = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 568))
    let main = UILayoutGuide()
    let dock = UIView()
    host.addLayoutGuide(main)
    host.addSubview(dock)
    dock.translatesAutoresizingMaskIntoConstraints = false
    NSLayoutConstraint.activate([
        main.leadingAnchor.constraint(equalTo: host.leadingAnchor),
        main.trailingAnchor.constraint(equalTo: host.trailingAnchor),
        main.topAnchor.constraint(equalTo: host.topAnchor, constant: 3),
        main.bottomAnchor.constraint(equalTo: host.bottomAnchor, constant: -3),
        dock.leadingAnchor.constraint(equalTo: host.leadingAnchor),
        dock.trailingAnchor.constraint(equalTo: host.trailingAnchor),
        dock.bottomAnchor.constraint(equalTo: host.bottomAnchor),
        dock.heightAnchor.constraint(equalToConstant: 95),
    ])
    host.layoutIfNeeded()
    #expect(main.layoutFrame == CGRect(x: 0, y: 3, width: 320, height: 562))
    #expect(dock.frame == CGRect(x: 0, y: 473, width: 320, height: 95))
    #expect(host.layoutFindings.isEmpty)
}

/// Intrinsic sizes give hugging and compression constraints at the view's priorities; frames of
/// nested views are in their superview's coordinates; a view that keeps its autoresizing mask keeps its frame.
@MainActor
@Test func intrinsicSizesPrioritiesAndNesting() {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
    let box = UIView(frame: CGRect(x: 50, y: 60, width: 200, height: 100))
    let label = Sized(100, 20)
    root.addSubview(box)
    box.addSubview(label)
    label.translatesAutoresizingMaskIntoConstraints = false
    let wide = label.widthAnchor.constraint(greaterThanOrEqualToConstant: 150)
    wide.priority = UILayoutPriority(500)
    NSLayoutConstraint.activate([
        label.leadingAnchor.constraint(equalTo: box.leadingAnchor, constant: 10),
        label.topAnchor.constraint(equalTo: box.topAnchor, constant: 5),
        wide,
    ])
    root.layoutIfNeeded()
    #expect(box.frame == CGRect(x: 50, y: 60, width: 200, height: 100))
    #expect(label.frame == CGRect(x: 10, y: 5, width: 150, height: 20), "hugging 250 gives way to 500")

    label.setContentHuggingPriority(UILayoutPriority(600), for: .horizontal)
    root.layoutIfNeeded()
    #expect(label.frame.size.width == 100, "hugging 600 wins over 500")

    wide.isActive = false
    let narrow = label.widthAnchor.constraint(lessThanOrEqualToConstant: 40)
    narrow.isActive = true
    root.layoutIfNeeded()
    #expect(label.frame.size.width == 40, "a required maximum compresses below the intrinsic width")
}

/// Conflicting required constraints: the one created last breaks, and the solver's finding is kept.
@MainActor
@Test func conflictsBreakTheLatestConstraint() {
    let root = UIView()
    let view = UIView()
    root.addSubview(view)
    view.translatesAutoresizingMaskIntoConstraints = false
    let first = view.widthAnchor.constraint(equalToConstant: 10)
    let second = view.widthAnchor.constraint(equalToConstant: 20)
    NSLayoutConstraint.activate([second, first])
    NSLayoutConstraint.activate([view.leadingAnchor.constraint(equalTo: root.leadingAnchor),
                                 view.topAnchor.constraint(equalTo: root.topAnchor),
                                 view.heightAnchor.constraint(equalToConstant: 5)])
    root.layoutIfNeeded()
    #expect(view.frame.size.width == 10, "creation order, not activation order, decides")
    #expect(!root.layoutFindings.isEmpty)
    #expect(root.constraints.count + view.constraints.count == 5)
}
