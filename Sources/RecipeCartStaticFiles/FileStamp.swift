#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `stat` says about a file: enough to tell that it changed, and to build its validators.
struct FileStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int
    var isRegularFile: Bool
    var isSymbolicLink: Bool

    /// Follows symlinks, like every read of the file does.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// Describes the link itself, so a symlinked twin can be told from a real one.
    init?(linkAt path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int(info.st_size)
        #if canImport(Darwin)
            modifiedSeconds = Int(info.st_mtimespec.tv_sec)
            modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
        #else
            modifiedSeconds = Int(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        #endif
        isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
        isSymbolicLink = (info.st_mode & S_IFMT) == S_IFLNK
    }

    func isNotOlder(than other: FileStamp) -> Bool {
        (modifiedSeconds, modifiedNanoseconds) >= (other.modifiedSeconds, other.modifiedNanoseconds)
    }

    /// A strong validator in nginx's style, from modification time and size.
    var entityTag: String {
        let nanos = String(modifiedSeconds * 1_000_000_000 + modifiedNanoseconds, radix: 16)
        return "\"\(nanos)-\(String(size, radix: 16))\""
    }
}
