import Foundation

/// Source text with inline location markers (`1️⃣`, `2️⃣`, …) removed, and the byte offset where each stood,
/// so tests say where a diagnostic must land by pointing at the text (swift-syntax's `assertParse` habit).
public struct MarkedSource {
    /// The text without markers.
    public let text: String
    /// Marker → UTF-8 offset in `text`.
    public let offsets: [String: Int]

    /// Strips the markers out of `marked`.
    public init(_ marked: String) {
        var text = ""
        var offsets: [String: Int] = [:]
        for character in marked {
            if Self.markers.contains(character) {
                offsets[String(character)] = text.utf8.count
            } else {
                text.append(character)
            }
        }
        self.text = text
        self.offsets = offsets
    }

    /// The offset of a marker; -1 (never a real offset) when the test names one that is not there.
    public subscript(_ marker: String) -> Int { offsets[marker] ?? -1 }

    static let markers: Set<Character> = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]
}

/// The repository root, found from this file's path, for tests that read `Samples/` and fixtures.
public let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `.stack` files directly in a folder of the repository, sorted by name.
public func stackFiles(in folder: String) -> [URL] {
    let directory = repositoryRoot.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".stack") }.sorted().map { directory.appendingPathComponent($0) }
}

/// A small deterministic random generator (SplitMix64) so randomised tests can print and replay their seed.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The seed for a randomised test: `STACKC_SEED` when set (to replay a failure), else the time.
public func testSeed() -> UInt64 {
    if let text = ProcessInfo.processInfo.environment["STACKC_SEED"], let seed = UInt64(text) { return seed }
    return UInt64(Date().timeIntervalSince1970 * 1000)
}

/// Whether the long, exhaustive variants of randomised tests should run.
public var longTestsEnabled: Bool { ProcessInfo.processInfo.environment["STACKC_LONG_TESTS"] == "1" }
