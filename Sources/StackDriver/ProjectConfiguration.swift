import StackIR
import StackSyntax

/// A project's settings for stackc, from a `.stackc.json` file:
///
///     {
///       "fmt": {"indentWidth": 2, "lineWidth": 80},
///       "disabled": ["W101", "W103"],
///       "warningsAsErrors": true,
///       "uikit": "current"
///     }
///
/// Every key is optional. The file that applies to a `.stack` file is the nearest `.stackc.json` in its
/// folder or a folder above it, up to the file system root, as swift-format finds `.swift-format`: the first
/// one found is used whole, and files further up are not merged into it.
public struct ProjectConfiguration: Hashable, Sendable {
    /// The name of the file `find(forFile:)` looks for.
    public static let fileName = ".stackc.json"

    /// `fmt`'s settings.
    public var formatStyle: StackFormatter.Style
    /// Warnings never reported, in ID order.
    public var disabledWarnings: [DiagnosticID]
    /// Whether `stackc check` (and the language server) report warnings as errors.
    public var warningsAsErrors: Bool
    /// The UIKit whose constraint sets stacks are lowered to (`--uikit` overrides it).
    public var uikit: UIKitTarget

    /// A configuration; the defaults are those of a project without a file.
    public init(
        formatStyle: StackFormatter.Style = .standard, disabledWarnings: [DiagnosticID] = [], warningsAsErrors: Bool = false,
        uikit: UIKitTarget = .default
    ) {
        self.formatStyle = formatStyle
        self.disabledWarnings = Array(Set(disabledWarnings)).sorted()
        self.warningsAsErrors = warningsAsErrors
        self.uikit = uikit
    }

    /// No file: the default style, every warning on.
    public static let standard = ProjectConfiguration()

    /// The diagnostics a project sees: disabled warnings removed. Severities are kept (code generation and
    /// layout go on past warnings); `checked(_:)` is what `stackc check` reports.
    public func filtered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !disabledWarnings.isEmpty else { return diagnostics }
        return diagnostics.filter { $0.severity != .warning || !disabledWarnings.contains($0.id) }
    }

    /// `filtered(_:)`, with warnings made errors when `warningsAsErrors` is set.
    public func checked(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var result = filtered(diagnostics)
        if warningsAsErrors {
            for index in result.indices where result[index].severity == .warning { result[index].severity = .error }
        }
        return result
    }
}

/// A configuration file that cannot be used: it cannot be read, is not JSON, or has a key or value
/// stackc does not know. Each problem has the file's position, for `path:line:col: error: message`.
public struct ConfigurationError: Error, Sendable {
    /// One thing wrong, at a byte range of the file.
    public struct Problem: Sendable, Hashable {
        /// Lowercase, no final period.
        public var message: String
        /// Where in the file.
        public var range: SourceRange
    }

    /// The configuration file; its bytes, for line and column (empty when it could not be read).
    public var file: SourceFile
    /// What is wrong, in file order; empty when `readFailure` says why the file could not be read.
    public var problems: [Problem]
    /// Why the file could not be read, when it could not.
    public var readFailure: String?
}

extension ProjectConfiguration {
    /// Reads a configuration from a file's bytes; `path` names it in problems.
    public static func parse(_ bytes: [UInt8], path: String) -> Result<ProjectConfiguration, ConfigurationError> {
        let file = SourceFile(path: path, bytes: bytes)
        let document: LocatedJSON
        do {
            document = try LocatedJSON.parse(bytes)
        } catch {
            return .failure(ConfigurationError(file: file, problems: [.init(message: error.message, range: error.range)]))
        }
        var reader = ConfigurationReader()
        let configuration = reader.read(document)
        guard reader.problems.isEmpty else {
            let problems = reader.problems.sorted { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
            return .failure(ConfigurationError(file: file, problems: problems))
        }
        return .success(configuration)
    }
}
