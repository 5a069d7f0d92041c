import Logging

/// What swift-log's `StreamLogHandler` writes after a line's timestamp, written in one place for every line the
/// process logs (the handler's and the requests'), straight into the bytes the log writes out.
enum StreamLogText {
    /// Writes ` level label:`, the metadata that `metadata` writes (`pair` by `pair`, in the order of their keys),
    /// then ` [source] message` and a newline.
    @inline(__always)
    static func write<Output: LogTextOutput>(
        level: Logger.Level, label: String, source: String, message: String, to output: inout Output,
        metadata: (inout Output) -> Void
    ) {
        output.write(UInt8(ascii: " "))
        output.write(level.rawValue)
        if !label.isEmpty { output.write(UInt8(ascii: " ")) }
        output.write(label)
        output.write(UInt8(ascii: ":"))
        metadata(&output)
        output.write(" [")
        output.write(source)
        output.write("] ")
        output.write(message)
        output.write(UInt8(ascii: "\n"))
    }

    /// One `key=value` of a line's metadata, after a space.
    @inline(__always)
    static func pair<Output: LogTextOutput>(_ key: String, _ value: String, to output: inout Output) {
        pair(key, to: &output) { $0.write(value) }
    }

    /// One `key=value` of a line's metadata, after a space, its value written by `value`.
    @inline(__always)
    static func pair<Output: LogTextOutput>(_ key: String, to output: inout Output, value: (inout Output) -> Void) {
        output.write(UInt8(ascii: " "))
        output.write(key)
        output.write(UInt8(ascii: "="))
        value(&output)
    }

    /// Writes `value` in decimal, as `String(value)` spells it.
    @inline(__always)
    static func decimal<Output: LogTextOutput>(_ value: Int64, to output: inout Output) {
        if value < 0 { output.write(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var divisor: UInt64 = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        repeat {
            output.write(UInt8(ascii: "0") + UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        } while divisor > 0
    }

    /// Writes sixteen hexadecimal digits, leading zeros kept.
    @inline(__always)
    static func hex<Output: LogTextOutput>(_ value: UInt64, to output: inout Output) {
        for shift in stride(from: 60, through: 0, by: -4) {
            let digit = UInt8(truncatingIfNeeded: value >> UInt64(shift)) & 0xf
            output.write(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
        }
    }
}
