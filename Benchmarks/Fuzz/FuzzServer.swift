// libFuzzer entry point for the language server's input path: framing, the JSON reader and the
// server's message handling, on arbitrary bytes.
//
// `run.sh` with FUZZ_TARGET=server compiles this file together with the sources of StackSyntax,
// StackSemantics, StackIR, StackSolver, StackDriver and StackLanguageServer as one module (their
// `import` lines of those modules removed), so it has no imports of its own.
//
// Besides crashes (traps, ASan reports, stack overflows, timeouts), it turns broken invariants into
// crashes so libFuzzer keeps the input:
// - framing is total and makes progress: at most two items per byte, the same items whether the
//   bytes come at once or in small pieces, and a valid message appended after any bytes comes out
//   intact (resynchronisation);
// - every body the reader accepts renders to JSON that reads back as the same value;
// - every message the server sends is JSON the reader accepts;
// - with a worker, `flush()` leaves no changed document behind.

/// The message appended after the fuzzer's bytes, which framing must always recover.
private let sentinel = #"{"jsonrpc":"2.0","id":"fuzz-sentinel","method":"shutdown"}"#

/// Jobs handed to the pretend worker.
private final class FuzzJobs: @unchecked Sendable {
    var list: [AnalysisJob] = []
}

/// The items `bytes` frame into, fed `chunk` bytes at a time.
private func frame(_ bytes: [UInt8], chunk: Int) -> [MessageFramer.Item] {
    var framer = MessageFramer()
    var items: [MessageFramer.Item] = []
    var index = 0
    while index < bytes.count {
        framer.append(bytes[index..<min(index + chunk, bytes.count)])
        index += chunk
        while let item = framer.next() {
            items.append(item)
            precondition(items.count <= 2 * bytes.count + 2, "the framer produced more items than the bytes allow")
        }
    }
    return items
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let stream = input + framedMessage(sentinel)

    let whole = frame(stream, chunk: stream.count)
    let pieces = frame(stream, chunk: 1 + Int(input.first ?? 0) % 7)
    precondition(whole == pieces, "framing depends on how the bytes are split")
    precondition(whole.last == .message(Array(sentinel.utf8)), "the message after the fuzzer's bytes was lost")

    var sent: [String] = []
    // An odd first byte compiles through the background path, with a pretend worker that runs every
    // job handed to it (oldest first) after each message, as the transport's worker would.
    let jobs = FuzzJobs()
    let background = input.first.map { $0 & 1 == 1 } == true ? BackgroundCompiling(waitLimit: .zero) { jobs.list.append($0) } : nil
    let server = LanguageServer(formatter: nil, background: background, sendBody: { sent.append($0) })
    // Initialized, so requests reach their handlers rather than the not-initialized error.
    server.receive(Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#.utf8))
    for item in whole.dropLast() {
        switch item {
        case .message(let body):
            if let value = try? JSONReader.read(body) {
                let rendered = value.rendered()
                guard let again = try? JSONReader.read(rendered) else { preconditionFailure("rendered JSON does not read back: \(rendered)") }
                precondition(again.rendered() == rendered, "rendered JSON reads back as another value: \(rendered)")
            }
            server.receive(body)
        case .malformedHeader(let reason):
            server.receiveMalformed(reason)
        }
        if server.exitCode != nil { break }
        if background != nil {
            server.flush()
            while !jobs.list.isEmpty {
                let job = jobs.list.removeFirst()
                server.receiveAnalysis(job.run(), for: job)
            }
            server.expireWaitingRequests()
        }
    }
    server.flush()
    precondition(background == nil || !server.hasPendingWork, "after flush(), a changed document is not with the worker")
    for body in sent {
        precondition((try? JSONReader.read(body)) != nil, "the server sent invalid JSON: \(body.prefix(200))")
    }
    return 0
}
