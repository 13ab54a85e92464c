import Foundation
import StackDriver
import StackIR
import StackSyntax
import StackText

/// `--content-size` and `--font-file`: the text environment labels are measured in.
enum TextOptions {
    static let contentSize = OptionSpec(name: "content-size", takesValue: true, validate: { text in
        categories(text) == nil ? "--content-size takes \(names) (or several, comma-separated, or 'all'), got \(NumberRange.quoted(text))" : nil
    }, valueName: "sizes", help: "Dynamic Type size(s) to measure text at: xSmall ... xxxLarge, accessibility1 ... 5;\ncomma-separated for several, 'all' for every one (default: large)")
    static let fontFile = OptionSpec(name: "font-file", takesValue: true, valueName: "path",
                                     help: "Measure text in this TrueType/OpenType font instead of stackc's default (Inter);\na label's custom font keeps its own file", takesPath: true)
    static let options = [contentSize, fontFile]

    private static let names = ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")

    /// The categories a `--content-size` value names, or nil when a name is unknown.
    static func categories(_ text: String) -> [ContentSizeCategory]? {
        if text == "all" { return ContentSizeCategory.allCases }
        var result: [ContentSizeCategory] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let category = ContentSizeCategory(rawValue: part.trimmingCharacters(in: .whitespaces)) else { return nil }
            if !result.contains(category) { result.append(category) }
        }
        return result.isEmpty ? nil : result
    }

    /// A file's diagnostics at every requested content size and, with `--device`, on every device: each
    /// once (the first device and content size a layout finding shows on is named in its message), in
    /// source order.
    static func diagnostics(
        of file: SourceFile, maximumItems: Int, in environments: [TextEnvironment], sizes: [RequestedSize], uikit: UIKitTarget
    ) -> [Diagnostic] {
        // One report per diagnostic and place in the file: the first found, or the worst for a size below
        // zero and for truncated text (`shortfall`).
        var all: [Diagnostic] = []
        var slot: [String: Int] = [:]
        func add(_ diagnostics: [Diagnostic], where place: String?) {
            for var diagnostic in diagnostics {
                if let place { diagnostic.message += " (\(place))" }
                let key = "\(diagnostic.id.rawValue) \(diagnostic.range.start) \(diagnostic.range.end)"
                guard let index = slot[key] else {
                    slot[key] = all.count
                    all.append(diagnostic)
                    continue
                }
                if shortfall(diagnostic) > shortfall(all[index]) { all[index] = diagnostic }
            }
        }
        for environment in environments {
            let compilation = Compilation(file: file, solving: false, maximumItems: maximumItems, text: environment, uikit: uikit)
            add(compilation.diagnostics, where: nil)
            // Syntax and checker errors do not depend on the text or the screen: one pass finds them all.
            if compilation.irs.isEmpty { break }
            let contentSize = environments.count > 1 ? "content size \(environment.category.rawValue)" : nil
            for root in compilation.irs.indices {
                for size in sizes {
                    let (solution, tree) = compilation.measuredSolution(root: root, width: size.width, height: size.height)
                    let place = [size.device.map { "on \($0)" }, contentSize].compactMap { $0 }.joined(separator: ", ")
                    add(solution.diagnostics(in: file, ir: compilation.irs[root], tree: tree, text: environment), where: place.isEmpty ? nil : place)
                }
            }
        }
        return all.sortedByLocation()
    }

    /// How far short of its room an item is, read from the numbers W202 and W203 messages start with
    /// ("is -20 points tall", "68 points wide for text 317 wide"); 0 for other diagnostics.
    private static func shortfall(_ diagnostic: Diagnostic) -> Double {
        let numbers = diagnostic.message.split(separator: " ").compactMap { Double($0) }
        switch diagnostic.id {
        case .negativeFrame: return -(numbers.first ?? 0)
        case .truncatedText where numbers.count >= 2: return numbers[1] - numbers[0]
        default: return 0
        }
    }

    /// One environment per requested content size; reports and throws exit 2 for a font file that
    /// cannot be read.
    static func environments(_ options: Options, command: String) throws(ExitStatus) -> [TextEnvironment] {
        var fonts = FontLibrary.standard
        if let path = options.value(fontFile.name) {
            guard let data = FileManager.default.contents(atPath: path) else {
                Output.error("stackc \(command): error: cannot read font file '\(path)'\n")
                throw ExitStatus(ExitCode.usage)
            }
            do {
                fonts = FontLibrary(single: try FontMetrics(fontFile: [UInt8](data)))
            } catch {
                Output.error("stackc \(command): error: \(path) is not a font stackc can read: \(error)\n")
                throw ExitStatus(ExitCode.usage)
            }
        }
        let categories = options.value(contentSize.name).flatMap(categories) ?? [.default]
        return categories.map { TextEnvironment(fonts: fonts, category: $0) }
    }
}
