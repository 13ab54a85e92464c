#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a command's path arguments name: a file as given, a directory as every `.stack` file
/// below it, as SwiftLint and swift-format take directories.
///
/// A directory's files come sorted by path (byte order), so output never depends on the order the
/// file system lists them in. Hidden entries (`.build`, `.git`) are skipped, symbolic links to
/// directories are not followed (a link to a parent would loop), and no directory is read twice.
enum SourcePaths {
    /// Each argument's files in argument order; an unreadable directory is reported and contributes none.
    /// `failed` is set when any directory could not be read.
    static func expand(_ arguments: [String], failed: inout Bool) -> [String] {
        var result: [String] = []
        for argument in arguments {
            guard argument != "-", isDirectory(argument, followingLinks: true) else {
                result.append(argument)
                continue
            }
            let files = stackFiles(under: argument, failed: &failed)
            if files.isEmpty { Output.error("stackc: warning: no .stack files under '\(argument)'\n") }
            result += files
        }
        return result
    }

    private static func stackFiles(under root: String, failed: inout Bool) -> [String] {
        var files: [String] = []
        var pending = [root]
        var visited: Set<[UInt64]> = []
        while let directory = pending.popLast() {
            var info = stat()
            guard stat(directory, &info) == 0, visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { continue }
            guard let handle = opendir(directory) else {
                Output.error("stackc: error: cannot read directory '\(directory)': \(IOError(errno).reason)\n")
                failed = true
                continue
            }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
                if isDirectory(path, followingLinks: false) {
                    pending.append(path)
                } else if name.hasSuffix(".stack"), !isDirectory(path, followingLinks: true) {
                    files.append(path)
                }
            }
        }
        return files.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    private static func isDirectory(_ path: String, followingLinks: Bool) -> Bool {
        var info = stat()
        let status = followingLinks ? stat(path, &info) : lstat(path, &info)
        return status == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
