/// Splits a byte stream into LSP messages: `Content-Length: n\r\n` (other headers ignored), a blank
/// line, then `n` bytes of JSON. Total: a header block without a valid length is reported and skipped,
/// so one bad message never desynchronises the ones after it.
public struct MessageFramer: Sendable {
    /// What `next()` found.
    public enum Item: Hashable, Sendable {
        /// A message body.
        case message([UInt8])
        /// A header block that could not be used (skipped), with the reason.
        case malformedHeader(String)
    }

    /// The largest body accepted (256 MiB); a larger length is a malformed header.
    public static let maximumLength = 256 << 20
    /// The longest header block accepted before it is dropped as malformed.
    public static let maximumHeaderLength = 64 << 10

    private var buffer: [UInt8] = []
    private var start = 0
    private var pendingLength: Int?

    /// Creates an empty framer.
    public init() {}

    /// Adds bytes read from the stream.
    public mutating func append(_ bytes: some Collection<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message or malformed header, or nil when more bytes are needed.
    public mutating func next() -> Item? {
        if pendingLength == nil {
            guard let headerEnd = findHeaderEnd() else {
                if buffer.count - start > MessageFramer.maximumHeaderLength {
                    start = buffer.count
                    return .malformedHeader("header longer than \(MessageFramer.maximumHeaderLength) bytes")
                }
                return nil
            }
            let header = String(decoding: buffer[start..<max(start, headerEnd.headerEnd)], as: UTF8.self)
            start = headerEnd.contentStart
            switch MessageFramer.contentLength(in: header) {
            case .success(let length): pendingLength = length
            case .failure(let problem): return .malformedHeader(problem.message)
            }
        }
        guard let length = pendingLength, buffer.count - start >= length else { return nil }
        let body = Array(buffer[start..<start + length])
        start += length
        pendingLength = nil
        return .message(body)
    }

    private struct HeaderProblem: Error { let message: String }

    /// The end of the header block: accepts `\r\n\r\n` and, leniently, `\n\n`.
    /// `headerEnd` excludes the line break ending the last header line.
    private func findHeaderEnd() -> (contentStart: Int, headerEnd: Int)? {
        var index = start
        while index < buffer.count {
            if buffer[index] == UInt8(ascii: "\n") {
                let lineEnd = index > start && buffer[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
                if index + 1 < buffer.count, buffer[index + 1] == UInt8(ascii: "\n") { return (index + 2, lineEnd) }
                if index + 2 < buffer.count, buffer[index + 1] == UInt8(ascii: "\r"), buffer[index + 2] == UInt8(ascii: "\n") {
                    return (index + 3, lineEnd)
                }
            }
            index += 1
        }
        return nil
    }

    private static func contentLength(in header: String) -> Result<Int, HeaderProblem> {
        var length: Int?
        for rawLine in header.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            guard let colon = rawLine.firstIndex(of: ":") else {
                return .failure(HeaderProblem(message: "header line without ':'"))
            }
            let name = rawLine[..<colon].trimmingSpaces.lowercased()
            guard name == "content-length" else { continue }
            let value = rawLine[rawLine.index(after: colon)...].trimmingSpaces
            guard let parsed = Int(value), parsed >= 0, parsed <= maximumLength else {
                return .failure(HeaderProblem(message: "invalid Content-Length '\(value)'"))
            }
            length = parsed
        }
        guard let length else { return .failure(HeaderProblem(message: "missing Content-Length header")) }
        return .success(length)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

/// Frames one message body for writing: the `Content-Length` header, a blank line, the body.
public func framedMessage(_ body: String) -> [UInt8] {
    let bytes = Array(body.utf8)
    return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
}
