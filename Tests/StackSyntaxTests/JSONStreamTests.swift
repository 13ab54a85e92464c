import StackTestSupport
import Testing
@testable import StackSyntax

// `JSONStream` writes a document piece by piece; its text must be exactly what `JSONValue.rendered(pretty:)`
// gives for the same document, or streamed output (`ast`, `ir`, `layout` and `check` as JSON) would drift
// from the documented layout.

/// Writes `value` through a stream, opening containers as the CLI does, and returns the text.
private func streamed(_ value: JSONValue, pretty: Bool, key: String? = nil, into stream: inout JSONStream) {
    switch value {
    case .array(let elements):
        stream.beginArray(key: key)
        for element in elements { streamed(element, pretty: pretty, into: &stream) }
        stream.end()
    case .object(let members):
        stream.beginObject(key: key)
        for (name, member) in members { streamed(member, pretty: pretty, key: name, into: &stream) }
        stream.end()
    default:
        stream.value(value, key: key)
    }
}

private func randomValue(_ generator: inout some RandomNumberGenerator, depth: Int) -> JSONValue {
    let strings = ["", "a", "q\"\\\n\t\u{01}", "Grüße 😀", String(repeating: "x", count: 70_000)]
    switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &generator) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &generator))
    case 2: return .number([0, -3, 1.5, 1e12, 0.1][Int.random(in: 0..<5, using: &generator)])
    case 3, 4: return .string(strings[Int.random(in: 0..<strings.count, using: &generator)])
    case 5: return .array((0..<Int.random(in: 0..<4, using: &generator)).map { _ in randomValue(&generator, depth: depth + 1) })
    default:
        return .object((0..<Int.random(in: 0..<4, using: &generator)).map { index in ("k\(index)", randomValue(&generator, depth: depth + 1)) })
    }
}

@Test func streamedJSONIsTheRenderedJSON() {
    let seed = testSeed()
    print("JSONStreamTests seed: \(seed)")
    var generator = SeededGenerator(seed: seed)
    for index in 0..<300 {
        let value = randomValue(&generator, depth: 0)
        for pretty in [true, false] {
            var text = ""
            var stream = JSONStream(pretty: pretty) { text += $0 }
            streamed(value, pretty: pretty, into: &stream)
            stream.flush()
            #expect(text == value.rendered(pretty: pretty), "seed \(seed), value \(index), pretty \(pretty)")
        }
    }
}

@Test func theStreamedSyntaxTreeIsTheSyntaxTreesJSON() {
    let source = """
        let gap = 8 // a comment
        component Card(title: String = "Grüße") {
            vstack(spacing: gap) { label(text: title) hstack { view view(intrinsic: 1 x 1) } }
            constraints { }
        }
        hstack main(spacing: gap * 2) {
            Card first
            vstack { hstack { } view(intrinsic: (1 + 2) x none) }
            constraints { first.width == 2 * main.width - 3 @750 }
        }
        vstack { zz ( }
        """
    let tree = Parser.parse(source, path: "t.stack")
    for pretty in [true, false] {
        var text = ""
        var stream = JSONStream(pretty: pretty) { text += $0 }
        tree.writeJSON(to: &stream)
        stream.flush()
        #expect(text == tree.json.rendered(pretty: pretty))
    }
}
