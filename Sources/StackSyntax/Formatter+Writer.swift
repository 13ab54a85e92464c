/// Writes formatted tokens and puts the file's comments back between them by position.
///
/// The printer walks the tree in source order and hands each token here with its source range (or none,
/// for tokens the tree does not locate: commas); before a token, every comment that starts before it is
/// written. A comment with no line break between it and the code before it stays on that line ("trailing");
/// others get their own line. Line breaks the printer asks for are deferred until the next token, so a
/// trailing comment lands before them.
struct FormatWriter {
    /// A line break the printer asked for, written before the next token or own-line comment.
    struct Break {
        /// Whether a blank line of the source may be kept here (between declarations, members, constraints).
        var blankAllowed: Bool
    }

    let bytes: [UInt8]
    let comments: [Comment]
    /// Spaces per indentation level.
    let indentWidth: Int
    var nextComment = 0
    var output = ""
    /// Indentation level of new lines.
    var indent = 0
    var pending: Break?
    /// A comment ended a line in the middle of a construct: the next token starts a continuation line.
    var forced = false
    /// The printer asked for a space before the next token.
    var spaceRequested = false
    /// End offset, in the source, of the last token or comment written.
    var lastEnd = 0
    /// Nothing written yet.
    var atStart = true
    /// The last thing written opens a block or a list: no blank line may follow it.
    var afterOpen = true

    init(bytes: [UInt8], comments: [Comment], indentWidth: Int) {
        self.bytes = bytes
        self.comments = comments
        self.indentWidth = indentWidth
    }

    /// Ends the current line before the next token.
    mutating func newline(blankAllowed: Bool) {
        pending = Break(blankAllowed: blankAllowed)
    }

    /// Puts a space before the next token if it lands on the same line.
    mutating func space() {
        spaceRequested = true
    }

    /// Writes a token. With a source range, the comments before it are written first.
    mutating func token(_ text: String, _ range: SourceRange?) {
        if let range { flushComments(before: range.start) }
        if let pending {
            let blank = pending.blankAllowed && !afterOpen && range.map { hasBlankLine(from: lastEnd, to: $0.start) } == true
            lineBreak(blank: blank, indent: indent)
            self.pending = nil
            forced = false
        } else if forced {
            lineBreak(blank: false, indent: indent + 1)
            forced = false
        } else if spaceRequested && !atStart {
            output += " "
        }
        spaceRequested = false
        output += text
        atStart = false
        afterOpen = text == "{" || text == "("
        if let range { lastEnd = max(lastEnd, range.end) }
    }

    /// Writes every comment that starts before `offset`.
    mutating func flushComments(before offset: Int) {
        while nextComment < comments.count, comments[nextComment].range.start < offset {
            writeComment(comments[nextComment])
            nextComment += 1
        }
    }

    /// Writes the remaining comments and returns the text, ending with one line break (empty for an empty file).
    mutating func finish() -> String {
        newline(blankAllowed: true)
        flushComments(before: Int.max)
        return atStart ? "" : output + "\n"
    }

    // MARK: Internals

    private mutating func writeComment(_ comment: Comment) {
        var text = String(decoding: bytes[comment.range.start..<min(comment.range.end, bytes.count)], as: UTF8.self)
        if comment.style == .line {
            while let last = text.unicodeScalars.last, last == " " || last == "\t" || last == "\r" { text.unicodeScalars.removeLast() }
        }
        let trailing = !atStart && !hasLineBreak(from: lastEnd, to: comment.range.start)
        if trailing {
            output += " " + text
            if comment.style == .line {
                if pending == nil { forced = true }
            } else {
                spaceRequested = true
            }
        } else if atStart {
            output += text
            if pending == nil { pending = Break(blankAllowed: true) }
        } else if let pending {
            let blank = pending.blankAllowed && !afterOpen && hasBlankLine(from: lastEnd, to: comment.range.start)
            lineBreak(blank: blank, indent: indent)
            output += text
            spaceRequested = false
        } else {
            // In the middle of a construct: the comment and what follows it go on continuation lines.
            lineBreak(blank: false, indent: indent + 1)
            output += text
            forced = true
            spaceRequested = false
        }
        atStart = false
        afterOpen = false
        lastEnd = max(lastEnd, comment.range.end)
    }

    private mutating func lineBreak(blank: Bool, indent: Int) {
        guard !atStart else { return }
        output += blank ? "\n\n" : "\n"
        output += String(repeating: " ", count: indent * indentWidth)
    }

    private func hasLineBreak(from start: Int, to end: Int) -> Bool {
        newlineCount(from: start, to: end, atLeast: 1)
    }

    private func hasBlankLine(from start: Int, to end: Int) -> Bool {
        newlineCount(from: start, to: end, atLeast: 2)
    }

    private func newlineCount(from start: Int, to end: Int, atLeast wanted: Int) -> Bool {
        var count = 0
        var index = max(0, start)
        let upper = min(end, bytes.count)
        while index < upper {
            if bytes[index] == UInt8(ascii: "\n") {
                count += 1
                if count >= wanted { return true }
            }
            index += 1
        }
        return false
    }
}
