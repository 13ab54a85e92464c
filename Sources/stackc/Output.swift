#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StackSyntax

/// Standard output and error, and reading sources, on the file descriptors themselves.
///
/// Foundation's `FileHandle.write` traps on any error (a closed or full stream), so every byte goes
/// through `write(2)` here, and a failure is remembered rather than fatal: the command finishes, and
/// `Stackc.run` turns the failure into exit status 2. A closed pipe (`stackc ir x | head -1`) is no
/// failure: the reader has what it wanted, so output stops quietly.
enum Output {
    /// Why standard output failed, when it did (a closed pipe does not count).
    nonisolated(unsafe) static var standardOutputFailure: String?
    /// Whether writing to standard error failed: the status is 2, and there is nowhere to say why.
    nonisolated(unsafe) static var standardErrorFailed = false
    /// Whether the reader of standard output went away: later output is dropped.
    nonisolated(unsafe) static var standardOutputClosed = false

    /// Turns signals about broken pipes and oversized files into errors that the writes report, and
    /// makes the signals that end stackc remove a half-written temporary file first.
    static func prepareStreams() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        AtomicFile.removePendingOnSignals()
    }

    static func write(_ text: String) {
        guard !standardOutputClosed, standardOutputFailure == nil else { return }
        switch writeAll(STDOUT_FILENO, text) {
        case .success: break
        case .failure(let error) where error.code == EPIPE: standardOutputClosed = true
        case .failure(let error): standardOutputFailure = error.reason
        }
    }

    static func error(_ text: String) {
        guard !standardErrorFailed else { return }
        if case .failure = writeAll(STDERR_FILENO, text) { standardErrorFailed = true }
    }

    /// Writes `count` values as pretty JSON on standard output: the value itself when `single` and there
    /// is one, else an array. Streamed: each value is built, written and dropped in turn.
    static func writeJSON(count: Int, single: Bool = true, _ value: (Int) -> JSONValue) {
        var stream = JSONStream(pretty: true) { write($0) }
        if single, count == 1 {
            stream.value(value(0))
        } else {
            stream.beginArray()
            for index in 0..<count { stream.value(value(index)) }
            stream.end()
        }
        stream.flush()
        write("\n")
    }

    /// Colour only on a terminal, never with `NO_COLOR` set (https://no-color.org) or `TERM=dumb`.
    /// `--color`: `always` and `never` override the terminal and `NO_COLOR`; nil is `auto`.
    nonisolated(unsafe) static var colorChoice: String?

    static var stderrIsColorTerminal: Bool {
        if colorChoice == "always" { return true }
        if colorChoice == "never" { return false }
        let environment = ProcessInfo.processInfo.environment
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(STDERR_FILENO) != 0
    }

    /// Reads a source file, or standard input for `-`. Reports and returns `nil` on I/O errors.
    ///
    /// Files are read as streams, so FIFOs, `/dev/stdin`, process substitution and `/dev/null` work.
    static func readSource(_ path: String) -> SourceFile? {
        if path == "-" {
            switch readAll(STDIN_FILENO) {
            case .success(let bytes): return SourceFile(path: "<stdin>", bytes: bytes)
            case .failure(let error):
                Output.error("stackc: error: cannot read standard input: \(error.reason)\n")
                return nil
            }
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            Output.error("stackc: error: cannot read '\(path)': \(IOError(errno).reason)\n")
            return nil
        }
        defer { close(descriptor) }
        switch readAll(descriptor) {
        case .success(let bytes): return SourceFile(path: path, bytes: bytes)
        case .failure(let error):
            Output.error("stackc: error: cannot read '\(path)': \(error.reason)\n")
            return nil
        }
    }

    /// Writes `text` to `path`, or to standard output for `-`/nil. Reports and returns false on failure,
    /// leaving whatever `path` held untouched (see `AtomicFile`).
    static func writeFile(_ text: String, to path: String?) -> Bool {
        guard let path, path != "-" else {
            write(text)
            return true
        }
        return writeFile(to: path) { $0(text) }
    }

    /// Replaces the file at `path` with `bytes` (through `AtomicFile`). Reports and returns false on failure,
    /// leaving the file untouched.
    static func writeFile(bytes: [UInt8], to path: String) -> Bool {
        do {
            let file = try AtomicFile(replacing: path)
            bytes.withUnsafeBufferPointer { file.write(bytes: $0) }
            try file.commit()
            return true
        } catch {
            Output.error("stackc: error: cannot write '\(path)': \(error.reason); the file is unchanged\n")
            return false
        }
    }

    /// Writes what `produce` hands its sink, piece by piece, to `path` (through `AtomicFile`) or to standard
    /// output for `-`/nil. Reports and returns false on failure, leaving whatever `path` held untouched.
    static func writeFile(to path: String?, _ produce: ((String) -> Void) -> Void) -> Bool {
        guard let path, path != "-" else {
            produce { write($0) }
            return true
        }
        var direct = false
        do {
            let file = try AtomicFile(replacing: path)
            direct = file.writesDirectly
            produce { file.write($0) }
            try file.commit()
            return true
        } catch {
            Output.error("stackc: error: cannot write '\(path)': \(error.reason)\(direct ? "" : "; the file is unchanged")\n")
            return false
        }
    }

    /// The largest input read: a 200 MB layout file is read, an endless stream (`/dev/zero`) is refused
    /// before it takes all memory.
    static let maximumInputSize = 512 << 20

    /// The whole of a file descriptor, read until end of file; `IOError.inputTooLarge` past `maximumInputSize`.
    static func readAll(_ descriptor: Int32) -> Result<[UInt8], IOError> {
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) > maximumInputSize {
            return .failure(.inputTooLarge)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return .success(bytes) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(IOError(errno))
            }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maximumInputSize { return .failure(.inputTooLarge) }
            // Double the read size as the input grows: a 200 MB file takes a few thousand reads, not 3,000 small ones.
            if bytes.count >= chunk.count * 4, chunk.count < 1 << 24 { chunk = [UInt8](repeating: 0, count: chunk.count * 4) }
        }
    }

    /// Writes every byte of `text`, retrying short writes and interruptions.
    static func writeAll(_ descriptor: Int32, _ text: String) -> Result<Void, IOError> {
        var text = text
        return text.withUTF8 { writeAll(descriptor, $0) }
    }

    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Result<Void, IOError> {
        guard let base = bytes.baseAddress else { return .success(()) }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return .failure(IOError(errno))
            }
            offset += written
        }
        return .success(())
    }
}

/// `write(2)`, named apart from `Output.write`, which hides it inside `Output`.
func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// An operating-system error, said in words ("No space left on device"), never as a Cocoa error number.
struct IOError: Error {
    let code: Int32
    let reason: String

    init(_ code: Int32) {
        self.code = code
        switch code {
        case EISDIR: reason = "is a directory"
        case ENOENT: reason = "no such file or directory"
        case EBADF: reason = "the stream is closed"
        default: reason = String(cString: strerror(code)).lowercased()
        }
    }

    /// An input past `Output.maximumInputSize`.
    static let inputTooLarge = IOError(EFBIG, reason: "larger than \(Output.maximumInputSize >> 20) MiB, the most stackc reads")

    private init(_ code: Int32, reason: String) {
        self.code = code
        self.reason = reason
    }
}
