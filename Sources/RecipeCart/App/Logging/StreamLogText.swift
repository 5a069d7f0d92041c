import Logging

/// What swift-log's `StreamLogHandler` writes after a line's timestamp, written in one place for every line the
/// process logs (the handler's and the requests'), straight into the bytes the log's thread writes out.
enum StreamLogText {
    /// Appends ` level label:`, the metadata that `metadata` appends (`pair` by `pair`, in the order of their keys),
    /// then ` [source] message` and a newline.
    @inline(__always)
    static func append(
        level: Logger.Level, label: String, source: String, message: String, to bytes: inout [UInt8],
        metadata: (inout [UInt8]) -> Void
    ) {
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: level.rawValue.utf8)
        if !label.isEmpty { bytes.append(UInt8(ascii: " ")) }
        bytes.append(contentsOf: label.utf8)
        bytes.append(UInt8(ascii: ":"))
        metadata(&bytes)
        bytes.append(contentsOf: " [".utf8)
        bytes.append(contentsOf: source.utf8)
        bytes.append(contentsOf: "] ".utf8)
        bytes.append(contentsOf: message.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// One `key=value` of a line's metadata, after a space.
    @inline(__always)
    static func pair(_ key: String, _ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: key.utf8)
        bytes.append(UInt8(ascii: "="))
        bytes.append(contentsOf: value.utf8)
    }
}
