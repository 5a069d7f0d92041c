/// Where `StreamLogText` writes a line's bytes: the log's own buffer (`[UInt8]`), or memory a request lent for one
/// line (`BoundedLogText`).
protocol LogTextOutput {
    /// The bytes written so far.
    var count: Int { get }
    mutating func write(_ byte: UInt8)
    /// The string's UTF-8.
    mutating func write(_ string: String)
}

extension Array: LogTextOutput where Element == UInt8 {
    @inline(__always)
    mutating func write(_ byte: UInt8) {
        append(byte)
    }

    @inline(__always)
    mutating func write(_ string: String) {
        append(contentsOf: string.utf8)
    }
}
