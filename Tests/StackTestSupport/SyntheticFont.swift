/// A font file built byte by byte, so every expected value in the tests is worked out by hand from the bytes.
public enum SyntheticFont {
    /// Glyphs: 0 .notdef 500, 1 'A' 600, 2 'V' 650, 3 ' ' 250, 4-6 'a'...'c' 400 each (the last hmtx
    /// record, which glyphs past the records share). unitsPerEm 1000, ascender 800, descender -200, gap 100.
    /// `name`: a `name` table to add (see `nameTable`); `replacing`: tables that take the place of
    /// the built ones (or are added), by tag.
    public static func bytes(kern: Bool = true, name: [UInt8]? = nil, replacing: [String: [UInt8]] = [:]) -> [UInt8] {
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
        if let name { tables.append(("name", name)) }
        tables = tables.filter { replacing[$0.0] == nil } + replacing.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
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

    public static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    public static func be32(_ value: UInt32) -> [UInt8] { be16(UInt16(value >> 16)) + be16(UInt16(value & 0xFFFF)) }
    public static func put16(_ bytes: inout [UInt8], _ offset: Int, _ value: UInt16) {
        bytes[offset] = UInt8(value >> 8)
        bytes[offset + 1] = UInt8(value & 0xFF)
    }

    /// One `name` record: platform, encoding, language, name ID and the string's bytes as stored.
    public typealias NameRecord = (platform: UInt16, encoding: UInt16, language: UInt16, id: UInt16, bytes: [UInt8])

    /// A `name` table of format 0, or of format 1 with one language tag (which moves the storage).
    public static func nameTable(_ records: [NameRecord], format: UInt16 = 0) -> [UInt8] {
        let languageTags: [UInt8] = format == 1 ? be16(1) + be16(4) + be16(0) : []
        var table = be16(format) + be16(UInt16(records.count)) + be16(UInt16(6 + 12 * records.count + languageTags.count))
        var storage: [UInt8] = format == 1 ? Array("\0e\0n".utf8) : []
        for record in records {
            table += be16(record.platform) + be16(record.encoding) + be16(record.language) + be16(record.id)
            table += be16(UInt16(record.bytes.count)) + be16(UInt16(storage.count))
            storage += record.bytes
        }
        return table + languageTags + storage
    }

    /// UTF-16BE bytes, as Windows and Unicode records store names.
    public static func utf16(_ text: String) -> [UInt8] { text.utf16.flatMap { be16($0) } }

    /// The synthetic font with a Windows PostScript name (name ID 6) and full name (name ID 4).
    public static func named(_ postScriptName: String, fullName: String = "Synthetic") -> [UInt8] {
        bytes(name: nameTable([(3, 1, 0x409, 4, utf16(fullName)), (3, 1, 0x409, 6, utf16(postScriptName))]))
    }
}
