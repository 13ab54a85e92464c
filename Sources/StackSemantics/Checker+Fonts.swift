import StackSyntax
import StackText

/// `font:` values: a text style (`body`), the system font (`system(17, bold)`) or an app's own font
/// file (`custom("Fonts/Brand.otf", 17, body)`).
extension Checker {
    mutating func reportUnknownFont(_ word: String, at range: SourceRange) {
        let styles = TextStyle.allCases.map(\.rawValue)
        if let suggestion = closestMatch(to: word, in: styles) {
            report(.unknownEnumCase, "unknown text style '\(word)'; did you mean '\(suggestion)'?", at: range,
                   fixIts: [.replace(range, with: suggestion, message: "replace '\(word)' with '\(suggestion)'")])
        } else {
            report(.unknownEnumCase, "unknown text style '\(word)'; expected \(listing(styles)), system(size, weight) or custom(\"file\", size)", at: range)
        }
    }

    /// Where a font value written in place names its file (`custom("Fonts/Brand.otf", 17)`'s string);
    /// nil for a font from a constant or parameter.
    static func fontPathRange(_ expression: Expression) -> SourceRange? {
        guard case .call(_, let arguments) = expression.kind, let first = arguments.first else { return nil }
        return first.range
    }

    /// `system(size)`, `system(size, weight)` (UIFont.systemFont(ofSize:weight:)) or `custom(...)`.
    mutating func font(_ name: String, _ arguments: [Value], at range: SourceRange, pathRange: SourceRange) -> TypedValue? {
        let weights = FontWeight.allCases.map(\.rawValue)
        if name == "custom" { return customFont(arguments, at: range, pathRange: pathRange) }
        guard name == "system" else {
            report(.wrongValueType, "unknown font '\(name)(...)'; expected system(size, weight), custom(\"file\", size) or a text style", at: range)
            return nil
        }
        guard (1...2).contains(arguments.count), case .number(let size) = arguments[0] else {
            report(.wrongValueType, "expected system(size) or system(size, weight), with the size a number", at: range)
            return nil
        }
        guard let size = fontSize(size, at: range) else { return nil }
        var weight = FontWeight.regular
        if arguments.count == 2 {
            guard case .word(let word) = arguments[1], let value = FontWeight(rawValue: word) else {
                report(.unknownEnumCase, "expected a font weight (\(listing(weights))) as system's second argument", at: range)
                return nil
            }
            weight = value
        }
        return .font(.system(size: size, weight: weight))
    }

    private mutating func fontSize(_ size: Double, at range: SourceRange) -> Double? {
        guard size > 0, size <= 1000 else {
            report(.wrongValueType, "a font size must be above 0 and at most 1000 (found \(formatNumber(size)))", at: range)
            return nil
        }
        return size
    }

    /// `custom("file", size)` or `custom("file", size, textStyle)`: `UIFont(name:size:)` of the font
    /// file's PostScript name, scaled like `UIFontMetrics(forTextStyle:)` when a style is given (SwiftUI's
    /// `Font.custom(_:size:relativeTo:)`). The file is read through the environment's loader.
    private mutating func customFont(_ arguments: [Value], at range: SourceRange, pathRange: SourceRange) -> TypedValue? {
        guard (2...3).contains(arguments.count), case .string(let path) = arguments[0], case .number(let size) = arguments[1] else {
            report(.wrongValueType, "expected custom(\"file\", size) or custom(\"file\", size, textStyle), with the file a string and the size a number", at: range)
            return nil
        }
        guard let size = fontSize(size, at: range) else { return nil }
        var style: TextStyle? = nil
        if arguments.count == 3 {
            guard case .word(let word) = arguments[2], let value = TextStyle(rawValue: word) else {
                let styles = TextStyle.allCases.map(\.rawValue)
                if case .word(let word) = arguments[2], let suggestion = closestMatch(to: word, in: styles) {
                    report(.unknownEnumCase, "unknown text style '\(word)' as custom's third argument; did you mean '\(suggestion)'?", at: range)
                    return nil
                }
                report(.unknownEnumCase, "expected a text style (\(listing(styles))) as custom's third argument, the style whose Dynamic Type sizes scale the font", at: range)
                return nil
            }
            style = value
        }
        let resolved = FontFileLoader.resolve(path, relativeTo: file.path)
        switch fontFiles.load(resolved) {
        case .success(let face):
            return .font(.custom(CustomFont(path: path, postScriptName: face.postScriptName, size: size, scaledLike: style, metrics: face.metrics)))
        case .failure(.missing):
            let looked = resolved == path ? "" : " (looked at '\(resolved)': a relative path starts at the .stack file's folder)"
            report(.unreadableFontFile, "font file '\(path)' not found\(looked)", at: pathRange)
            return nil
        case .failure(let error):
            report(.unreadableFontFile, "font file '\(path)' cannot be used: \(error)", at: pathRange)
            return nil
        }
    }
}
