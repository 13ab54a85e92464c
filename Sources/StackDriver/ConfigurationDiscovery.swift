#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StackSyntax

extension ProjectConfiguration {
    /// The `.stackc.json` that applies to the file at `path`: the one in its folder, else in the nearest
    /// folder above, up to the file system root (as swift-format finds `.swift-format`). A relative path is
    /// taken from the current directory; `-` (standard input) looks from the current directory itself.
    /// Nil when there is none.
    /// The path found is relative when `path` is and the configuration is in the current directory or below.
    public static func find(forFile path: String) -> String? {
        let absolute = absolutePath(path == "-" ? "./-" : path)
        let current = path.hasPrefix("/") ? nil : absolutePath(".")
        var folder = parent(of: absolute)
        while true {
            let candidate = (folder == "/" ? "" : folder) + "/" + fileName
            if isRegularFile(candidate) {
                if let current, candidate.hasPrefix(current == "/" ? "/" : current + "/") {
                    return String(candidate.dropFirst(current == "/" ? 1 : current.count + 1))
                }
                return candidate
            }
            if folder == "/" { return nil }
            folder = parent(of: folder)
        }
    }

    /// Reads and checks the configuration file at `path`.
    public static func load(path: String) -> Result<ProjectConfiguration, ConfigurationError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(unreadable(path, errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(unreadable(path, errno))
            }
            bytes += chunk[0..<count]
            // A configuration is a few lines; a huge one is a mistake (or /dev/zero), not something to read whole.
            if bytes.count > 1 << 20 {
                return .failure(ConfigurationError(file: SourceFile(path: path, bytes: []), problems: [],
                                                   readFailure: "larger than 1 MiB, which no configuration is"))
            }
        }
        return parse(bytes, path: path)
    }

    /// The configuration for the file at `path`: the one `find(forFile:)` finds, or `standard` without one.
    /// For editors, which have nowhere to report a broken file: it counts as none.
    public static func forFile(_ path: String) -> ProjectConfiguration {
        guard let found = find(forFile: path), case .success(let configuration) = load(path: found) else { return .standard }
        return configuration
    }

    private static func unreadable(_ path: String, _ code: Int32) -> ConfigurationError {
        let reason = code == EISDIR ? "is a directory" : String(cString: strerror(code)).lowercased()
        return ConfigurationError(file: SourceFile(path: path, bytes: []), problems: [], readFailure: reason)
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// `path` from the root, with `.` and `..` resolved by name (as `URL.standardized` does), so walking up
    /// from `../x/a.stack` visits the folders above `x`, not the current one.
    static func absolutePath(_ path: String) -> String {
        var components: [Substring] = []
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                let cwd = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                components = cwd.split(separator: "/")
            }
        }
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
