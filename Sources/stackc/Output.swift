import Foundation
import StackSyntax

/// Standard output and error, and reading sources.
enum Output {
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Colour only on a terminal, never with `NO_COLOR` set (https://no-color.org) or `TERM=dumb`.
    static var stderrIsColorTerminal: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(STDERR_FILENO) != 0
    }

    /// Reads a source file, or standard input for `-`. Reports and returns `nil` on I/O errors.
    static func readSource(_ path: String) -> SourceFile? {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return SourceFile(path: "<stdin>", bytes: [UInt8](data))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            var isDirectory: ObjCBool = false
            let reason = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                ? (isDirectory.boolValue ? "is a directory" : "cannot be read") : "no such file"
            error("stackc: error: \(path): \(reason)\n")
            return nil
        }
        return SourceFile(path: path, bytes: [UInt8](data))
    }

    /// Writes `text` to `path` (or standard output for `-`/nil). Reports and returns false on failure.
    static func writeFile(_ text: String, to path: String?) -> Bool {
        guard let path, path != "-" else {
            write(text)
            return true
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return true
        } catch {
            Output.error("stackc: error: cannot write \(path): \(error.localizedDescription)\n")
            return false
        }
    }
}
