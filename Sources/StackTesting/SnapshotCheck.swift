import Foundation
import StackDriver
import StackIR
import StackRender
import StackSemantics
import StackSolver
import StackSyntax

/// Why `assertLayout` could not check at all (rather than finding a difference): thrown, so the test fails
/// with the reason.
public struct LayoutSnapshotError: Error, CustomStringConvertible {
    /// What went wrong, in one or more lines.
    public let description: String
}

/// One `assertLayout` call, with every path resolved.
struct SnapshotRequest {
    /// The `.stack` file, absolute.
    var stackPath: String
    /// As written in the test (in snapshot headers and messages: no machine-dependent paths).
    var displayPath: String
    /// `[nil]` for the root's own or natural size.
    var widths: [Double?]
    var height: Double?
    var root: String?
    /// The snapshot files' name instead of the `.stack` file's.
    var name: String? = nil
    /// Where the snapshot files are (`__Snapshots__/<TestFile>` beside the test by default).
    var directory: String
    var record: Bool
    var svg: Bool
}

/// Lays out the request's file at every size with the pipeline of `stackc layout` and compares each
/// layout with its snapshot file, recording the missing ones (and all of them in record mode).
/// Returns one failure message per size that was recorded or differs; throws when the file cannot be
/// read, has errors, or a snapshot cannot be written.
func checkLayoutSnapshots(_ request: SnapshotRequest) throws(LayoutSnapshotError) -> [String] {
    guard let data = FileManager.default.contents(atPath: request.stackPath) else {
        throw LayoutSnapshotError(description: "cannot read \(request.stackPath)")
    }
    let file = SourceFile(path: request.displayPath, bytes: [UInt8](data))
    let compilation = Compilation(file: file, solving: false)
    if compilation.diagnostics.hasErrors {
        let rendered = DiagnosticRenderer(colored: false).render(compilation.diagnostics, in: file)
        throw LayoutSnapshotError(description: "\(request.displayPath) has errors:\n" + rendered)
    }
    let roots: [Int]
    if let name = request.root {
        guard let index = compilation.irs.firstIndex(where: { $0.root == name }) else {
            throw LayoutSnapshotError(description: "no root layout named '\(name)' in \(request.displayPath); roots: "
                                      + compilation.irs.map(\.root).joined(separator: ", "))
        }
        roots = [index]
    } else {
        roots = Array(compilation.irs.indices)
    }
    var failures: [String] = []
    for width in request.widths {
        let solutions = roots.map { compilation.solution(root: $0, width: width, height: request.height) }
        let snapshot = LayoutSnapshot(roots: zip(roots, solutions).map { index, solution in
            snapshotRoot(compilation.irs[index], solution)
        })
        let size = sizeDescription(width: width, height: request.height)
        let conflicts = solutions.flatMap { $0.diagnostics(in: file) }.filter { $0.severity == .error }
        if !conflicts.isEmpty {
            failures.append("\(request.displayPath) at \(size) has conflicting constraints:\n"
                            + DiagnosticRenderer(colored: false).render(conflicts, in: file))
        }
        let name = request.name ?? (URL(fileURLWithPath: request.displayPath).deletingPathExtension().lastPathComponent
            + (request.root.map { "." + $0 } ?? ""))
        let base = name + sizeSuffix(width: width, height: request.height)
        let path = request.directory + "/" + base + ".txt"
        let header = "stackc layout snapshot of \(request.displayPath) at \(size); STACKC_RECORD=1 re-records"
        let picture = request.svg ? renderSVG(zip(roots, solutions).map { index, solution in
            panel(compilation, root: index, solution: solution, width: width, height: request.height)
        }) : nil
        let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        guard let existing, !request.record else {
            try writeAtomically(snapshot.text(header: header), to: path)
            if let picture { try writeAtomically(picture, to: request.directory + "/" + base + ".svg") }
            let verb = existing == nil ? "recorded" : "re-recorded"
            failures.append("\(verb) the layout of \(request.displayPath) at \(size) in \(path); "
                            + "check it, then run the test again to compare against it")
            continue
        }
        let recorded: LayoutSnapshot
        switch LayoutSnapshot.parse(existing) {
        case .success(let value): recorded = value
        case .failure(let error):
            failures.append("\(path):\(error.line): not a layout snapshot line: '\(error.text)'; re-record with STACKC_RECORD=1")
            continue
        }
        let differences = snapshotDifferences(recorded: recorded, actual: snapshot)
        guard !differences.isEmpty else { continue }
        var message = "\(request.displayPath) at \(size): \(differences.count) item\(differences.count == 1 ? "" : "s") "
            + "differ\(differences.count == 1 ? "s" : "") from the snapshot \(path):\n"
        message += differences.map { "  " + $0 }.joined(separator: "\n")
        if let picture {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("stackc-snapshots/\(base).svg").path
            if (try? writeAtomically(picture, to: actual)) != nil { message += "\nthe new layout is drawn in \(actual)" }
        }
        message += "\nif the change is intended, re-record with STACKC_RECORD=1 (or record: true)"
        failures.append(message)
    }
    return failures
}

private func panel(_ compilation: Compilation, root index: Int, solution: LayoutSolution, width: Double?, height: Double?) -> SVGPanel {
    let tree = compilation.checked.model.roots.indices.contains(index) ? compilation.checked.model.roots[index] : nil
    return SVGPanel(ir: compilation.irs[index].replacingRootSize(width: width != nil, height: height != nil), solution: solution,
                    width: width, height: height, tree: tree, text: compilation.text)
}

private func snapshotRoot(_ ir: ConstraintIR, _ solution: LayoutSolution) -> LayoutSnapshot.Root {
    LayoutSnapshot.Root(name: ir.root, items: ir.items.enumerated().map { index, item in
        let frame = index < solution.frames.count ? solution.frames[index] : .zero
        let kind = item.role.map { "guide(\($0.rawValue))" } ?? item.kind.rawValue
        return LayoutSnapshot.Item(name: item.name, kind: kind, x: frame.x, y: frame.y, width: frame.width, height: frame.height)
    })
}

/// `width 320`, `width 320, height 480`, `its own or natural size`.
private func sizeDescription(width: Double?, height: Double?) -> String {
    let parts = [width.map { "width \(formatNumber($0))" }, height.map { "height \(formatNumber($0))" }].compactMap { $0 }
    return parts.isEmpty ? "its own or natural size" : parts.joined(separator: ", ")
}

/// `.320`, `.320x480`, `.x480`, or nothing for the root's own size.
private func sizeSuffix(width: Double?, height: Double?) -> String {
    switch (width, height) {
    case (nil, nil): ""
    case (let width?, nil): "." + formatNumber(width)
    case (nil, let height?): ".x" + formatNumber(height)
    case (let width?, let height?): "." + formatNumber(width) + "x" + formatNumber(height)
    }
}

/// Replaces `path` all at once: the text goes to a temporary file in the same folder (created as
/// needed), which is then renamed over it, so an interrupted run never leaves half a snapshot.
func writeAtomically(_ text: String, to path: String) throws(LayoutSnapshotError) {
    let url = URL(fileURLWithPath: path)
    let folder = url.deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(".stackc-\(url.lastPathComponent).\(UUID().uuidString)")
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: temporary)
    } catch {
        try? FileManager.default.removeItem(at: temporary)
        throw LayoutSnapshotError(description: "cannot write \(path): \(error.localizedDescription)")
    }
    guard rename(temporary.path, path) == 0 else {
        let reason = String(cString: strerror(errno))
        try? FileManager.default.removeItem(at: temporary)
        throw LayoutSnapshotError(description: "cannot write \(path): \(reason)")
    }
}
