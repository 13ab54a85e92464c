import StackSyntax
import Testing
@testable import StackLanguageServer

/// Every badly framed message must cost at most itself: the valid message after it comes out intact,
/// whether the stream arrives at once or a byte at a time.
@Suite struct FramingRecoveryTests {
    static let valid = #"{"jsonrpc":"2.0","id":42,"method":"shutdown"}"#
    static let other = #"{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"capabilities":{}}}"#

    /// The items a stream frames into, fed in chunks of `chunk` bytes.
    func frame(_ stream: [UInt8], chunk: Int) -> [MessageFramer.Item] {
        var framer = MessageFramer()
        var items: [MessageFramer.Item] = []
        var index = 0
        while index < stream.count {
            framer.append(stream[index..<min(index + chunk, stream.count)])
            while let item = framer.next() { items.append(item) }
            index += chunk
        }
        return items
    }

    /// The messages framed from `bad` followed by a valid message, at every chunking: the valid
    /// message must be the last item, and at least one problem must be reported before it.
    func expectRecovery(_ bad: [UInt8], _ comment: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let stream = bad + framedMessage(FramingRecoveryTests.valid)
        for chunk in [1, 3, 64, stream.count] {
            let items = frame(stream, chunk: chunk)
            #expect(items.last == .message(Array(FramingRecoveryTests.valid.utf8)), "\(comment), chunk \(chunk): \(items)",
                    sourceLocation: sourceLocation)
            let problems = items.dropLast().filter {
                switch $0 {
                case .malformedHeader: true
                case .message(let body): (try? JSONReader.read(body)) == nil
                }
            }
            #expect(!problems.isEmpty, "\(comment), chunk \(chunk): nothing reported", sourceLocation: sourceLocation)
        }
    }

    @Test func missingContentLength() {
        expectRecovery(Array("Content-Type: x\r\n\r\n".utf8) + Array(FramingRecoveryTests.other.utf8), "header block without Content-Length, body follows")
        expectRecovery(Array("Content-Type: x\r\n\r\n".utf8), "header block without Content-Length")
    }

    @Test func lengthTooSmall() {
        let body = Array(FramingRecoveryTests.other.utf8)
        expectRecovery(Array("Content-Length: 10\r\n\r\n".utf8) + body, "length 10 for a longer body")
        expectRecovery(Array("Content-Length: 1\r\n\r\n".utf8) + body, "length 1")
        expectRecovery(Array("Content-Length: \(body.count - 1)\r\n\r\n".utf8) + body, "length one short")
    }

    @Test func lengthTooLarge() {
        let body = Array(FramingRecoveryTests.other.utf8)
        expectRecovery(Array("Content-Length: \(body.count + 1)\r\n\r\n".utf8) + body, "length one long")
        expectRecovery(Array("Content-Length: \(body.count + 30)\r\n\r\n".utf8) + body, "length ending inside the next header")
        expectRecovery(Array("Content-Length: 5000\r\n\r\n".utf8) + body, "length past everything sent")
    }

    @Test func invalidLengths() {
        for value in ["-4", "abc", "1000000000000", "99999999999999999999999", "", "12x", "0x10", "+5 5"] {
            expectRecovery(Array("Content-Length: \(value)\r\n\r\n".utf8) + Array(FramingRecoveryTests.other.utf8), "Content-Length '\(value)'")
        }
    }

    @Test func headerLineWithoutColon() {
        expectRecovery(Array("garbage line\r\n\r\n".utf8), "a header line without ':'")
        expectRecovery(Array("Content-Length 12\r\n\r\n{\"a\":[1,2,3]}".utf8), "a Content-Length line without ':'")
        expectRecovery(Array("hello".utf8), "junk without a line break")
    }

    @Test func junkBetweenMessages() {
        expectRecovery(framedMessage("{}") + Array("}}junk\n\r\n".utf8), "junk after a valid message")
        expectRecovery(Array(repeating: UInt8(ascii: "x"), count: 100_000), "100 KB of junk")
    }

    /// A `Content-Length` inside a JSON string is not a header: the message carrying it frames normally.
    @Test func contentLengthInsideAStringIsData() {
        let body = #"{"text":"Content-Length: 5\n\r\n","b":"content-length:"}"#
        for chunk in [1, 5, 1000] {
            #expect(frame(framedMessage(body) + framedMessage("[]"), chunk: chunk) == [.message(Array(body.utf8)), .message(Array("[]".utf8))])
        }
    }

    /// A length over the limit is an error at once, and the body it announces streams through
    /// without being kept.
    @Test func oversizedLengthIsRejectedWithoutBuffering() {
        var framer = MessageFramer()
        framer.append(Array("Content-Length: \(MessageFramer.maximumLength + 1)\r\n\r\n".utf8))
        guard case .malformedHeader = framer.next() else {
            Issue.record("expected the oversized length to be rejected")
            return
        }
        let block = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        for _ in 0..<80 {
            framer.append(block)
            while let item = framer.next() { Issue.record("unexpected \(item)") }
            #expect(framer.bufferedByteCount < 2 << 20)
        }
        framer.append(framedMessage(FramingRecoveryTests.valid))
        #expect(framer.next() == .message(Array(FramingRecoveryTests.valid.utf8)))
    }

    /// A length too large for what follows, with no message after it, still buffers at most the limit.
    @Test func pendingBodyIsBounded() {
        #expect(MessageFramer.maximumLength == 64 << 20)
        var framer = MessageFramer()
        framer.append(Array("Content-Length: \(MessageFramer.maximumLength)\r\n\r\n".utf8))
        framer.append([UInt8](repeating: UInt8(ascii: " "), count: 1 << 20))
        #expect(framer.next() == nil)
        #expect(framer.bufferedByteCount <= MessageFramer.maximumLength + MessageFramer.maximumHeaderLength)
    }

    /// Every prefix of a message split anywhere, and each bad length from 0 to twice the body: the
    /// message after it always comes out.
    @Test func everyWrongLengthRecovers() {
        let body = Array(FramingRecoveryTests.other.utf8)
        for length in 0...(2 * body.count) where length != body.count {
            let stream = Array("Content-Length: \(length)\r\n\r\n".utf8) + body + framedMessage(FramingRecoveryTests.valid)
            let items = frame(stream, chunk: stream.count)
            #expect(items.last == .message(Array(FramingRecoveryTests.valid.utf8)), "length \(length): \(items)")
        }
    }
}

extension FramingRecoveryTests {
    /// A header block cut off mid-line, after a valid length: the next real header glued to the cut
    /// line wins, rather than the stale length.
    @Test func headerGluedToACutLine() {
        expectRecovery(Array("Content-Length: 5\r\nX-Note: abc".utf8), "a cut header line after a length")
        expectRecovery(Array("Content-Length: 5\r\nX-Note: abc\r".utf8), "a cut header line ending in CR")
        expectRecovery(Array("Content-Length: 12".utf8), "a cut length line")
    }
}
