import Foundation
@testable import StackSyntax
import Testing
@testable import StackLanguageServer

/// The indexed conversion agrees with a walk of the line, and costs no walk of the line.
@Suite struct UTF16IndexTests {
    /// The LSP position of `offset` by walking its line from the start, as the protocol defines it.
    func referencePosition(_ mapper: PositionMapper, _ offset: Int) -> LSPPosition {
        let file = mapper.file
        let clamped = max(0, min(offset, file.bytes.count))
        let line = file.lineIndex(of: clamped)
        let end = mapper.lineEnd(line)
        var index = file.lineStarts[line]
        var units = 0
        while index < min(clamped, end) {
            let (length, width) = UTF16Index.character(at: index, in: file.bytes)
            if index + length > clamped || index + length > end { break }
            units += width
            index += length
        }
        return LSPPosition(line: line, character: units)
    }

    /// The offset of a position by walking its line, clamped to the line.
    func referenceOffset(_ mapper: PositionMapper, _ position: LSPPosition) -> Int {
        let file = mapper.file
        guard position.line >= 0 else { return 0 }
        guard position.line < file.lineStarts.count else { return file.bytes.count }
        var offset = file.lineStarts[position.line]
        let end = mapper.lineEnd(position.line)
        var units = 0
        while offset < end, units < position.character {
            let (length, width) = UTF16Index.character(at: offset, in: file.bytes)
            if units + width > position.character || offset + length > end { break }
            units += width
            offset += length
        }
        return offset
    }

    @Test func agreesWithAWalkOfTheLine() {
        let seed = UInt64(Date().timeIntervalSince1970)
        print("UTF16IndexTests seed: \(seed)")
        var generator = SplitMix(seed: seed)
        let pieces: [[UInt8]] = [Array("a".utf8), Array("é".utf8), Array("😀".utf8), Array("日".utf8), Array("\n".utf8),
                                 Array("\r\n".utf8), [0xFF], [0xC3], [0xF0, 0x9F], Array(String(repeating: "x", count: 70).utf8)]
        for _ in 0..<200 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(generator.next() % 60) { bytes += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let file = SourceFile(path: "t", bytes: bytes)
            let mapper = PositionMapper(file)
            let wrongPositions = (-1...(bytes.count + 1)).filter { mapper.position(of: $0) != referencePosition(mapper, $0) }
            #expect(wrongPositions.isEmpty, "seed \(seed), bytes \(bytes): offsets \(wrongPositions)")
            let positions = (-1...(file.lineStarts.count)).flatMap { line in
                [-1, 0, 1, 2, 3, 5, 64, 65, 70, 140, 1000].map { LSPPosition(line: line, character: $0) }
            }
            let wrongOffsets = positions.filter { mapper.offset(of: $0) != referenceOffset(mapper, $0) }
            #expect(wrongOffsets.isEmpty, "seed \(seed), bytes \(bytes): positions \(wrongOffsets)")
        }
    }

    /// 20,000 positions on a 300 KB line: a walk of the line per position takes minutes, the index milliseconds.
    @Test func manyPositionsOnOneLongLineAreFast() {
        let file = SourceFile(path: "t", text: String(repeating: "label(text: \"é😀\") ", count: 15_000))
        #expect(file.bytes.count > 300_000)
        let mapper = PositionMapper(file)
        let started = ContinuousClock.now
        var total = 0
        for step in 0..<20_000 { total &+= mapper.position(of: step * 15).character }
        #expect(total > 0)
        #expect(ContinuousClock.now - started < .seconds(2))
    }
}
