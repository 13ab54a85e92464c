import StackSyntax
import Testing
@testable import StackLanguageServer

@Suite struct JSONReaderTests {
    @Test func readsEveryKindOfValue() throws {
        let value = try JSONReader.read(#" {"a": [1, -2.5e2, true, false, null], "b": {"c": "d"}} "#)
        #expect(value["a"]?.arrayValue?.count == 5)
        #expect(value["a"]?.arrayValue?[1].doubleValue == -250)
        #expect(value["a"]?.arrayValue?[2].boolValue == true)
        #expect(value["a"]?.arrayValue?[4].isNull == true)
        #expect(value["b"]?["c"]?.stringValue == "d")
        #expect(value["missing"] == nil)
    }

    @Test func keepsMemberOrderAndRoundTrips() throws {
        let text = #"{"z":1,"a":[{"y":"\u00e9\n"}],"m":null}"#
        let value = try JSONReader.read(text)
        #expect(value.rendered() == #"{"z":1,"a":[{"y":"é\n"}],"m":null}"#)
        #expect(try JSONReader.read(value.rendered()) == value)
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try JSONReader.read(#""\"\\\/\b\f\n\r\t""#).stringValue == "\"\\/\u{08}\u{0C}\n\r\t")
        #expect(try JSONReader.read(#""\ud83d\ude00 x""#).stringValue == "😀 x")
        // A lone surrogate becomes U+FFFD rather than failing.
        #expect(try JSONReader.read(#""\ud83d x""#).stringValue == "\u{FFFD} x")
        #expect(try JSONReader.read(#""\udc00""#).stringValue == "\u{FFFD}")
        #expect(try JSONReader.read("\"日本語 🎉\"").stringValue == "日本語 🎉")
    }

    @Test func integersAndIDs() throws {
        #expect(try JSONReader.read("42").intValue == 42)
        #expect(try JSONReader.read("-0").intValue == 0)
        #expect(try JSONReader.read("4.5").intValue == nil)
        #expect(try JSONReader.read("1e3").intValue == 1000)
    }

    @Test(arguments: [
        "", " ", "{", "}", "[1,]", "{\"a\":}", "{\"a\" 1}", "{a:1}", "01", "1.", ".5", "-", "1e", "+1",
        "tru", "nul", "\"abc", "\"\\x\"", "\"\\u12\"", "\"\u{01}\"", "[1 2]", "{\"a\":1,}", "1 2", "NaN", "\u{FEFF}1",
    ])
    func rejectsMalformedInput(_ text: String) {
        #expect(throws: JSONReadError.self) { try JSONReader.read(text) }
    }

    @Test func rejectsDeepNestingWithoutTrapping() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONReadError.self) { try JSONReader.read(deep) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect((try? JSONReader.read(fine)) != nil)
    }

    @Test func randomBytesNeverTrap() {
        var generator = SplitMix(seed: 7)
        let alphabet = Array(#"{}[]:,"\u0123456789.-+eEtruefalsnl x"#.utf8) + [0xFF, 0xC3, 0xA9, 0x00, 0x0A]
        for _ in 0..<3000 {
            let count = Int(generator.next() % 40)
            let bytes = (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            _ = try? JSONReader.read(bytes)
        }
    }
}

/// A small deterministic generator for the random tests.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
