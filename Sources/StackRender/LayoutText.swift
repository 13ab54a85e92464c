import StackIR
import StackSolver
import StackSyntax

/// The frames of a solved layout as an aligned table, one item per line in IR order:
///
///     item        kind    x    y    w    h
///     main        vstack  0    0  200  350
///     main.red    view    0    0  200   50
///
/// Numbers are rounded to three decimals for reading; `layoutJSON` has them exact.
public func layoutText(_ ir: ConstraintIR, _ solution: LayoutSolution) -> String {
    var rows: [[String]] = [["item", "kind", "x", "y", "w", "h"]]
    var marks = [""]
    for (index, item) in ir.items.enumerated() {
        let frame = index < solution.frames.count ? solution.frames[index] : .zero
        let kind = item.role.map { "guide(\($0.rawValue))" } ?? item.kind.rawValue
        rows.append([item.name, kind, short(frame.x), short(frame.y), short(frame.width), short(frame.height)])
        let ambiguous = solution.findings.contains { finding in
            if case .ambiguous(let id, _) = finding.kind { id.index == index } else { false }
        }
        marks.append(ambiguous ? "  (ambiguous)" : "")
    }
    var widths = Array(repeating: 0, count: 6)
    for row in rows { for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) } }
    var output = ""
    for (row, mark) in zip(rows, marks) {
        // Names and kinds left-aligned, numbers right-aligned.
        let cells = row.enumerated().map { column, cell in
            let padding = String(repeating: " ", count: max(0, widths[column] - cell.count))
            return column < 2 ? cell + padding : padding + cell
        }
        output += (cells.joined(separator: "  ") + mark).trailingSpacesTrimmed() + "\n"
    }
    if !solution.brokenConstraints.isEmpty {
        output += "broken: " + solution.brokenConstraints.map { describe(.constraint($0), in: ir) }.joined(separator: "; ") + "\n"
    }
    return output
}

/// The frames as JSON: `{"root", "width", "height", "frames": [{"item", "kind", "x", "y", "width", "height"}...]}`,
/// items in IR order with the names `stackc ir` uses; guides have kind `guide`.
public func layoutJSON(_ ir: ConstraintIR, _ solution: LayoutSolution) -> JSONValue {
    var frames: [JSONValue] = []
    for (index, item) in ir.items.enumerated() {
        let frame = index < solution.frames.count ? solution.frames[index] : .zero
        frames.append(.object([
            ("item", .string(item.name)),
            ("kind", .string(item.kind.rawValue)),
            ("x", .number(frame.x)),
            ("y", .number(frame.y)),
            ("width", .number(frame.width)),
            ("height", .number(frame.height)),
        ]))
    }
    return .object([
        ("root", .string(ir.root)),
        ("width", .number(solution.width)),
        ("height", .number(solution.height)),
        ("frames", .array(frames)),
    ])
}

/// At most three decimals, no trailing zeros: 133.333, 50, -0.5.
public func short(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 1000).rounded() / 1000
    return formatNumber(rounded == 0 ? 0 : rounded)
}

extension String {
    func trailingSpacesTrimmed() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
