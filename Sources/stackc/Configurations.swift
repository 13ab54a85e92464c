import StackIR
import StackDriver
import StackSyntax

/// The configuration of each input file: the `.stackc.json` found from it (see `ProjectConfiguration.find`),
/// the one `--config FILE` names, or none with `--no-config`. Each configuration file is read once; a broken
/// one is reported once, with its problems located in it, and every file it governs is skipped (exit 2).
final class Configurations {
    private let override: String?
    private let disabled: Bool
    /// `--uikit`, which wins over every configuration's `uikit`.
    private let uikit: UIKitTarget?
    /// By configuration path: the configuration, or nil when it is broken (already reported).
    private var loaded: [String: ProjectConfiguration?] = [:]

    /// Reads `--config` and `--no-config`; throws when both are given.
    init(_ options: Options) throws(UsageError) {
        override = options.value("config")
        disabled = options.flag("no-config")
        uikit = options.value(OptionSpec.uikit.name).flatMap(UIKitTarget.init(rawValue:))
        if override != nil && disabled { throw UsageError(message: "'--config' and '--no-config' cannot be used together") }
    }

    /// The configuration for the input file at `path`; nil when its configuration file is broken or
    /// unreadable (reported on standard error: the caller exits 2).
    func forFile(_ path: String) -> ProjectConfiguration? {
        guard var configuration = foundConfiguration(path) else { return nil }
        if let uikit { configuration.uikit = uikit }
        return configuration
    }

    private func foundConfiguration(_ path: String) -> ProjectConfiguration? {
        if disabled { return .standard }
        guard let found = override ?? ProjectConfiguration.find(forFile: path) else { return .standard }
        if let known = loaded[found] { return known }
        let result: ProjectConfiguration?
        switch ProjectConfiguration.load(path: found) {
        case .success(let configuration):
            result = configuration
        case .failure(let error):
            Configurations.report(error)
            result = nil
        }
        loaded[found] = result
        return result
    }

    /// The configuration for a command that reads one file, or the exit status (after reporting) when
    /// `--config`/`--no-config` are misused or the configuration is broken.
    static func forSingleFile(_ path: String, _ options: Options, command: String) throws(ExitStatus) -> ProjectConfiguration {
        let configurations: Configurations
        do {
            configurations = try Configurations(options)
        } catch {
            Output.error("stackc \(command): error: \(error.message)\n")
            throw ExitStatus(ExitCode.usage)
        }
        guard var configuration = configurations.forFile(path) else { throw ExitStatus(ExitCode.usage) }
        // Only `check` (and editors) turn warnings into errors: a warning never stops code generation.
        configuration.warningsAsErrors = false
        return configuration
    }

    static func report(_ error: ConfigurationError) {
        if let reason = error.readFailure {
            Output.error("stackc: error: cannot read configuration '\(error.file.path)': \(reason)\n")
            return
        }
        let renderer = DiagnosticRenderer(colored: Output.stderrIsColorTerminal)
        for problem in error.problems {
            Output.error(renderer.header(error.file.path, error.file.location(of: problem.range.start), .error, problem.message)
                + renderer.excerpt(problem.range, in: error.file))
        }
        Output.error("stackc: error: '\(error.file.path)' is not a valid configuration; the files it governs are not processed (fix it, or use --no-config)\n")
    }
}
