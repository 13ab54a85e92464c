/// UTF-16 counts at checkpoints through a file, so converting a byte offset to an LSP column costs a
/// lookup and a walk of at most `stride` bytes instead of a walk from the start of its line. A
/// 300 KB one-line file with thousands of diagnostics otherwise walks the whole line per position.
///
/// A valid UTF-8 sequence counts its UTF-16 units, any other byte one unit. The language server's
/// positions and SARIF's columns come from it. Line breaks are ASCII and never inside a sequence, so counting through the whole file
/// gives each line the counts a walk of the line alone gives.
public struct UTF16Index: Sendable {
    /// Bytes between checkpoints.
    static let stride = 64

    private let bytes: [UInt8]
    /// Checkpoint `k` is the first character boundary at or after byte `k * stride`; a character is
    /// at most 4 bytes, so every block of `stride` bytes holds exactly one.
    private let offsets: [Int]
    /// UTF-16 units before each checkpoint.
    private let units: [Int]

    /// Indexes a file's bytes in one pass.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var offsets = [0]
        var units = [0]
        offsets.reserveCapacity(bytes.count / UTF16Index.stride + 1)
        units.reserveCapacity(bytes.count / UTF16Index.stride + 1)
        var offset = 0
        var count = 0
        while offset < bytes.count {
            let (length, width) = UTF16Index.character(at: offset, in: bytes)
            offset += length
            count += width
            if offset >= offsets.count * UTF16Index.stride, offset < bytes.count {
                offsets.append(offset)
                units.append(count)
            }
        }
        self.offsets = offsets
        self.units = units
    }

    /// The byte length and UTF-16 length of the character starting at `offset`.
    @inline(__always)
    static func character(at offset: Int, in bytes: [UInt8]) -> (bytes: Int, units: Int) {
        let lead = bytes[offset]
        let length: Int
        switch lead {
        case 0..<0x80: return (1, 1)
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (1, 1)
        }
        guard offset + length <= bytes.count else { return (1, 1) }
        for index in offset + 1 ..< offset + length where bytes[index] & 0xC0 != 0x80 { return (1, 1) }
        return (length, length == 4 ? 2 : 1)
    }

    /// The UTF-16 units of the characters that end at or before `offset` (one that `offset` cuts counts not).
    public func units(before offset: Int) -> Int {
        let target = max(0, min(offset, bytes.count))
        var checkpoint = min(target / UTF16Index.stride, offsets.count - 1)
        if offsets[checkpoint] > target { checkpoint -= 1 }
        var index = offsets[checkpoint]
        var count = units[checkpoint]
        while index < target {
            let (length, width) = UTF16Index.character(at: index, in: bytes)
            if index + length > target { break }
            count += width
            index += length
        }
        return count
    }

    /// The last character boundary in `lineStart...end` with at most `character` units after
    /// `lineStart`: the offset of an LSP position, clamped to the line.
    public func offset(lineStart: Int, end: Int, character: Int) -> Int {
        let target = units(before: lineStart) + max(0, character)
        // The last checkpoint inside the line at or before the target.
        var low = 0
        var high = offsets.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if offsets[middle] <= end, units[middle] <= target { low = middle } else { high = middle - 1 }
        }
        var index = lineStart
        var count = target - max(0, character)
        if offsets[low] > lineStart {
            index = offsets[low]
            count = units[low]
        }
        while index < end, count < target {
            let (length, width) = UTF16Index.character(at: index, in: bytes)
            if count + width > target || index + length > end { break }
            count += width
            index += length
        }
        return index
    }
}
