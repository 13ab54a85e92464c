/// A font's names from its `name` table: the full name (`Inter Bold`, name ID 4) for messages and the
/// PostScript name (`Inter-Bold`, name ID 6), the name `UIFont(name:size:)` finds a registered font by.
///
/// Reads format 0 and 1 tables (format 1 adds language-tag records after the name records, which
/// leave the name records where format 0 has them). A name is taken from the best record that
/// decodes: Windows Unicode (platform 3, UTF-16BE; US English first), then Unicode (platform 0,
/// UTF-16BE), then Macintosh Roman (platform 1, encoding 0). Reading is total: a record that lies
/// outside the table is skipped.
public struct FontNames: Hashable, Sendable {
    /// Name ID 4, or nil when the font has none.
    public var fullName: String?
    /// Name ID 6, or nil when the font has none.
    public var postScriptName: String?

    /// Reads the names of a font file (the first font of a collection).
    public init(fontFile bytes: [UInt8]) throws(FontError) {
        self.init(file: try FontFile(data: bytes))
    }

    init(file font: FontFile) {
        let records = font.table("name").map(Self.records) ?? []
        fullName = Self.best(records, id: 4)
        postScriptName = Self.best(records, id: 6)
    }

    private struct Record {
        var platform: UInt16, encoding: UInt16, language: UInt16, id: UInt16
        var text: ByteReader
    }

    /// Every record whose string lies inside the table.
    private static func records(_ table: ByteReader) -> [Record] {
        guard let count = try? table.uint16(at: 2), let storage = try? table.uint16(at: 4) else { return [] }
        var records: [Record] = []
        for index in 0..<Int(count) {
            let at = 6 + 12 * index
            // A count past the table's end stops at the end: the records that follow lie outside too.
            guard let platform = try? table.uint16(at: at), let offset = try? table.uint16(at: at + 10) else { break }
            guard let encoding = try? table.uint16(at: at + 2), let language = try? table.uint16(at: at + 4),
                  let id = try? table.uint16(at: at + 6), let length = try? table.uint16(at: at + 8),
                  let text = try? table.sub(Int(storage) + Int(offset), length: Int(length)) else { continue }
            records.append(Record(platform: platform, encoding: encoding, language: language, id: id, text: text))
        }
        return records
    }

    /// The decoded text of the most preferred record with the name ID.
    private static func best(_ records: [Record], id: UInt16) -> String? {
        let candidates = records.filter { $0.id == id }.compactMap { record in rank(record).map { (rank: $0, record: record) } }
        for candidate in candidates.sorted(by: { $0.rank < $1.rank }) {
            if let text = decode(candidate.record), !text.isEmpty { return text }
        }
        return nil
    }

    /// Lower is preferred; nil: an encoding this reader does not decode.
    private static func rank(_ record: Record) -> Int? {
        switch (record.platform, record.encoding) {
        case (3, 1), (3, 10): record.language == 0x0409 ? 0 : 1
        case (3, 0): 2
        case (0, _): 3
        case (1, 0): 4
        default: nil
        }
    }

    private static func decode(_ record: Record) -> String? {
        if record.platform == 1 {
            var scalars = String.UnicodeScalarView()
            for at in 0..<record.text.count {
                guard let byte = try? record.text.uint8(at: at) else { return nil }
                let value = byte < 0x80 ? UInt32(byte) : UInt32(macRoman[Int(byte) - 0x80])
                scalars.append(Unicode.Scalar(value)!)
            }
            return String(scalars)
        }
        var units: [UInt16] = []
        for at in stride(from: 0, to: record.text.count - 1, by: 2) {
            guard let unit = try? record.text.uint16(at: at) else { return nil }
            units.append(unit)
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Mac OS Roman's characters for bytes 0x80...0xFF (0xF0 is Apple's logo, a private-use character).
    private static let macRoman: [UInt16] = [
        0x00C4, 0x00C5, 0x00C7, 0x00C9, 0x00D1, 0x00D6, 0x00DC, 0x00E1, 0x00E0, 0x00E2, 0x00E4, 0x00E3, 0x00E5, 0x00E7, 0x00E9, 0x00E8,
        0x00EA, 0x00EB, 0x00ED, 0x00EC, 0x00EE, 0x00EF, 0x00F1, 0x00F3, 0x00F2, 0x00F4, 0x00F6, 0x00F5, 0x00FA, 0x00F9, 0x00FB, 0x00FC,
        0x2020, 0x00B0, 0x00A2, 0x00A3, 0x00A7, 0x2022, 0x00B6, 0x00DF, 0x00AE, 0x00A9, 0x2122, 0x00B4, 0x00A8, 0x2260, 0x00C6, 0x00D8,
        0x221E, 0x00B1, 0x2264, 0x2265, 0x00A5, 0x00B5, 0x2202, 0x2211, 0x220F, 0x03C0, 0x222B, 0x00AA, 0x00BA, 0x03A9, 0x00E6, 0x00F8,
        0x00BF, 0x00A1, 0x00AC, 0x221A, 0x0192, 0x2248, 0x2206, 0x00AB, 0x00BB, 0x2026, 0x00A0, 0x00C0, 0x00C3, 0x00D5, 0x0152, 0x0153,
        0x2013, 0x2014, 0x201C, 0x201D, 0x2018, 0x2019, 0x00F7, 0x25CA, 0x00FF, 0x0178, 0x2044, 0x20AC, 0x2039, 0x203A, 0xFB01, 0xFB02,
        0x2021, 0x00B7, 0x201A, 0x201E, 0x2030, 0x00C2, 0x00CA, 0x00C1, 0x00CB, 0x00C8, 0x00CD, 0x00CE, 0x00CF, 0x00CC, 0x00D3, 0x00D4,
        0xF8FF, 0x00D2, 0x00DA, 0x00DB, 0x00D9, 0x0131, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9, 0x02DA, 0x00B8, 0x02DD, 0x02DB, 0x02C7,
    ]
}
