import Foundation
import PackagePlugin

/// Generates Swift from every `.stack` file of a target with `stackc build`, one output per input.
///
/// A build-tool plugin (not a prebuild command, which cannot run a tool built from source on Linux):
/// each `.stack` file is one build command, rerun only when the file changes. stackc's diagnostics
/// (`path:line:col: error: ...`) appear in the build log and an error fails the build.
@main
struct StackcPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let stackc = try context.tool(named: "stackc")
        let base = URL(fileURLWithPath: String(describing: target.directory)).standardizedFileURL.path
        return target.sourceFiles(withSuffix: "stack").map { file in
            let path = file.url.standardizedFileURL.path
            let relative = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : file.url.lastPathComponent
            let output = context.pluginWorkDirectoryURL.appendingPathComponent(outputName(for: relative))
            return .buildCommand(
                displayName: "Generating Swift from \(relative)",
                executable: stackc.url,
                arguments: ["build", path, "-o", output.path],
                inputFiles: [file.url],
                outputFiles: [output])
        }
    }
}

/// `Cards/card.stack` -> `Cards_card.stack.swift`. Underscores are doubled before slashes become
/// single ones, so distinct relative paths never give the same name (`a_b/c` vs `a/b_c`).
func outputName(for relativePath: String) -> String {
    relativePath.replacingOccurrences(of: "_", with: "__").replacingOccurrences(of: "/", with: "_") + ".swift"
}
