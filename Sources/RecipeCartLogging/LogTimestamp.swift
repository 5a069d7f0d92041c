#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The local time a log line starts with, as swift-log's `StreamLogHandler` writes it (`%Y-%m-%dT%H:%M:%S%z`).
/// Formatted once a second rather than once a line.
struct LogTimestamp {
    private var second: time_t = -1
    private var text: [UInt8] = []

    /// The timestamp of `now`, remade only when the second changed.
    mutating func bytes(at now: time_t) -> [UInt8] {
        if now != second {
            second = now
            text = Self.format(now)
        }
        return text
    }

    private static func format(_ seconds: time_t) -> [UInt8] {
        var seconds = seconds
        var local = tm()
        guard localtime_r(&seconds, &local) != nil else { return Array("<unknown>".utf8) }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local)
        return buffer[..<count].map { UInt8(bitPattern: $0) }
    }
}
