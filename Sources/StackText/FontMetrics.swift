/// What text measurement needs of one font: its vertical metrics, each character's advance and the
/// kerning between characters, in font units (`unitsPerEm` to the em).
///
/// Built from a font file (`init(fontFile:)`, reading `head`, `hhea`, `hmtx`, `cmap`, `OS/2` and the
/// kerning) or from the compact form stackc ships its default font in (`init(compact:)`).
public struct FontMetrics: Hashable, Sendable {
    /// The font's family and style, for messages (`Inter Regular`).
    public var name: String
    public var unitsPerEm: Int
    /// `hhea` ascender, descender (negative, below the baseline) and line gap: what Core Text reports as
    /// a font's ascent, descent and leading, and UIFont's `lineHeight` adds up.
    public var ascender: Int
    public var descender: Int
    public var lineGap: Int
    /// Advance width by Unicode scalar value.
    public var advances: [UInt32: Int]
    /// The advance of a character the font does not have (its `.notdef` glyph).
    public var missingAdvance: Int
    /// Kerning by pair (`first << 32 | second`), nonzero adjustments only, for the characters of
    /// `kerningRepertoire` (the pairs of Latin text; other scripts measure without kerning).
    public var kerning: [UInt64: Int]

    /// Creates metrics.
    public init(
        name: String, unitsPerEm: Int, ascender: Int, descender: Int, lineGap: Int,
        advances: [UInt32: Int], missingAdvance: Int, kerning: [UInt64: Int]
    ) {
        self.name = name
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
        self.advances = advances
        self.missingAdvance = missingAdvance
        self.kerning = kerning
    }

    /// The characters whose pairs are kerned: Basic Latin, Latin-1 and the common typographic
    /// punctuation (dashes, quotes, ellipsis). Kerning every pair of a large font would take the square
    /// of its character count; these pairs are the ones UI text in Latin scripts meets.
    public static let kerningRepertoire: [UInt32] =
        Array(0x20...0x7E) + Array(0xA0...0xFF) + [0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2026]

    /// Reads a font file's metrics (TrueType or OpenType; the first font of a collection).
    public init(fontFile bytes: [UInt8]) throws(FontError) {
        let font = try FontFile(data: bytes)
        let head = try font.requiredTable("head")
        let hhea = try font.requiredTable("hhea")
        let hmtx = try font.requiredTable("hmtx")
        unitsPerEm = Int(try head.uint16(at: 18))
        guard unitsPerEm >= 16, unitsPerEm <= 16384 else { throw .malformed("unitsPerEm \(unitsPerEm) out of range") }
        ascender = Int(try hhea.int16(at: 4))
        descender = Int(try hhea.int16(at: 6))
        lineGap = Int(try hhea.int16(at: 8))
        let metricCount = Int(try hhea.uint16(at: 34))
        guard metricCount > 0 else { throw .malformed("hhea has no horizontal metrics") }
        // Glyphs past the last metric record share its advance.
        func advance(_ glyph: UInt16) throws(FontError) -> Int {
            Int(try hmtx.uint16(at: 4 * min(Int(glyph), metricCount - 1)))
        }
        let characters = try CharacterMap(try font.requiredTable("cmap"))
        var advances: [UInt32: Int] = [:]
        for (scalar, glyph) in characters.glyphs { advances[scalar] = try advance(glyph) }
        self.advances = advances
        missingAdvance = try advance(0)
        let kerningTable = try Kerning(font)
        var kerning: [UInt64: Int] = [:]
        let repertoire = Self.kerningRepertoire.compactMap { scalar in characters.glyphs[scalar].map { (scalar, $0) } }
        for (first, firstGlyph) in repertoire {
            for (second, secondGlyph) in repertoire {
                let value = kerningTable.adjustment(firstGlyph, secondGlyph)
                if value != 0 { kerning[UInt64(first) << 32 | UInt64(second)] = value }
            }
        }
        self.kerning = kerning
        name = FontNames(file: font).fullName ?? "font"
    }

    /// The advance of `scalar`, in font units.
    @inline(__always)
    func advance(_ scalar: UInt32) -> Int {
        advances[scalar] ?? missingAdvance
    }

    /// The kerning between two characters, in font units.
    @inline(__always)
    func kern(_ first: UInt32, _ second: UInt32) -> Int {
        kerning.isEmpty ? 0 : kerning[UInt64(first) << 32 | UInt64(second)] ?? 0
    }
}
