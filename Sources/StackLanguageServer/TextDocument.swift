import StackSyntax

/// A position as the Language Server Protocol counts: a 0-based line and a 0-based offset in
/// UTF-16 code units within that line.
public struct LSPPosition: Hashable, Sendable, Comparable {
    /// 0-based line.
    public var line: Int
    /// 0-based UTF-16 code unit offset in the line.
    public var character: Int

    /// Creates a position.
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// Reads `{"line": n, "character": n}`; nil when either is missing or not an integer.
    public init?(json: JSONValue?) {
        guard let json, let line = json["line"]?.intValue, let character = json["character"]?.intValue else { return nil }
        self.init(line: line, character: character)
    }

    /// `{"line": n, "character": n}`.
    public var json: JSONValue { .object([("line", .number(Double(line))), ("character", .number(Double(character)))]) }

    public static func < (a: LSPPosition, b: LSPPosition) -> Bool { (a.line, a.character) < (b.line, b.character) }
}

/// A range of LSP positions, `start` inclusive, `end` exclusive.
public struct LSPRange: Hashable, Sendable {
    /// The first position.
    public var start: LSPPosition
    /// The position one past the end.
    public var end: LSPPosition

    /// Creates a range.
    public init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    /// Reads `{"start": position, "end": position}`.
    public init?(json: JSONValue?) {
        guard let json, let start = LSPPosition(json: json["start"]), let end = LSPPosition(json: json["end"]) else { return nil }
        self.init(start: start, end: end)
    }

    /// `{"start": …, "end": …}`.
    public var json: JSONValue { .object([("start", start.json), ("end", end.json)]) }
}

/// Converts between UTF-8 byte offsets (what stackc's ranges hold) and LSP positions (UTF-16) in one
/// source file. Total: positions past the end of a line clamp to its end, lines past the end of the
/// file clamp to the end of the file, a position inside a surrogate pair rounds down to the scalar's start,
/// and invalid UTF-8 counts one code unit per byte, as a replacement character does.
public struct PositionMapper: Sendable {
    /// The file whose offsets are mapped.
    public let file: SourceFile
    private let index: UTF16Index

    /// Creates a mapper for one file; indexing its UTF-16 counts costs one pass over its bytes.
    public init(_ file: SourceFile) {
        self.file = file
        self.index = UTF16Index(file.bytes)
    }

    /// The offset just past the last character of a 0-based line, before its line break (`\n` or `\r\n`).
    public func lineEnd(_ line: Int) -> Int {
        let starts = file.lineStarts
        guard line >= 0, line < starts.count else { return file.bytes.count }
        var end = line + 1 < starts.count ? starts[line + 1] - 1 : file.bytes.count
        if end > starts[line], file.bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return end
    }

    /// The byte offset of an LSP position, clamped to the file.
    public func offset(of position: LSPPosition) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < file.lineStarts.count else { return file.bytes.count }
        return index.offset(lineStart: file.lineStarts[position.line], end: lineEnd(position.line), character: position.character)
    }

    /// The LSP position of a byte offset, clamped to the file; an offset inside a character maps to its start.
    public func position(of offset: Int) -> LSPPosition {
        let clamped = max(0, min(offset, file.bytes.count))
        let line = file.lineIndex(of: clamped)
        let start = file.lineStarts[line]
        return LSPPosition(line: line, character: index.units(before: min(clamped, lineEnd(line))) - index.units(before: start))
    }

    /// The LSP range of a byte range.
    public func range(of range: SourceRange) -> LSPRange {
        LSPRange(start: position(of: range.start), end: position(of: range.end))
    }

    /// The byte range of an LSP range; an end before the start is taken as the start.
    public func sourceRange(of range: LSPRange) -> SourceRange {
        let start = offset(of: range.start)
        return SourceRange(start: start, end: max(start, offset(of: range.end)))
    }
}

/// One change from `textDocument/didChange`: a replacement of a range, or of the whole text when `range` is nil.
public struct TextChange: Hashable, Sendable {
    /// The replaced range, in LSP positions; nil replaces the whole document.
    public var range: LSPRange?
    /// The new text.
    public var text: String

    /// Creates a change.
    public init(range: LSPRange?, text: String) {
        self.range = range
        self.text = text
    }

    /// Reads a `TextDocumentContentChangeEvent`; nil when it has no text or a malformed range.
    public init?(json: JSONValue) {
        guard let text = json["text"]?.stringValue else { return nil }
        if let rangeJSON = json["range"], !rangeJSON.isNull {
            guard let range = LSPRange(json: rangeJSON) else { return nil }
            self.init(range: range, text: text)
        } else {
            self.init(range: nil, text: text)
        }
    }
}

/// An open document: its URI, the version the client gave, and its text as a `SourceFile`.
public struct TextDocument: Sendable {
    /// The document's URI.
    public let uri: String
    /// The client's version number.
    public var version: Int
    /// The current text.
    public private(set) var file: SourceFile

    /// Creates a document.
    public init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        self.file = SourceFile(path: TextDocument.path(of: uri), text: text)
    }

    /// The current text.
    public var text: String { String(decoding: file.bytes, as: UTF8.self) }

    /// Applies changes in order, as `textDocument/didChange` requires: each range is in the
    /// coordinates of the text after the changes before it.
    public mutating func apply(_ changes: [TextChange]) {
        for change in changes {
            guard let range = change.range else {
                file = SourceFile(path: file.path, text: change.text)
                continue
            }
            let replaced = PositionMapper(file).sourceRange(of: range)
            var bytes = file.bytes
            bytes.replaceSubrange(replaced.start..<replaced.end, with: Array(change.text.utf8))
            file = SourceFile(path: file.path, bytes: bytes)
        }
    }

    /// The file system path a `file://` URI names (percent-decoded), or the URI itself for other schemes.
    public static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var path = String(uri.dropFirst("file://".count))
        // file://host/path: keep the path only.
        if !path.hasPrefix("/"), let slash = path.firstIndex(of: "/") { path = String(path[slash...]) }
        return percentDecoded(path)
    }

    /// The `file://` URI of an absolute path, percent-encoding what URIs do not allow.
    public static func uri(ofPath path: String) -> String {
        var result = "file://"
        for byte in path.utf8 {
            let allowed = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "/-._~".utf8.contains(byte)
            if allowed {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }

    private static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
               let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2]) {
                bytes.append(high * 16 + low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
