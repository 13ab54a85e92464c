#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StackSyntax

/// What reaches the server's thread: framed input, or a compile the worker finished.
private enum Input {
    case framed(MessageFramer.Item)
    case analysed(AnalysisJob, Analysis)
}

/// Input waiting for the server's thread, from the reader thread and the compile worker.
private final class InputQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Input] = []
    private var closed = false

    func push(_ item: Input) {
        condition.lock()
        items.append(item)
        condition.signal()
        condition.unlock()
    }

    func close() {
        condition.lock()
        closed = true
        condition.signal()
        condition.unlock()
    }

    /// Everything queued. When empty: waits if `wait` (until `deadline`, if given), else returns `[]`.
    /// `nil` once the input ended and the queue drained.
    func take(wait: Bool, deadline: Date?) -> [Input]? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !closed && wait {
            if let deadline {
                if !condition.wait(until: deadline) { break }
            } else {
                condition.wait()
            }
        }
        if items.isEmpty { return closed ? nil : [] }
        let taken = items
        items.removeAll()
        return taken
    }
}

/// Compiles documents off the server's thread, one at a time, newest text first per document: a job
/// for a URI replaces one for the same URI not yet started.
private final class AnalysisWorker: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [AnalysisJob] = []
    private let queue: InputQueue

    init(queue: InputQueue) { self.queue = queue }

    func submit(_ job: AnalysisJob) {
        condition.lock()
        jobs.removeAll { $0.uri == job.uri }
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func start() {
        let thread = Thread { [self] in
            while true {
                condition.lock()
                while jobs.isEmpty { condition.wait() }
                let job = jobs.removeFirst()
                condition.unlock()
                queue.push(.analysed(job, job.run()))
            }
        }
        // The checker and solver recurse over the layout's nesting: as much stack as the main thread.
        thread.stackSize = 64 << 20
        thread.start()
    }
}

/// Runs a `LanguageServer` over standard input and output with LSP's `Content-Length` framing.
///
/// A reader thread frames input while the server works, so changes that arrive during a compile are
/// handled together and compiled once (a natural debounce); a worker thread compiles, so the server
/// answers while a document compiles (see `BackgroundCompiling`). Returns the exit code: 0 after
/// `shutdown` and `exit`, 1 when input ends or `exit` comes without `shutdown`.
public func runLanguageServerOnStandardIO(formatter: LanguageServer.Formatter? = LanguageServer.defaultFormatter) -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    let queue = InputQueue()
    let reader = Thread {
        var framer = MessageFramer()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            framer.append(buffer[0..<count])
            while let item = framer.next() { queue.push(.framed(item)) }
        }
        queue.close()
    }
    reader.start()
    let worker = AnalysisWorker(queue: queue)
    worker.start()

    let server = LanguageServer(formatter: formatter, background: BackgroundCompiling { worker.submit($0) }) { (body: String) in
        writeAll(framedMessage(body))
    }
    while true {
        let deadline = server.nextDeadline.map { Date(timeIntervalSinceNow: seconds(max(.zero, $0 - .now))) }
        guard let batch = queue.take(wait: !server.hasPendingWork, deadline: deadline) else { break }
        for item in batch {
            switch item {
            case .framed(.message(let body)): server.receive(body)
            case .framed(.malformedHeader(let reason)): server.receiveMalformed(reason)
            case .analysed(let job, let analysis): server.receiveAnalysis(analysis, for: job)
            }
            if let code = server.exitCode { return code }
        }
        server.expireWaitingRequests()
        if batch.isEmpty { server.flush() }
    }
    return 1
}

private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Writes all of `bytes` to standard output; a closed output drops them (the client is gone).
private func writeAll(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
        guard let base = raw.baseAddress else { return }
        var offset = 0
        while offset < raw.count {
            let written = write(1, base + offset, raw.count - offset)
            if written < 0 { if errno == EINTR { continue } else { return } }
            offset += written
        }
    }
}
