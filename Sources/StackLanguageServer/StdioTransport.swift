#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import StackSyntax

/// Messages read by the reader thread, waiting for the server's thread.
private final class MessageQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [MessageFramer.Item] = []
    private var closed = false

    func push(_ item: MessageFramer.Item) {
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

    /// Everything queued; waits when empty unless `wait` is false. `nil` once the input ended and the queue drained.
    func take(wait: Bool) -> [MessageFramer.Item]? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !closed && wait { condition.wait() }
        if items.isEmpty { return closed ? nil : [] }
        let taken = items
        items.removeAll()
        return taken
    }
}

/// Runs a `LanguageServer` over standard input and output with LSP's `Content-Length` framing.
///
/// A reader thread frames input while the server works, so changes that arrive during a compile are
/// handled together and compiled once (a natural debounce). Returns the exit code: 0 after
/// `shutdown` and `exit`, 1 when input ends or `exit` comes without `shutdown`.
public func runLanguageServerOnStandardIO(formatter: LanguageServer.Formatter? = LanguageServer.defaultFormatter) -> Int32 {
    signal(SIGPIPE, SIG_IGN)
    let queue = MessageQueue()
    let reader = Thread {
        var framer = MessageFramer()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            framer.append(buffer[0..<count])
            while let item = framer.next() { queue.push(item) }
        }
        queue.close()
    }
    reader.start()

    let server = LanguageServer(formatter: formatter) { (body: String) in
        let bytes = framedMessage(body)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(1, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 { if errno == EINTR { continue } else { return } }
                offset += written
            }
        }
    }
    while true {
        guard let batch = queue.take(wait: !server.hasPendingWork) else { break }
        for item in batch {
            switch item {
            case .message(let body):
                server.receive(body)
            case .malformedHeader(let reason):
                server.receiveMalformed(reason)
            }
            if let code = server.exitCode { return code }
        }
        if batch.isEmpty { server.flush() }
    }
    return 1
}
