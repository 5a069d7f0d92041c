import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX calls the static handler needs, done synchronously: they run on a cache miss, for
/// files of at most a few megabytes, where nginx too reads on its event loop.
enum LocalFile {
    /// The path with every symlink, `.` and `..` resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A regular file's stamp and, when it is at most `limit` bytes, its contents.
    ///
    /// `O_NOFOLLOW`: callers pass a path already resolved by `realPath`, so a symlink here
    /// was planted since and is refused.
    static func load(_ path: String, upTo limit: Int) -> (stamp: FileStamp, contents: ByteBuffer?)? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let stamp = FileStamp(descriptor: descriptor), stamp.isRegularFile else { return nil }
        guard stamp.size <= limit else { return (stamp, nil) }
        var buffer = ByteBufferAllocator().buffer(capacity: stamp.size)
        while buffer.readableBytes < stamp.size {
            let remaining = stamp.size - buffer.readableBytes
            var result = 0
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: remaining) { target in
                result = read(descriptor, target.baseAddress, remaining)
                return max(result, 0)
            }
            if result < 0 && errno == EINTR { continue }
            // End of file early (it shrank while we read) or an error: the next request tries again.
            if result <= 0 { return nil }
        }
        return (stamp, buffer)
    }

    /// The last `count` bytes of a file (a gzip trailer), without reading the rest.
    static func tail(of path: String, count: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let stamp = FileStamp(descriptor: descriptor), stamp.size >= count else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(stamp.size - count)) }
        return read == count ? bytes : nil
    }

    /// Writes through a hidden temporary file and a rename, so a reader sees the old file or the
    /// whole new one, and a symlink at `path` is replaced rather than written through.
    /// - Returns: false when the folder cannot be written (a read-only bundle, say).
    static func writeAtomically(_ contents: ByteBuffer, to path: String) -> Bool {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let temporary = "\(path[..<slash]).\(path[slash...]).\(UInt32.random(in: .min ... .max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        var written = 0
        let total = contents.readableBytes
        let complete = contents.withUnsafeReadableBytes { bytes -> Bool in
            while written < total {
                let count = write(descriptor, bytes.baseAddress! + written, total - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += count
            }
            return true
        }
        close(descriptor)
        guard complete, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
