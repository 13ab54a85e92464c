import Foundation
import XCTest
@testable import StackTesting

/// `assertLayout` in an XCTest test case: it sees XCTest as the running framework (so a difference is an
/// `XCTFail`), and an equal layout passes.
final class AssertLayoutXCTests: XCTestCase {
    func testRunsUnderXCTest() throws {
        XCTAssertEqual(TestFramework.current, .xcTest)
        try assertLayout("Layouts/row.stack", widths: [120, 150])
    }

    func testAnEqualLayoutRecordedInATemporaryFolderPasses() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let stack = folder.appendingPathComponent("row.stack")
        try Data(rowSource.utf8).write(to: stack)
        let first = try checkLayoutSnapshots(SnapshotRequest(
            stackPath: stack.path, displayPath: "row.stack", widths: [nil], height: nil, root: nil, directory: folder.path,
            record: false, svg: false))
        XCTAssertEqual(first.count, 1)
        try assertLayout(stack.path, snapshotDirectory: folder.path)
    }
}
