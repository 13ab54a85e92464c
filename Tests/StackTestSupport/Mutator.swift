/// Breaks valid programs the ways people and transports do: tokens deleted, duplicated, swapped or
/// replaced, files truncated at any byte, junk bytes inserted (NUL, invalid UTF-8, stray delimiters).
///
/// Token boundaries come from the caller (the real lexer), so this library needs no compiler module.
public struct Mutator {
    /// What one mutation did, for the failure message.
    public enum Kind: String, CaseIterable, Sendable {
        case deleteToken, duplicateToken, swapTokens, replaceToken, truncate, insertBytes, deleteBytes, flipByte
    }

    /// Bytes worth inserting: NUL, invalid and truncated UTF-8, delimiters that open or close things.
    static let junk: [[UInt8]] = [
        [0], [0xFF], [0xFE], [0x80], [0xC0, 0x80], [0xE2, 0x82], [0xF0, 0x9F, 0x99], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
        Array("{".utf8), Array("}".utf8), Array("(".utf8), Array(")".utf8), Array("\"".utf8), Array("/*".utf8), Array("*/".utf8),
        Array("//".utf8), Array("\n".utf8), Array("\\".utf8), Array(",".utf8), Array(":".utf8), Array(".".utf8), Array("@".utf8),
        Array("=".utf8), Array("<".utf8), Array("-".utf8), Array("x".utf8), Array("1.2.3".utf8), Array("12px".utf8),
        Array(" vstack {".utf8), Array("component".utf8), Array("let".utf8), Array("constraints {".utf8), Array(" none ".utf8),
        Array("é".utf8), Array("🙂".utf8), [0x1B], [0x7F], [0x09], [0x0D],
    ]

    /// Applies one random mutation. `tokens` gives the token ranges of some bytes.
    public static func mutate(_ bytes: [UInt8], tokens: ([UInt8]) -> [Range<Int>],
                              using rng: inout SeededGenerator) -> (bytes: [UInt8], kind: Kind) {
        let kind = Kind.allCases.randomElement(using: &rng)!
        var result = bytes
        let ranges = tokens(bytes)
        func randomToken() -> Range<Int>? { ranges.randomElement(using: &rng) }
        switch kind {
        case .deleteToken:
            if let range = randomToken() { result.removeSubrange(range) }
        case .duplicateToken:
            if let range = randomToken() { result.insert(contentsOf: bytes[range], at: range.upperBound) }
        case .swapTokens:
            if var a = randomToken(), var b = randomToken(), a != b {
                if a.lowerBound > b.lowerBound { swap(&a, &b) }
                if a.upperBound <= b.lowerBound {
                    result = Array(bytes[..<a.lowerBound]) + bytes[b] + bytes[a.upperBound..<b.lowerBound] + bytes[a] + bytes[b.upperBound...]
                }
            }
        case .replaceToken:
            if let target = randomToken(), let source = randomToken() {
                result.replaceSubrange(target, with: bytes[source])
            }
        case .truncate:
            result = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &rng)))
        case .insertBytes:
            let insertion = junk.randomElement(using: &rng)!
            result.insert(contentsOf: insertion, at: Int.random(in: 0...bytes.count, using: &rng))
        case .deleteBytes:
            if !bytes.isEmpty {
                let start = Int.random(in: 0..<bytes.count, using: &rng)
                let end = min(bytes.count, start + Int.random(in: 1...16, using: &rng))
                result.removeSubrange(start..<end)
            }
        case .flipByte:
            if !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &rng)
                result[index] = UInt8.random(in: 0...255, using: &rng)
            }
        }
        return (result, kind)
    }

    /// Random bytes, half drawn from the characters the grammar uses so the parser gets past the first token.
    public static func randomBytes(count: Int, using rng: inout SeededGenerator) -> [UInt8] {
        let alphabet = Array("hstack vstack label(x: 1 x 2, a: .center) { } \"s\" /* */ // \n let component constraints @ == <= >= + - * / 0.5 none true".utf8)
        return (0..<count).map { _ in
            Bool.random(using: &rng) ? alphabet.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
        }
    }
}
