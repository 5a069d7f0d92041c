/// Where a form may send the shopper back to: a path on this site, never another host.
enum ReturnPath {
    static let maximumLength = 512

    /// The given path when it is a plain local path, otherwise the fallback.
    static func resolve(_ candidate: String?, fallback: String) -> String {
        guard let candidate, isLocal(candidate) else { return fallback }
        return candidate
    }

    static func isLocal(_ path: String) -> Bool {
        guard path.utf8.count <= maximumLength, path.hasPrefix("/") else { return false }
        // `//host` and `/\host` are read by browsers as another host.
        let second = path.dropFirst().first
        if second == "/" || second == "\\" { return false }
        // Only printable ASCII: no control characters, spaces or header tricks.
        return path.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }
    }
}
