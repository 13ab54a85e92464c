import Foundation
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Snapshot-tests a `.stack` file's layout: lays it out at each width with the pipeline of
/// `stackc layout` and compares every frame with the snapshot recorded for that width, in
/// `__Snapshots__/<TestFile>/<name>.<width>.txt` beside the test file (`<name>.txt` for the root's own
/// or natural size), one aligned line per item.
///
///     @Test func card() throws {
///         try assertLayout("card.stack", widths: [320, 390])
///     }
///
/// - A missing snapshot is recorded and the test fails once ("recorded ..."), so that a snapshot is
///   never taken as correct without a look: review the file, commit it, run the test again.
/// - Later runs compare within 1e-6 and fail with the items that moved, resized, appeared or
///   disappeared, old and new frames side by side.
/// - `record: true` or `STACKC_RECORD=1` in the environment records every snapshot again (and fails,
///   as a reminder to turn it off).
/// - `svg: true` records a picture (`<name>.<width>.svg`, as `stackc render` draws it) beside each
///   snapshot; on a difference the new picture goes to the temporary folder and the message says where.
///
/// Failures are reported with `Issue.record` when a Swift Testing test is running, else with `XCTFail`.
/// A file that cannot be read or has errors, an unknown `root`, or a snapshot that cannot be written
/// throws `LayoutSnapshotError`.
///
/// - Parameters:
///   - path: The `.stack` file, relative to the test file's folder, or absolute.
///   - widths: Container widths, one snapshot each; empty for the root's own or natural size.
///   - height: A container height for every width (nil: the root's own or natural height).
///   - root: Only this root layout (default: every root of the file, in one snapshot per width).
///   - name: The snapshot files' name (default: the `.stack` file's name, plus `.<root>` with `root`);
///     two files of one name tested from one test file need one each.
///   - snapshotDirectory: Where snapshots go instead of `__Snapshots__/<TestFile>` beside the test.
public func assertLayout(
    _ path: String,
    widths: [Double] = [],
    height: Double? = nil,
    root: String? = nil,
    named name: String? = nil,
    svg: Bool = false,
    record: Bool = false,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) throws {
    let testFile = URL(fileURLWithPath: "\(filePath)")
    let testFolder = testFile.deletingLastPathComponent()
    let stackPath = path.hasPrefix("/") ? path : testFolder.appendingPathComponent(path).standardizedFileURL.path
    let directory = snapshotDirectory
        ?? testFolder.appendingPathComponent("__Snapshots__").appendingPathComponent(testFile.deletingPathExtension().lastPathComponent).path
    let request = SnapshotRequest(
        stackPath: stackPath, displayPath: path, widths: widths.isEmpty ? [nil] : widths.map { $0 }, height: height,
        root: root, name: name, directory: directory, record: record || recordingFromEnvironment(), svg: svg)
    for failure in try checkLayoutSnapshots(request) {
        reportFailure(failure, fileID: "\(fileID)", filePath: filePath, line: line, column: column)
    }
}

/// `STACKC_RECORD=1` (or `true`, `yes`) asks every `assertLayout` to record.
func recordingFromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    ["1", "true", "yes"].contains(environment["STACKC_RECORD"]?.lowercased() ?? "")
}

/// The test framework whose test is running, which is the one a failure is reported to.
enum TestFramework: Equatable {
    case swiftTesting, xcTest, none

    static var current: TestFramework {
        #if canImport(Testing)
        if Test.current != nil { return .swiftTesting }
        #endif
        #if canImport(XCTest)
        return .xcTest
        #else
        return .none
        #endif
    }
}

/// Fails the running test: `Issue.record` under Swift Testing, `XCTFail` under XCTest.
func reportFailure(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
    switch TestFramework.current {
    case .swiftTesting:
        #if canImport(Testing)
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
        #endif
    case .xcTest:
        #if canImport(XCTest)
        XCTFail(message, file: filePath, line: line)
        #endif
    case .none:
        // No test framework at all (a plain program): the message still reaches a person.
        FileHandle.standardError.write(Data("\(filePath):\(line): error: \(message)\n".utf8))
    }
}
