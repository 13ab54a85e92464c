/// Boxes already taken in a panel (tags and texts), found through a uniform grid so that placing N tags
/// costs about N lookups rather than N². The grid is only looked up, never iterated, so its hashing
/// order cannot reach the picture.
struct OccupiedBoxes {
    private var cells: [Int: [Int]] = [:]
    private var boxes: [Box] = []
    /// Boxes spanning too many cells for the grid, checked one by one (the title, long footers).
    private var large: [Int] = []
    private let cellSize = 48.0

    private func cellRange(_ box: Box) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        func cell(_ value: Double) -> Int { Int(max(-1e6, min(1e6, (value / cellSize).rounded(.down)))) }
        guard box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite else { return nil }
        let x = cell(box.x)...max(cell(box.x), cell(box.maxX))
        let y = cell(box.y)...max(cell(box.y), cell(box.maxY))
        return x.count * y.count <= 64 ? (x, y) : nil
    }

    private static func key(_ x: Int, _ y: Int) -> Int { x &* 1_000_003 &+ y }

    /// Whether `box` overlaps nothing taken.
    func isFree(_ box: Box) -> Bool { firstOverlap(box) == nil }

    /// The earliest taken box that `box` overlaps, if any.
    func firstOverlap(_ box: Box) -> Box? {
        var found: Int?
        func consider(_ index: Int) {
            if boxes[index].overlaps(box), index < (found ?? .max) { found = index }
        }
        for index in large { consider(index) }
        if let range = cellRange(box) {
            for x in range.x { for y in range.y { for index in cells[Self.key(x, y)] ?? [] { consider(index) } } }
        } else {
            for index in boxes.indices { consider(index) }
        }
        return found.map { boxes[$0] }
    }

    mutating func insert(_ box: Box) {
        let index = boxes.count
        boxes.append(box)
        guard let range = cellRange(box) else { large.append(index); return }
        for x in range.x { for y in range.y { cells[Self.key(x, y), default: []].append(index) } }
    }
}

/// How a tag looks.
struct TagStyle {
    var fill: String
    var text: String
    var stroke: String?
    var dash: String?

    static let stack = TagStyle(fill: "#3b4252", text: "#ffffff")
    static let key = TagStyle(fill: "#ffffff", text: "#3b4252", stroke: "#3b4252")
    static let hidden = TagStyle(fill: "#f3f4f6", text: "#4b5563", stroke: "#9ca3af", dash: "3 2")
    static let zeroSize = TagStyle(fill: "#fff1f2", text: "#b91c1c", stroke: "#dc2626")
}

/// Places name tags so that none overlaps another tag or any text already drawn, deterministically:
/// each tag tries a fixed list of positions around its item with its full label, then its name alone,
/// then its name shortened with an ellipsis; when none fits it becomes a numbered key, listed under
/// the panel. A tag that not even a key fits is listed there too.
struct TagPlacer {
    static let fontSize = 9.5
    static let height = 13.0
    static let padding = 3.0
    /// Past this many tags a panel is a wall of text: further items keep only their tooltip.
    static let maximumTags = 3000

    var occupied = OccupiedBoxes()
    /// Where tags may go (the layout's area and a tag's height around it).
    let bounds: Box
    /// Numbered keys, in the order given, with the full label each stands for.
    private(set) var keys: [(number: Int, label: String)] = []
    /// Full labels of items no tag could be placed for.
    private(set) var unplaced: [String] = []
    private var placed = 0

    init(bounds: Box) { self.bounds = bounds }

    /// Tags `anchor` (an item's box). `tight`: the tag must stay within the item's horizontal extent
    /// and sit on its top edge or inside it, as a stack's tab does, so it cannot be read as the tag of
    /// the item below; otherwise (points, lines) it goes beside the anchor.
    mutating func place(
        labels: [String], name: String, full: String, around anchor: Box, tight: Bool, style: TagStyle,
        title: String, item: String, into canvas: inout SVGCanvas
    ) {
        guard placed < Self.maximumTags else { return }
        // A name shortened below 6 characters says little (`vsta…`): a key says more.
        var attempts = labels
        let fitting = Int((anchor.width - 2 * Self.padding) / (Self.fontSize * monospaceAdvance))
        if fitting < name.count, fitting >= 7 { attempts.append(String(name.prefix(fitting - 1)) + "…") }
        for label in attempts {
            if let box = firstFree(width: Self.width(label), around: anchor, tight: tight) {
                draw(label, in: box, style: style, title: title, item: item, into: &canvas)
                return
            }
        }
        let key = "\(keys.count + 1)"
        let keyWidth = Self.width(key)
        if let box = firstFree(width: keyWidth, around: anchor, tight: tight) ?? firstFree(width: keyWidth, around: anchor, tight: false) {
            keys.append((keys.count + 1, full))
            draw(key, in: box, style: .key, title: title, item: item, into: &canvas)
        } else {
            unplaced.append(full)
        }
    }

    static func width(_ label: String) -> Double { monospaceWidth(label, size: fontSize) + 2 * padding }

    private func firstFree(width: Double, around a: Box, tight: Bool) -> Box? {
        let h = Self.height
        let midY = a.y + a.height / 2 - h / 2
        let positions: [(Double, Double)]
        if tight {
            positions = [
                (a.x, a.y - h), (a.x, a.y), (a.maxX - width, a.y - h), (a.maxX - width, a.y),
                (a.x, a.maxY - h), (a.maxX - width, a.maxY - h),
            ]
        } else {
            positions = [
                (a.maxX + 3, midY), (a.x, a.y - h), (a.x, a.maxY), (a.x - width - 3, midY),
                (a.maxX - width, a.y - h), (a.maxX - width, a.maxY), (a.x + a.width / 2 - width / 2, midY),
            ]
        }
        for (index, (x, y)) in positions.enumerated() {
            var box = Box(x: x, y: y, width: width, height: h)
            // At a left corner a tag may slide right past what blocks it (nested stacks share corners:
            // their tabs line up), a few steps at most.
            let slides = tight && index < 2 ? 3 : 0
            for step in 0...slides {
                if tight, box.x < a.x - 0.5 || box.maxX > a.maxX + 0.5 { break }
                guard box.x >= bounds.x, box.maxX <= bounds.maxX, box.y >= bounds.y, box.maxY <= bounds.maxY else { break }
                guard let blocker = occupied.firstOverlap(box) else { return box }
                if step == slides || blocker.maxX <= box.x { break }
                box.x = blocker.maxX + 2
            }
        }
        return nil
    }

    private mutating func draw(_ label: String, in box: Box, style: TagStyle, title: String, item: String, into canvas: inout SVGCanvas) {
        occupied.insert(box)
        placed += 1
        canvas.open([("class", "tag"), ("data-item", item)], title: title)
        canvas.rect(box, fill: style.fill, stroke: style.stroke, strokeWidth: 1, title: nil, dash: style.dash, radius: 2)
        canvas.text(label, x: box.x + Self.padding, y: box.y + 9.8, size: Self.fontSize, color: style.text, family: monospaceFamily)
        canvas.close()
    }
}
