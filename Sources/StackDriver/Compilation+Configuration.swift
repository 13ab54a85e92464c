import StackSemantics
import StackSyntax

extension Compilation {
    /// A compilation whose diagnostics are those a project's configuration shows (`checked(_:)`: disabled
    /// warnings removed, warnings made errors with `warningsAsErrors`); every phase's results are kept.
    public init(_ compilation: Compilation, configuration: ProjectConfiguration) {
        self.file = compilation.file
        self.checked = compilation.checked
        self.irs = compilation.irs
        self.solutions = compilation.solutions
        self.text = compilation.text
        self.diagnostics = configuration.checked(compilation.diagnostics)
    }
}

extension ProjectConfiguration {
    /// The configuration of an editor's document: the one `forFile(_:)` finds for a document on disk,
    /// `standard` for one that is not (an untitled buffer, whose path is its URI).
    public static func forDocument(atPath path: String) -> ProjectConfiguration {
        path.hasPrefix("/") ? forFile(path) : .standard
    }
}
