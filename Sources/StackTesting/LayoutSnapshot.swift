import Foundation
import StackSyntax

/// The frames of a file's roots at one size, as a snapshot file holds them: a header line, then per
/// root a `root NAME` line and one aligned row per item (`name kind x y width height`), numbers exact
/// (the shortest text that reads back as the same `Double`), so a diff of two snapshots in review
/// shows exactly the items that changed.
struct LayoutSnapshot: Equatable {
    struct Item: Equatable {
        var name: String
        var kind: String
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }

    struct Root: Equatable {
        var name: String
        var items: [Item]
    }

    var roots: [Root]

    /// The file's text; `header` is its first line (what was laid out and how to re-record).
    func text(header: String) -> String {
        var output = "# " + header + "\n"
        for root in roots {
            output += "\nroot \(root.name)\n"
            var rows = [["# item", "kind", "x", "y", "width", "height"]]
            for item in root.items {
                rows.append([item.name, item.kind] + [item.x, item.y, item.width, item.height].map(formatNumber))
            }
            var widths = Array(repeating: 0, count: 6)
            for row in rows { for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) } }
            for row in rows {
                let cells = row.enumerated().map { column, cell in
                    let padding = String(repeating: " ", count: widths[column] - cell.count)
                    return column < 2 ? cell + padding : padding + cell
                }
                var line = cells.joined(separator: "  ")
                while line.last == " " { line.removeLast() }
                output += line + "\n"
            }
        }
        return output
    }

    /// Reads a snapshot file back; a failure names the first line that is not a snapshot's.
    static func parse(_ text: String) -> Result<LayoutSnapshot, SnapshotFormatError> {
        var roots: [Root] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if fields.count == 2, fields[0] == "root" {
                roots.append(Root(name: fields[1], items: []))
                continue
            }
            let numbers = fields.dropFirst(2).compactMap { Double($0) }
            guard !roots.isEmpty, fields.count == 6, numbers.count == 4 else {
                return .failure(SnapshotFormatError(line: offset + 1, text: String(line)))
            }
            roots[roots.count - 1].items.append(Item(name: fields[0], kind: fields[1], x: numbers[0], y: numbers[1],
                                                     width: numbers[2], height: numbers[3]))
        }
        return .success(LayoutSnapshot(roots: roots))
    }
}

/// A line of a snapshot file that is not a snapshot's.
struct SnapshotFormatError: Error, Equatable {
    var line: Int
    var text: String
}

/// Two frames are the same when every number is within `tolerance`.
let snapshotTolerance = 1e-6

/// The items that differ between a recorded snapshot and a new layout, one line each, in the new
/// layout's order (then the disappeared ones in the recorded order):
///
///     card.follow   moved     (232, 24, 72 × 32) → (250, 24, 72 × 32)
///     card.info     resized   (76, 16, 140 × 48) → (76, 16, 158 × 48)
///     card.badge    appeared  (300, 16, 20 × 20)
///
/// Empty when they agree.
func snapshotDifferences(recorded: LayoutSnapshot, actual: LayoutSnapshot) -> [String] {
    var lines: [(name: String, change: String, frames: String)] = []
    func frame(_ item: LayoutSnapshot.Item) -> String {
        "(\(formatNumber(item.x)), \(formatNumber(item.y)), \(formatNumber(item.width)) × \(formatNumber(item.height)))"
    }
    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= snapshotTolerance }
    let recordedRoots = recorded.roots.map(\.name)
    let actualRoots = actual.roots.map(\.name)
    for root in actual.roots where !recordedRoots.contains(root.name) { lines.append((root.name, "root appeared", "")) }
    for root in recorded.roots where !actualRoots.contains(root.name) { lines.append((root.name, "root disappeared", "")) }
    for root in actual.roots {
        guard let old = recorded.roots.first(where: { $0.name == root.name }) else { continue }
        var oldByName: [String: LayoutSnapshot.Item] = [:]
        for item in old.items { oldByName[item.name] = item }
        let newNames = Set(root.items.map(\.name))
        for item in root.items {
            guard let before = oldByName[item.name] else {
                lines.append((item.name, "appeared", frame(item)))
                continue
            }
            let moved = !close(before.x, item.x) || !close(before.y, item.y)
            let resized = !close(before.width, item.width) || !close(before.height, item.height)
            if moved || resized {
                let change = moved && resized ? "moved and resized" : moved ? "moved" : "resized"
                lines.append((item.name, change, "\(frame(before)) → \(frame(item))"))
            } else if before.kind != item.kind {
                lines.append((item.name, "changed kind", "\(before.kind) → \(item.kind)"))
            }
        }
        for item in old.items where !newNames.contains(item.name) { lines.append((item.name, "disappeared", "was \(frame(item))")) }
    }
    let nameWidth = lines.map(\.name.count).max() ?? 0
    let changeWidth = lines.map(\.change.count).max() ?? 0
    return lines.map { line in
        let name = line.name + String(repeating: " ", count: nameWidth - line.name.count)
        let change = line.change + String(repeating: " ", count: changeWidth - line.change.count)
        var text = "\(name)  \(change)  \(line.frames)"
        while text.last == " " { text.removeLast() }
        return text
    }
}
