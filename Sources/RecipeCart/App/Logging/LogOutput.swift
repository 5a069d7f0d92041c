import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where log lines go: a bounded buffer in memory, written to a file descriptor by one thread of its own.
///
/// A request only appends its line under a short lock; the writer thread takes everything waiting and writes it
/// with one `write(2)`, so under load many lines share a syscall and no event loop ever waits for the output.
/// When the output blocks (a pipe nobody reads) and the buffer is full, lines are dropped and counted, and the
/// count is written as a warning once the output takes bytes again.
final class LogOutput: @unchecked Sendable {
    private let descriptor: Int32
    private let capacity: Int
    private let label: String
    /// Guards every property below it; the writer thread waits on it for lines and `flush` for the writer.
    private let condition = NSCondition()
    private var waiting: [UInt8] = []
    private var timestamp = LogTimestamp()
    private var writerIdle = false
    private var dropped = 0
    /// Bytes taken into `waiting` and bytes written out, so `flush` knows when what it saw has been written.
    private var appended = 0
    private var written = 0

    /// - Parameters:
    ///   - descriptor: the file descriptor written to, 2 for standard error.
    ///   - capacity: the most bytes held while the output is blocked.
    ///   - label: the logger label of the warning about dropped lines.
    init(descriptor: Int32, capacity: Int = 4 << 20, label: String) {
        self.descriptor = descriptor
        self.capacity = capacity
        self.label = label
        waiting.reserveCapacity(64 << 10)
        // The thread holds the output for the life of the process: lines may be waiting until the very exit.
        let writer = Thread { self.writeForever() }
        writer.name = "log-writer"
        writer.start()
    }

    /// Appends one line, its timestamp put in front; `rest` starts with the space after the timestamp and ends
    /// with a newline. Never waits for the output.
    func append(_ rest: String) {
        var rest = rest
        rest.withUTF8 { bytes in
            condition.lock()
            defer { condition.unlock() }
            let stamp = timestamp.bytes(at: time(nil))
            guard waiting.count + stamp.count + bytes.count <= capacity else {
                dropped += 1
                return
            }
            waiting.append(contentsOf: stamp)
            waiting.append(contentsOf: bytes)
            appended += stamp.count + bytes.count
            if writerIdle {
                writerIdle = false
                condition.signal()
            }
        }
    }

    /// Lines dropped since the last warning about them was written.
    var droppedLines: Int {
        condition.lock()
        defer { condition.unlock() }
        return dropped
    }

    /// Waits until every line appended before the call is written, or `timeout` passed.
    /// - Returns: whether everything was written.
    @discardableResult
    func flush(timeout: Duration = .seconds(5)) -> Bool {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        let target = appended
        condition.broadcast()
        while written < target {
            guard condition.wait(until: deadline) else { return written >= target }
        }
        return true
    }

    private func writeForever() {
        var batch: [UInt8] = []
        batch.reserveCapacity(64 << 10)
        while true {
            condition.lock()
            while waiting.isEmpty && dropped == 0 {
                writerIdle = true
                condition.wait()
            }
            writerIdle = false
            condition.unlock()
            // The lines that come meanwhile share this write: a busy server wakes this thread and writes at most
            // 100 times a second, not once a request.
            usleep(10_000)
            condition.lock()
            swap(&batch, &waiting)
            let taken = batch.count
            // Lines were dropped only while the lines now taken filled the buffer, so the warning comes after them.
            if dropped > 0 {
                let message = " warning \(label): [RecipeCart] dropped \(dropped) log lines"
                batch.append(contentsOf: timestamp.bytes(at: time(nil)))
                batch.append(contentsOf: (message + " while the log output was blocked\n").utf8)
                dropped = 0
            }
            condition.unlock()
            writeAll(batch)
            batch.removeAll(keepingCapacity: true)
            condition.lock()
            written += taken
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Writes every byte, blocking as long as the output does. A failed output loses the batch, as a closed
    /// stream would have lost each line.
    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count > 0 {
                    offset += count
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}
