import StackIR
import StackSemantics
import StackSolver
import StackSyntax
import StackText

/// One panel of a picture: a root layout solved at one size.
public struct SVGPanel: Sendable {
    /// The root's IR (with the root's own size removed in the dimensions that were given).
    public var ir: ConstraintIR
    /// Its solution.
    public var solution: LayoutSolution
    /// The width the layout was asked for, or nil where the root took its own or its natural width.
    public var width: Double?
    /// The height the layout was asked for, or nil where the root took its own or its natural height.
    public var height: Double?
    /// The checked tree the IR was lowered from: with it, leaves show their text and image names.
    public var tree: LayoutTree?
    /// What else the panel's title says, such as the content size its text was measured at.
    public var caption: String?
    /// What the tree's text was measured in: labels and buttons draw their text in its fonts and sizes.
    public var text: TextEnvironment
    /// Which side a label's lines start from (`--direction`).
    public var direction: LayoutDirection

    /// Creates a panel.
    public init(ir: ConstraintIR, solution: LayoutSolution, width: Double? = nil, height: Double? = nil,
                tree: LayoutTree? = nil, caption: String? = nil, text: TextEnvironment = .standard,
                direction: LayoutDirection = .leftToRight) {
        self.ir = ir
        self.solution = solution
        self.width = width
        self.height = height
        self.tree = tree
        self.caption = caption
        self.text = text
        self.direction = direction
    }
}

/// An SVG picture of solved layouts, drawn as a person reads a layout. Panels of one root (one per
/// requested width) sit side by side; each root gets its own row. Each panel is titled with the root
/// and where its size comes from (given, the root's own `width:`/`height:`, or natural).
/// - stacks: outlined boxes with a name tag (`name · axis`) placed so that no tag overlaps another or
///   any text: beside the corner, else inside it, else at another corner; else shortened; else a
///   numbered key listed under the panel;
/// - leaves: filled boxes tinted by kind; labels and buttons show their text as the device draws it
///   (with the tree and its text environment): in their font's measured size and weight, on their
///   measured baselines, wrapped where the measurement wraps, cut with an ellipsis where it does not
///   fit; images their name; then, room permitting, the item's name and size;
/// - truncated text (W203): a red ellipsis and a red outline; items below zero (W202): a hatched red
///   area where they would be, with their negative size; baseline-aligned rows: their shared baseline;
/// - guides: dashed outlines (alignment spanner), hatched bands (gaps), dotted insets (margins),
///   where a guide's free cross-axis extent is drawn as its stack's;
/// - spacing: tinted bands between consecutive arranged items, with the distance;
/// - hidden items: a faint dashed ghost at their collapsed frame; zero-size items: a red cross or a
///   line with end ticks (grey for spacers); ambiguous items: a red dashed outline just outside the
///   frame; broken constraints: listed under the panel.
///
/// Coordinates are scaled so the widest row is about 1000 pixels wide and the tallest panel at most
/// 800 tall (between 0.2x and 2.5x); labels' and buttons' text is scaled with them, every other text
/// (names, tags, distances) is not, so it stays legible. Every element carries
/// a `<title>` with the exact frame (hover).
public func renderSVG(_ panels: [SVGPanel]) -> String {
    var rows: [[Int]] = []
    for (index, panel) in panels.enumerated() {
        if let last = rows.last?.last, panels[last].ir.root == panel.ir.root, panels[last].ir.file == panel.ir.file {
            rows[rows.count - 1].append(index)
        } else {
            rows.append([index])
        }
    }
    let widest = rows.map { $0.reduce(0) { $0 + max(panels[$1].solution.width, 1) } }.max() ?? 1
    let tallest = panels.map { max($0.solution.height, 1) }.max() ?? 1
    let scale = min(2.5, max(0.2, min(1000 / max(widest, 1), 800 / max(tallest, 1))))
    let margin = 32.0
    var canvas = SVGCanvas()
    var y = margin
    var pictureWidth = 0.0
    for row in rows {
        var x = margin
        var rowHeight = 0.0
        for index in row {
            let panel = panels[index]
            let contents = leafContents(panel.ir, tree: panel.tree)
            var painter = PanelPainter(panel, contents: contents, scale: scale)
            let size = painter.paint()
            canvas.append(painter.canvas, x: x, y: y, attributes: [("class", "panel"), ("data-root", panel.ir.root)])
            x += size.width + 2 * margin
            rowHeight = max(rowHeight, size.height)
        }
        pictureWidth = max(pictureWidth, x - margin)
        y += rowHeight + 28
    }
    let legend = drawLegend(at: (margin, y + 12), wrapAt: max(pictureWidth - margin, 720), into: &canvas)
    return canvas.document(width: max(pictureWidth, margin + legend.width + margin), height: y + 12 + legend.height + 24)
}

/// One panel per width of one root, without text or image names (no tree): see `renderSVG(_:)`.
public func renderSVG(_ ir: ConstraintIR, panels: [(width: Double?, solution: LayoutSolution)]) -> String {
    renderSVG(panels.map { SVGPanel(ir: $0.width.map { _ in ir.replacingRootSize(width: true, height: false) } ?? ir, solution: $0.solution, width: $0.width) })
}

enum Palette {
    static let stackStroke = "#3b4252"
    static let text = "#1f2430"
    static let muted = "#5c6370"
    static let imageName = "#22543d"
    static let spacing = "#d946ef"
    static let spanner = "#ea8a00"
    static let gap = "#e0454b"
    static let margins = "#16a34a"
    static let ambiguous = "#dc2626"
    static let baseline = "#0284c7"

    static func leafFill(_ kind: ItemKind) -> (fill: String, stroke: String) {
        switch kind {
        case .label: ("#fde68a", "#b7791f")
        case .image: ("#bbf7d0", "#2f855a")
        case .button: ("#ddd6fe", "#6b46c1")
        case .spacer: ("#e5e7eb", "#9ca3af")
        default: ("#bfdbfe", "#2b6cb0")
        }
    }

    /// Stacks get a faint tint that deepens with nesting, so nested stacks read as layers.
    static func stackFill(depth: Int) -> String {
        ["#f8fafc", "#f1f5f9", "#e9eef5", "#e2e8f0"][min(depth, 3)]
    }
}

/// The legend, wrapped to lines of at most `wrapAt` pixels; returns its size.
private func drawLegend(at origin: (x: Double, y: Double), wrapAt: Double, into canvas: inout SVGCanvas) -> (width: Double, height: Double) {
    var x = origin.x
    var y = origin.y
    var widest = 0.0
    canvas.open([("class", "legend")])
    func entry(_ label: String, draw: (Box, inout SVGCanvas) -> Void) {
        let width = 28 + textWidth(label, size: 11)
        if x > origin.x, x + width - origin.x > wrapAt {
            x = origin.x
            y += 22
        }
        draw(Box(x: x, y: y - 10, width: 22, height: 14), &canvas)
        canvas.text(label, x: x + 28, y: y + 1, size: 11, color: Palette.text)
        widest = max(widest, x + width - origin.x)
        x += width + 18
    }
    entry("stack") { b, c in c.rect(b, fill: Palette.stackFill(depth: 1), stroke: Palette.stackStroke, strokeWidth: 1.5, title: nil) }
    for (name, kind) in [("view", ItemKind.view), ("label", .label), ("image", .image), ("button", .button)] {
        entry(name) { b, c in
            let colors = Palette.leafFill(kind)
            c.rect(b, fill: colors.fill, stroke: colors.stroke, strokeWidth: 1, title: nil)
        }
    }
    entry("spacing") { b, c in c.rect(b, fill: Palette.spacing, stroke: nil, strokeWidth: 0, title: nil, opacity: 0.22) }
    entry("gap guide") { b, c in c.rect(b, fill: "none", stroke: Palette.gap, strokeWidth: 1, title: nil, dash: "4 3", pattern: "url(#gap)") }
    entry("alignment spanner") { b, c in c.rect(b, fill: "none", stroke: Palette.spanner, strokeWidth: 1.2, title: nil, dash: "7 4") }
    entry("margins") { b, c in c.rect(b, fill: "none", stroke: Palette.margins, strokeWidth: 1.2, title: nil, dash: "2 3") }
    entry("ambiguous") { b, c in c.rect(b, fill: "none", stroke: Palette.ambiguous, strokeWidth: 2, title: nil, dash: "6 3") }
    entry("hidden (collapsed)") { b, c in
        c.rect(Box(x: b.x, y: b.y + 5, width: b.width, height: 4), fill: "#9ca3af", stroke: "#6b7280", strokeWidth: 1, title: nil, dash: "4 3", opacity: 0.18)
    }
    entry("zero size") { b, c in
        c.line(from: (b.x + 6, b.y + 2), to: (b.x + 16, b.y + 12), stroke: Palette.ambiguous, width: 2)
        c.line(from: (b.x + 6, b.y + 12), to: (b.x + 16, b.y + 2), stroke: Palette.ambiguous, width: 2)
    }
    entry("empty spacer") { b, c in
        c.line(from: (b.x + 1, b.y + 7), to: (b.x + 21, b.y + 7), stroke: Palette.leafFill(.spacer).stroke, width: 2, dash: "3 2")
    }
    entry("baseline") { b, c in
        c.line(from: (b.x, b.y + 9), to: (b.maxX, b.y + 9), stroke: Palette.baseline, width: 1, dash: "6 3")
    }
    entry("truncated text (W203)") { b, c in
        c.rect(b, fill: "none", stroke: Palette.ambiguous, strokeWidth: 2, title: nil)
        c.text(TextMeasurer.ellipsis, x: b.x + 6, y: b.y + 11, size: 12, weight: "700", color: Palette.ambiguous)
    }
    entry("below zero (W202)") { b, c in
        c.rect(b, fill: Palette.ambiguous, stroke: Palette.ambiguous, strokeWidth: 2, title: nil, dash: "4 2", pattern: "url(#gap)", opacity: 0.12)
    }
    canvas.close()
    return (widest, y - origin.y + 14)
}
