import Foundation
import StackTestSupport
import Testing
@testable import StackText

/// Font files built to make reading slow: overlapping ranges and offsets that reuse the same bytes.
/// Each reads or fails with a FontError in well under a second (without the bounds they take minutes).
@Suite struct HostileFontTests {
    typealias Font = SyntheticFont

    func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = Date()
        let result = try body()
        return (result, Date().timeIntervalSince(start))
    }

    /// 5,000 cmap format 12 groups, each the whole first plane: only the first counts.
    @Test func overlappingCharacterGroupsAreReadOnce() throws {
        var cmap = Font.be16(0) + Font.be16(1) + Font.be16(3) + Font.be16(10) + Font.be32(12)
        let groups = 5_000
        cmap += Font.be16(12) + Font.be16(0) + Font.be32(UInt32(16 + 12 * groups)) + Font.be32(0) + Font.be32(UInt32(groups))
        for _ in 0..<groups { cmap += Font.be32(0) + Font.be32(0xFFFF) + Font.be32(1) }
        let (metrics, seconds) = try timed { try FontMetrics(fontFile: Font.bytes(kern: false, replacing: ["cmap": cmap])) }
        // Scalars 0...0xFFFE map to glyphs 1...0xFFFF (0xFFFF would be glyph 0x10000, past the ids).
        #expect(metrics.advances.count == 0xFFFF)
        #expect(seconds < 10, "took \(seconds) s")
    }

    /// 20,000 legacy kern subtables, each claiming 65,535 pairs read from the bytes of the ones after it.
    @Test func overlappingKerningSubtablesExhaustTheBudget() {
        let count = 20_000
        var kern = Font.be16(0) + Font.be16(UInt16(count))
        for _ in 0..<count { kern += Font.be16(0) + Font.be16(8) + Font.be16(0x0001) + Font.be16(0xFFFF) }
        kern += [UInt8](repeating: 0, count: 14 + 6 * 0xFFFF)
        let (error, seconds) = timed { () -> FontError? in
            do {
                _ = try FontMetrics(fontFile: Font.bytes(kern: false, replacing: ["kern": kern]))
                return nil
            } catch let error as FontError {
                return error
            } catch {
                return nil
            }
        }
        #expect(error == .malformed("the tables take far more reads than the file has bytes"))
        #expect(seconds < 10, "took \(seconds) s")
    }

    /// More pair-adjustment subtables than any font has are refused.
    @Test func thousandsOfKerningSubtablesAreRefused() {
        let count = Kerning.maximumSubtables + 1
        var kern = Font.be16(0) + Font.be16(UInt16(count))
        for _ in 0..<count { kern += Font.be16(0) + Font.be16(14) + Font.be16(0x0001) + Font.be16(0) + [UInt8](repeating: 0, count: 6) }
        #expect(throws: FontError.malformed("more than \(Kerning.maximumSubtables) kerning subtables")) {
            try FontMetrics(fontFile: Font.bytes(kern: false, replacing: ["kern": kern]))
        }
    }
}
