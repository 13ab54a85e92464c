/// The `cmap` table: which glyph draws each Unicode scalar.
///
/// Reads the Unicode subtables a renderer prefers: format 12 (the whole code space) when present,
/// else format 4 (the Basic Multilingual Plane), from platform 0 or platform 3 (encodings 1 and 10).
struct CharacterMap {
    /// Glyph ids by scalar value; scalars mapped to glyph 0 (`.notdef`) are left out.
    private(set) var glyphs: [UInt32: UInt16] = [:]

    init(_ table: ByteReader) throws(FontError) {
        let count = Int(try table.uint16(at: 2))
        var best: (rank: Int, offset: Int)? = nil
        for index in 0..<count {
            let record = 4 + 8 * index
            let platform = try table.uint16(at: record)
            let encoding = try table.uint16(at: record + 2)
            let offset = Int(try table.uint32(at: record + 4))
            let format = try table.uint16(at: offset)
            let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
            guard unicode, format == 4 || format == 12 else { continue }
            let rank = format == 12 ? 2 : 1
            if best == nil || rank > best!.rank { best = (rank, offset) }
        }
        guard let best else { throw .malformed("no Unicode character map (cmap format 4 or 12)") }
        let subtable = try table.sub(best.offset)
        if best.rank == 2 {
            try readFormat12(subtable)
        } else {
            try readFormat4(subtable)
        }
    }

    /// Segments of consecutive scalars mapped through a delta or a glyph array.
    private mutating func readFormat4(_ table: ByteReader) throws(FontError) {
        let segments = Int(try table.uint16(at: 6)) / 2
        let ends = 14, starts = 16 + 2 * segments, deltas = starts + 2 * segments, rangeOffsets = deltas + 2 * segments
        // Segments ascend without overlapping (as the format requires): one that reaches back is
        // skipped, so the scalars read are at most the plane's 65,536 however many segments there are.
        var next: UInt32 = 0
        for segment in 0..<segments {
            let end = UInt32(try table.uint16(at: ends + 2 * segment))
            let start = UInt32(try table.uint16(at: starts + 2 * segment))
            let delta = try table.uint16(at: deltas + 2 * segment)
            let rangeOffset = Int(try table.uint16(at: rangeOffsets + 2 * segment))
            guard start >= next, start <= end, end != 0xFFFF || start != 0xFFFF else { continue }
            next = end + 1
            try table.charge(Int(end - start) + 1)
            for scalar in start...end where scalar != 0xFFFF {
                var glyph: UInt16
                if rangeOffset == 0 {
                    glyph = UInt16(truncatingIfNeeded: scalar) &+ delta
                } else {
                    // The offset is from the rangeOffset entry itself to the glyph array element.
                    let at = rangeOffsets + 2 * segment + rangeOffset + 2 * Int(scalar - start)
                    glyph = try table.uint16(at: at)
                    if glyph != 0 { glyph = glyph &+ delta }
                }
                if glyph != 0 { glyphs[scalar] = glyph }
            }
        }
    }

    /// Groups of consecutive scalars mapped to consecutive glyphs.
    private mutating func readFormat12(_ table: ByteReader) throws(FontError) {
        let groups = Int(try table.uint32(at: 12))
        guard groups <= table.count / 12 else { throw .malformed("cmap format 12 group count past the table") }
        // Groups ascend without overlapping, as format 4's segments.
        var next: UInt32 = 0
        for index in 0..<groups {
            let record = 16 + 12 * index
            let start = try table.uint32(at: record)
            let end = try table.uint32(at: record + 4)
            let first = try table.uint32(at: record + 8)
            guard start >= next, start <= end, end <= 0x10FFFF, end - start < 0x10000 else { continue }
            next = end + 1
            try table.charge(Int(end - start) + 1)
            for scalar in start...end {
                let glyph = first + (scalar - start)
                if glyph != 0, glyph <= 0xFFFF { glyphs[scalar] = UInt16(glyph) }
            }
        }
    }
}
