import StackSyntax
import StackTestSupport
import StackText
import Testing
@testable import StackSemantics

/// `font: custom("file", size[, textStyle])`: the file read through the environment's loader, relative
/// to the `.stack` file's folder, and its errors located at the file's string.
@Suite struct CustomFontTests {
    /// Fonts in memory: `App/Fonts/Brand.otf` (named `Brand-Bold`), an absolute one, a text file and a
    /// font without a PostScript name.
    static let files = FontFileLoader(files: [
        "App/Fonts/Brand.otf": SyntheticFont.named("Brand-Bold"), "/Library/Fonts/Abs.otf": SyntheticFont.named("Abs-Regular"),
        "App/Fonts/Notes.txt": Array("not a font".utf8), "App/Fonts/Anonymous.otf": SyntheticFont.bytes(),
    ])

    func checked(_ marked: String, _ expected: [(DiagnosticID, String)] = [], category: ContentSizeCategory = .default,
                 fonts: FontLibrary = .standard, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> CheckResult {
        let source = MarkedSource(marked)
        let environment = TextEnvironment(fonts: fonts, category: category, fontFiles: Self.files)
        let result = check(SourceFile(path: "App/screen.stack", text: source.text), text: environment)
        let actual = result.diagnostics.map { "\($0.id.rawValue)@\($0.range.start)" }
        let wanted = expected.map { "\($0.0.rawValue)@\(source[$0.1])" }
        #expect(actual == wanted, "diagnostics: \(result.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        return result
    }

    static func custom(_ font: FontSpec?) -> CustomFont? {
        if case .custom(let custom)? = font { custom } else { nil }
    }

    @Test func customFontsMeasureInTheirFile() throws {
        // The synthetic font: "AV" is (600 + 650 - 80) / 1000 em wide, lines 1.1 em, ascender 0.8 em.
        let result = checked("""
            vstack main {
                label a(text: "AV", font: custom("Fonts/Brand.otf", 10))
                button b(text: "AV", font: custom("/Library/Fonts/Abs.otf", 20, body))
            }
            """, category: .xxxLarge)
        let nodes = try #require(result.model.roots.first).nodes
        let font = try #require(Self.custom(nodes[1].leaf?.font))
        #expect(font.path == "Fonts/Brand.otf" && font.postScriptName == "Brand-Bold" && font.size == 10 && font.scaledLike == nil)
        // 11.7 and 11 points, up to the 3x pixel grid.
        #expect(nodes[1].leaf?.intrinsic == PerAxis(horizontal: 12, vertical: 11))
        #expect(nodes[1].leaf?.firstBaseline == 8)
        // At xxxLarge body scales by 23/17: 20 * 23 / 17 = 27.06 points; "AV" 31.66 wide, lines 29.76,
        // plus the button's 6 above and below.
        let size = 20.0 * 23 / 17
        #expect(nodes[2].leaf?.intrinsic.horizontal == (1.17 * size * 3).rounded(.up) / 3)
        #expect(nodes[2].leaf?.intrinsic.vertical == (1.1 * size * 3).rounded(.up) / 3 + 12)
    }

    /// `--font-file` replaces the default font; a label's custom font still wins for that label.
    @Test func theAttributeWinsOverTheEnvironmentsFont() throws {
        let other = try FontMetrics(fontFile: SyntheticFont.bytes(kern: false))
        let result = checked("""
            vstack main {
                label a(text: "AV", font: custom("Fonts/Brand.otf", 10))
                label b(text: "AV", font: system(10))
            }
            """, fonts: FontLibrary(single: other))
        let nodes = try #require(result.model.roots.first).nodes
        #expect(nodes[1].leaf?.intrinsic.horizontal == 12, "kerned: 11.7 up to 12")
        #expect(nodes[2].leaf?.intrinsic.horizontal == 38.0 / 3, "unkerned: 12.5 up to 38/3")
    }

    @Test func unusableFilesAreLocatedAtTheirString() {
        let result = checked("""
            vstack main {
                label a(text: "x", font: custom(1️⃣"Fonts/Missing.otf", 17))
                label b(text: "x", font: custom(2️⃣"Fonts/Notes.txt", 17, body))
                label c(text: "x", font: custom(3️⃣"Fonts/Anonymous.otf", 17))
                label d(text: "x", font: 4️⃣custom(17, "Fonts/Brand.otf"))
                label e(text: "x", font: 5️⃣custom("Fonts/Brand.otf", 17, bold))
                label f(text: "x", font: 6️⃣custom("Fonts/Brand.otf", 0))
            }
            """, [(.unreadableFontFile, "1️⃣"), (.unreadableFontFile, "2️⃣"), (.unreadableFontFile, "3️⃣"),
                  (.wrongValueType, "4️⃣"), (.unknownEnumCase, "5️⃣"), (.wrongValueType, "6️⃣")])
        #expect(result.diagnostics.first?.message
            == "font file 'Fonts/Missing.otf' not found (looked at 'App/Fonts/Missing.otf': a relative path starts at the .stack file's folder)")
        #expect(result.diagnostics[1].message.hasPrefix("font file 'Fonts/Notes.txt' cannot be used: not a font stackc can read"))
        #expect(result.diagnostics[2].message.contains("no PostScript name"))
    }

    /// A font from a constant or a parameter is reported where it is used.
    @Test func fontsFromConstantsAndParameters() throws {
        let result = checked("""
            let brand = custom("Fonts/Brand.otf", 10)
            component Title(font: Font = custom("Fonts/Brand.otf", 10, headline)) {
                label(text: "AV", font: font)
            }
            vstack main {
                label a(text: "AV", font: brand)
                Title t
                label c(text: "x", font: 1️⃣missing)
            }
            """, [(.unknownEnumCase, "1️⃣")])
        let nodes = try #require(result.model.roots.first).nodes
        #expect(nodes[1].leaf?.intrinsic.horizontal == 12 && nodes[2].leaf?.intrinsic.horizontal == 12)
    }
}
