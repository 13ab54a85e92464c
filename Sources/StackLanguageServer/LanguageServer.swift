import StackSyntax

/// The stackc language server's protocol logic, independent of any transport: feed it messages with
/// `receive(_:)`, let it send through the closure it was created with, and call `flush()` when no
/// input is waiting so it compiles changed documents and publishes their diagnostics.
///
/// Changes only mark a document dirty; compiling waits for `flush()` (or for a request that needs the
/// result), so a burst of changes costs one compile. Compiling happens inline, or, for a server made
/// with a `BackgroundCompiling`, on a worker, so the server keeps answering while a document compiles
/// (see `Scheduling.swift`). Deterministic: the same messages give the same output, and inline the
/// same output in the same order. Total: malformed JSON, unknown methods and bad parameters get
/// JSON-RPC errors, never a trap.
public final class LanguageServer {
    /// The server's name and version, reported in `initialize`.
    public static let name = "stackc"
    /// The version reported in `initialize`.
    public static let version = "0.1.0"

    /// Turns a syntax tree into its canonical formatting, or nil when it cannot (a file with syntax errors).
    public typealias Formatter = @Sendable (SyntaxTree) -> String?

    private let sendBody: (String) -> Void
    let formatter: Formatter?
    var documents: [String: DocumentState] = [:]
    /// URIs whose diagnostics are out of date, in the order they changed.
    var dirty: [String] = []
    private var initialized = false
    private var shutdownRequested = false
    /// Where documents compile: nil inline, else on a worker.
    let background: BackgroundCompiling?
    /// Requests waiting for a document's compile on the worker, in arrival order.
    var waiting: [WaitingRequest] = []
    private var generations = 0
    var clientCapabilities: JSONValue = .object([])
    /// Per document, the refresh requests (`workspace/inlayHint/refresh`, …) owed to the client because a
    /// request for that view was answered with `null` while the document compiled; sent when the compile arrives.
    var owedRefreshes: [String: [String]] = [:]
    private var clientRequests = 0

    /// Set by the `exit` notification: 0 after `shutdown`, 1 otherwise. The transport stops when set.
    public private(set) var exitCode: Int32?

    struct DocumentState {
        var document: TextDocument
        /// New for every change, so a cached analysis is never used for newer text.
        var generation: Int
        var analysis: (generation: Int, value: Analysis)?
        /// The generation last handed to the background worker, if any.
        var submitted: Int?
    }

    /// Creates a server that sends the JSON text of every outgoing message (responses and notifications)
    /// through `sendBody`, and formats documents with `formatter` (no formatting edits when nil).
    /// Documents compile inline unless `background` says how to compile them on a worker.
    public init(formatter: Formatter? = defaultFormatter, background: BackgroundCompiling? = nil, sendBody: @escaping (String) -> Void) {
        self.formatter = formatter
        self.background = background
        self.sendBody = sendBody
    }

    /// Creates a server that sends every outgoing message as a `JSONValue` (read back from its text, so
    /// a number id comes as a `Double`), for tests and tools that inspect messages.
    public convenience init(formatter: Formatter? = defaultFormatter, send: @escaping (JSONValue) -> Void) {
        self.init(formatter: formatter, sendBody: { body in
            if let value = try? JSONReader.read(Array(body.utf8)) { send(value) }
        })
    }

    /// Whether `flush()` has something to do now: a changed document to compile (inline) or to hand to
    /// the worker. A document already with the worker is not pending work: its result arrives as input.
    public var hasPendingWork: Bool {
        guard background != nil else { return !dirty.isEmpty }
        return dirty.contains { uri in documents[uri].map { $0.submitted != $0.generation && !isCurrent($0) } ?? false }
    }

    // MARK: Input

    /// Handles one message body (the bytes after the header).
    public func receive(_ body: [UInt8]) {
        let message: JSONValue
        let rawID: String?
        do {
            (message, rawID) = try JSONReader.readMessage(body)
        } catch {
            respond(id: .null, error: ResponseError(code: ResponseError.parseErrorCode,
                                                    message: "parse error at byte \(error.offset): \(error.message)"))
            return
        }
        handle(message, rawID: rawID)
    }

    /// Reports bytes the transport could not frame as a message: a log entry and a parse error with a
    /// null id (the request, if there was one, cannot be named).
    public func receiveMalformed(_ reason: String) {
        log("skipped a badly framed message: \(reason)", type: 1)
        respond(id: .null, error: ResponseError(code: ResponseError.parseErrorCode, message: "badly framed message: \(reason)"))
    }

    /// Handles one decoded message: a request, a notification, or a response to the server (ignored).
    /// `rawID` is the literal text of a number `id`, echoed in the response.
    public func handle(_ message: JSONValue, rawID: String? = nil) {
        guard case .object = message else {
            respond(id: .null, error: ResponseError(code: ResponseError.invalidRequestCode, message: "a message must be a JSON object"))
            return
        }
        let idValue = message["id"]
        var id: RequestID?
        if let idValue {
            if let requestID = RequestID(idValue, rawNumber: rawID) {
                id = requestID
            } else if idValue.isNull, message["method"] == nil {
                id = .null
            } else {
                respond(id: .null, error: ResponseError(code: ResponseError.invalidRequestCode, message: "'id' must be a number or a string"))
                return
            }
        }
        guard let methodValue = message["method"] else {
            // A response to a server request; the server sends none, so there is nothing to match.
            if id == nil || (message["result"] == nil && message["error"] == nil) {
                respond(id: .null, error: ResponseError(code: ResponseError.invalidRequestCode, message: "a message needs a 'method'"))
            }
            return
        }
        guard let method = methodValue.stringValue else {
            respond(id: id ?? .null, error: ResponseError(code: ResponseError.invalidRequestCode, message: "'method' must be a string"))
            return
        }
        let params = message["params"] ?? .null
        if let id, deferUntilAnalysed(id: id, method: method, params: params) { return }
        if let id {
            let result: Result<JSONValue, ResponseError>
            do {
                result = .success(try request(method, params: params))
            } catch {
                result = .failure(error)
            }
            switch result {
            case .success(let value): respond(id: id, result: value)
            case .failure(let error): respond(id: id, error: error)
            }
        } else {
            notification(method, params: params)
        }
    }

    // MARK: Output

    // A response is written around the id's literal text, which `JSONValue` cannot hold; the layout
    // matches `JSONValue.rendered()`, so every message reads the same.
    func respond(id: RequestID, result: JSONValue) {
        sendBody(#"{"jsonrpc":"2.0","id":"# + id.json + #","result":"# + result.rendered() + "}")
    }

    func respond(id: RequestID, error: ResponseError) {
        let body = JSONValue.object([("code", .number(Double(error.code))), ("message", .string(error.message))])
        sendBody(#"{"jsonrpc":"2.0","id":"# + id.json + #","error":"# + body.rendered() + "}")
    }

    private func notify(_ method: String, _ params: JSONValue) {
        sendBody(JSONValue.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]).rendered())
    }

    /// Sends a request without parameters to the client; its answer is not needed (`handle` drops responses).
    func requestFromClient(_ method: String) {
        clientRequests += 1
        let id = JSONValue.string("stackc/\(clientRequests)")
        sendBody(JSONValue.object([("jsonrpc", .string("2.0")), ("id", id), ("method", .string(method))]).rendered())
    }

    /// Sends `window/logMessage` (type 3: info, 2: warning, 1: error).
    func log(_ message: String, type: Int = 3) {
        notify("window/logMessage", .object([("type", .number(Double(type))), ("message", .string(message))]))
    }

    // MARK: Dispatch

    private func request(_ method: String, params: JSONValue) throws(ResponseError) -> JSONValue {
        if method == "initialize" {
            guard !initialized else { throw ResponseError(code: ResponseError.invalidRequestCode, message: "already initialized") }
            initialized = true
            clientCapabilities = params["capabilities"] ?? .object([])
            return initializeResult
        }
        guard initialized else {
            throw ResponseError(code: ResponseError.serverNotInitializedCode, message: "the server is not initialized")
        }
        guard !shutdownRequested else {
            throw ResponseError(code: ResponseError.invalidRequestCode, message: "the server is shutting down")
        }
        if method == "shutdown" {
            shutdownRequested = true
            return .null
        }
        return try documentRequest(method, params: params)
    }

    /// A request about a document; `analysis(_:)` compiles it inline or takes the worker's current result.
    func documentRequest(_ method: String, params: JSONValue) throws(ResponseError) -> JSONValue {
        switch method {
        case "textDocument/documentSymbol":
            return documentSymbols(try analysis(params), uri: try uri(params))
        case "textDocument/hover":
            let (analysis, offset) = try position(params)
            return hover(analysis, at: offset)
        case "textDocument/completion":
            let (analysis, offset) = try position(params)
            return completion(analysis, at: offset)
        case "textDocument/definition":
            let (analysis, offset) = try position(params)
            return definition(analysis, at: offset, uri: try uri(params))
        case "textDocument/formatting":
            return formatting(try analysis(params))
        case "textDocument/codeAction":
            guard let range = LSPRange(json: params["range"]) else { throw .invalidParams("expected 'range'") }
            return codeActions(try analysis(params), uri: try uri(params), range: range, context: params["context"])
        default:
            return try navigationRequest(method, params: params)
        }
    }

    /// The requests built on name resolution and the solved layout: references, highlights, rename,
    /// semantic tokens, signature help and inlay hints.
    private func navigationRequest(_ method: String, params: JSONValue) throws(ResponseError) -> JSONValue {
        switch method {
        case "textDocument/references":
            let (analysis, offset) = try position(params)
            let includeDeclaration = params["context"]?["includeDeclaration"]?.boolValue ?? false
            return references(analysis, at: offset, uri: try uri(params), includeDeclaration: includeDeclaration)
        case "textDocument/documentHighlight":
            let (analysis, offset) = try position(params)
            return documentHighlights(analysis, at: offset)
        case "textDocument/prepareRename":
            let (analysis, offset) = try position(params)
            return prepareRename(analysis, at: offset)
        case "textDocument/rename":
            let (analysis, offset) = try position(params)
            guard let newName = params["newName"]?.stringValue else { throw .invalidParams("expected 'newName'") }
            let uri = try uri(params)
            return try rename(analysis, at: offset, newName: newName, uri: uri, version: documents[uri]?.document.version ?? 0)
        case "textDocument/semanticTokens/full":
            return semanticTokens(try analysis(params), range: nil)
        case "textDocument/semanticTokens/range":
            guard let range = LSPRange(json: params["range"]) else { throw .invalidParams("expected 'range'") }
            return semanticTokens(try analysis(params), range: range)
        case "textDocument/signatureHelp":
            let (analysis, offset) = try position(params)
            return signatureHelp(analysis, at: offset)
        case "textDocument/inlayHint":
            guard let range = LSPRange(json: params["range"]) else { throw .invalidParams("expected 'range'") }
            return inlayHints(try analysis(params), range: range)
        default:
            throw ResponseError(code: ResponseError.methodNotFoundCode, message: "unknown method '\(method)'")
        }
    }

    /// Whether requests and notifications about documents are handled: between `initialize` and `shutdown`.
    var acceptsDocumentMessages: Bool { initialized && !shutdownRequested }

    private func notification(_ method: String, params: JSONValue) {
        if method == "exit" {
            exitCode = shutdownRequested ? 0 : 1
            return
        }
        guard initialized, !shutdownRequested else { return }
        switch method {
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue else {
                log("textDocument/didOpen without a text document", type: 2)
                return
            }
            let document = TextDocument(uri: uri, version: item["version"]?.intValue ?? 0, text: text)
            documents[uri] = DocumentState(document: document, generation: nextGeneration(), analysis: nil)
            markDirty(uri)
            answerWaitingAsModified(uri)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, var state = documents[uri] else {
                log("textDocument/didChange for a document that is not open", type: 2)
                return
            }
            guard let changes = params["contentChanges"]?.arrayValue else {
                log("textDocument/didChange without contentChanges", type: 2)
                return
            }
            let parsed = changes.compactMap(TextChange.init(json:))
            if parsed.count != changes.count { log("textDocument/didChange: skipped \(changes.count - parsed.count) malformed change(s)", type: 2) }
            state.document.apply(parsed)
            if let version = params["textDocument"]?["version"]?.intValue { state.document.version = version }
            state.generation = nextGeneration()
            documents[uri] = state
            markDirty(uri)
            answerWaitingAsModified(uri)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.stringValue else { return }
            documents[uri] = nil
            dirty.removeAll { $0 == uri }
            owedRefreshes[uri] = nil
            answerWaitingAsModified(uri)
            notify("textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
        default:
            // initialized, didSave, $/cancelRequest, $/setTrace, configuration changes: nothing to do.
            break
        }
    }

    /// A generation number no text of any document had: a result from the worker names the text it
    /// compiled by it, even across closing and reopening a document.
    private func nextGeneration() -> Int {
        generations += 1
        return generations
    }

    private func markDirty(_ uri: String) {
        dirty.removeAll { $0 == uri }
        dirty.append(uri)
    }

    /// Compiles every changed document and publishes its diagnostics; with a worker, hands it the
    /// changed documents instead, and their diagnostics are published as their results arrive. The
    /// transport calls this when no input is waiting, so changes that arrive together are compiled once.
    public func flush() {
        for uri in dirty {
            guard let state = documents[uri] else { continue }
            if background != nil, !isCurrent(state) {
                submit(uri)
            } else {
                publish(uri, currentAnalysis(uri, state: state))
            }
        }
    }

    /// Publishes the diagnostics of a document's current analysis.
    func publish(_ uri: String, _ analysis: Analysis) {
        guard let state = documents[uri] else { return }
        dirty.removeAll { $0 == uri }
        let style = DiagnosticStyle(relatedInformation: clientCapabilities["textDocument"]?["publishDiagnostics"]?["relatedInformation"]?.boolValue ?? false)
        notify("textDocument/publishDiagnostics", .object([
            ("uri", .string(uri)),
            ("version", .number(Double(state.document.version))),
            ("diagnostics", .array(analysis.lspDiagnostics(uri: uri, style: style))),
        ]))
    }

    /// The text of an open document (for tests and tools).
    public func text(of uri: String) -> String? { documents[uri]?.document.text }

    /// The analysis of an open document's current text: cached, or compiled now. With a worker, requests
    /// that need it wait until it is cached (`deferUntilAnalysed`), so nothing compiles here.
    private func currentAnalysis(_ uri: String, state: DocumentState) -> Analysis {
        if let cached = state.analysis, cached.generation == state.generation { return cached.value }
        let analysis = Analysis(file: state.document.file)
        documents[uri]?.analysis = (state.generation, analysis)
        return analysis
    }

    private func uri(_ params: JSONValue) throws(ResponseError) -> String {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else { throw .invalidParams("expected 'textDocument.uri'") }
        return uri
    }

    private func analysis(_ params: JSONValue) throws(ResponseError) -> Analysis {
        let uri = try uri(params)
        guard let state = documents[uri] else { throw .invalidParams("document '\(uri)' is not open") }
        return currentAnalysis(uri, state: state)
    }

    private func position(_ params: JSONValue) throws(ResponseError) -> (Analysis, Int) {
        let analysis = try analysis(params)
        guard let position = LSPPosition(json: params["position"]) else { throw .invalidParams("expected 'position'") }
        return (analysis, analysis.mapper.offset(of: position))
    }

    private var initializeResult: JSONValue {
        .object([
            ("capabilities", .object([
                ("positionEncoding", .string("utf-16")),
                ("textDocumentSync", .object([
                    ("openClose", .bool(true)),
                    ("change", .number(2)),
                ])),
                ("documentSymbolProvider", .bool(true)),
                ("hoverProvider", .bool(true)),
                ("completionProvider", .object([
                    ("triggerCharacters", .array(["(", ",", ":", "."].map { .string($0) })),
                    ("resolveProvider", .bool(false)),
                ])),
                ("definitionProvider", .bool(true)),
                ("documentFormattingProvider", .bool(true)),
                ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
                ("referencesProvider", .bool(true)),
                ("documentHighlightProvider", .bool(true)),
                ("renameProvider", clientCapabilities["textDocument"]?["rename"]?["prepareSupport"]?.boolValue == true
                    ? .object([("prepareProvider", .bool(true))]) : .bool(true)),
                ("semanticTokensProvider", .object([
                    ("legend", SemanticLegend.json), ("range", .bool(true)), ("full", .bool(true)),
                ])),
                ("signatureHelpProvider", .object([
                    ("triggerCharacters", .array([.string("("), .string(",")])),
                    ("retriggerCharacters", .array([.string(":")])),
                ])),
                ("inlayHintProvider", .bool(true)),
            ])),
            ("serverInfo", .object([("name", .string(LanguageServer.name)), ("version", .string(LanguageServer.version))])),
        ])
    }

    /// Whether the client accepts Markdown in hovers.
    var hoverMarkdown: Bool {
        clientCapabilities["textDocument"]?["hover"]?["contentFormat"]?.arrayValue?.contains(.string("markdown")) ?? false
    }

    /// Whether the client takes `DocumentSymbol` trees (else flat `SymbolInformation`).
    var hierarchicalSymbols: Bool {
        clientCapabilities["textDocument"]?["documentSymbol"]?["hierarchicalDocumentSymbolSupport"]?.boolValue ?? false
    }
}
