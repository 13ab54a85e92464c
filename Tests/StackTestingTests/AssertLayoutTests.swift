import Foundation
import Testing
@testable import StackTesting

/// A fresh folder under the temporary directory, removed by the caller.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("stackc-testing-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// `Layouts/row.stack` beside this file: two views in an hstack, frames worked out by hand in the file's comment.
let rowSource = """
    hstack row(spacing: 10) {
        view a(intrinsic: 50 x 20)
        view b(intrinsic: 30 x 40)
    }

    """

@Suite struct AssertLayoutTests {
    /// Writes `source` as `row.stack` in a fresh folder; returns the request for `widths` with snapshots in `snapshots/`.
    func request(_ folder: URL, widths: [Double?], source: String = rowSource, record: Bool = false, svg: Bool = false) throws -> SnapshotRequest {
        let stack = folder.appendingPathComponent("row.stack")
        try Data(source.utf8).write(to: stack)
        return SnapshotRequest(stackPath: stack.path, displayPath: "row.stack", widths: widths, height: nil, root: nil,
                               directory: folder.appendingPathComponent("snapshots").path, record: record, svg: svg)
    }

    @Test func theFirstRunRecordsReadableFramesAndFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let failures = try checkLayoutSnapshots(request(folder, widths: [120, nil]))
        #expect(failures.count == 2)
        #expect(failures.allSatisfy { $0.hasPrefix("recorded the layout of row.stack at ") })
        let recorded = try String(contentsOfFile: folder.appendingPathComponent("snapshots/row.120.txt").path, encoding: .utf8)
        // The frames `stackc layout --width 120` gives, worked out by hand: the extra 30 goes to `a`.
        #expect(recorded == """
            # stackc layout snapshot of row.stack at width 120; STACKC_RECORD=1 re-records

            root row
            # item  kind     x  y  width  height
            row     hstack   0  0    120      40
            row.a   view     0  0     80      40
            row.b   view    90  0     30      40

            """)
        let natural = try String(contentsOfFile: folder.appendingPathComponent("snapshots/row.txt").path, encoding: .utf8)
        #expect(natural.contains("row.b   view    60  0     30      40"))
        // No temporary file is left beside the snapshots.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("snapshots").path).sorted()
        #expect(names == ["row.120.txt", "row.txt"])
    }

    @Test func anEqualLayoutPasses() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try checkLayoutSnapshots(request(folder, widths: [120, 150]))
        #expect(try checkLayoutSnapshots(request(folder, widths: [120, 150])) == [])
    }

    @Test func aChangedWidthNamesTheItemsThatMovedWithTheirFrames() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try checkLayoutSnapshots(request(folder, widths: [120]))
        // The snapshot recorded at 120 stands in for 150's: the row is 30 wider, so `a` grows and `b` moves.
        let snapshots = folder.appendingPathComponent("snapshots")
        try FileManager.default.moveItem(at: snapshots.appendingPathComponent("row.120.txt"), to: snapshots.appendingPathComponent("row.150.txt"))
        let failures = try checkLayoutSnapshots(request(folder, widths: [150]))
        #expect(failures == ["""
            row.stack at width 150: 3 items differ from the snapshot \(snapshots.path)/row.150.txt:
              row    resized  (0, 0, 120 × 40) → (0, 0, 150 × 40)
              row.a  resized  (0, 0, 80 × 40) → (0, 0, 110 × 40)
              row.b  moved    (90, 0, 30 × 40) → (120, 0, 30 × 40)
            if the change is intended, re-record with STACKC_RECORD=1 (or record: true)
            """])
    }

    @Test func itemsThatAppearOrDisappearAreNamed() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try checkLayoutSnapshots(request(folder, widths: [nil]))
        let renamed = rowSource.replacingOccurrences(of: "view b(", with: "view c(")
        let failures = try checkLayoutSnapshots(request(folder, widths: [nil], source: renamed))
        #expect(failures.count == 1)
        #expect(failures.first?.contains("  row.c  appeared     (60, 0, 30 × 40)\n") == true)
        #expect(failures.first?.contains("  row.b  disappeared  was (60, 0, 30 × 40)\n") == true)
    }

    @Test func recordModeRecordsAgainAndFails() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try checkLayoutSnapshots(request(folder, widths: [120]))
        let failures = try checkLayoutSnapshots(request(folder, widths: [120], record: true))
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("re-recorded the layout of row.stack at width 120") == true)
    }

    @Test func stackcRecordInTheEnvironmentRecords() {
        #expect(recordingFromEnvironment(["STACKC_RECORD": "1"]))
        #expect(recordingFromEnvironment(["STACKC_RECORD": "true"]))
        #expect(!recordingFromEnvironment(["STACKC_RECORD": "0"]))
        #expect(!recordingFromEnvironment([:]))
    }

    @Test func svgIsRecordedBesideTheFrames() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try checkLayoutSnapshots(request(folder, widths: [120], svg: true))
        let svg = try String(contentsOfFile: folder.appendingPathComponent("snapshots/row.120.svg").path, encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("row — width 120 (given), natural height: 120 × 40"))
        // On a difference the new picture goes to the temporary folder, not over the recorded one.
        let changed = rowSource.replacingOccurrences(of: "30 x 40", with: "40 x 40")
        let failures = try checkLayoutSnapshots(request(folder, widths: [120], source: changed, svg: true))
        let drawn = try #require(failures.first?.split(separator: "\n").first { $0.hasPrefix("the new layout is drawn in ") })
        let path = String(drawn.dropFirst("the new layout is drawn in ".count))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("row — width 120 (given), natural height: 120 × 40"))
        #expect(try String(contentsOfFile: folder.appendingPathComponent("snapshots/row.120.svg").path, encoding: .utf8) == svg)
    }

    @Test func aFileWithErrorsThrowsItsDiagnostics() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = #expect(throws: LayoutSnapshotError.self) {
            try checkLayoutSnapshots(request(folder, widths: [nil], source: "hstack row { view a(bogus: 1) }\n"))
        }
        #expect(error?.description.contains("row.stack:1:21: error: ") == true)
        #expect(throws: LayoutSnapshotError.self) {
            try assertLayout(folder.appendingPathComponent("missing.stack").path, snapshotDirectory: folder.path)
        }
    }

    @Test func snapshotsThatAreNotSnapshotsAreReported() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let snapshots = folder.appendingPathComponent("snapshots")
        try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
        try Data("root row\nrow hstack 0 0 oops 40\n".utf8).write(to: snapshots.appendingPathComponent("row.txt"))
        let failures = try checkLayoutSnapshots(request(folder, widths: [nil]))
        #expect(failures == ["\(snapshots.path)/row.txt:2: not a layout snapshot line: 'row hstack 0 0 oops 40'; re-record with STACKC_RECORD=1"])
    }

    /// The public function reports a difference to Swift Testing as an issue of the running test.
    @Test func aDifferenceIsAnIssueUnderSwiftTesting() throws {
        #expect(TestFramework.current == .swiftTesting)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stack = try request(folder, widths: [120]).stackPath
        let snapshots = folder.appendingPathComponent("snapshots").path
        try withKnownIssue {
            try assertLayout(stack, widths: [120], snapshotDirectory: snapshots)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("recorded the layout of ") }
        }
        try assertLayout(stack, widths: [120], snapshotDirectory: snapshots)
        // `b` 10 wider: at 120, `a` is 70 wide and `b` starts at 80.
        try Data(rowSource.replacingOccurrences(of: "30 x 40", with: "40 x 40").utf8).write(to: URL(fileURLWithPath: stack))
        try withKnownIssue {
            try assertLayout(stack, widths: [120], snapshotDirectory: snapshots)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("  row.b  moved and resized  (90, 0, 30 × 40) → (80, 0, 40 × 40)\n") }
        }
    }

    /// The snapshot committed beside this file, reviewed by hand (the frames of `Layouts/row.stack`'s comment),
    /// through the public function exactly as a user writes it.
    @Test func theCommittedSnapshotMatches() throws {
        try assertLayout("Layouts/row.stack", widths: [120, 150])
    }
}
