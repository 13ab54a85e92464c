import StackIR
import StackSolver

extension PanelPainter {
    // MARK: Leaves

    mutating func drawLeaves() {
        for index in 0..<count where !panel.ir.items[index].kind.isStack && panel.ir.items[index].kind != .guide && !hidden[index] {
            let item = panel.ir.items[index]
            let b = box(frames[index])
            let colors = Palette.leafFill(item.kind)
            canvas.rect(b, fill: colors.fill, stroke: colors.stroke, strokeWidth: 1, title: tooltip(index),
                        pattern: item.kind == .spacer ? "url(#spacer)" : nil)
            drawLeafText(index, in: b)
        }
    }

    /// What a person reads on the item: a label's or button's text as the device draws it
    /// (`drawPlacedText`), else its image name or its name (clipped with an ellipsis to the box); under
    /// it, when there is room, its name (when written in the file) and size.
    private mutating func drawLeafText(_ index: Int, in b: Box) {
        let frame = frames[index]
        let label = contents[index]
        if let node = label.node,
           let placement = panel.text.placement(of: node, width: frame.width, height: frame.height,
                                                rightToLeft: panel.direction == .rightToLeft) {
            if let truncation = placement.truncation { truncations.append((index, "'\(node.path)' truncates its text: \(truncation)")) }
            // Below zero UIKit draws nothing (the item's red mark says so).
            guard frame.width >= 0, frame.height >= 0 else { return }
            if !placement.lines.isEmpty {
                let drawn = drawPlacedText(index, placement, in: b)
                if b.maxY - drawn.bottom >= 12 {
                    drawDetail(index, baseline: drawn.bottom + 10, in: b)
                } else {
                    // Beside the last line, on the side with more room.
                    let last = drawn.lastLine
                    let right = Box(x: last.maxX, y: b.y, width: b.maxX - last.maxX, height: b.height)
                    let left = Box(x: b.x, y: b.y, width: last.x - b.x, height: b.height)
                    drawDetail(index, baseline: last.baseline, in: right.width >= left.width ? right : left)
                }
                return
            }
        }
        let name = localName(panel.ir.items[index].name)
        let inner = b.width - 6
        let centre = b.x + b.width / 2
        guard inner > 4, b.height >= 12 else { return }
        let primary: (text: String, size: Double, italic: Bool, family: String?, color: String, kind: String)
        switch label.content {
        case .text(let text)?: primary = (text, 12, false, nil, Palette.text, "content")
        case .image(let image)?: primary = (image, 11.5, true, nil, Palette.imageName, "image-name")
        case nil: primary = (name, 10.5, false, monospaceFamily, Palette.text, "name")
        }
        let measure: (String) -> Double = { primary.family == nil ? textWidth($0, size: primary.size) : monospaceWidth($0, size: primary.size) }
        let twoLines = b.height >= 30
        let baseline = twoLines ? b.y + b.height / 2 - 1 : b.y + b.height / 2 + primary.size * 0.35
        if let shown = ellipsized(primary.text, width: inner, minimum: 1, measure: measure) {
            canvas.text(shown, x: centre, y: baseline, size: primary.size, weight: primary.family == nil ? nil : "600",
                        color: primary.color, anchor: "middle", family: primary.family, italic: primary.italic,
                        extra: [("class", primary.kind)])
            let width = measure(shown)
            tags.occupied.insert(Box(x: centre - width / 2, y: baseline - primary.size * 0.85, width: width, height: primary.size))
        }
        guard twoLines else { return }
        drawDetail(index, baseline: baseline + 12, in: b)
    }

    /// The item's name and size in small type on the line whose baseline is `y`, centred in `b`. The
    /// name is worth writing when the file names the item (generated names are noise) and the line
    /// above does not show it already.
    private mutating func drawDetail(_ index: Int, baseline y: Double, in b: Box) {
        let name = localName(panel.ir.items[index].name)
        let label = contents[index]
        let size = "\(short(frames[index].width))×\(short(frames[index].height))"
        let inner = b.width - 6
        let centre = b.x + b.width / 2
        let secondSize = 9.0
        var candidates = [size]
        if label.content != nil && label.isNamed && shownContent(label.content) != name { candidates.insert("\(name) · \(size)", at: 0) }
        guard let second = candidates.first(where: { monospaceWidth($0, size: secondSize) <= inner }) else { return }
        canvas.text(second, x: centre, y: y, size: secondSize, color: Palette.muted, anchor: "middle", family: monospaceFamily,
                    extra: [("class", "detail")])
        let width = monospaceWidth(second, size: secondSize)
        tags.occupied.insert(Box(x: centre - width / 2, y: y - secondSize * 0.85, width: width, height: secondSize))
    }

    private func shownContent(_ content: LeafContent?) -> String? {
        switch content {
        case .text(let text)?, .image(let text)?: text
        case nil: nil
        }
    }

    // MARK: Hidden, zero-size and ambiguous items

    /// A hidden item as UIKit leaves it: collapsed in its stack. Its ghost is drawn at that frame, at
    /// least 4 pixels thick, dashed and faint; what it contains is not drawn.
    mutating func drawGhosts() {
        for index in 0..<count where hiddenRoot[index] {
            canvas.rect(ghostBox(index), fill: "#9ca3af", stroke: "#6b7280", strokeWidth: 1, title: tooltip(index), dash: "4 3",
                        opacity: 0.18, extra: [("class", "ghost"), ("data-item", panel.ir.items[index].name), ("stroke-opacity", "0.8")])
        }
    }

    func ghostBox(_ index: Int) -> Box {
        var b = box(frames[index])
        if b.height < 4 { b.y -= (4 - b.height) / 2; b.height = 4 }
        if b.width < 4 { b.x -= (4 - b.width) / 2; b.width = 4 }
        return b
    }

    /// Whether an item is too thin to see in the picture (less than half a pixel in an axis).
    func isZeroSize(_ index: Int) -> Bool {
        let b = box(frames[index])
        return b.width < 0.5 || b.height < 0.5
    }

    /// Zero-size items: a red cross at a point, a line with end ticks along a segment (grey for
    /// spacers, which are often empty across their stack, red for everything else).
    mutating func drawZeroSizeMarks() {
        for index in 0..<count where panel.ir.items[index].kind != .guide && !hidden[index] && isZeroSize(index) {
            let b = box(frames[index])
            let spacer = panel.ir.items[index].kind == .spacer
            let color = spacer ? Palette.leafFill(.spacer).stroke : Palette.ambiguous
            canvas.open([("class", spacer ? "zero-size spacer" : "zero-size"), ("data-item", panel.ir.items[index].name)], title: tooltip(index))
            if b.width < 0.5 && b.height < 0.5 {
                canvas.line(from: (b.x - 5, b.y - 5), to: (b.x + 5, b.y + 5), stroke: color, width: 2)
                canvas.line(from: (b.x - 5, b.y + 5), to: (b.x + 5, b.y - 5), stroke: color, width: 2)
            } else if b.width < 0.5 {
                canvas.line(from: (b.x, b.y), to: (b.x, b.maxY), stroke: color, width: 2, dash: "3 2")
                canvas.line(from: (b.x - 4, b.y), to: (b.x + 4, b.y), stroke: color, width: 1.5)
                canvas.line(from: (b.x - 4, b.maxY), to: (b.x + 4, b.maxY), stroke: color, width: 1.5)
            } else {
                canvas.line(from: (b.x, b.y), to: (b.maxX, b.y), stroke: color, width: 2, dash: "3 2")
                canvas.line(from: (b.x, b.y - 4), to: (b.x, b.y + 4), stroke: color, width: 1.5)
                canvas.line(from: (b.maxX, b.y - 4), to: (b.maxX, b.y + 4), stroke: color, width: 1.5)
            }
            canvas.close()
        }
    }

    /// The items the warnings name (not everything they disturb), outlined 3 pixels outside their
    /// frame so that a zero-size one is outlined too.
    mutating func drawAmbiguity() {
        for finding in panel.solution.findings {
            guard case .ambiguous(let item, _) = finding.kind, item.index < count else { continue }
            canvas.rect(box(frames[item.index]).grown(by: 3), fill: "none", stroke: Palette.ambiguous, strokeWidth: 2, title: finding.message,
                        dash: "6 3", extra: [("class", "ambiguous"), ("data-item", panel.ir.items[item.index].name)])
        }
    }

    // MARK: Tags and footer

    /// Tags last, so nothing covers them: stacks outermost first, then hidden items, then zero-size ones.
    mutating func placeTags() {
        let items = panel.ir.items
        for index in 0..<count where items[index].kind.isStack && !hidden[index] && !isZeroSize(index) {
            let name = localName(items[index].name)
            let full = "\(name) · \(items[index].kind.rawValue)"
            tags.place(labels: [full, name], name: name, full: full, around: box(frames[index]), tight: true, style: .stack,
                       title: tooltip(index), item: items[index].name, into: &canvas)
        }
        for index in 0..<count where hiddenRoot[index] {
            let name = localName(items[index].name)
            let full = "\(name) · hidden"
            let ghost = ghostBox(index)
            tags.place(labels: [full, name], name: name, full: full, around: ghost, tight: ghost.width >= TagPlacer.width(full),
                       style: .hidden, title: tooltip(index), item: items[index].name, into: &canvas)
        }
        for index in 0..<count where items[index].kind != .guide && items[index].kind != .spacer && !hidden[index] && isZeroSize(index) {
            let name = localName(items[index].name)
            let full = "\(name) \(short(frames[index].width))×\(short(frames[index].height))"
            tags.place(labels: [full, name], name: name, full: full, around: box(frames[index]), tight: false, style: .zeroSize,
                       title: tooltip(index), item: items[index].name, into: &canvas)
        }
    }

    mutating func collectFooter() {
        let broken = panel.solution.brokenConstraints
        if !broken.isEmpty {
            footer.append(("broken to recover from conflicts:", Palette.ambiguous, "broken"))
            for index in broken.prefix(6) { footer.append(("  " + describe(.constraint(index), in: panel.ir), Palette.ambiguous, "broken")) }
            if broken.count > 6 { footer.append(("  and \(broken.count - 6) more", Palette.ambiguous, "broken")) }
        }
        let unframed = panel.ir.items.count > count ? panel.ir.items[count...].map(\.name) : []
        if !unframed.isEmpty { footer.append((listed("no frame: ", unframed), Palette.muted, "unframed")) }
        let lineWidth = max(extent.width * scale, 360)
        var line = ""
        let shownKeys = tags.keys.prefix(200)
        for (number, label) in shownKeys {
            let entry = "\(number) = \(label)"
            // SVG collapses runs of spaces: entries are separated by a semicolon.
            let candidate = line.isEmpty ? "tags: " + entry : line + "; " + entry
            if !line.isEmpty, textWidth(candidate, size: 11) > lineWidth {
                footer.append((line, Palette.text, "keys"))
                footer[footer.count - 1].0 += ";"
                line = "  " + entry
            } else {
                line = candidate
            }
        }
        if tags.keys.count > shownKeys.count { line += "; and \(tags.keys.count - shownKeys.count) more (hover them)" }
        if !line.isEmpty { footer.append((line, Palette.text, "keys")) }
        if !tags.unplaced.isEmpty { footer.append((listed("no room for the tags of: ", tags.unplaced), Palette.muted, "unplaced")) }
    }

    private func listed(_ prefix: String, _ names: [String]) -> String {
        prefix + names.prefix(20).joined(separator: ", ") + (names.count > 20 ? " and \(names.count - 20) more" : "")
    }
}

/// The last component of a dotted name.
func localName(_ name: String) -> String {
    name.split(separator: ".").last.map(String.init) ?? name
}
