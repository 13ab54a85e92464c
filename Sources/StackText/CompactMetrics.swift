/// The compact text form of `FontMetrics`, in which stackc ships its default font's metrics
/// (DefaultFonts.swift, derived from the font files by `stackc-metrics`). Four lines:
///
/// ```
/// name Inter Regular
/// metrics UNITS_PER_EM ASCENDER DESCENDER LINE_GAP MISSING_ADVANCE
/// advances FIRST:A,A,A;FIRST:A,...        runs of consecutive scalars (hex) and their advances
/// kerning FIRST:SECOND=V,SECOND=V;...    nonzero pairs by first character (hex scalars)
/// ```
extension FontMetrics {
    /// The compact text; `FontMetrics(compact:)` reads it back to equal metrics.
    public var compact: String {
        var lines = ["name \(name)", "metrics \(unitsPerEm) \(ascender) \(descender) \(lineGap) \(missingAdvance)"]
        var runs: [String] = []
        var run: (start: UInt32, values: [Int])? = nil
        for scalar in advances.keys.sorted() {
            let value = advances[scalar]!
            if let current = run, current.start + UInt32(current.values.count) == scalar {
                run!.values.append(value)
            } else {
                if let current = run { runs.append(Self.hex(current.start) + ":" + current.values.map(String.init).joined(separator: ",")) }
                run = (scalar, [value])
            }
        }
        if let current = run { runs.append(Self.hex(current.start) + ":" + current.values.map(String.init).joined(separator: ",")) }
        lines.append("advances " + runs.joined(separator: ";"))
        var byFirst: [UInt32: [(UInt32, Int)]] = [:]
        for (pair, value) in kerning { byFirst[UInt32(pair >> 32), default: []].append((UInt32(pair & 0xFFFF_FFFF), value)) }
        let groups = byFirst.keys.sorted().map { first in
            Self.hex(first) + ":" + byFirst[first]!.sorted { $0.0 < $1.0 }.map { "\(Self.hex($0.0))=\($0.1)" }.joined(separator: ",")
        }
        lines.append("kerning " + groups.joined(separator: ";"))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads the compact form. Every `check` of a file with text decodes the four default faces
    /// (about 60,000 numbers), so it scans the UTF-8 bytes once, in about 2 ms: splitting the text
    /// into `Substring`s and `Character`s costs about 30 ms, two thirds of a small file's `check`.
    public init(compact text: String) throws(FontError) {
        var name = "", numbers: [Int] = [], advances: [UInt32: Int] = [:], kerning: [UInt64: Int] = [:]
        var scanner = CompactScanner(text)
        while let key = scanner.key() {
            switch key {
            case "name": name = scanner.restOfLine()
            case "metrics":
                while let number = scanner.integer() {
                    numbers.append(number)
                    guard scanner.skip(" ") else { break }
                }
            case "advances":
                advances.reserveCapacity(scanner.countInLine { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ";") } + 1)
                while !scanner.atLineEnd {
                    guard let start = scanner.hex(), scanner.skip(":") else { throw .malformed("bad advance run") }
                    var offset: UInt32 = 0
                    repeat {
                        guard let advance = scanner.integer() else { throw .malformed("bad advance '\(scanner.field())'") }
                        let (scalar, overflow) = start.addingReportingOverflow(offset)
                        let (next, wrapped) = offset.addingReportingOverflow(1)
                        guard !overflow, !wrapped else { throw .malformed("bad advance run") }
                        advances[scalar] = advance
                        offset = next
                    } while scanner.skip(",")
                    guard scanner.skip(";") || scanner.atLineEnd else { throw .malformed("bad advance '\(scanner.field())'") }
                }
            case "kerning":
                kerning.reserveCapacity(scanner.countInLine { $0 == UInt8(ascii: "=") })
                while !scanner.atLineEnd {
                    guard let first = scanner.hex(), scanner.skip(":") else { throw .malformed("bad kerning group") }
                    repeat {
                        guard let second = scanner.hex(), scanner.skip("="), let value = scanner.integer() else {
                            throw .malformed("bad kerning pair '\(scanner.field())'")
                        }
                        kerning[UInt64(first) << 32 | UInt64(second)] = value
                    } while scanner.skip(",")
                    guard scanner.skip(";") || scanner.atLineEnd else { throw .malformed("bad kerning pair '\(scanner.field())'") }
                }
            default: throw .malformed("unknown line '\(key)' in compact metrics")
            }
            guard scanner.endLine() else { throw .malformed("unexpected '\(scanner.field())' in the '\(key)' line of compact metrics") }
        }
        guard numbers.count == 5, numbers[0] > 0 else { throw .malformed("compact metrics need 'metrics' with five numbers") }
        self.init(
            name: name, unitsPerEm: numbers[0], ascender: numbers[1], descender: numbers[2], lineGap: numbers[3],
            advances: advances, missingAdvance: numbers[4], kerning: kerning)
    }

    private static func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }
}

/// A cursor over the compact form's bytes: a line's key, then its fields, each read in place.
private struct CompactScanner {
    private let bytes: [UInt8]
    private var position = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Whether the cursor is at the end of a line (or of the text).
    var atLineEnd: Bool { current == nil || current == UInt8(ascii: "\n") }

    /// The next line's key (the text before its first space), skipping empty lines; nil at the end.
    mutating func key() -> String? {
        while current == UInt8(ascii: "\n") { position += 1 }
        guard current != nil else { return nil }
        let start = position
        while let byte = current, byte != UInt8(ascii: " "), byte != UInt8(ascii: "\n") { position += 1 }
        let key = String(decoding: bytes[start..<position], as: UTF8.self)
        _ = skip(" ")
        return key
    }

    /// The rest of the line, as text.
    mutating func restOfLine() -> String {
        let start = position
        while !atLineEnd { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Moves past the line's end; false when something is left on the line.
    mutating func endLine() -> Bool {
        guard atLineEnd else { return false }
        if current != nil { position += 1 }
        return true
    }

    /// Moves past `byte` when it is next.
    mutating func skip(_ byte: Unicode.Scalar) -> Bool {
        guard current == UInt8(ascii: byte) else { return false }
        position += 1
        return true
    }

    /// A decimal integer with an optional `-`; nil (and nothing read) when none is next or it overflows.
    mutating func integer() -> Int? {
        let start = position
        let negative = skip("-")
        var value = 0
        var digits = 0
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowed) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow, !overflowed else {
                position = start
                return nil
            }
            value = sum
            digits += 1
            position += 1
        }
        guard digits > 0 else {
            position = start
            return nil
        }
        return negative ? -value : value
    }

    /// A hexadecimal scalar value (upper or lower case); nil (and nothing read) when none is next or it
    /// passes 32 bits.
    mutating func hex() -> UInt32? {
        let start = position
        var value: UInt32 = 0
        while let byte = current, let digit = Self.hexDigit(byte) {
            guard value <= UInt32.max >> 4 else {
                position = start
                return nil
            }
            value = value << 4 | digit
            position += 1
        }
        guard position > start else { return nil }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        default: nil
        }
    }

    /// The field at the cursor, up to the next separator, for a message.
    func field() -> String {
        var end = position
        while end < bytes.count, bytes[end] != UInt8(ascii: ","), bytes[end] != UInt8(ascii: ";"), bytes[end] != UInt8(ascii: "\n") {
            end += 1
        }
        return String(decoding: bytes[position..<end], as: UTF8.self)
    }

    /// How many bytes from the cursor to the end of the line are `counted`, in one pass: a capacity to
    /// reserve.
    func countInLine(where counted: (UInt8) -> Bool) -> Int {
        var count = 0
        var index = position
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
            if counted(bytes[index]) { count += 1 }
            index += 1
        }
        return count
    }
}
