#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's contents all at once or not at all.
///
/// The new bytes go to a temporary file in the target's own folder (so the rename stays on one file
/// system), are flushed to disk, take the target's permissions, and then are renamed over the target.
/// Any failure before the rename (a full disk, a file size limit, a read-only folder) removes the
/// temporary file and leaves the target byte-identical. A symbolic link is kept: its target is rewritten.
enum AtomicFile {
    static func replace(_ path: String, with bytes: [UInt8]) throws(IOError) {
        let target = resolvingLinks(path)
        let folder = parentFolder(of: target)
        var existing = stat()
        let exists = stat(target, &existing) == 0
        if exists, (existing.st_mode & S_IFMT) == S_IFDIR { throw IOError(EISDIR) }
        var template = Array((folder + "/.stackc-" + baseName(of: target) + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }  // safe: utf8CString is never empty
        guard descriptor >= 0 else { throw IOError(errno) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        func fail(_ error: IOError) -> IOError {
            close(descriptor)
            unlink(temporary)
            return error
        }
        if case .failure(let error) = bytes.withUnsafeBufferPointer({ Output.writeAll(descriptor, $0) }) { throw fail(error) }
        // mkstemp creates the file 0600: a new file gets the usual 0666 less the umask, a rewritten one its own mode.
        let mode = exists ? existing.st_mode & 0o7777 : 0o666 & ~currentUmask()
        if fchmod(descriptor, mode) != 0 { throw fail(IOError(errno)) }
        if exists, existing.st_uid != geteuid() || existing.st_gid != getegid() {
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)  // best effort: only root may give a file away
        }
        if fsync(descriptor) != 0 { throw fail(IOError(errno)) }
        if close(descriptor) != 0 {
            unlink(temporary)
            throw IOError(errno)
        }
        if rename(temporary, target) != 0 {
            let error = IOError(errno)
            unlink(temporary)
            throw error
        }
    }

    /// The file a path finally names, following symbolic links (relative ones from their own folder).
    /// A dangling link names its missing target, which is then created.
    static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {  // the kernel's own limit on a chain of links (ELOOP)
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : parentFolder(of: current) + "/" + link
        }
        return current
    }

    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }
}
