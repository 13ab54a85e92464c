import StackIR
import StackSemantics
import StackSolver
import StackText

/// Text as the device draws it, and the two warnings about room (W202, W203) made visible.
extension PanelPainter {
    /// The font text is drawn in: the family it was measured in, then faces of similar proportions.
    var textFamily: String {
        let family = panel.text.fonts.familyName
        return (family.isEmpty ? "" : "'\(family)', ") + "-apple-system, 'Segoe UI', 'DejaVu Sans', sans-serif"
    }

    /// Draws the lines of a label's or button's text at their measured size, weight and baselines;
    /// each line is `textLength` wide in the picture, the width its font measures, whatever face the
    /// viewer substitutes. A cut line ends in an ellipsis, red when the text is truncated (W203).
    /// Returns the bottom of the text in the picture, and where its last line's ink starts, ends and sits.
    mutating func drawPlacedText(_ index: Int, _ placement: TextPlacement, in b: Box)
        -> (bottom: Double, lastLine: (x: Double, maxX: Double, baseline: Double)) {
        let size = placement.size * scale
        let weight = "\(placement.weight.weightClass)"
        let item = panel.ir.items[index].name
        let family = textFamily
        var bottom = b.y
        var lastLine = (x: b.x, maxX: b.x, baseline: b.y)
        func text(_ string: String, x: Double, width: Double, baseline: Double, kind: String, fill: String) {
            guard !string.isEmpty else { return }
            canvas.text(string, x: b.x + x * scale, y: baseline, size: size, weight: weight, color: fill, family: family,
                        extra: [("class", kind), ("data-item", item), ("textLength", n(width * scale)), ("lengthAdjust", "spacingAndGlyphs")])
        }
        for line in placement.lines {
            let baseline = b.y + line.baseline * scale
            if let cut = line.cut, placement.isTruncated, let ellipsisX = line.ellipsisX, let ellipsisWidth = line.ellipsisWidth {
                text(cut.head, x: line.x, width: ellipsisX - line.x, baseline: baseline, kind: "content", fill: Palette.text)
                text(TextMeasurer.ellipsis, x: ellipsisX, width: ellipsisWidth, baseline: baseline, kind: "ellipsis", fill: Palette.ambiguous)
                let tailX = ellipsisX + ellipsisWidth
                text(cut.tail, x: tailX, width: line.x + line.width - tailX, baseline: baseline, kind: "content", fill: Palette.text)
            } else {
                text(line.shown, x: line.x, width: line.width, baseline: baseline, kind: "content", fill: Palette.text)
            }
            let top = baseline - placement.ascent * scale
            bottom = max(bottom, baseline + placement.descent * scale)
            // A hundredth of a pixel in from the line's top and bottom: the first line's top is the frame's
            // top up to rounding, where a stack's tag may sit.
            tags.occupied.insert(Box(x: b.x + line.x * scale, y: top + 0.01, width: line.width * scale, height: max(0, bottom - top - 0.02)))
            lastLine = (b.x + line.x * scale, b.x + (line.x + line.width) * scale, baseline)
        }
        return (bottom, lastLine)
    }

    /// Items whose text is truncated (W203): a red outline 2 pixels outside the frame, with the warning
    /// as its tooltip.
    mutating func drawTruncationOutlines() {
        for (index, message) in truncations {
            canvas.rect(box(frames[index]).grown(by: 2), fill: "none", stroke: Palette.ambiguous, strokeWidth: 2,
                        title: "\(message) [W203]", extra: [("class", "truncated"), ("data-item", panel.ir.items[index].name)])
        }
    }

    /// The shared baseline of every horizontal stack aligned `firstBaseline` or `lastBaseline`: a thin
    /// line across the row at its first visible item's solved baseline (the others are aligned to it).
    mutating func drawBaselines() {
        let items = panel.ir.items
        for index in 0..<count where items[index].kind == .hstack && !hidden[index] {
            guard let alignment = items[index].arrangement?.alignment, alignment == .firstBaseline || alignment == .lastBaseline,
                  let first = (index + 1..<count).first(where: { items[$0].owner?.index == index && items[$0].kind != .guide && !hidden[$0] }),
                  first < panel.solution.baselines.count else { continue }
            let pair = panel.solution.baselines[first]
            let y = alignment == .firstBaseline ? pair.first : pair.last
            guard y.isFinite else { continue }
            let b = box(frames[index])
            let lineY = Self.header + (y - extent.y) * scale
            canvas.open([("class", "baseline"), ("data-item", items[index].name)],
                        title: "\(items[index].name): \(alignment == .firstBaseline ? "first" : "last") baseline at y \(short(y))")
            canvas.line(from: (b.x, lineY), to: (b.maxX, lineY), stroke: Palette.baseline, width: 1, dash: "6 3")
            canvas.close()
        }
    }

    /// Items with a negative width or height (W202): hatched red over the area between their edges
    /// (where they would be drawn, flipped), outlined, with their size written in red beside them.
    mutating func drawNegativeFrames() {
        for index in panel.solution.negativeItems(in: panel.ir) where index < count {
            let frame = frames[index]
            let b = box(frame)
            let item = panel.ir.items[index].name
            let sizes = [("wide", frame.width), ("tall", frame.height)].filter { $0.1 < -LayoutSolution.negativeTolerance }
            let message = "'\(item)' is " + sizes.map { "\(short($0.1)) points \($0.0)" }.joined(separator: " and ")
                + ": its constraints leave it less than no room [W202]"
            canvas.rect(b, fill: Palette.ambiguous, stroke: Palette.ambiguous, strokeWidth: 2, title: message, dash: "4 2",
                        pattern: "url(#gap)", opacity: 0.12, extra: [("class", "negative"), ("data-item", item)])
            let label = "\(short(frame.width)) × \(short(frame.height))"
            let fontSize = 10.0
            let width = textWidth(label, size: fontSize)
            let inside = b.width >= width + 6 && b.height >= fontSize + 6
            let x = inside ? b.x + b.width / 2 - width / 2 : b.x
            let y = inside ? b.y + b.height / 2 + fontSize * 0.35 : b.y - 4
            canvas.text(label, x: x, y: y, size: fontSize, weight: "700", color: Palette.ambiguous,
                        extra: [("class", "negative-size"), ("data-item", item)])
            tags.occupied.insert(Box(x: x, y: y - fontSize * 0.85, width: width, height: fontSize))
        }
    }
}
