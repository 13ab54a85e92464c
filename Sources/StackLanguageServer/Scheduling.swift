import StackSyntax

/// How a server compiles documents on a worker, so a document that takes seconds to compile (a
/// component expansion bomb) never stops it answering: `initialize`, `shutdown` and requests about
/// other documents are answered at once while the worker compiles.
///
/// The server hands the worker a document's text with `submit`; the worker compiles it and the
/// transport gives the result back, on the server's thread, with `LanguageServer.receiveAnalysis`.
/// A request that needs a document's analysis waits for the compile of the text it was sent against:
/// - answered when that compile arrives;
/// - answered with error -32801 (content modified) when the document changes or closes first, as LSP
///   asks of a result the change makes stale;
/// - answered with `null` after `waitLimit` (every request the server offers allows a null result),
///   so a client never waits longer than that on one compile.
///
/// One worker compiles one document at a time: while it compiles a slow document, a changed document
/// waits behind it (requests about it then get `null` after `waitLimit`), but a document whose
/// analysis is current is answered at once.
public struct BackgroundCompiling: Sendable {
    /// Hands a compile to the worker. A newer job for the same URI may replace one not yet started.
    public var submit: @Sendable (AnalysisJob) -> Void
    /// How long a request waits for its document's compile before it is answered with `null`.
    public var waitLimit: Duration

    /// Creates a description of a worker.
    public init(waitLimit: Duration = .seconds(3), submit: @escaping @Sendable (AnalysisJob) -> Void) {
        self.waitLimit = waitLimit
        self.submit = submit
    }
}

/// One compile for the background worker: a document's text at one generation.
public struct AnalysisJob: Sendable {
    /// The document's URI.
    public let uri: String
    /// The generation of the text, which names it in the result.
    public let generation: Int
    /// The text to compile.
    public let file: SourceFile

    /// Compiles the text; the worker calls this off the server's thread.
    public func run() -> Analysis { Analysis(file: file) }
}

/// A request waiting for the compile of the text it was sent against.
struct WaitingRequest {
    let id: RequestID
    let method: String
    let params: JSONValue
    let uri: String
    let deadline: ContinuousClock.Instant
}

extension LanguageServer {
    /// The requests that need a document's analysis.
    static let analysedMethods: Set<String> = [
        "textDocument/documentSymbol", "textDocument/hover", "textDocument/completion", "textDocument/definition",
        "textDocument/formatting", "textDocument/codeAction", "textDocument/references", "textDocument/documentHighlight",
        "textDocument/prepareRename", "textDocument/rename", "textDocument/semanticTokens/full", "textDocument/semanticTokens/range",
        "textDocument/signatureHelp", "textDocument/inlayHint",
    ]

    /// Whether a document's cached analysis is of its current text.
    func isCurrent(_ state: DocumentState) -> Bool { state.analysis?.generation == state.generation }

    /// With a worker, holds back a request that needs the analysis of an open document whose compile
    /// is not back yet, and makes sure the worker has the document. True when held back.
    func deferUntilAnalysed(id: RequestID, method: String, params: JSONValue) -> Bool {
        guard let background, acceptsDocumentMessages, LanguageServer.analysedMethods.contains(method),
              let uri = params["textDocument"]?["uri"]?.stringValue, let state = documents[uri], !isCurrent(state) else { return false }
        submit(uri)
        waiting.append(WaitingRequest(id: id, method: method, params: params, uri: uri, deadline: .now + background.waitLimit))
        return true
    }

    /// Hands a document's current text to the worker, unless it has it already.
    func submit(_ uri: String) {
        guard let background, let state = documents[uri], state.submitted != state.generation else { return }
        documents[uri]?.submitted = state.generation
        background.submit(AnalysisJob(uri: uri, generation: state.generation, file: state.document.file))
    }

    /// Takes a compile back from the worker: when it is of the document's current text, caches it,
    /// publishes its diagnostics and answers the requests waiting for it. A result for older text is
    /// dropped: the newer text is with the worker already, or goes at the next `flush()`.
    public func receiveAnalysis(_ analysis: Analysis, for job: AnalysisJob) {
        guard let state = documents[job.uri], state.generation == job.generation else { return }
        documents[job.uri]?.analysis = (job.generation, analysis)
        if dirty.contains(job.uri) { publish(job.uri, analysis) }
        for refresh in owedRefreshes.removeValue(forKey: job.uri) ?? [] { requestFromClient(refresh) }
        let ready = waiting.filter { $0.uri == job.uri }
        waiting.removeAll { $0.uri == job.uri }
        for request in ready {
            do {
                respond(id: request.id, result: try documentRequest(request.method, params: request.params))
            } catch {
                respond(id: request.id, error: error)
            }
        }
    }

    /// Answers the requests waiting on a document that changed or closed with -32801 (content modified).
    func answerWaitingAsModified(_ uri: String) {
        guard waiting.contains(where: { $0.uri == uri }) else { return }
        let stale = waiting.filter { $0.uri == uri }
        waiting.removeAll { $0.uri == uri }
        for request in stale {
            respond(id: request.id, error: ResponseError(code: ResponseError.contentModifiedCode,
                                                         message: "the document changed before its analysis finished"))
        }
    }

    /// The request that asks the client to ask again for what `method` answers, when the client takes it:
    /// inlay hints and semantic tokens are views the client keeps until told they changed.
    private func refresh(for method: String) -> String? {
        let workspace = clientCapabilities["workspace"]
        switch method {
        case "textDocument/inlayHint":
            return workspace?["inlayHint"]?["refreshSupport"]?.boolValue == true ? "workspace/inlayHint/refresh" : nil
        case "textDocument/semanticTokens/full", "textDocument/semanticTokens/range":
            return workspace?["semanticTokens"]?["refreshSupport"]?.boolValue == true ? "workspace/semanticTokens/refresh" : nil
        default:
            return nil
        }
    }

    /// When the first waiting request gives up, for the transport to wake then; nil when none waits.
    public var nextDeadline: ContinuousClock.Instant? { waiting.map(\.deadline).min() }

    /// Answers `null` to every waiting request whose wait limit has passed, in arrival order.
    public func expireWaitingRequests(now: ContinuousClock.Instant = .now) {
        guard waiting.contains(where: { $0.deadline <= now }) else { return }
        let expired = waiting.filter { $0.deadline <= now }
        waiting.removeAll { $0.deadline <= now }
        for request in expired {
            if let refresh = refresh(for: request.method), !(owedRefreshes[request.uri] ?? []).contains(refresh) {
                owedRefreshes[request.uri, default: []].append(refresh)
            }
            respond(id: request.id, result: .null)
        }
    }
}
