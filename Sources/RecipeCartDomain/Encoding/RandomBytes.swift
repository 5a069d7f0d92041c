/// Bytes from the system's secure generator, for session ids, tokens and file names.
package enum RandomBytes {
    package static func make(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        // Eight bytes a draw: each draw is a `getrandom` call, and a byte a draw made sixteen of them for one session id.
        while bytes.count < count {
            withUnsafeBytes(of: generator.next()) { bytes.append(contentsOf: $0.prefix(count - bytes.count)) }
        }
        return bytes
    }
}
