import StackSyntax

/// A JSON-RPC error a request handler answers with.
public struct ResponseError: Error, Hashable, Sendable {
    /// The JSON-RPC or LSP error code.
    public var code: Int
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    /// The message was not valid JSON.
    public static let parseErrorCode = -32700
    /// The JSON was not a valid request or notification, or a request came after `shutdown`.
    public static let invalidRequestCode = -32600
    /// No such method.
    public static let methodNotFoundCode = -32601
    /// The parameters were missing or malformed.
    public static let invalidParamsCode = -32602
    /// Something failed inside the server.
    public static let internalErrorCode = -32603
    /// A request came before `initialize`.
    public static let serverNotInitializedCode = -32002
    /// The document changed while the request waited for its analysis.
    public static let contentModifiedCode = -32801
    /// A valid request the server declines, such as a rename to a name that is taken.
    public static let requestFailedCode = -32803

    static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: invalidParamsCode, message: message) }
}

/// A JSON-RPC request id exactly as the client wrote it. A client matches a response to its request by
/// the id, and a number kept as a `Double` does not print back as written (`1e400` as `0`,
/// `12345678901234567890` in exponent form), so a number id keeps its literal text.
public enum RequestID: Hashable, Sendable {
    /// A number, as its literal text.
    case number(String)
    /// A string.
    case string(String)
    /// `null`: the id of a response to a message whose id could not be read.
    case null

    /// The id of a request, from its `id` member and the literal text the reader kept for it; nil
    /// when the member is neither a number nor a string.
    init?(_ value: JSONValue, rawNumber: String?) {
        switch value {
        case .number(let number): self = .number(rawNumber ?? formatNumber(number))
        case .string(let text): self = .string(text)
        default: return nil
        }
    }

    /// The JSON text, as the request wrote it.
    public var json: String {
        switch self {
        case .number(let literal): literal
        case .string(let text): JSONValue.string(text).rendered()
        case .null: "null"
        }
    }
}
