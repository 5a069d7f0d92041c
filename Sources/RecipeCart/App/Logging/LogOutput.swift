import Foundation
import Logging
import RecipeCartWire

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where log lines go: lines in memory, not yet formatted, written to a file descriptor by one thread of its own.
///
/// A request only appends what its line says (its values, or a closure that makes the text) under a short lock; the
/// writer thread takes everything waiting, makes the text, and writes it with one `write(2)`, so under load many lines
/// share a syscall, and neither the formatting nor the output costs an event loop anything. When the output blocks (a
/// pipe nobody reads) and `capacity` is reached, lines are dropped and counted, and the count is written as a warning
/// once the output takes bytes again.
final class LogOutput: RequestLogSink, @unchecked Sendable {
    /// A line as logged: when, and what makes its text after the timestamp (from the space after it to its newline).
    private struct Line {
        enum Text {
            case made((inout [UInt8]) -> Void)
            case request(RequestLogLine)
        }

        var at: time_t
        var text: Text
    }

    private let descriptor: Int32
    /// The most lines held while the output is blocked: `capacity` bytes of lines of about 128 bytes.
    private let maximumLines: Int
    private let label: String
    /// Guards every property below it; the writer thread waits on it for lines and `flush` for the writer.
    private let condition = NSCondition()
    private var waiting: [Line] = []
    private var writerIdle = false
    private var dropped = 0
    /// Lines taken into `waiting` and lines written out, so `flush` knows when what it saw has been written.
    private var appended = 0
    private var written = 0

    /// - Parameters:
    ///   - descriptor: the file descriptor written to, 2 for standard error.
    ///   - capacity: about the most bytes held while the output is blocked.
    ///   - label: the logger label of the warning about dropped lines.
    init(descriptor: Int32, capacity: Int = 4 << 20, label: String) {
        self.descriptor = descriptor
        maximumLines = max(16, capacity / 128)
        self.label = label
        waiting.reserveCapacity(4_096)
        // The thread holds the output for the life of the process: lines may be waiting until the very exit.
        let writer = Thread { self.writeForever() }
        writer.name = "log-writer"
        writer.start()
    }

    /// Appends one line whose text (from the space after its timestamp to its newline) `write` appends later, on the
    /// writer thread, from values it captured now. Never waits for the output.
    func append(_ write: @escaping (inout [UInt8]) -> Void) {
        append(.made(write))
    }

    /// Appends a request's line, whose text is made on the writer thread. Never waits for the output.
    func append(_ line: RequestLogLine) {
        append(.request(line))
    }

    private func append(_ text: Line.Text) {
        let now = time(nil)
        condition.lock()
        defer { condition.unlock() }
        guard waiting.count < maximumLines else {
            dropped += 1
            return
        }
        waiting.append(Line(at: now, text: text))
        appended += 1
        if writerIdle {
            writerIdle = false
            condition.signal()
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
        var lines: [Line] = []
        lines.reserveCapacity(4_096)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 << 10)
        var timestamp = LogTimestamp()
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
            swap(&lines, &waiting)
            // Lines were dropped only while the lines now taken filled the buffer, so the warning comes after them.
            let droppedNow = dropped
            dropped = 0
            condition.unlock()
            for line in lines {
                bytes.append(contentsOf: timestamp.bytes(at: line.at))
                switch line.text {
                case .made(let write): write(&bytes)
                case .request(let request): request.appendStreamText(to: &bytes)
                }
            }
            if droppedNow > 0 {
                bytes.append(contentsOf: timestamp.bytes(at: time(nil)))
                StreamLogText.append(
                    level: .warning, label: label, source: "RecipeCart",
                    message: "dropped \(droppedNow) log lines while the log output was blocked", to: &bytes
                ) { _ in }
            }
            writeAll(bytes)
            bytes.removeAll(keepingCapacity: true)
            let taken = lines.count
            lines.removeAll(keepingCapacity: true)
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
