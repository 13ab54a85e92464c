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
/// Bytes equal to the target's are not written back at all, so a build system sees nothing new.
/// A device, FIFO or socket (`-o /dev/stdout`) has no contents to replace: the bytes go straight to it.
final class AtomicFile {
    private let target: String
    /// Nil when writing straight to a device, FIFO or socket.
    private let temporary: String?
    private var descriptor: Int32
    private var existing: stat?
    /// The target's own bytes, read alongside to find out whether anything changes.
    private var comparison: Int32
    private var identical: Bool
    private var failure: IOError?

    /// Starts replacing `path`: creates the temporary file beside the file `path` finally names.
    init(replacing path: String) throws(IOError) {
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG, (status.st_mode & S_IFMT) != S_IFDIR {
            target = path
            temporary = nil
            descriptor = open(path, O_WRONLY | O_CLOEXEC)
            comparison = -1
            identical = false
            guard descriptor >= 0 else { throw IOError(errno) }
            return
        }
        target = AtomicFile.resolvingLinks(path)
        if stat(target, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR { throw IOError(EISDIR) }
            // A file made read-only says "do not change me"; renaming over it would, and root would not be stopped.
            if access(target, W_OK) != 0 || status.st_mode & 0o222 == 0 { throw IOError(EACCES) }
            existing = status
        }
        var template = Array((AtomicFile.parentFolder(of: target) + "/.stackc-" + AtomicFile.baseName(of: target) + ".XXXXXX").utf8CString)
        // A signal between creating the file and recording it would leave the file behind: it waits
        // until the record is made, and its handler then removes the file.
        let unblocked = AtomicFile.blockTerminationSignals()
        descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }  // safe: utf8CString is never empty
        let created = errno
        if descriptor >= 0 { AtomicFile.setPending(template) }
        AtomicFile.restoreSignals(unblocked)
        guard descriptor >= 0 else { throw IOError(created) }
        temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        comparison = existing == nil ? -1 : open(target, O_RDONLY | O_CLOEXEC)
        identical = comparison >= 0
    }

    /// Whether the bytes go straight to a device, FIFO or socket rather than replacing a file.
    var writesDirectly: Bool { temporary == nil }

    /// Appends to the new contents; a failure is kept for `commit`. A pipe whose reader went away
    /// (`-o /dev/stdout | head`) takes no more, quietly, as standard output does.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: $0) }
    }

    /// Appends bytes as they are (a file's own bytes, which need not be valid UTF-8).
    func write(bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil, !readerGone else { return }
        if identical { identical = AtomicFile.matches(comparison, bytes) }
        switch Output.writeAll(descriptor, bytes) {
        case .success: break
        case .failure(let error) where error.code == EPIPE && writesDirectly: readerGone = true
        case .failure(let error): failure = error
        }
    }

    private var readerGone = false

    /// Puts the new contents in place, or throws and leaves the target as it was.
    func commit() throws(IOError) {
        guard let temporary else {
            if let failure { throw abandoned(failure) }
            let closed = close(descriptor)
            descriptor = -1
            if closed != 0 { throw IOError(errno) }
            return
        }
        if identical, AtomicFile.atEnd(comparison) {
            abandon()
            return
        }
        if let failure { throw abandoned(failure) }
        // mkstemp creates the file 0600: a new file gets the usual 0666 less the umask, a rewritten one its own mode.
        let mode = existing.map { $0.st_mode & 0o7777 } ?? 0o666 & ~AtomicFile.currentUmask()
        if fchmod(descriptor, mode) != 0 { throw abandoned(IOError(errno)) }
        if let existing, existing.st_uid != geteuid() || existing.st_gid != getegid() {
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)  // best effort: only root may give a file away
        }
        if fsync(descriptor) != 0 { throw abandoned(IOError(errno)) }
        closeComparison()
        let closed = close(descriptor)
        descriptor = -1
        if closed != 0 { throw abandoned(IOError(errno)) }
        if rename(temporary, target) != 0 { throw abandoned(IOError(errno)) }
        AtomicFile.setPending(nil)
    }

    /// Removes the temporary file; the target is untouched.
    func abandon() {
        closeComparison()
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temporary { unlink(temporary) }
        AtomicFile.setPending(nil)
    }

    private func abandoned(_ error: IOError) -> IOError {
        abandon()
        return error
    }

    private func closeComparison() {
        if comparison >= 0 { close(comparison) }
        comparison = -1
    }

    /// Whether the next bytes of `descriptor` are `bytes`.
    private static func matches(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var chunk = [UInt8](repeating: 0, count: min(bytes.count, 1 << 16))
        var offset = 0
        while offset < bytes.count {
            let wanted = min(chunk.count, bytes.count - offset)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0, errno == EINTR { continue }
            guard count > 0, chunk[0..<count].elementsEqual(bytes[offset..<offset + count]) else { return false }
            offset += count
        }
        return true
    }

    /// Whether `descriptor` has nothing left to read.
    private static func atEnd(_ descriptor: Int32) -> Bool {
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count < 0, errno == EINTR { continue }
            return count == 0
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

/// The temporary file being written, for `removePendingOnSignals`: a C string, so that the handler
/// only calls `unlink`, which is safe in a signal handler. stackc writes one file at a time.
nonisolated(unsafe) private var pendingTemporary: UnsafeMutablePointer<CChar>?

extension AtomicFile {
    /// Makes an interrupt, a termination or a hang-up remove the temporary file being written (the
    /// target is untouched until the rename) before the process ends as the signal asks.
    static func removePendingOnSignals() {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { received in
                if let pending = pendingTemporary { unlink(pending) }
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Holds back the signals `removePendingOnSignals` handles; returns the mask to restore.
    fileprivate static func blockTerminationSignals() -> sigset_t {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        return previous
    }

    /// Restores the signal mask `blockTerminationSignals` returned; a signal held back is delivered now.
    fileprivate static func restoreSignals(_ previous: sigset_t) {
        var previous = previous
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    /// Records the temporary file a signal must remove, or none; the old record is cleared before it is freed.
    fileprivate static func setPending(_ path: [CChar]?) {
        let old = pendingTemporary
        pendingTemporary = nil
        old?.deallocate()
        guard let path else { return }
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: path.count)
        copy.initialize(from: path, count: path.count)
        pendingTemporary = copy
    }
}
