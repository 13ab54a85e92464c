/// A unified diff (`diff -u`, three lines of context) between two texts, for `stackc fmt --diff`.
///
/// Lines are compared after the common first and last lines are set aside, by Myers' algorithm
/// (O((N + M) * D) for D changed lines). Past `maximumEdits` changed lines the middle is shown as one
/// hunk that removes every old line and adds every new one: still a correct diff, and a reformatted
/// minified file cannot make the comparison quadratic.
enum UnifiedDiff {
    static let maximumEdits = 1_000
    static let context = 3

    private enum Edit: Equatable {
        case same(old: Int, new: Int)
        case delete(old: Int)
        case insert(new: Int)
    }

    /// The diff of `old` into `new`, headed `--- a/path` and `+++ b/path`; empty when they are equal.
    static func diff(from old: String, to new: String, path: String) -> String {
        guard old != new else { return "" }
        let a = lines(old)
        let b = lines(new)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var edits = (0..<prefix).map { Edit.same(old: $0, new: $0) }
        edits += middle(Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]), offset: prefix)
        edits += (0..<suffix).map { Edit.same(old: a.count - suffix + $0, new: b.count - suffix + $0) }
        // git's `a/` and `b/` for a relative path, so `git apply` takes the diff; an absolute one as is.
        let (from, to) = path.hasPrefix("/") ? (path, path) : ("a/" + path, "b/" + path)
        return "--- \(from)\n+++ \(to)\n" + hunks(edits, a, b)
    }

    /// Lines with their terminators, so a missing final newline is a difference like any other.
    private static func lines(_ text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        while start < text.endIndex {
            let end = text[start...].firstIndex(of: "\n").map { text.index(after: $0) } ?? text.endIndex
            result.append(text[start..<end])
            start = end
        }
        return result
    }

    /// Myers' greedy shortest edit script between `a` and `b` (line numbers shifted by `offset`).
    private static func middle(_ a: [Substring], _ b: [Substring], offset: Int) -> [Edit] {
        let n = a.count, m = b.count
        let limit = min(n + m, maximumEdits)
        var frontier = [Int](repeating: 0, count: 2 * limit + 2)
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...limit {
            trace.append(frontier)
            for k in stride(from: -d, through: d, by: 2) {
                let index = k + limit
                var x = k == -d || (k != d && frontier[index - 1] < frontier[index + 1]) ? frontier[index + 1] : frontier[index - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[index] = x
                if x >= n, y >= m {
                    found = true
                    break search
                }
            }
        }
        guard found else {
            return (0..<n).map { Edit.delete(old: offset + $0) } + (0..<m).map { Edit.insert(new: offset + $0) }
        }
        // Walk back through the saved frontiers (trace[d] is the frontier before step d): each step is
        // a snake of equal lines back to where its one insertion or deletion ended.
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let previous = trace[d]
            let k = x - y
            let down = k == -d || (k != d && previous[k - 1 + limit] < previous[k + 1 + limit])
            let previousK = down ? k + 1 : k - 1
            let previousX = previous[previousK + limit]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                edits.append(.same(old: offset + x, new: offset + y))
            }
            guard d > 0 else { break }
            if x == previousX {
                y -= 1
                edits.append(.insert(new: offset + y))
            } else {
                x -= 1
                edits.append(.delete(old: offset + x))
            }
        }
        return edits.reversed()
    }

    /// The hunks: runs of changes with up to `context` unchanged lines around them, joined when close.
    private static func hunks(_ edits: [Edit], _ a: [Substring], _ b: [Substring]) -> String {
        var output = ""
        var index = 0
        while let start = edits[index...].firstIndex(where: { if case .same = $0 { false } else { true } }) {
            var end = start
            // Extend while the next change is within 2 * context unchanged lines.
            var cursor = start
            while cursor < edits.count {
                if case .same = edits[cursor] {
                    let next = edits[cursor...].firstIndex { if case .same = $0 { false } else { true } }
                    guard let next, next - cursor <= 2 * context else { break }
                    cursor = next
                } else {
                    end = cursor
                    cursor += 1
                }
            }
            let first = max(index, start - context)
            let last = min(edits.count - 1, end + context)
            let slice = edits[first...last]
            let oldStart = slice.lazy.compactMap { edit -> Int? in
                switch edit { case .same(let old, _), .delete(let old): old; case .insert: nil }
            }.first
            let newStart = slice.lazy.compactMap { edit -> Int? in
                switch edit { case .same(_, let new), .insert(let new): new; case .delete: nil }
            }.first
            let oldCount = slice.filter { if case .insert = $0 { false } else { true } }.count
            let newCount = slice.filter { if case .delete = $0 { false } else { true } }.count
            func range(_ start: Int?, _ count: Int, before: Int) -> String {
                // An empty side is numbered by the line before it, as diff(1) does.
                count == 0 ? "\(before),0" : "\((start ?? 0) + 1),\(count)"
            }
            let oldBefore = edits[..<first].filter { if case .insert = $0 { false } else { true } }.count
            let newBefore = edits[..<first].filter { if case .delete = $0 { false } else { true } }.count
            output += "@@ -\(range(oldStart, oldCount, before: oldBefore)) +\(range(newStart, newCount, before: newBefore)) @@\n"
            for edit in slice {
                switch edit {
                case .same(let old, _): output += line(" ", a[old])
                case .delete(let old): output += line("-", a[old])
                case .insert(let new): output += line("+", b[new])
                }
            }
            index = last + 1
            if index >= edits.count { break }
        }
        return output
    }

    private static func line(_ mark: String, _ text: Substring) -> String {
        text.hasSuffix("\n") ? mark + text : mark + text + "\n\\ No newline at end of file\n"
    }
}
