import StackSyntax

/// A rectangle in picture coordinates.
struct Box: Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var maxX: Double { x + width }
    var maxY: Double { y + height }

    /// Overlap with a positive area (touching edges do not count).
    func overlaps(_ other: Box) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// The box grown by `amount` on every side.
    func grown(by amount: Double) -> Box {
        Box(x: x - amount, y: y - amount, width: width + 2 * amount, height: height + 2 * amount)
    }
}

/// The face of names (tags, keys, item names): every character advances `monospaceAdvance` em, so a
/// tag's box is known exactly from its character count, and identifiers read as code.
let monospaceFamily = "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace"
/// The advance of DejaVu Sans Mono, Menlo and Consolas (0.6 em, to within 2%).
let monospaceAdvance = 0.6

/// The width of `text` in the monospace face.
func monospaceWidth(_ text: String, size: Double) -> Double { Double(text.count) * size * monospaceAdvance }

/// A generous estimate of the width of `text` in the sans-serif face (DejaVu Sans, the widest of the
/// faces the picture names): per character class, so a run of capitals or `m`s is not underestimated.
func textWidth(_ text: String, size: Double) -> Double {
    var ems = 0.0
    for scalar in text.unicodeScalars {
        switch scalar {
        case "i", "j", "l", "I", ".", ",", ":", ";", "'", "!", "|", " ": ems += 0.34
        case "f", "r", "t", "(", ")", "[", "]", "-": ems += 0.44
        case "m", "w", "M", "W", "@", "%", "…": ems += 0.98
        case "A"..."Z": ems += 0.74
        case "0"..."9": ems += 0.64
        default: ems += scalar.value < 0x80 ? 0.62 : 0.9
        }
    }
    return ems * size
}

/// `text`, shortened with an ellipsis to fit `width` (estimated by `measure`), or `nil` if fewer than
/// `minimum` characters would be left.
func ellipsized(_ text: String, width: Double, minimum: Int = 2, measure: (String) -> Double) -> String? {
    if measure(text) <= width { return text }
    var characters = Array(text)
    while characters.count > minimum {
        characters.removeLast()
        let candidate = String(characters) + "…"
        if measure(candidate) <= width { return candidate }
    }
    return nil
}

/// Accumulates SVG elements; every string that reaches the output is escaped.
struct SVGCanvas {
    var body: [String] = []

    /// Extra attributes written as given (names and values the renderer chooses, never user text).
    typealias Attributes = [(String, String)]

    mutating func rect(
        _ b: Box, fill: String, stroke: String?, strokeWidth: Double, title: String?, dash: String? = nil,
        pattern: String? = nil, opacity: Double? = nil, radius: Double? = nil, extra: Attributes = []
    ) {
        var attributes = "x=\"\(n(b.x))\" y=\"\(n(b.y))\" width=\"\(n(max(b.width, 0)))\" height=\"\(n(max(b.height, 0)))\""
        attributes += " fill=\"\(fill)\""
        if let opacity { attributes += " fill-opacity=\"\(n(opacity))\"" }
        if let stroke { attributes += " stroke=\"\(stroke)\" stroke-width=\"\(n(strokeWidth))\"" }
        if let dash { attributes += " stroke-dasharray=\"\(dash)\"" }
        if let radius { attributes += " rx=\"\(n(radius))\"" }
        for (name, value) in extra { attributes += " \(name)=\"\(escape(value))\"" }
        let titleElement = title.map { "<title>\(escape($0))</title>" } ?? ""
        body.append("<rect \(attributes)>\(titleElement)</rect>")
        if let pattern {
            body.append("<rect x=\"\(n(b.x))\" y=\"\(n(b.y))\" width=\"\(n(max(b.width, 0)))\" height=\"\(n(max(b.height, 0)))\" fill=\"\(pattern)\" pointer-events=\"none\"/>")
        }
    }

    mutating func line(
        from a: (x: Double, y: Double), to b: (x: Double, y: Double), stroke: String, width: Double,
        dash: String? = nil, opacity: Double? = nil
    ) {
        var attributes = "x1=\"\(n(a.x))\" y1=\"\(n(a.y))\" x2=\"\(n(b.x))\" y2=\"\(n(b.y))\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\""
        if let dash { attributes += " stroke-dasharray=\"\(dash)\"" }
        if let opacity { attributes += " stroke-opacity=\"\(n(opacity))\"" }
        body.append("<line \(attributes)/>")
    }

    mutating func text(
        _ string: String, x: Double, y: Double, size: Double, weight: String? = nil, color: String, anchor: String? = nil,
        family: String? = nil, italic: Bool = false, extra: Attributes = []
    ) {
        var attributes = "x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\" fill=\"\(color)\""
        if let weight { attributes += " font-weight=\"\(weight)\"" }
        if let anchor { attributes += " text-anchor=\"\(anchor)\"" }
        if let family { attributes += " font-family=\"\(escape(family))\"" }
        if italic { attributes += " font-style=\"italic\"" }
        for (name, value) in extra { attributes += " \(name)=\"\(escape(value))\"" }
        body.append("<text \(attributes)>\(escape(string))</text>")
    }

    /// Opens a group; `close()` ends it. `title` is the hover text of everything inside.
    mutating func open(_ attributes: Attributes, title: String? = nil) {
        let written = attributes.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
        body.append("<g\(written)>" + (title.map { "<title>\(escape($0))</title>" } ?? ""))
    }

    mutating func close() { body.append("</g>") }

    /// `other`'s elements inside a group moved by (`x`, `y`).
    mutating func append(_ other: SVGCanvas, x: Double, y: Double, attributes: Attributes) {
        open(attributes + [("transform", "translate(\(n(x)) \(n(y)))")])
        body += other.body
        close()
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
func n(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 100).rounded() / 100
    return formatNumber(rounded == 0 ? 0 : rounded)
}

/// XML text escaping; characters XML 1.0 forbids (controls other than tab and newline) become U+FFFD.
func escape(_ text: String) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": output += "&amp;"
        case "<": output += "&lt;"
        case ">": output += "&gt;"
        case "\"": output += "&quot;"
        case "'": output += "&apos;"
        case "\t", "\n": output.unicodeScalars.append(scalar)
        case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: output += "\u{FFFD}"
        default: output.unicodeScalars.append(scalar)
        }
    }
    return output
}
