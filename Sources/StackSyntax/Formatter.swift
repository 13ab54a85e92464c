/// The canonical formatter of `.stack` files (`stackc fmt`, and the language server's formatting).
///
/// One style, with two settings (``Style``: indentation width and line width, which a project's
/// `.stackc.json` sets):
/// - 4-space indentation (by default), one declaration, element or constraint per line, `{` on the line of its owner;
/// - `kind name(label: value, ...)` with a space after each comma and colon, `W x H` sizes,
///   spaces around binary operators and relations, `@750` priorities;
/// - argument and parameter lists that would pass the line width (100 columns by default), or that hold a
///   comment, wrapped one per line; constraints and expressions are never broken;
/// - blank lines between declarations and members kept, at most one; none after `{` or before `}`;
/// - every comment kept in order: a comment on the line of the code before it stays on that line,
///   others get their own line at the indentation of what follows. Comment texts are kept verbatim
///   (line comments lose trailing whitespace);
/// - enum cases written `.center` lose the dot (the parser reads both spellings alike), empty argument
///   lists `()` of elements are dropped, trailing commas are dropped (except the one that makes `(a,)` a tuple).
///
/// The formatted text has exactly the same tokens, apart from those spellings, as the original, so it
/// parses to the same tree, checks to the same model and lowers to the same constraints; formatting is
/// idempotent. Files with syntax errors are not formatted.
public enum StackFormatter {
    /// The default line width: argument and parameter lists that would make a line longer than this (in
    /// characters) are wrapped.
    public static let lineWidth = 100
    /// The default number of spaces per indentation level.
    public static let indentWidth = 4

    /// The settings of the one style.
    public struct Style: Hashable, Sendable {
        /// Spaces per indentation level.
        public var indentWidth: Int
        /// Argument and parameter lists that would make a line longer than this (in characters) are wrapped.
        public var lineWidth: Int

        /// The range `indentWidth` may take: at 256 levels of nesting, 16 spaces make lines of 4,096.
        public static let indentWidths = 1...16
        /// The range `lineWidth` may take.
        public static let lineWidths = 1...10_000

        /// A style; values outside `indentWidths` and `lineWidths` are clamped into them.
        public init(indentWidth: Int = StackFormatter.indentWidth, lineWidth: Int = StackFormatter.lineWidth) {
            self.indentWidth = min(max(indentWidth, Style.indentWidths.lowerBound), Style.indentWidths.upperBound)
            self.lineWidth = min(max(lineWidth, Style.lineWidths.lowerBound), Style.lineWidths.upperBound)
        }

        /// 4-space indentation, 100 columns.
        public static let standard = Style()
    }

    /// The formatted text of a parsed file, or `nil` when the tree has syntax errors or the file is not
    /// valid UTF-8 (formatting would have to change bytes the parser never reads, in comments).
    public static func format(_ tree: SyntaxTree, style: Style = .standard) -> String? {
        guard !tree.diagnostics.hasErrors, firstInvalidUTF8(tree.file.bytes) == nil else { return nil }
        var printer = FormatPrinter(tree: tree, style: style)
        printer.printFile(tree.declarations)
        return printer.writer.finish()
    }

    /// Parses and formats text; `nil` when it has syntax errors.
    public static func format(text: String, path: String = "<input>", style: Style = .standard) -> String? {
        format(Parser.parse(SourceFile(path: path, text: text)), style: style)
    }

    /// The edits that turn the file into its formatted form, for editors (LSP `textDocument/formatting`):
    /// empty when the file is already formatted, else one edit replacing the smallest differing span
    /// (whole characters; the common prefix and suffix are left alone, so cursors and marks outside it stay).
    /// `nil` when the file cannot be formatted (see ``format(_:)``).
    public static func edits(_ tree: SyntaxTree, style: Style = .standard) -> [TextEdit]? {
        guard let formatted = format(tree, style: style) else { return nil }
        let old = tree.file.bytes
        let new = Array(formatted.utf8)
        if old == new { return [] }
        var prefix = 0
        let limit = min(old.count, new.count)
        while prefix < limit, old[prefix] == new[prefix] { prefix += 1 }
        // Back up to the start of a character in both texts (both are valid UTF-8).
        while prefix > 0, (prefix < old.count && isContinuationByte(old[prefix])) || (prefix < new.count && isContinuationByte(new[prefix])) {
            prefix -= 1
        }
        var suffix = 0
        while suffix < limit - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        // The suffix must start on a character boundary too.
        while suffix > 0, isContinuationByte(old[old.count - suffix]) {
            suffix -= 1
        }
        let replacement = String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self)
        return [TextEdit(range: SourceRange(start: prefix, end: old.count - suffix), replacement: replacement)]
    }

    /// One edit replacing the whole document with its formatted form, or `nil` when it cannot be formatted.
    public static func wholeDocumentEdit(_ tree: SyntaxTree, style: Style = .standard) -> TextEdit? {
        guard let formatted = format(tree, style: style) else { return nil }
        return TextEdit(range: SourceRange(start: 0, end: tree.file.bytes.count), replacement: formatted)
    }

    private static func isContinuationByte(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// The offset of the first byte that is not valid UTF-8, or nil when there is none.
    public static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}

/// The formatted text of a parsed file, or `nil` when it has syntax errors; see ``StackFormatter``.
public func format(_ tree: SyntaxTree, style: StackFormatter.Style = .standard) -> String? {
    StackFormatter.format(tree, style: style)
}

/// The edits that format a parsed file (empty when it is formatted), or `nil`; see ``StackFormatter/edits(_:)``.
public func formatEdits(_ tree: SyntaxTree) -> [TextEdit]? {
    StackFormatter.edits(tree)
}
