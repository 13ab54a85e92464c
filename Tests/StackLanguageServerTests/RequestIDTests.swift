import StackSyntax
import Testing
@testable import StackLanguageServer

/// Responses echo a request's id byte for byte: a client matches responses to requests by the id it
/// sent, and a number read as a `Double` comes back as something else (`1e400` as `0`).
@Suite struct RequestIDTests {
    /// The text of the `id` member of the response to `shutdown` sent with `id`, after `initialize`.
    func echoedID(_ id: String, method: String = "shutdown") -> String? {
        var bodies: [String] = []
        let server = LanguageServer(formatter: nil, sendBody: { bodies.append($0) })
        server.receive(Array(#"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{}}"#.utf8))
        server.receive(Array(#"{"jsonrpc":"2.0","id": \#(id) ,"method":"\#(method)"}"#.utf8))
        guard let body = bodies.last, let range = body.range(of: #""id":"#) else { return nil }
        let rest = body[range.upperBound...]
        return String(rest.prefix { $0 != "," && $0 != "}" })
    }

    @Test(arguments: ["1e400", "12345678901234567890", "-0", "1.50", "0", "7", "-12", "1E+2", "123456789012345678901234567890.5e-7"])
    func numberIDsAreEchoedExactly(_ id: String) {
        #expect(echoedID(id) == id)
        #expect(echoedID(id, method: "no/such/method") == id)
    }

    @Test func stringIDsAreEchoedExactly() {
        #expect(echoedID(#""abc""#) == #""abc""#)
        #expect(echoedID(#""\u00e9""#) == #""é""#)
    }

    /// Every response is valid JSON that the reader reads back.
    @Test func responsesReadBack() throws {
        var bodies: [String] = []
        let server = LanguageServer(formatter: nil, sendBody: { bodies.append($0) })
        server.receive(Array(#"{"jsonrpc":"2.0","id":1e400,"method":"initialize","params":{}}"#.utf8))
        server.receive(Array("{oops".utf8))
        server.receive(Array(#"{"jsonrpc":"2.0","id":[1],"method":"x"}"#.utf8))
        #expect(bodies.count == 3)
        for body in bodies { _ = try JSONReader.read(body) }
        #expect(bodies[1].contains(#""id":null"#))
    }

    /// The raw text of a top-level member's number, for ids.
    @Test func readerKeepsTheRawTextOfTheIDNumber() throws {
        let (value, raw) = try JSONReader.readMessage(Array(#"{"a":{"id":2},"id":  -1.50e+3 ,"id":5}"#.utf8))
        #expect(raw == "-1.50e+3")
        #expect(value["id"]?.doubleValue == -1500)
        #expect(try JSONReader.readMessage(Array(#"{"id":"x"}"#.utf8)).rawID == nil)
    }
}
