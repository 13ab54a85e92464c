/// Kerning as a font defines it: the `kern` feature's pair-adjustment lookups in `GPOS` (formats 1
/// and 2, through extension lookups too), else a legacy `kern` table (format 0). Only the first
/// glyph's horizontal advance adjustment is read: the only part of a pair adjustment that changes
/// a line's width.
struct Kerning {
    private var subtables: [PairSubtable] = []

    /// The font's kerning; empty when it has none.
    init(_ font: FontFile) throws(FontError) {
        if let gpos = font.table("GPOS") {
            subtables = try Self.readGPOS(gpos)
        }
        if subtables.isEmpty, let kern = font.table("kern") {
            subtables = try Self.readKern(kern)
        }
    }

    /// The adjustment of the advance of `first` when `second` follows, in font units: the first
    /// subtable that covers the pair decides (a class subtable covers every glyph its coverage has).
    func adjustment(_ first: UInt16, _ second: UInt16) -> Int {
        for subtable in subtables {
            switch subtable {
            case .pairs(let sets):
                guard let set = sets[first] else { continue }
                if let value = set[second] { return Int(value) }
            case .classes(let classes):
                guard classes.coverage.contains(first) else { continue }
                let row = Int(classes.first[first] ?? 0), column = Int(classes.second[second] ?? 0)
                guard column < classes.secondCount, row * classes.secondCount + column < classes.values.count else { return 0 }
                return Int(classes.values[row * classes.secondCount + column])
            }
        }
        return 0
    }

    private static func readGPOS(_ gpos: ByteReader) throws(FontError) -> [PairSubtable] {
        let features = try gpos.sub(Int(try gpos.uint16(at: 6)))
        let lookups = try gpos.sub(Int(try gpos.uint16(at: 8)))
        var indices = Set<Int>()
        for index in 0..<Int(try features.uint16(at: 0)) {
            guard try features.tag(at: 2 + 6 * index) == "kern" else { continue }
            let feature = try features.sub(Int(try features.uint16(at: 2 + 6 * index + 4)))
            for entry in 0..<Int(try feature.uint16(at: 2)) { indices.insert(Int(try feature.uint16(at: 4 + 2 * entry))) }
        }
        var result: [PairSubtable] = []
        let lookupCount = Int(try lookups.uint16(at: 0))
        // Lookups apply in lookup-list order; a pair adjustment lookup's subtables in their order.
        for index in indices.sorted() where index < lookupCount {
            let lookup = try lookups.sub(Int(try lookups.uint16(at: 2 + 2 * index)))
            let type = try lookup.uint16(at: 0)
            for entry in 0..<Int(try lookup.uint16(at: 4)) {
                var subtable = try lookup.sub(Int(try lookup.uint16(at: 6 + 2 * entry)))
                var subtableType = type
                if type == 9 {
                    subtableType = try subtable.uint16(at: 2)
                    subtable = try subtable.sub(Int(try subtable.uint32(at: 4)))
                }
                guard subtableType == 2 else { continue }
                if let pair = try readPairPos(subtable) { result.append(pair) }
                try checkCount(result)
            }
        }
        return result
    }

    /// The most pair-adjustment subtables a font may have. Fonts have a few (Inter's kerning is 2);
    /// measuring asks every subtable about every pair of Latin characters, so a file of thousands of
    /// tiny subtables would make reading it take minutes.
    static let maximumSubtables = 1024

    private static func checkCount(_ subtables: [PairSubtable]) throws(FontError) {
        guard subtables.count <= maximumSubtables else { throw .malformed("more than \(maximumSubtables) kerning subtables") }
    }

    private static func readPairPos(_ table: ByteReader) throws(FontError) -> PairSubtable? {
        let format = try table.uint16(at: 0)
        let coverage = try readCoverage(try table.sub(Int(try table.uint16(at: 2))))
        let format1 = try table.uint16(at: 4), format2 = try table.uint16(at: 6)
        let size1 = 2 * format1.nonzeroBitCount, size2 = 2 * format2.nonzeroBitCount
        // XAdvance (bit 2) comes after XPlacement and YPlacement when they are present.
        let advanceAt: Int? = format1 & 4 == 0 ? nil : 2 * (format1 & 3).nonzeroBitCount
        func advance(_ reader: ByteReader, _ record: Int) throws(FontError) -> Int16 {
            guard let advanceAt else { return 0 }
            return try reader.int16(at: record + advanceAt)
        }
        switch format {
        case 1:
            var sets: [UInt16: [UInt16: Int16]] = [:]
            let count = Int(try table.uint16(at: 8))
            for (glyph, index) in coverage where index < count {
                let set = try table.sub(Int(try table.uint16(at: 10 + 2 * index)))
                var pairs: [UInt16: Int16] = [:]
                for pair in 0..<Int(try set.uint16(at: 0)) {
                    let record = 2 + pair * (2 + size1 + size2)
                    let second = try set.uint16(at: record)
                    if pairs[second] == nil { pairs[second] = try advance(set, record + 2) }
                }
                sets[glyph] = pairs
            }
            return .pairs(sets)
        case 2:
            let first = try readClasses(try table.sub(Int(try table.uint16(at: 8))))
            let second = try readClasses(try table.sub(Int(try table.uint16(at: 10))))
            let rows = Int(try table.uint16(at: 12)), columns = Int(try table.uint16(at: 14))
            guard rows * columns <= table.count else { throw .malformed("GPOS class matrix past its table") }
            var values: [Int16] = []
            values.reserveCapacity(rows * columns)
            for row in 0..<rows {
                for column in 0..<columns {
                    values.append(try advance(table, 16 + (row * columns + column) * (size1 + size2)))
                }
            }
            return .classes(ClassPairs(coverage: Set(coverage.keys), first: first, second: second, secondCount: columns, values: values))
        default:
            return nil
        }
    }

    /// Glyph → coverage index.
    private static func readCoverage(_ table: ByteReader) throws(FontError) -> [UInt16: Int] {
        var result: [UInt16: Int] = [:]
        switch try table.uint16(at: 0) {
        case 1:
            for index in 0..<Int(try table.uint16(at: 2)) { result[try table.uint16(at: 4 + 2 * index)] = index }
        case 2:
            // Ranges ascend without overlapping (one that reaches back is skipped): at most 65,536 glyphs.
            var next = 0
            for range in 0..<Int(try table.uint16(at: 2)) {
                let start = try table.uint16(at: 4 + 6 * range), end = try table.uint16(at: 6 + 6 * range)
                let base = Int(try table.uint16(at: 8 + 6 * range))
                guard Int(start) >= next, start <= end else { continue }
                next = Int(end) + 1
                try table.charge(Int(end - start) + 1)
                for glyph in start...end { result[glyph] = base + Int(glyph - start) }
            }
        default:
            throw .malformed("unknown coverage format")
        }
        return result
    }

    /// Glyph → class (glyphs not listed are class 0).
    private static func readClasses(_ table: ByteReader) throws(FontError) -> [UInt16: UInt16] {
        var result: [UInt16: UInt16] = [:]
        switch try table.uint16(at: 0) {
        case 1:
            let start = try table.uint16(at: 2)
            for index in 0..<Int(try table.uint16(at: 4)) where Int(start) + index <= 0xFFFF {
                result[start + UInt16(index)] = try table.uint16(at: 6 + 2 * index)
            }
        case 2:
            var next = 0
            for range in 0..<Int(try table.uint16(at: 2)) {
                let start = try table.uint16(at: 4 + 6 * range), end = try table.uint16(at: 6 + 6 * range)
                let value = try table.uint16(at: 8 + 6 * range)
                guard Int(start) >= next, start <= end else { continue }
                next = Int(end) + 1
                try table.charge(Int(end - start) + 1)
                for glyph in start...end { result[glyph] = value }
            }
        default:
            throw .malformed("unknown class definition format")
        }
        return result
    }

    /// A legacy `kern` table's horizontal format 0 subtables.
    private static func readKern(_ kern: ByteReader) throws(FontError) -> [PairSubtable] {
        guard try kern.uint16(at: 0) == 0 else { return [] }
        var offset = 4
        var result: [PairSubtable] = []
        for _ in 0..<Int(try kern.uint16(at: 2)) {
            let length = Int(try kern.uint16(at: offset + 2))
            let coverage = try kern.uint16(at: offset + 4)
            // Format 0 (high byte), horizontal (bit 0), not cross-stream (bit 2).
            if coverage >> 8 == 0, coverage & 1 == 1, coverage & 4 == 0 {
                var sets: [UInt16: [UInt16: Int16]] = [:]
                for pair in 0..<Int(try kern.uint16(at: offset + 6)) {
                    let record = offset + 14 + 6 * pair
                    sets[try kern.uint16(at: record), default: [:]][try kern.uint16(at: record + 2)] = try kern.int16(at: record + 4)
                }
                result.append(.pairs(sets))
                try checkCount(result)
            }
            guard length > 0 else { break }
            offset += length
        }
        return result
    }
}

/// One pair-adjustment subtable: specific pairs, or a class matrix.
private enum PairSubtable {
    case pairs([UInt16: [UInt16: Int16]])
    case classes(ClassPairs)
}

private struct ClassPairs {
    var coverage: Set<UInt16>
    var first: [UInt16: UInt16]
    var second: [UInt16: UInt16]
    var secondCount: Int
    /// Row-major: `values[firstClass * secondCount + secondClass]`.
    var values: [Int16]
}
