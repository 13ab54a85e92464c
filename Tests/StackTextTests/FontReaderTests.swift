import Foundation
import StackTestSupport
import Testing
@testable import StackText

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

    /// The compact form as CompactMetrics.swift documents it, read field by field.
    @Test func compactFormReadsTheDocumentedLines() throws {
        let text = """
            name Test Face
            metrics 1000 800 -200 100 500
            advances 41:600,650;61:400
            kerning 41:56=-80,61=-10;56:41=-75

            """
        let metrics = try FontMetrics(compact: text)
        #expect(metrics.name == "Test Face")
        #expect(metrics.unitsPerEm == 1000 && metrics.ascender == 800 && metrics.descender == -200 && metrics.lineGap == 100)
        #expect(metrics.missingAdvance == 500)
        #expect(metrics.advances == [0x41: 600, 0x42: 650, 0x61: 400])
        #expect(metrics.kerning == [0x41 << 32 | 0x56: -80, 0x41 << 32 | 0x61: -10, 0x56 << 32 | 0x41: -75])
        // Lower-case hex reads the same; empty advance and kerning lines are no runs.
        let lower = try FontMetrics(compact: "name x\nmetrics 16 1 -1 0 8\nadvances 2a:5\nkerning ")
        #expect(lower.advances == [0x2A: 5] && lower.kerning.isEmpty)
    }

    /// Every prefix of the compact form, random corruptions of it and wrong lines fail with a FontError
    /// (or read), never trap.
    @Test func malformedCompactFormsNeverTrap() throws {
        let text = try FontMetrics(fontFile: SyntheticFont.bytes()).compact
        let bytes = Array(text.utf8)
        for length in 0..<bytes.count { _ = try? FontMetrics(compact: String(decoding: bytes.prefix(length), as: UTF8.self)) }
        let seed = UInt64(ProcessInfo.processInfo.environment["STACKC_SEED"] ?? "") ?? 11
        print("malformedCompactFormsNeverTrap: seed \(seed)")
        var generator = SeededGenerator(seed: seed)
        let alphabet = Array("0123456789abcdefABCDEF-,;:= \nxyz".utf8)
        for _ in 0..<2_000 {
            var corrupt = bytes
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                corrupt[Int(generator.next() % UInt64(corrupt.count))] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            _ = try? FontMetrics(compact: String(decoding: corrupt, as: UTF8.self))
        }
        let wrong = [
            "metrics 1000 800", "metrics 1000 800 -200 0 500\nsize 12", "metrics 1000 800 -200 0 500\nadvances 41",
            "metrics 1000 800 -200 0 500\nadvances 41:x", "metrics 1000 800 -200 0 500\nadvances FFFFFFFF:1,2",
            "metrics 1000 800 -200 0 500\nkerning 41:42", "metrics 1000 800 -200 0 500\nkerning 41:42=-",
            "metrics 1000 800 -200 0 500\nadvances 41:99999999999999999999", "metrics 1000 800 -200 0 500 7!",
            "metrics 0 800 -200 0 500",
        ]
        for text in wrong {
            #expect(throws: FontError.self, "\(text)") { try FontMetrics(compact: text) }
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
