import Foundation
import StackTestSupport
import Testing
@testable import StackText

/// The `name` table's PostScript and full names, the font-file loader and custom fonts' sizes.
@Suite struct FontNamesTests {
    typealias Font = SyntheticFont

    @Test func windowsRecordsWinOverMacintoshOnes() throws {
        let table = Font.nameTable([
            (1, 0, 0, 6, Array("Mac-Name".utf8)),
            (3, 1, 0x040C, 6, Font.utf16("French-Name")),
            (3, 1, 0x0409, 6, Font.utf16("Brand-Bold")),
            (0, 3, 0, 4, Font.utf16("Brand Bold")),
        ])
        let names = try FontNames(fontFile: Font.bytes(name: table))
        #expect(names.postScriptName == "Brand-Bold" && names.fullName == "Brand Bold")
    }

    @Test func macRomanRecordsDecode() throws {
        // 0x8E is é and 0xD0 is an en dash in Mac OS Roman.
        let table = Font.nameTable([(1, 0, 0, 4, Array("Caf".utf8) + [0x8E, 0x20, 0xD0]), (1, 0, 0, 6, Array("Cafe-Regular".utf8))])
        let names = try FontNames(fontFile: Font.bytes(name: table))
        #expect(names.fullName == "Café \u{2013}" && names.postScriptName == "Cafe-Regular")
    }

    @Test func formatOneTablesKeepTheirRecords() throws {
        let table = Font.nameTable([(3, 1, 0x0409, 6, Font.utf16("Tagged-Medium"))], format: 1)
        #expect(try FontNames(fontFile: Font.bytes(name: table)).postScriptName == "Tagged-Medium")
    }

    @Test func recordsOutsideTheTableAreSkipped() throws {
        var table = Font.nameTable([(3, 1, 0x0409, 6, Font.utf16("Broken")), (1, 0, 0, 6, Array("Fallback".utf8))])
        Font.put16(&table, 6 + 10, 0xFFF0)  // the first record's string offset, far past the storage
        #expect(try FontNames(fontFile: Font.bytes(name: table)).postScriptName == "Fallback")
        #expect(try FontNames(fontFile: Font.bytes()).postScriptName == nil)
    }

    /// Every prefix of a named font and random corruptions of its name table read or fail, never trap.
    @Test func hostileNameTablesNeverTrap() {
        let bytes = Font.named("Brand-Bold")
        for length in 0..<bytes.count { _ = try? FontNames(fontFile: Array(bytes.prefix(length))) }
        let seed = testSeed()
        print("hostileNameTablesNeverTrap: seed \(seed)")
        var generator = SeededGenerator(seed: seed)
        let nameStart = bytes.count - Font.nameTable([(3, 1, 0x409, 4, Font.utf16("Synthetic")), (3, 1, 0x409, 6, Font.utf16("Brand-Bold"))]).count
        for _ in 0..<2_000 {
            var corrupt = bytes
            for _ in 0..<(1 + Int(generator.next() % 4)) {
                corrupt[nameStart + Int(generator.next() % UInt64(bytes.count - nameStart))] = UInt8(truncatingIfNeeded: generator.next())
            }
            _ = try? FontNames(fontFile: corrupt)
        }
    }

    @Test func debianInterHasItsPostScriptName() throws {
        guard let data = FileManager.default.contents(atPath: "/usr/share/fonts/opentype/inter/Inter-Bold.otf") else { return }
        let names = try FontNames(fontFile: [UInt8](data))
        #expect(names.postScriptName == "Inter-Bold" && names.fullName == "Inter Bold")
    }

    @Test func loaderReportsEachProblem() throws {
        let loader = FontFileLoader(files: [
            "/f/brand.otf": Font.named("Brand-Bold"), "/f/anonymous.otf": Font.bytes(), "/f/text.otf": Array("not a font".utf8),
            "/f/huge.otf": [UInt8](repeating: 0, count: FontFileLoader.maximumBytes + 1),
        ])
        let face = try loader.load("/f/brand.otf").get()
        #expect(face.postScriptName == "Brand-Bold" && face.metrics.advances[65] == 600)
        #expect(loader.load("/f/missing.otf") == .failure(.missing))
        #expect(loader.load("/f/anonymous.otf") == .failure(.noPostScriptName))
        #expect(loader.load("/f/huge.otf") == .failure(.tooLarge))
        guard case .failure(.invalid) = loader.load("/f/text.otf") else {
            Issue.record("a text file reads as a font")
            return
        }
    }

    /// A file is read again only when its version changes.
    @Test func loaderCachesByVersion() throws {
        final class Storage: @unchecked Sendable {
            private let lock = NSLock()
            private var version = "1", reads = 0
            func locked<T>(_ body: (inout String, inout Int) -> T) -> T {
                lock.lock()
                defer { lock.unlock() }
                return body(&version, &reads)
            }
        }
        let storage = Storage()
        let loader = FontFileLoader(version: { _ in storage.locked { version, _ in version } }, read: { _ in
            storage.locked { _, reads in reads += 1 }
            return SyntheticFont.named("Brand-Bold")
        })
        _ = loader.load("/a.otf")
        _ = loader.load("/a.otf")
        #expect(storage.locked { _, reads in reads } == 1)
        storage.locked { version, _ in version = "2" }
        _ = loader.load("/a.otf")
        #expect(storage.locked { _, reads in reads } == 2)
    }

    @Test func pathsResolveFromTheLayoutsFolder() {
        #expect(FontFileLoader.resolve("Fonts/B.otf", relativeTo: "App/Layouts/screen.stack") == "App/Layouts/Fonts/B.otf")
        #expect(FontFileLoader.resolve("Fonts/B.otf", relativeTo: "/abs/screen.stack") == "/abs/Fonts/B.otf")
        #expect(FontFileLoader.resolve("Fonts/B.otf", relativeTo: "screen.stack") == "Fonts/B.otf")
        #expect(FontFileLoader.resolve("Fonts/B.otf", relativeTo: "-") == "Fonts/B.otf")
        #expect(FontFileLoader.resolve("/Library/B.otf", relativeTo: "App/screen.stack") == "/Library/B.otf")
    }

    /// Scaled like UIFontMetrics: the size times the style's Dynamic Type ratio (Apple's table: body is
    /// 17 at large and 23 at xxxLarge, caption1 12 and 18).
    @Test func customFontsScaleByTheirStylesRatio() throws {
        let metrics = try FontMetrics(fontFile: Font.bytes())
        let body = CustomFont(path: "a.otf", postScriptName: "A", size: 17, scaledLike: .body, metrics: metrics)
        let caption = CustomFont(path: "a.otf", postScriptName: "A", size: 20, scaledLike: .caption1, metrics: metrics)
        let fixed = CustomFont(path: "a.otf", postScriptName: "A", size: 20, metrics: metrics)
        #expect(body.pointSize(at: .xxxLarge) == 23 && body.pointSize(at: .large) == 17)
        #expect(caption.pointSize(at: .xxxLarge) == 30 && fixed.pointSize(at: .xxxLarge) == 20)
        // "AV" in the synthetic font: (600 + 650 - 80) / 1000 em, 23.4 points at 20, 35.1 at 30: on a 3x grid.
        let environment = TextEnvironment(fonts: .standard, category: .xxxLarge)
        #expect(environment.measureLabel("AV", font: .custom(fixed)).width == 71.0 / 3)
        #expect(environment.measureLabel("AV", font: .custom(caption)).width == 106.0 / 3)
    }
}
