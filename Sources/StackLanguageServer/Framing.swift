/// Splits a byte stream into LSP messages: `Content-Length: n\r\n` (other headers ignored), a blank
/// line, then `n` bytes of JSON. Total and self-healing: one badly framed message costs at most
/// itself, never the messages after it.
///
/// Resynchronisation rests on one fact: the text `Content-Length:` (any case) followed by a line
/// break before any `"` never occurs in valid JSON. Outside strings JSON has no letters but those of
/// `true`, `false` and `null`, and inside a string a raw line break (any byte below 0x20) cannot come
/// before the closing quote. So such a text (a *header signature*) marks where a header starts, and:
/// - after a malformed header block (no or an invalid `Content-Length`, a line that is not
///   `Name: value`, junk where a header belongs), the framer reports it once and discards bytes up
///   to the next header signature;
/// - a body that holds a header signature has a length that is too large (it swallows the next
///   message): it is reported and framing resumes at the signature, so the message after it is kept;
/// - a length that is too small yields a truncated body (a JSON parse error for the server) and
///   leaves junk where the next header belongs, which the first rule skips.
///
/// Memory is bounded: a header block holds at most `maximumHeaderLength` bytes, a body at most
/// `maximumLength`; a larger `Content-Length` is an error whose body streams through resynchronisation
/// without being kept.
public struct MessageFramer: Sendable {
    /// What `next()` found.
    public enum Item: Hashable, Sendable {
        /// A message body.
        case message([UInt8])
        /// Bytes that could not be framed (skipped), with the reason.
        case malformedHeader(String)
    }

    /// The largest body accepted (64 MiB); a larger length is a malformed header.
    public static let maximumLength = 64 << 20
    /// The longest header block accepted before it is dropped as malformed.
    public static let maximumHeaderLength = 64 << 10
    /// The longest header name accepted: real ones are a few bytes, so a longer run is junk.
    static let maximumNameLength = 256
    /// How far after `Content-Length:` a line break must come for the text to be a header signature.
    static let maximumSignatureValue = 64

    /// Where framing stands. Offsets are relative to `start`, so dropping consumed bytes keeps them valid.
    private enum State: Sendable {
        /// Reading the header block at `start`.
        case header(HeaderScan)
        /// Waiting for a body of `length` bytes at `start`, the first `checked` of which hold no header signature.
        case body(length: Int, checked: Int)
        /// Discarding bytes up to the next header signature.
        case resync
    }

    /// What the complete lines of a header block said, and where reading stopped.
    private struct HeaderScan: Sendable {
        var position = 0
        var lineStart = 0
        var colon: Int?
        var length: Int?
        var sawLine = false
    }

    private var buffer: [UInt8] = []
    private var start = 0
    private var state = State.header(HeaderScan())

    /// The bytes held, waiting to be framed.
    public var bufferedByteCount: Int { buffer.count - start }

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

    /// The next complete message or framing problem, or nil when more bytes are needed.
    public mutating func next() -> Item? {
        // Each turn either returns, or moves from one state to another after consuming bytes or
        // finding a header signature (which the header state then consumes or skips a byte of).
        while true {
            switch state {
            case .header(var scan):
                switch readHeader(&scan) {
                case nil:
                    state = .header(scan)
                    return nil
                case .success(let body):
                    start += body.offset
                    state = .body(length: body.length, checked: 0)
                case .failure(let problem):
                    start += 1
                    state = .resync
                    return .malformedHeader(problem.message)
                }
            case .body(let length, let checked):
                let available = buffer.count - start
                switch findSignature(from: checked, below: min(available, length)) {
                case .found(let offset):
                    start += offset
                    state = .header(HeaderScan())
                    return .malformedHeader("Content-Length \(length) runs past its message: a header starts at byte \(offset) of the body")
                case .undetermined(let offset):
                    state = .body(length: length, checked: offset)
                    return nil
                case .absent:
                    guard available >= length else {
                        state = .body(length: length, checked: available)
                        return nil
                    }
                    let body = Array(buffer[start..<start + length])
                    start += length
                    state = .header(HeaderScan())
                    return .message(body)
                }
            case .resync:
                switch findSignature(from: 0, below: buffer.count - start) {
                case .found(let offset):
                    start += offset
                    state = .header(HeaderScan())
                case .undetermined(let offset):
                    start += offset
                    return nil
                case .absent:
                    start = buffer.count
                    return nil
                }
            }
        }
    }

    private struct HeaderProblem: Error { let message: String }
    private struct BodyStart { let offset: Int; let length: Int }

    /// Reads header lines from where `scan` stopped: the body's offset and length once the blank line
    /// ends the block, a problem, or nil when more bytes are needed. Each byte is read once.
    private func readHeader(_ scan: inout HeaderScan) -> Result<BodyStart, HeaderProblem>? {
        while start + scan.position < buffer.count {
            let position = scan.position
            guard position < MessageFramer.maximumHeaderLength else {
                return .failure(HeaderProblem(message: "header block longer than \(MessageFramer.maximumHeaderLength) bytes"))
            }
            let byte = buffer[start + position]
            if byte == UInt8(ascii: "\n") {
                var end = position
                if end > scan.lineStart, buffer[start + end - 1] == UInt8(ascii: "\r") { end -= 1 }
                if end == scan.lineStart {
                    if scan.sawLine {
                        guard let length = scan.length else { return .failure(HeaderProblem(message: "missing Content-Length header")) }
                        return .success(BodyStart(offset: position + 1, length: length))
                    }
                    // A blank line before any header: tolerated, as stray line breaks between messages.
                } else {
                    guard let colon = scan.colon else { return .failure(HeaderProblem(message: "header line without ':'")) }
                    if let problem = readHeaderLine(name: scan.lineStart..<colon, value: colon + 1..<end, into: &scan) { return .failure(problem) }
                    scan.sawLine = true
                }
                scan.lineStart = position + 1
                scan.colon = nil
            } else if scan.colon == nil {
                if byte == UInt8(ascii: ":") {
                    guard position > scan.lineStart else { return .failure(HeaderProblem(message: "header line with an empty name")) }
                    scan.colon = position
                } else if byte == UInt8(ascii: "\r") {
                    // Only as the end of a line: `\r\n`.
                    guard start + position + 1 < buffer.count else { return nil }
                    guard buffer[start + position + 1] == UInt8(ascii: "\n") else {
                        return .failure(HeaderProblem(message: "header line without ':'"))
                    }
                } else if !MessageFramer.isTokenByte(byte) || position - scan.lineStart >= MessageFramer.maximumNameLength {
                    return .failure(HeaderProblem(message: scan.sawLine ? "header line without ':'" : "expected a header ('Content-Length: n')"))
                }
            }
            scan.position += 1
        }
        return nil
    }

    /// Records what one `Name: value` line says; a problem for an invalid `Content-Length`, or for a
    /// line with a header signature after its start: such a line is a header glued to junk, and the
    /// header is what resynchronisation finds.
    private func readHeaderLine(name: Range<Int>, value: Range<Int>, into scan: inout HeaderScan) -> HeaderProblem? {
        if case .found = findSignature(from: name.lowerBound + 1, below: value.upperBound) {
            return HeaderProblem(message: "header line holds another header")
        }
        let nameBytes = buffer[start + name.lowerBound..<start + name.upperBound]
        guard nameBytes.count == MessageFramer.contentLength.count - 1,
              zip(nameBytes, MessageFramer.contentLength).allSatisfy({ MessageFramer.lowercased($0) == $1 }) else { return nil }
        var digits = buffer[start + value.lowerBound..<start + value.upperBound][...]
        while let first = digits.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { digits.removeFirst() }
        while let last = digits.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { digits.removeLast() }
        let text = String(decoding: digits.prefix(40), as: UTF8.self) + (digits.count > 40 ? "…" : "")
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return HeaderProblem(message: "invalid Content-Length '\(text)'")
        }
        var length = 0
        for digit in digits {
            length = length * 10 + Int(digit - UInt8(ascii: "0"))
            if length > MessageFramer.maximumLength {
                return HeaderProblem(message: "Content-Length \(text) exceeds the limit of \(MessageFramer.maximumLength) bytes")
            }
        }
        scan.length = length
        return nil
    }

    /// `content-length:`, lowercase, as a header signature starts.
    private static let contentLength = Array("content-length:".utf8)

    private enum SignatureSearch {
        /// A header signature starts at this offset.
        case found(Int)
        /// A header signature may start at this offset: the bytes held end before it can be told.
        case undetermined(Int)
        /// No header signature starts at any offset searched.
        case absent
    }

    /// The first header signature starting at an offset in `from..<limit` (relative to `start`); it may
    /// end past `limit`. Linear: each candidate costs at most `maximumSignatureValue` bytes more.
    private func findSignature(from: Int, below limit: Int) -> SignatureSearch {
        let pattern = MessageFramer.contentLength
        var offset = from
        while offset < limit {
            let first = buffer[start + offset]
            guard first == UInt8(ascii: "c") || first == UInt8(ascii: "C") else {
                offset += 1
                continue
            }
            var index = start + offset
            var matched = 0
            while matched < pattern.count, index < buffer.count, MessageFramer.lowercased(buffer[index]) == pattern[matched] {
                matched += 1
                index += 1
            }
            if matched < pattern.count {
                if index == buffer.count { return .undetermined(offset) }
                offset += 1
                continue
            }
            // The value: a byte below 0x20 before any quote proves a header.
            let valueEnd = index + MessageFramer.maximumSignatureValue
            while index < buffer.count, index < valueEnd, buffer[index] >= 0x20, buffer[index] != UInt8(ascii: "\"") { index += 1 }
            if index == buffer.count, index < valueEnd { return .undetermined(offset) }
            if index < valueEnd, buffer[index] < 0x20 { return .found(offset) }
            offset += 1
        }
        return .absent
    }

    @inline(__always)
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
    }

    /// Whether a byte may appear in a header name (RFC 9110 `tchar`).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}

/// Frames one message body for writing: the `Content-Length` header, a blank line, the body.
public func framedMessage(_ body: String) -> [UInt8] {
    let bytes = Array(body.utf8)
    return Array("Content-Length: \(bytes.count)\r\n\r\n".utf8) + bytes
}
