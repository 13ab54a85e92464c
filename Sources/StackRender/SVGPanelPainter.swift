import StackIR
import StackSolver
import StackSyntax

/// Draws one panel (a root at one size) in its own coordinates: the title at the top, the layout from
/// `header` down, then the lines under it (broken constraints, hidden items, keys of tags).
struct PanelPainter {
    static let header = 44.0
    static let minimumWidth = 220.0

    let panel: SVGPanel
    let contents: [LeafLabel]
    let scale: Double
    let count: Int
    let frames: [Frame]
    /// Items written `hidden` (the first item of a `hiding` constraint).
    var hiddenRoot: [Bool]
    /// Hidden items and everything inside them.
    var hidden: [Bool]
    var depth: [Int]
    /// The drawn area in layout coordinates: the root and every item drawn outside it (a layout that
    /// overflows its root, after a conflict), so that nothing is drawn over a neighbouring panel.
    let extent: Frame
    var canvas = SVGCanvas()
    var tags: TagPlacer
    /// Lines under the layout: (text, colour, class).
    var footer: [(String, String, String)] = []
    /// Items whose text is truncated (W203), with what the warning says, in item order.
    var truncations: [(index: Int, message: String)] = []

    init(_ panel: SVGPanel, contents: [LeafLabel], scale: Double) {
        self.panel = panel
        self.contents = contents
        self.scale = scale
        let ir = panel.ir
        count = min(ir.items.count, panel.solution.frames.count)
        frames = Array(panel.solution.frames.prefix(count))
        depth = Array(repeating: 0, count: count)
        hiddenRoot = Array(repeating: false, count: count)
        for constraint in ir.constraints where constraint.category == .hiding && constraint.first.item.index < count {
            hiddenRoot[constraint.first.item.index] = true
        }
        hidden = hiddenRoot
        for index in 0..<count {
            guard let owner = ir.items[index].owner?.index, owner < index else { continue }
            depth[index] = depth[owner] + 1
            if hidden[owner] { hidden[index] = true }
        }
        var low = (x: 0.0, y: 0.0)
        var high = (x: max(panel.solution.width, 0), y: max(panel.solution.height, 0))
        for index in 0..<count where (!hidden[index] || hiddenRoot[index]) && ir.items[index].kind != .guide {
            let frame = frames[index]
            guard [frame.x, frame.y, frame.maxX, frame.maxY].allSatisfy(\.isFinite) else { continue }
            low = (min(low.x, frame.x, frame.maxX), min(low.y, frame.y, frame.maxY))
            high = (max(high.x, frame.x, frame.maxX), max(high.y, frame.y, frame.maxY))
        }
        extent = Frame(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
        let layout = Box(x: 0, y: Self.header, width: extent.width * scale, height: extent.height * scale)
        tags = TagPlacer(bounds: Box(x: 0, y: layout.y - TagPlacer.height - 1, width: max(layout.width, Self.minimumWidth),
                                     height: layout.height + 2 * TagPlacer.height + 2))
    }

    /// A frame in panel coordinates; negative sizes (possible with odd constraints) as their absolute extent.
    func box(_ frame: Frame) -> Box {
        Box(x: (min(frame.x, frame.maxX) - extent.x) * scale, y: Self.header + (min(frame.y, frame.maxY) - extent.y) * scale,
            width: abs(frame.width) * scale, height: abs(frame.height) * scale)
    }

    /// Paints everything; returns the panel's size.
    mutating func paint() -> (width: Double, height: Double) {
        let title = "\(panel.ir.root) — \(sizeDescription(panel)): \(short(panel.solution.width)) × \(short(panel.solution.height))"
            + (panel.caption.map { ", \($0)" } ?? "")
        canvas.text(title, x: 0, y: 16, size: 13, weight: "600", color: Palette.text, extra: [("class", "title")])
        tags.occupied.insert(Box(x: 0, y: 0, width: textWidth(title, size: 13), height: 20))
        drawStacks()
        drawSpacing()
        drawGuides()
        drawLeaves()
        drawBaselines()
        drawNegativeFrames()
        drawGhosts()
        drawZeroSizeMarks()
        drawAmbiguity()
        drawTruncationOutlines()
        placeTags()
        collectFooter()
        var y = Self.header + extent.height * scale + 30
        var width = max(extent.width * scale, Self.minimumWidth, textWidth(title, size: 13))
        for (line, color, kind) in footer {
            // SVG collapses leading spaces: an indented line is moved instead.
            let indent = line.hasPrefix(" ") ? 12.0 : 0
            let text = String(line.drop { $0 == " " })
            canvas.text(text, x: indent, y: y, size: 11, color: color, extra: [("class", kind)])
            width = max(width, indent + textWidth(text, size: 11))
            y += 16
        }
        return (width, y - 8)
    }

    func tooltip(_ index: Int) -> String {
        let item = panel.ir.items[index]
        let kind = item.role.map { "guide \($0.rawValue)" } ?? item.kind.rawValue
        let frame = frames[index]
        let state = hiddenRoot[index] ? ", hidden" : hidden[index] ? ", inside a hidden item" : ""
        return "\(item.name) (\(kind)\(state)): x \(short(frame.x)), y \(short(frame.y)), \(short(frame.width)) × \(short(frame.height))"
    }

    // MARK: Layers

    private mutating func drawStacks() {
        for index in 0..<count where panel.ir.items[index].kind.isStack && !hidden[index] {
            canvas.rect(box(frames[index]), fill: Palette.stackFill(depth: depth[index]), stroke: Palette.stackStroke, strokeWidth: 1.5,
                        title: tooltip(index))
        }
    }

    /// Bands between consecutive arranged items (inequality spacing belongs to equalSpacing and
    /// equalCentering, whose gap guides show the distance).
    private mutating func drawSpacing() {
        for constraint in panel.ir.constraints where constraint.category == .spacing && constraint.relation == .equal {
            guard let second = constraint.second, constraint.first.item.index < count, second.item.index < count,
                  !hidden[constraint.first.item.index], !hidden[second.item.index] else { continue }
            let horizontal = constraint.first.attribute.isHorizontal
            // `next.leading == previous.trailing + s`: right to left, leading is the right edge, so the
            // next item is the one on the left.
            let rightToLeft = horizontal && panel.direction == .rightToLeft
            let a = frames[rightToLeft ? constraint.first.item.index : second.item.index]
            let b = frames[rightToLeft ? second.item.index : constraint.first.item.index]
            // Across the axis the band spans the owning stack, else the two items.
            let owner = panel.ir.items[second.item.index].owner?.index
            let stack = owner.flatMap { $0 < count ? frames[$0] : nil }
            var band: Frame
            if horizontal {
                let start = min(a.maxX, b.x)
                band = Frame(x: start, y: stack?.y ?? min(a.y, b.y), width: max(a.maxX, b.x) - start,
                             height: stack?.height ?? max(a.maxY, b.maxY) - min(a.y, b.y))
            } else {
                let start = min(a.maxY, b.y)
                band = Frame(x: stack?.x ?? min(a.x, b.x), y: start, width: stack?.width ?? max(a.maxX, b.maxX) - min(a.x, b.x),
                             height: max(a.maxY, b.y) - start)
            }
            let distance = horizontal ? b.x - a.maxX : b.y - a.maxY
            guard abs(distance) > 0.01 else { continue }
            band.width = max(band.width, 0)
            band.height = max(band.height, 0)
            let r = box(band)
            canvas.rect(r, fill: Palette.spacing, stroke: nil, strokeWidth: 0, title: "spacing \(short(distance))", opacity: 0.22)
            distanceLabel(short(distance), in: r, vertical: !horizontal, color: Palette.spacing)
        }
    }

    /// A distance written in its band, at the bottom of a horizontal one or the right of a vertical one.
    private mutating func distanceLabel(_ label: String, in r: Box, vertical: Bool, color: String) {
        let width = textWidth(label, size: 9)
        if vertical, r.height >= 11 {
            canvas.text(label, x: r.maxX - 4, y: r.y + r.height / 2 + 3.5, size: 9, weight: "600", color: color, anchor: "end")
            tags.occupied.insert(Box(x: r.maxX - 4 - width, y: r.y + r.height / 2 - 4, width: width, height: 9))
        } else if !vertical, r.width >= width + 2 {
            canvas.text(label, x: r.x + r.width / 2, y: r.maxY - 4, size: 9, weight: "600", color: color, anchor: "middle")
            tags.occupied.insert(Box(x: r.x + r.width / 2 - width / 2, y: r.maxY - 11.5, width: width, height: 9))
        }
    }

    /// Guides; an axis no constraint mentions (a gap guide's cross axis, a spanner's main axis) is drawn
    /// as its stack's extent.
    private mutating func drawGuides() {
        var usesAxis = Array(repeating: (horizontal: false, vertical: false), count: count)
        for constraint in panel.ir.constraints {
            for anchor in [constraint.first] + (constraint.second.map { [$0] } ?? []) where anchor.item.index < count {
                if anchor.attribute.isHorizontal { usesAxis[anchor.item.index].horizontal = true } else { usesAxis[anchor.item.index].vertical = true }
            }
        }
        for index in 0..<count where panel.ir.items[index].kind == .guide && !hidden[index] {
            let item = panel.ir.items[index]
            var frame = frames[index]
            if let owner = item.owner?.index, owner < count {
                let stack = frames[owner]
                if !usesAxis[index].horizontal { frame.x = stack.x; frame.width = stack.width }
                if !usesAxis[index].vertical { frame.y = stack.y; frame.height = stack.height }
            }
            let b = box(frame)
            switch item.role {
            case .gap:
                canvas.rect(b, fill: "none", stroke: Palette.gap, strokeWidth: 1, title: tooltip(index), dash: "4 3", pattern: "url(#gap)")
                let vertical = usesAxis[index].vertical && !usesAxis[index].horizontal
                distanceLabel(short(vertical ? frame.height : frame.width), in: b, vertical: vertical, color: Palette.gap)
            case .margins:
                canvas.rect(b, fill: "none", stroke: Palette.margins, strokeWidth: 1.2, title: tooltip(index), dash: "2 3")
            case .alignmentSpanner, .orderingSpanner, nil:
                canvas.rect(b, fill: "none", stroke: Palette.spanner, strokeWidth: 1.2, title: tooltip(index), dash: "7 4")
            }
        }
    }
}

/// How the panel's size came about, per axis: given to `render`, the root's own `width:`/`height:`, or
/// its content's (natural).
func sizeDescription(_ panel: SVGPanel) -> String {
    func own(_ attribute: LayoutAttribute) -> Bool {
        panel.ir.constraints.contains { constraint in
            constraint.category == .explicitSize && constraint.first.item == ItemID(0) && constraint.second == nil
                && constraint.first.attribute == attribute && constraint.relation == .equal
        }
    }
    enum Source: Equatable { case given(Double), own, natural }
    let width: Source = panel.width.map { .given($0) } ?? (own(.width) ? .own : .natural)
    let height: Source = panel.height.map { .given($0) } ?? (own(.height) ? .own : .natural)
    func phrase(_ source: Source, _ dimension: String, _ value: Double) -> String {
        switch source {
        case .given(let given): "\(dimension) \(short(given)) (given)"
        case .own: "own \(dimension) \(short(value))"
        case .natural: "natural \(dimension)"
        }
    }
    switch (width, height) {
    case (.natural, .natural): return "natural size"
    case (.own, .own): return "own size"
    default:
        return phrase(width, "width", panel.solution.width) + ", " + phrase(height, "height", panel.solution.height)
    }
}
