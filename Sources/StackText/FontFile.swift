/// An OpenType or TrueType font file's table directory: the tables by tag, each a byte range of the file.
///
/// Reading is total: every offset is checked against the data, and a malformed file is a `FontError`,
/// never a trap. It is bounded too: reads are counted against a budget proportional to the file's size
/// (`ReadBudget`), so tables whose offsets point at the same bytes again and again cannot make reading
/// a small file take hours. Only `head`, `hhea`, `hmtx`, `OS/2`, `cmap`, `kern` and `GPOS` are read (metrics,
/// not outlines).
struct FontFile {
    let data: [UInt8]
    private var tables: [String: Range<Int>] = [:]
    private let budget: ReadBudget

    /// Parses the table directory of a single font (`OTTO`, `0x00010000` or `true`); a collection
    /// (`ttcf`) gives its first font.
    init(data: [UInt8]) throws(FontError) {
        self.data = data
        budget = ReadBudget(reads: ReadBudget.readsPerByte * data.count + ReadBudget.baseReads)
        let reader = ByteReader(data, budget: budget)
        var directory = 0
        if try reader.tag(at: 0) == "ttcf" {
            guard try reader.uint32(at: 8) > 0 else { throw .malformed("font collection without fonts") }
            directory = Int(try reader.uint32(at: 12))
        }
        let version = try reader.uint32(at: directory)
        guard version == 0x0001_0000 || version == 0x4F54_544F || version == 0x7472_7565 else {
            throw .malformed("not an OpenType or TrueType font")
        }
        let count = Int(try reader.uint16(at: directory + 4))
        for index in 0..<count {
            let record = directory + 12 + 16 * index
            let tag = try reader.tag(at: record)
            let offset = Int(try reader.uint32(at: record + 8))
            let length = Int(try reader.uint32(at: record + 12))
            guard offset <= data.count, length <= data.count - offset else { throw .malformed("table '\(tag)' lies outside the file") }
            tables[tag] = offset..<(offset + length)
        }
    }

    /// A reader over one table, or nil when the font has no such table.
    func table(_ tag: String) -> ByteReader? {
        tables[tag].map { ByteReader(data, range: $0, budget: budget) }
    }

    /// A reader over a table the font must have.
    func requiredTable(_ tag: String) throws(FontError) -> ByteReader {
        guard let table = table(tag) else { throw .malformed("no '\(tag)' table") }
        return table
    }
}

/// Why a font file could not be read.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not a font this reader understands; the text says what is wrong.
    case malformed(String)

    public var description: String {
        switch self {
        case .malformed(let reason): reason
        }
    }
}

/// Big-endian reads at offsets relative to a range of the data, each checked against that range.
struct ByteReader {
    private let data: [UInt8]
    private let range: Range<Int>
    private let budget: ReadBudget

    init(_ data: [UInt8], range: Range<Int>? = nil, budget: ReadBudget) {
        self.data = data
        self.range = range ?? 0..<data.count
        self.budget = budget
    }

    /// The length of the range.
    var count: Int { range.count }

    /// A reader over `offset..<offset + length` of this one (to the end when `length` is nil).
    func sub(_ offset: Int, length: Int? = nil) throws(FontError) -> ByteReader {
        let end = length.map { offset + $0 } ?? range.count
        guard offset >= 0, offset <= end, end <= range.count else { throw .malformed("offset \(offset) outside a table") }
        return ByteReader(data, range: (range.lowerBound + offset)..<(range.lowerBound + end), budget: budget)
    }

    private func check(_ offset: Int, _ size: Int) throws(FontError) -> Int {
        guard offset >= 0, offset <= range.count - size else { throw .malformed("offset \(offset) outside a table") }
        try budget.spend()
        return range.lowerBound + offset
    }

    /// Counts the work of expanding a range of `units` glyphs or characters against the file's budget.
    func charge(_ units: Int) throws(FontError) {
        try budget.spend(units)
    }

    func uint8(at offset: Int) throws(FontError) -> UInt8 {
        data[try check(offset, 1)]
    }

    func uint16(at offset: Int) throws(FontError) -> UInt16 {
        let start = try check(offset, 2)
        return UInt16(data[start]) << 8 | UInt16(data[start + 1])
    }

    func int16(at offset: Int) throws(FontError) -> Int16 {
        Int16(bitPattern: try uint16(at: offset))
    }

    func uint32(at offset: Int) throws(FontError) -> UInt32 {
        let start = try check(offset, 4)
        return data[start..<(start + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Four ASCII bytes, as table and feature tags are written.
    func tag(at offset: Int) throws(FontError) -> String {
        let start = try check(offset, 4)
        return String(decoding: data[start..<(start + 4)], as: UTF8.self)
    }
}

/// How many more reads a font file's tables may take, a range of glyphs or characters counting one
/// per glyph or character it covers. A font's tables read each of their bytes about once (Inter's
/// files take under one read per byte); a file that needs many times more reads than it has bytes
/// reuses its bytes through overlapping offsets, and is refused as malformed.
final class ReadBudget {
    static let readsPerByte = 4
    static let baseReads = 1 << 20
    private var reads: Int

    init(reads: Int) { self.reads = reads }

    func spend(_ units: Int = 1) throws(FontError) {
        reads -= units
        guard reads >= 0 else { throw .malformed("the tables take far more reads than the file has bytes") }
    }
}
