/// A line's bytes written into memory lent for it, as far as they fit: a request's line is made on the stack, with
/// no array to grow or check for uniqueness at every byte, then copied into the log's buffer at once.
struct BoundedLogText: LogTextOutput {
    private let memory: UnsafeMutableRawBufferPointer
    private(set) var count = 0
    /// Whether something did not fit, so the bytes are not the whole line.
    private(set) var overflowed = false

    init(into memory: UnsafeMutableRawBufferPointer) {
        self.memory = memory
    }

    /// The bytes written so far.
    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: memory[..<count])
    }

    @inline(__always)
    mutating func write(_ byte: UInt8) {
        guard count < memory.count else {
            overflowed = true
            return
        }
        memory[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func write(_ string: String) {
        let copied: Void? = string.utf8.withContiguousStorageIfAvailable { write(UnsafeRawBufferPointer($0)) }
        if copied == nil {
            for byte in string.utf8 { write(byte) }
        }
    }

    @inline(__always)
    private mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count <= memory.count - count else {
            overflowed = true
            return
        }
        if let source = bytes.baseAddress {
            (memory.baseAddress! + count).copyMemory(from: source, byteCount: bytes.count)
        }
        count += bytes.count
    }
}
