import Foundation

/// Reads the font files `font: custom(...)` names: each file once while it does not change, so checking
/// a file again (the language server on every edit, `--content-size all`) does not read its fonts again.
///
/// The checker does no file I/O of its own: it asks its `TextEnvironment`'s loader. The file-system
/// loader (`.fileSystem`, the default) reads files and notices when one changes (its size or
/// modification date); tests give a loader over bytes in memory (`init(files:)`).
public final class FontFileLoader: @unchecked Sendable {
    /// A file larger than this is refused before it is read: far larger than fonts are, even CJK collections.
    public static let maximumBytes = 256 << 20

    private let version: @Sendable (String) -> String?
    private let read: @Sendable (String) -> Result<[UInt8], FontLoadError>
    // Guards `cache`: environments are shared across threads (the language server's workers).
    private let lock = NSLock()
    private var cache: [String: (version: String, result: Result<FontFace, FontLoadError>)] = [:]

    /// A loader over any storage: `version` identifies a file's current contents (nil: no such file),
    /// `read` gives its bytes (nil: unreadable).
    public convenience init(version: @escaping @Sendable (String) -> String?, read: @escaping @Sendable (String) -> [UInt8]?) {
        self.init(version: version, bytes: { path in read(path).map { .success($0) } ?? .failure(.unreadable) })
    }

    private init(version: @escaping @Sendable (String) -> String?, bytes: @escaping @Sendable (String) -> Result<[UInt8], FontLoadError>) {
        self.version = version
        self.read = bytes
    }

    /// A loader over files held in memory, by path.
    public convenience init(files: [String: [UInt8]]) {
        self.init(version: { files[$0] == nil ? nil : "" }, read: { files[$0] })
    }

    /// The file system's loader, shared by every environment that does not bring its own.
    public static let fileSystem = FontFileLoader(version: fileVersion, bytes: readFile)

    /// A file's bytes; a file larger than `maximumBytes` is refused without reading it.
    private static func readFile(_ path: String) -> Result<[UInt8], FontLoadError> {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        // A pipe or a device is never opened: reading one could wait forever.
        guard attributes?[.type] as? FileAttributeType == .typeRegular else { return .failure(.notAFile) }
        if let size = attributes?[.size] as? NSNumber, size.int64Value > Int64(maximumBytes) { return .failure(.tooLarge) }
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.unreadable) }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumBytes + 1) else { return .failure(.unreadable) }
        return .success([UInt8](data ?? Data()))
    }

    /// A file's type, size and modification date, or nil when nothing is at `path`.
    private static func fileVersion(_ path: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        let type = (attributes[.type] as? FileAttributeType)?.rawValue ?? "?"
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(type) \(size) \(date)"
    }

    /// The font at `path` (already resolved: see `resolve`), read or taken from the cache.
    public func load(_ path: String) -> Result<FontFace, FontLoadError> {
        guard let current = version(path) else { return .failure(.missing) }
        lock.lock()
        let cached = cache[path]
        lock.unlock()
        if let cached, cached.version == current { return cached.result }
        let result = Self.face(read(path))
        lock.lock()
        cache[path] = (current, result)
        lock.unlock()
        return result
    }

    private static func face(_ read: Result<[UInt8], FontLoadError>) -> Result<FontFace, FontLoadError> {
        let bytes: [UInt8]
        switch read {
        case .success(let read): bytes = read
        case .failure(let error): return .failure(error)
        }
        guard bytes.count <= maximumBytes else { return .failure(.tooLarge) }
        do {
            let metrics = try FontMetrics(fontFile: bytes)
            guard let name = try FontNames(fontFile: bytes).postScriptName else { return .failure(.noPostScriptName) }
            return .success(FontFace(metrics: metrics, postScriptName: name))
        } catch {
            return .failure(.invalid(error))
        }
    }

    /// Where a path a `.stack` file writes points: an absolute path as it is, a relative one from the
    /// folder of the `.stack` file at `sourcePath` (from the current folder for standard input, `-`).
    public static func resolve(_ path: String, relativeTo sourcePath: String) -> String {
        guard !path.hasPrefix("/"), sourcePath != "-", sourcePath != "<stdin>",
              let slash = sourcePath.lastIndex(of: "/") else { return path }
        return String(sourcePath[...slash]) + path
    }
}

/// One font file as text measurement and generated code use it.
public struct FontFace: Hashable, Sendable {
    public var metrics: FontMetrics
    /// The name `UIFont(name:size:)` finds the font by once the app registers it.
    public var postScriptName: String
}

/// Why a font file cannot be used.
public enum FontLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing at the path.
    case missing
    /// A folder, pipe, device or socket.
    case notAFile
    /// A file that cannot be read (permissions, I/O error).
    case unreadable
    /// Larger than `FontFileLoader.maximumBytes`.
    case tooLarge
    /// Not a font the reader understands.
    case invalid(FontError)
    /// A font without a PostScript name, which UIKit finds a registered font by.
    case noPostScriptName

    public var description: String {
        switch self {
        case .missing: "no such file"
        case .notAFile: "not a regular file"
        case .unreadable: "the file cannot be read"
        case .tooLarge: "the file is larger than \(FontFileLoader.maximumBytes >> 20) MB"
        case .invalid(let error): "not a font stackc can read (\(error))"
        case .noPostScriptName: "the font has no PostScript name (name ID 6), which UIFont(name:size:) looks fonts up by"
        }
    }
}
