import StackSyntax
import Testing
@testable import StackLanguageServer

/// Compiles handed to a pretend worker, run when a test says.
final class JobList: @unchecked Sendable {
    var jobs: [AnalysisJob] = []
}

/// A server whose documents compile on a worker the test drives by hand.
final class BackgroundHarness {
    var sent: [JSONValue] = []
    let jobs = JobList()
    lazy var server: LanguageServer = {
        let jobs = self.jobs
        return LanguageServer(formatter: nil, background: BackgroundCompiling(waitLimit: waitLimit) { jobs.jobs.append($0) }) {
            [unowned self] (body: String) in
            if let value = try? JSONReader.read(Array(body.utf8)) { self.sent.append(value) }
        }
    }()
    let waitLimit: Duration

    init(waitLimit: Duration = .seconds(60), capabilities: String = "{}") {
        self.waitLimit = waitLimit
        send(#"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"capabilities":\#(capabilities)}}"#)
    }

    func send(_ text: String) { server.receive(Array(text.utf8)) }

    func open(_ uri: String, _ text: String) {
        send(JSONValue.object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")), ("params", .object([
            ("textDocument", .object([("uri", .string(uri)), ("languageId", .string("stack")), ("version", .number(1)), ("text", .string(text))])),
        ]))]).rendered())
    }

    func hover(_ id: Int, _ uri: String) {
        send(#"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/hover","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":0,"character":2}}}"#)
    }

    func response(_ id: Int) -> JSONValue? { sent.last { $0["id"]?.intValue == id } }

    func published(_ uri: String) -> [JSONValue] {
        sent.filter { $0["method"]?.stringValue == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.stringValue == uri }
    }

    /// Runs the oldest pending compile and hands its result back.
    func runJob() {
        let job = jobs.jobs.removeFirst()
        server.receiveAnalysis(job.run(), for: job)
    }
}

@Suite struct SchedulingTests {
    @Test func requestsWaitForTheWorkerWhileOthersAreAnswered() {
        let harness = BackgroundHarness()
        harness.open("file:///a.stack", "hstack { labl a }")
        harness.server.flush()
        #expect(harness.jobs.jobs.map(\.uri) == ["file:///a.stack"])
        #expect(harness.published("file:///a.stack").isEmpty)
        #expect(!harness.server.hasPendingWork)
        harness.hover(1, "file:///a.stack")
        #expect(harness.response(1) == nil)
        // Not blocked: other requests are answered while the compile is out.
        harness.send(#"{"jsonrpc":"2.0","id":2,"method":"no/such/method"}"#)
        #expect(harness.response(2)?["error"]?["code"]?.intValue == -32601)
        harness.runJob()
        #expect(harness.published("file:///a.stack").count == 1)
        #expect(harness.published("file:///a.stack").first?["params"]?["diagnostics"]?.arrayValue?.isEmpty == false)
        #expect(harness.response(1)?["result"] != nil)
        harness.send(#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#)
        #expect(harness.response(3)?["result"]?.isNull == true)
    }

    @Test func aChangeAnswersWaitingRequestsAsModifiedAndDropsTheOldResult() {
        let harness = BackgroundHarness()
        harness.open("file:///a.stack", "hstack { labl a }")
        harness.hover(1, "file:///a.stack")
        #expect(harness.jobs.jobs.count == 1)
        harness.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///a.stack","version":2},"contentChanges":[{"text":"hstack { label a(intrinsic: 1 x 1) }"}]}}"#)
        #expect(harness.response(1)?["error"]?["code"]?.intValue == -32801)
        harness.runJob()
        #expect(harness.published("file:///a.stack").isEmpty)
        #expect(harness.server.hasPendingWork)
        harness.server.flush()
        harness.runJob()
        #expect(harness.published("file:///a.stack").count == 1)
        #expect(harness.published("file:///a.stack").first?["params"]?["diagnostics"]?.arrayValue == [])
        #expect(harness.published("file:///a.stack").first?["params"]?["version"]?.intValue == 2)
    }

    @Test func aRequestGivesUpAfterTheWaitLimit() {
        let harness = BackgroundHarness(waitLimit: .zero)
        harness.open("file:///a.stack", "hstack { label a(intrinsic: 1 x 1) }")
        harness.hover(1, "file:///a.stack")
        #expect(harness.response(1) == nil)
        #expect(harness.server.nextDeadline != nil)
        harness.server.expireWaitingRequests()
        #expect(harness.response(1)?["result"]?.isNull == true)
        #expect(harness.server.nextDeadline == nil)
        // The compile still arrives and publishes.
        harness.runJob()
        #expect(harness.published("file:///a.stack").count == 1)
    }

    /// A result for text that a close and reopen replaced is never taken for the new text.
    @Test func aResultFromBeforeAReopenIsDropped() {
        let harness = BackgroundHarness()
        harness.open("file:///a.stack", "hstack { labl a }")
        harness.server.flush()
        harness.send(#"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///a.stack"}}}"#)
        harness.open("file:///a.stack", "hstack { label a(intrinsic: 1 x 1) }")
        harness.server.flush()
        harness.runJob()
        #expect(harness.published("file:///a.stack").allSatisfy { $0["params"]?["diagnostics"]?.arrayValue == [] })
        harness.runJob()
        #expect(harness.published("file:///a.stack").last?["params"]?["diagnostics"]?.arrayValue == [])
        #expect(harness.published("file:///a.stack").count == 2)
    }
}
