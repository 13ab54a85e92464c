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

    /// Reads the compact form.
    public init(compact text: String) throws(FontError) {
        var name = "", numbers: [Int] = [], advances: [UInt32: Int] = [:], kerning: [UInt64: Int] = [:]
        for line in text.split(separator: "\n") {
            let (key, rest) = line.firstIndex(of: " ").map { (line[..<$0], line[line.index(after: $0)...]) } ?? (line, "")
            switch key {
            case "name": name = String(rest)
            case "metrics": numbers = rest.split(separator: " ").compactMap { Int($0) }
            case "advances":
                for run in rest.split(separator: ";") {
                    guard let colon = run.firstIndex(of: ":"), let start = UInt32(run[..<colon], radix: 16) else { throw .malformed("bad advance run") }
                    for (offset, value) in run[run.index(after: colon)...].split(separator: ",").enumerated() {
                        guard let advance = Int(value) else { throw .malformed("bad advance '\(value)'") }
                        advances[start + UInt32(offset)] = advance
                    }
                }
            case "kerning":
                for group in rest.split(separator: ";") {
                    guard let colon = group.firstIndex(of: ":"), let first = UInt32(group[..<colon], radix: 16) else { throw .malformed("bad kerning group") }
                    for entry in group[group.index(after: colon)...].split(separator: ",") {
                        let parts = entry.split(separator: "=")
                        guard parts.count == 2, let second = UInt32(parts[0], radix: 16), let value = Int(parts[1]) else {
                            throw .malformed("bad kerning pair '\(entry)'")
                        }
                        kerning[UInt64(first) << 32 | UInt64(second)] = value
                    }
                }
            default: throw .malformed("unknown line '\(key)' in compact metrics")
            }
        }
        guard numbers.count == 5, numbers[0] > 0 else { throw .malformed("compact metrics need 'metrics' with five numbers") }
        self.init(
            name: name, unitsPerEm: numbers[0], ascender: numbers[1], descender: numbers[2], lineGap: numbers[3],
            advances: advances, missingAdvance: numbers[4], kerning: kerning)
    }

    private static func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }
}
