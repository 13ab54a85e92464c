import Foundation
import StackTestSupport
import Testing
@testable import StackText

/// A font file built byte by byte, so every expected value below is worked out by hand from the bytes.
struct SyntheticFont {
    /// Glyphs: 0 .notdef 500, 1 'A' 600, 2 'V' 650, 3 ' ' 250, 4-6 'a'...'c' 400 each (the last hmtx
    /// record, which glyphs past the records share). unitsPerEm 1000, ascender 800, descender -200, gap 100.
    static func bytes(kern: Bool = true) -> [UInt8] {
        var head = [UInt8](repeating: 0, count: 54)
        put16(&head, 18, 1000)
        var hhea = [UInt8](repeating: 0, count: 36)
        put16(&hhea, 4, 800)
        put16(&hhea, 6, UInt16(bitPattern: -200))
        put16(&hhea, 8, 100)
        put16(&hhea, 34, 5)  // five records: glyphs 5 and 6 reuse glyph 4's advance
        var hmtx: [UInt8] = []
        for advance in [500, 600, 650, 250, 400] as [UInt16] { hmtx += be16(advance) + be16(0) }
        // cmap format 4: ' ' -> 3, 'A' -> 1, 'V' -> 2, 'a'...'c' -> 4...6 (deltas), then the 0xFFFF end segment.
        let segments: [(start: UInt16, end: UInt16, delta: Int)] = [(32, 32, 3 - 32), (65, 65, 1 - 65), (86, 86, 2 - 86), (97, 99, 4 - 97), (0xFFFF, 0xFFFF, 1)]
        var subtable = be16(4) + be16(0) + be16(0) + be16(UInt16(2 * segments.count)) + be16(0) + be16(0) + be16(0)
        for segment in segments { subtable += be16(segment.end) }
        subtable += be16(0)
        for segment in segments { subtable += be16(segment.start) }
        for segment in segments { subtable += be16(UInt16(truncatingIfNeeded: segment.delta)) }
        for _ in segments { subtable += be16(0) }
        put16(&subtable, 2, UInt16(subtable.count))
        let cmap = be16(0) + be16(1) + be16(3) + be16(1) + be32(12) + subtable
        // kern format 0: 'A' 'V' -80, 'V' 'a' -30.
        var kernTable = be16(0) + be16(1) + be16(0) + be16(6 + 8 + 12) + be16(0x0001)
        kernTable += be16(2) + be16(12) + be16(1) + be16(0)
        kernTable += be16(1) + be16(2) + be16(UInt16(bitPattern: -80)) + be16(2) + be16(4) + be16(UInt16(bitPattern: -30))
        var tables: [(String, [UInt8])] = [("cmap", cmap), ("head", head), ("hhea", hhea), ("hmtx", hmtx)]
        if kern { tables.append(("kern", kernTable)) }
        var file = be32(0x0001_0000) + be16(UInt16(tables.count)) + be16(0) + be16(0) + be16(0)
        var offset = 12 + 16 * tables.count
        var bodies: [UInt8] = []
        for (tag, table) in tables {
            file += Array(tag.utf8) + be32(0) + be32(UInt32(offset)) + be32(UInt32(table.count))
            bodies += table
            offset += table.count
        }
        return file + bodies
    }

    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    static func be32(_ value: UInt32) -> [UInt8] { be16(UInt16(value >> 16)) + be16(UInt16(value & 0xFFFF)) }
    static func put16(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt16) {
        bytes[offset] = UInt8(value >> 8)
        bytes[offset + 1] = UInt8(value & 0xFF)
    }
}

@Suite struct FontReaderTests {
    @Test func readsMetricsAdvancesAndKerning() throws {
        let metrics = try FontMetrics(fontFile: SyntheticFont.bytes())
        #expect(metrics.unitsPerEm == 1000 && metrics.ascender == 800 && metrics.descender == -200 && metrics.lineGap == 100)
        #expect(metrics.advances == [32: 250, 65: 600, 86: 650, 97: 400, 98: 400, 99: 400])
        #expect(metrics.missingAdvance == 500)
        #expect(metrics.kern(65, 86) == -80 && metrics.kern(86, 97) == -30 && metrics.kern(86, 65) == 0)
        let measurer = TextMeasurer(metrics: metrics, size: 10)
        // (600 + 650 - 80) / 1000 * 10
        #expect(abs(measurer.width(of: "AV") - 11.7) < 1e-12)
        // 'V' 'a' kerned, 'z' missing: 650 + 400 - 30 + 500
        #expect(abs(measurer.width(of: "Vaz") - 15.2) < 1e-12)
        #expect(abs(measurer.lineHeight - 11) < 1e-12 && abs(measurer.ascent - 8) < 1e-12)
        #expect(try FontMetrics(fontFile: SyntheticFont.bytes(kern: false)).kerning.isEmpty)
    }

    @Test func compactFormRoundTrips() throws {
        let metrics = try FontMetrics(fontFile: SyntheticFont.bytes())
        #expect(try FontMetrics(compact: metrics.compact) == metrics)
        for face in FontLibrary.standard.faces {
            #expect(try FontMetrics(compact: face.metrics.compact) == face.metrics)
        }
    }

    /// Every prefix of a font and random corruptions of it read or fail with a FontError, never trap.
    @Test func malformedFontsNeverTrap() {
        let bytes = SyntheticFont.bytes()
        for length in 0..<bytes.count { _ = try? FontMetrics(fontFile: Array(bytes.prefix(length))) }
        let seed = UInt64(ProcessInfo.processInfo.environment["STACKC_SEED"] ?? "") ?? 7
        print("malformedFontsNeverTrap: seed \(seed)")
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<2_000 {
            var corrupt = bytes
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                corrupt[Int(generator.next() % UInt64(corrupt.count))] = UInt8(truncatingIfNeeded: generator.next())
            }
            _ = try? FontMetrics(fontFile: corrupt)
        }
        #expect(throws: FontError.self) { try FontMetrics(fontFile: Array("not a font".utf8)) }
    }

    /// The shipped default faces are what the reader gives for Debian's Inter files (when installed).
    @Test func defaultFacesAreTheFontFiles() throws {
        let folder = "/usr/share/fonts/opentype/inter/"
        let files: [FontWeight: String] = [.regular: "Inter-Regular.otf", .medium: "Inter-Medium.otf", .semibold: "Inter-SemiBold.otf", .bold: "Inter-Bold.otf"]
        #expect(FontLibrary.standard.faces.map(\.weight) == [.regular, .medium, .semibold, .bold])
        for face in FontLibrary.standard.faces {
            guard let data = FileManager.default.contents(atPath: folder + files[face.weight]!) else { continue }
            #expect(try FontMetrics(fontFile: [UInt8](data)) == face.metrics, "\(face.weight)")
        }
        #expect(FontLibrary.standard.face(for: .heavy).name == "Inter Bold")
        #expect(FontLibrary.standard.face(for: .light).name == "Inter Regular")
    }
}
