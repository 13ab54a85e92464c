import StackIR
import StackSolver
import StackSyntax

/// An SVG picture of solved layouts, one panel per solution side by side (typically one per
/// requested width), drawn as a person reads a layout:
/// - stacks: outlined boxes with their name and axis in a tab above the top-left corner;
/// - leaves: filled boxes tinted by kind, labelled with their name and size;
/// - guides: dashed outlines (alignment spanner), hatched bands (gaps), dotted insets (margins),
///   where a guide's free cross-axis extent is drawn as its stack's;
/// - spacing: tinted bands between consecutive arranged items, with the distance;
/// - ambiguous items: a red dashed outline; broken constraints: listed under the panel.
///
/// Coordinates are scaled so the panels together are about 1000 pixels wide and at most 800 tall
/// (between 0.2x and 2.5x); text is not scaled, so labels stay legible. Every element carries a `<title>` with the exact frame (hover).
public func renderSVG(_ ir: ConstraintIR, panels: [(width: Double?, solution: LayoutSolution)]) -> String {
    var canvas = SVGCanvas()
    let totalWidth = panels.reduce(0) { $0 + max($1.solution.width, 1) }
    let tallest = panels.map { $0.solution.height }.max() ?? 1
    let scale = min(2.5, max(0.2, min(1000 / max(totalWidth, 1), 800 / max(tallest, 1))))
    let margin = 32.0
    let header = 44.0
    var x = margin
    var panelHeights: [Double] = []
    for panel in panels {
        let width = max(panel.solution.width, 0) * scale
        let footer = Double(min(panel.solution.brokenConstraints.count, 6) + (panel.solution.brokenConstraints.isEmpty ? 0 : 1)) * 16
        drawPanel(ir, panel.solution, requested: panel.width, at: (x, margin + header), scale: scale, into: &canvas)
        panelHeights.append(header + max(panel.solution.height, 0) * scale + footer)
        x += max(width, 220) + 2 * margin
    }
    let legendTop = margin + (panelHeights.max() ?? 0) + 28
    let legendWidth = drawLegend(at: (margin, legendTop), into: &canvas)
    return canvas.document(width: max(x, margin + legendWidth + margin), height: legendTop + 40)
}

// MARK: Panels

private enum Palette {
    static let stackStroke = "#3b4252"
    static let text = "#1f2430"
    static let muted = "#5c6370"
    static let spacing = "#d946ef"
    static let spanner = "#ea8a00"
    static let gap = "#e0454b"
    static let margins = "#16a34a"
    static let ambiguous = "#dc2626"

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

/// A rectangle in picture coordinates.
private struct Box {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
}

private func drawPanel(
    _ ir: ConstraintIR, _ solution: LayoutSolution, requested: Double?, at origin: (x: Double, y: Double),
    scale: Double, into canvas: inout SVGCanvas
) {
    let count = min(ir.items.count, solution.frames.count)
    func box(_ frame: Frame) -> Box {
        // Negative sizes (possible with odd constraints) are drawn as their absolute extent.
        let x = min(frame.x, frame.maxX)
        let y = min(frame.y, frame.maxY)
        return Box(x: origin.x + x * scale, y: origin.y + y * scale, width: abs(frame.width) * scale, height: abs(frame.height) * scale)
    }
    let title = requested.map { "width \(short($0))" } ?? "natural size"
    canvas.text(
        "\(ir.root) — \(title): \(short(solution.width)) × \(short(solution.height))",
        x: origin.x, y: origin.y - 26, size: 13, weight: "600", color: Palette.text)

    var depth = Array(repeating: 0, count: count)
    for index in 0..<count {
        if let owner = ir.items[index].owner?.index, owner < index { depth[index] = depth[owner] + 1 }
    }
    let frames = Array(solution.frames.prefix(count))
    // Hidden items (the first item of a `hiding` constraint) and everything they own are not drawn,
    // as UIKit does not draw them: their collapsed frames would only clutter the picture.
    var hidden = Array(repeating: false, count: count)
    for constraint in ir.constraints where constraint.category == .hiding && constraint.first.item.index < count {
        hidden[constraint.first.item.index] = true
    }
    for index in 0..<count {
        if let owner = ir.items[index].owner?.index, owner < index, hidden[owner] { hidden[index] = true }
    }

    // 1. Stacks, outermost first.
    for index in 0..<count where ir.items[index].kind.isStack && !hidden[index] {
        let b = box(frames[index])
        canvas.rect(b, fill: Palette.stackFill(depth: depth[index]), stroke: Palette.stackStroke, strokeWidth: 1.5,
                    title: tooltip(ir.items[index], frames[index]))
    }
    // 2. Spacing bands between consecutive arranged items.
    // (Inequality spacing belongs to equalSpacing / equalCentering, whose gap guides show the distance.)
    for constraint in ir.constraints where constraint.category == .spacing && constraint.relation == .equal
        && !([constraint.first.item.index] + (constraint.second.map { [$0.item.index] } ?? [])).contains(where: { $0 < count && hidden[$0] }) {
        drawSpacing(constraint, ir: ir, frames: frames, box: box, into: &canvas)
    }
    // 3. Guides. An axis no constraint mentions (a gap guide's cross axis, a spanner's main axis) is
    // drawn as its stack's extent.
    var usesAxis = Array(repeating: (horizontal: false, vertical: false), count: count)
    for constraint in ir.constraints {
        for anchor in [constraint.first] + (constraint.second.map { [$0] } ?? []) where anchor.item.index < count {
            if anchor.attribute.isHorizontal { usesAxis[anchor.item.index].horizontal = true } else { usesAxis[anchor.item.index].vertical = true }
        }
    }
    for index in 0..<count where ir.items[index].kind == .guide && !hidden[index] {
        var frame = frames[index]
        if let owner = ir.items[index].owner?.index, owner < count {
            let stack = frames[owner]
            if !usesAxis[index].horizontal { frame.x = stack.x; frame.width = stack.width }
            if !usesAxis[index].vertical { frame.y = stack.y; frame.height = stack.height }
        }
        drawGuide(ir.items[index], frame: frame, box: box(frame), into: &canvas)
        if ir.items[index].role == .gap {
            let vertical = usesAxis[index].vertical && !usesAxis[index].horizontal
            let length = vertical ? frame.height : frame.width
            let b = box(frame)
            let label = short(length)
            if vertical, b.height >= 11 {
                canvas.text(label, x: b.x + b.width - 4, y: b.y + b.height / 2 + 3.5, size: 9, weight: "600", color: Palette.gap, anchor: "end")
            } else if !vertical, b.width >= textWidth(label, size: 9) + 2 {
                canvas.text(label, x: b.x + b.width / 2, y: b.y + b.height - 4, size: 9, weight: "600", color: Palette.gap, anchor: "middle")
            }
        }
    }
    // 4. Leaves.
    for index in 0..<count where !ir.items[index].kind.isStack && ir.items[index].kind != .guide && !hidden[index] {
        let item = ir.items[index]
        let b = box(frames[index])
        let colors = Palette.leafFill(item.kind)
        canvas.rect(b, fill: colors.fill, stroke: colors.stroke, strokeWidth: 1, title: tooltip(item, frames[index]),
                    pattern: item.kind == .spacer ? "url(#spacer)" : nil)
        let name = localName(item.name)
        let size = "\(short(frames[index].width))×\(short(frames[index].height))"
        if b.height >= 30, fits(name, in: b.width - 6, size: 11) {
            canvas.text(name, x: b.x + b.width / 2, y: b.y + b.height / 2 - 2, size: 11, weight: "600", color: Palette.text, anchor: "middle")
            if fits(size, in: b.width - 6, size: 9.5) {
                canvas.text(size, x: b.x + b.width / 2, y: b.y + b.height / 2 + 11, size: 9.5, color: Palette.muted, anchor: "middle")
            }
        } else if b.height >= 12, let label = truncated(name, width: b.width - 4, size: 10) {
            canvas.text(label, x: b.x + b.width / 2, y: b.y + b.height / 2 + 3.5, size: 10, weight: "600", color: Palette.text, anchor: "middle")
        }
    }
    // 5. Stack name tabs last, so nothing covers them.
    // Nested stacks often share a corner: a tab that would cover an earlier one moves right.
    var tabs: [Box] = []
    for index in 0..<count where ir.items[index].kind.isStack && !hidden[index] {
        let b = box(frames[index])
        let label = "\(localName(ir.items[index].name)) · \(ir.items[index].kind.rawValue)"
        var tab = Box(x: b.x, y: b.y - 14, width: textWidth(label, size: 9.5) + 8, height: 14)
        for _ in 0..<tabs.count + 1 {
            guard let covered = tabs.first(where: { overlaps($0, tab) }) else { break }
            tab.x = covered.x + covered.width + 3
        }
        // A tab pushed past its own stack would label something else: leave it to the tooltip.
        if tab.x + tab.width > b.x + max(b.width, tab.width) + 1 || tabs.contains(where: { overlaps($0, tab) }) { continue }
        tabs.append(tab)
        canvas.rect(tab, fill: Palette.stackStroke, stroke: nil, strokeWidth: 0, title: nil, radius: 2)
        canvas.text(label, x: tab.x + 4, y: tab.y + 10, size: 9.5, color: "#ffffff")
    }
    // 6. Ambiguous items (the ones the warnings name, not everything they disturb) on top.
    for finding in solution.findings {
        guard case .ambiguous(let item, _) = finding.kind, item.index < count else { continue }
        canvas.rect(box(frames[item.index]), fill: "none", stroke: Palette.ambiguous, strokeWidth: 2, title: finding.message, dash: "6 3")
    }
    // 7. Broken constraints.
    var y = origin.y + max(solution.height, 0) * scale + 20
    if !solution.brokenConstraints.isEmpty {
        canvas.text("broken to recover from conflicts:", x: origin.x, y: y, size: 11, weight: "600", color: Palette.ambiguous)
        for index in solution.brokenConstraints.prefix(6) {
            y += 16
            canvas.text(describe(.constraint(index), in: ir), x: origin.x + 8, y: y, size: 11, color: Palette.ambiguous)
        }
    }
}

private func drawSpacing(
    _ constraint: IRConstraint, ir: ConstraintIR, frames: [Frame], box: (Frame) -> Box, into canvas: inout SVGCanvas
) {
    guard let second = constraint.second, constraint.first.item.index < frames.count, second.item.index < frames.count
    else { return }
    let a = frames[second.item.index]
    let b = frames[constraint.first.item.index]
    // Bounds of the band across the axis: the owning stack's extent when known, else the two items'.
    let owner = ir.items.indices.contains(second.item.index) ? ir.items[second.item.index].owner?.index : nil
    let stack = owner.flatMap { $0 < frames.count ? frames[$0] : nil }
    var band: Frame
    if constraint.first.attribute.isHorizontal {
        let start = min(a.maxX, b.x)
        let end = max(a.maxX, b.x)
        band = Frame(x: start, y: stack?.y ?? min(a.y, b.y), width: end - start, height: stack?.height ?? max(a.maxY, b.maxY) - min(a.y, b.y))
    } else {
        let start = min(a.maxY, b.y)
        let end = max(a.maxY, b.y)
        band = Frame(x: stack?.x ?? min(a.x, b.x), y: start, width: stack?.width ?? max(a.maxX, b.maxX) - min(a.x, b.x), height: end - start)
    }
    let distance = constraint.first.attribute.isHorizontal ? b.x - a.maxX : b.y - a.maxY
    guard abs(distance) > 0.01 else { return }
    if band.width < 0 { band.width = 0 }
    if band.height < 0 { band.height = 0 }
    let r = box(band)
    canvas.rect(r, fill: Palette.spacing, stroke: nil, strokeWidth: 0, title: "spacing \(short(distance))", opacity: 0.22)
    let label = short(distance)
    if constraint.first.attribute.isHorizontal, r.width >= textWidth(label, size: 9) + 2 {
        canvas.text(label, x: r.x + r.width / 2, y: r.y + r.height - 4, size: 9, weight: "600", color: Palette.spacing, anchor: "middle")
    } else if !constraint.first.attribute.isHorizontal, r.height >= 11 {
        canvas.text(label, x: r.x + r.width - 4, y: r.y + r.height / 2 + 3.5, size: 9, weight: "600", color: Palette.spacing, anchor: "end")
    }
}

private func drawGuide(_ item: IRItem, frame: Frame, box b: Box, into canvas: inout SVGCanvas) {
    let tip = tooltip(item, frame)
    switch item.role {
    case .gap:
        canvas.rect(b, fill: "none", stroke: Palette.gap, strokeWidth: 1, title: tip, dash: "4 3", pattern: "url(#gap)")
    case .margins:
        canvas.rect(b, fill: "none", stroke: Palette.margins, strokeWidth: 1.2, title: tip, dash: "2 3")
    case .alignmentSpanner, nil:
        canvas.rect(b, fill: "none", stroke: Palette.spanner, strokeWidth: 1.2, title: tip, dash: "7 4")
    }
}

private func drawLegend(at origin: (x: Double, y: Double), into canvas: inout SVGCanvas) -> Double {
    var x = origin.x
    func entry(_ label: String, draw: (Box, inout SVGCanvas) -> Void) {
        draw(Box(x: x, y: origin.y - 10, width: 22, height: 14), &canvas)
        canvas.text(label, x: x + 28, y: origin.y + 1, size: 11, color: Palette.text)
        x += 28 + textWidth(label, size: 11) + 18
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
    return x - origin.x
}

// MARK: Text helpers

private func overlaps(_ a: Box, _ b: Box) -> Bool {
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

private func localName(_ name: String) -> String {
    name.split(separator: ".").last.map(String.init) ?? name
}

private func tooltip(_ item: IRItem, _ frame: Frame) -> String {
    let kind = item.role.map { "guide \($0.rawValue)" } ?? item.kind.rawValue
    return "\(item.name) (\(kind)): x \(short(frame.x)), y \(short(frame.y)), \(short(frame.width)) × \(short(frame.height))"
}

/// An estimate of the rendered width of `text` in a sans-serif face (average advance 0.58 em).
private func textWidth(_ text: String, size: Double) -> Double { Double(text.count) * size * 0.58 }

private func fits(_ text: String, in width: Double, size: Double) -> Bool { textWidth(text, size: size) <= width }

/// `text`, shortened with an ellipsis to fit `width`, or `nil` if not even two characters fit.
private func truncated(_ text: String, width: Double, size: Double) -> String? {
    if fits(text, in: width, size: size) { return text }
    let characters = Int(width / (size * 0.58)) - 1
    guard characters >= 2 else { return nil }
    return String(text.prefix(characters)) + "…"
}

// MARK: Canvas

/// Accumulates SVG elements; every string that reaches the output is escaped.
private struct SVGCanvas {
    var body: [String] = []

    mutating func rect(
        _ b: Box, fill: String, stroke: String?, strokeWidth: Double, title: String?, dash: String? = nil,
        pattern: String? = nil, opacity: Double? = nil, radius: Double? = nil
    ) {
        var attributes = "x=\"\(n(b.x))\" y=\"\(n(b.y))\" width=\"\(n(max(b.width, 0)))\" height=\"\(n(max(b.height, 0)))\""
        attributes += " fill=\"\(fill)\""
        if let opacity { attributes += " fill-opacity=\"\(n(opacity))\"" }
        if let stroke { attributes += " stroke=\"\(stroke)\" stroke-width=\"\(n(strokeWidth))\"" }
        if let dash { attributes += " stroke-dasharray=\"\(dash)\"" }
        if let radius { attributes += " rx=\"\(n(radius))\"" }
        let titleElement = title.map { "<title>\(escape($0))</title>" } ?? ""
        body.append("<rect \(attributes)>\(titleElement)</rect>")
        if let pattern {
            body.append("<rect x=\"\(n(b.x))\" y=\"\(n(b.y))\" width=\"\(n(max(b.width, 0)))\" height=\"\(n(max(b.height, 0)))\" fill=\"\(pattern)\" pointer-events=\"none\"/>")
        }
    }

    mutating func text(
        _ string: String, x: Double, y: Double, size: Double, weight: String? = nil, color: String, anchor: String? = nil
    ) {
        var attributes = "x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\" fill=\"\(color)\""
        if let weight { attributes += " font-weight=\"\(weight)\"" }
        if let anchor { attributes += " text-anchor=\"\(anchor)\"" }
        body.append("<text \(attributes)>\(escape(string))</text>")
    }

    func document(width: Double, height: Double) -> String {
        var output = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\""
        output += " font-family=\"-apple-system, 'Segoe UI', 'DejaVu Sans', Helvetica, Arial, sans-serif\">\n"
        output += """
        <defs>
          <pattern id="gap" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="#e0454b" fill-opacity="0.08"/>
            <line x1="0" y1="0" x2="0" y2="6" stroke="#e0454b" stroke-width="1.5" stroke-opacity="0.55"/>
          </pattern>
          <pattern id="spacer" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
            <line x1="0" y1="0" x2="0" y2="8" stroke="#9ca3af" stroke-width="1" stroke-opacity="0.7"/>
          </pattern>
        </defs>
        <rect width="100%" height="100%" fill="#ffffff"/>

        """
        output += body.joined(separator: "\n")
        output += "\n</svg>\n"
        return output
    }
}

/// A coordinate with at most two decimals.
private func n(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 100).rounded() / 100
    return formatNumber(rounded == 0 ? 0 : rounded)
}

/// XML text escaping.
private func escape(_ text: String) -> String {
    var output = ""
    for character in text {
        switch character {
        case "&": output += "&amp;"
        case "<": output += "&lt;"
        case ">": output += "&gt;"
        case "\"": output += "&quot;"
        case "'": output += "&apos;"
        default: output.append(character)
        }
    }
    return output
}
