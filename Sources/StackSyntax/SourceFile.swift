/// A byte range in one source file: `start ..< end`, UTF-8 offsets.
public struct SourceRange: Hashable, Sendable, Comparable {
    /// Offset of the first byte.
    public var start: Int
    /// Offset one past the last byte.
    public var end: Int

    /// Creates the range `start ..< end`.
    public init(start: Int, end: Int) {
        self.start = start
        self.end = max(start, end)
    }

    /// An empty range at `offset`, used for missing pieces.
    public static func empty(at offset: Int) -> SourceRange { SourceRange(start: offset, end: offset) }

    /// The number of bytes covered.
    public var length: Int { end - start }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }

    public static func < (a: SourceRange, b: SourceRange) -> Bool {
        (a.start, a.end) < (b.start, b.end)
    }
}

/// A human position: 1-based line and column. Columns count Unicode characters, not bytes.
public struct SourceLocation: Hashable, Sendable, Comparable {
    /// 1-based line.
    public var line: Int
    /// 1-based column in characters (grapheme clusters).
    public var column: Int

    /// Creates a location.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// The text of one `.stack` file and the index that turns offsets into lines and columns.
///
/// Line starts are computed once; a lookup is a binary search (Go's `token.File`).
public struct SourceFile: Sendable {
    /// The path shown in diagnostics (`-` or `<stdin>` for standard input).
    public let path: String
    /// The raw bytes. Invalid UTF-8 is kept as is; the lexer reports it.
    public let bytes: [UInt8]
    /// Offsets at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    /// Whether every byte is ASCII: then a column is a byte count, with no need to look at the line.
    private let isASCII: Bool

    /// Creates a source file from text.
    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Creates a source file from raw bytes.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        starts.reserveCapacity(bytes.count / 24 + 1)
        var allBits: UInt8 = 0
        bytes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                allBits |= buffer[index]
                if buffer[index] == UInt8(ascii: "\n") { starts.append(index + 1) }
            }
        }
        self.lineStarts = starts
        self.isASCII = allBits < 0x80
    }

    /// The text between two offsets, decoded leniently (invalid bytes become U+FFFD).
    public func text(_ range: SourceRange) -> String {
        let lower = max(0, min(range.start, bytes.count))
        let upper = max(lower, min(range.end, bytes.count))
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    /// The 0-based index of the line holding `offset`. `nearLine` (say, the previous lookup's line)
    /// is tried first, with the line after it: lookups that walk through the file in order, as the
    /// lowering's origins do, take no search. Lowering nested N = 10,000 (perf): the search was 19%.
    public func lineIndex(of offset: Int, nearLine hint: Int? = nil) -> Int {
        if let hint, hint >= 0, hint < lineStarts.count, lineStarts[hint] <= offset {
            if hint + 1 == lineStarts.count || offset < lineStarts[hint + 1] { return hint }
            if hint + 2 == lineStarts.count || offset < lineStarts[hint + 2] { return hint + 1 }
        }
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The line and character column of `offset` (`nearLine`: see `lineIndex(of:nearLine:)`).
    public func location(of offset: Int, nearLine hint: Int? = nil) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        let line = lineIndex(of: clamped, nearLine: hint)
        let start = lineStarts[line]
        // ASCII (nearly every layout file, else nearly every line): a character is a byte, no decoding
        // needed. The file-wide flag spares the scan of the line, which was most of the lowering's origin
        // lookups (one per distinct source range).
        if isASCII || !bytes[start..<clamped].contains(where: { $0 >= 0x80 }) {
            return SourceLocation(line: line + 1, column: clamped - start + 1)
        }
        let prefix = text(SourceRange(start: start, end: clamped))
        return SourceLocation(line: line + 1, column: prefix.count + 1)
    }

    /// The UTF-16 column (0-based) of `offset`, as the Language Server Protocol counts.
    public func utf16Column(of offset: Int) -> Int {
        let clamped = max(0, min(offset, bytes.count))
        let line = lineIndex(of: clamped)
        return text(SourceRange(start: lineStarts[line], end: clamped)).utf16.count
    }

    /// The offset of a 1-based line and character column, clamped to the file.
    public func offset(of location: SourceLocation) -> Int {
        guard location.line >= 1, location.line <= lineStarts.count else { return bytes.count }
        let start = lineStarts[location.line - 1]
        let lineText = self.lineText(location.line - 1)
        var offset = start
        for (index, character) in lineText.enumerated() where index < location.column - 1 {
            offset += character.utf8.count
        }
        return offset
    }

    /// The text of a 0-based line, without its line break.
    public func lineText(_ lineIndex: Int) -> String {
        guard lineIndex >= 0, lineIndex < lineStarts.count else { return "" }
        let start = lineStarts[lineIndex]
        var end = lineIndex + 1 < lineStarts.count ? lineStarts[lineIndex + 1] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return text(SourceRange(start: start, end: end))
    }
}
