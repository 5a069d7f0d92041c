import Foundation
import Logging
import RecipeCartWire

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where log lines go: lines in memory, written to a file descriptor by one thread of its own.
///
/// A logger's line appends what it says (a closure that makes the text) under a short lock, and the writer thread
/// makes its text. A request's line, the one written most, is made into text on the stack and copied into a buffer
/// under that lock instead: its text is a few copies of strings it already holds, and a value handed over to be
/// formatted later cost the event loop more (its strings retained, copied into the queue and released on the writer
/// thread) than the copies do. The writer thread takes everything waiting and writes it with one `write(2)`, so under
/// load many lines share a syscall, and the output never costs an event loop anything. When the output blocks (a pipe nobody reads) and
/// `capacity` is reached, lines are dropped and counted, and the count is written as a warning once the output takes
/// bytes again.
final class LogOutput: RequestLogSink, @unchecked Sendable {
    /// A line as logged: when, and what makes its text after the timestamp (from the space after it to its newline).
    private struct Line {
        enum Text {
            case made((inout [UInt8]) -> Void)
            /// Already written into the waiting text, ending at this offset.
            case copied(end: Int)
        }

        var at: time_t
        var text: Text
    }

    private let descriptor: Int32
    /// The most bytes of request lines' text held while the output is blocked.
    private let capacity: Int
    /// The most lines held while the output is blocked: `capacity` bytes of lines of about 128 bytes.
    private let maximumLines: Int
    private let label: String
    /// The first half of the ids of request lines that come without one (32 hexadecimal digits, as long as the
    /// router's): random, as the router's is, so the ids of two processes differ.
    private let requestIDPrefix = UInt64.random(in: .min ... .max)
    /// Guards every property below it; the writer thread waits on it for lines and `flush` for the writer.
    private let condition = NSCondition()
    private var waiting: [Line] = []
    /// The text of the request lines in `waiting`, after their timestamps.
    private var waitingText: [UInt8] = []
    /// The last number given to a request line that came without an id.
    private var requestNumber = UInt64.random(in: .min ... .max)
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
        self.capacity = capacity
        maximumLines = max(16, capacity / 128)
        self.label = label
        waiting.reserveCapacity(4_096)
        waitingText.reserveCapacity(min(capacity, 512 << 10))
        // The thread holds the output for the life of the process: lines may be waiting until the very exit.
        let writer = Thread { self.writeForever() }
        writer.name = "log-writer"
        writer.start()
    }

    /// Appends one line whose text (from the space after its timestamp to its newline) `write` appends later, on the
    /// writer thread, from values it captured now. Never waits for the output.
    func append(_ write: @escaping (inout [UInt8]) -> Void) {
        let now = time(nil)
        condition.lock()
        defer { condition.unlock() }
        guard waiting.count < maximumLines else {
            dropped += 1
            return
        }
        waiting.append(Line(at: now, text: .made(write)))
        lineAppended()
    }

    /// Appends a request's line, its text made now; a line without a request id gets the next number. Never waits
    /// for the output.
    func append(_ line: RequestLogLine) {
        let now = time(nil)
        // The router's id is made into text outside the lock.
        let givenID = line.requestID?.description
        // Writes the line; returns where the digits of its number are, if it has no id of its own.
        func write<Output: LogTextOutput>(to output: inout Output) -> Int? {
            var numberAt: Int?
            line.writeStreamText(to: &output) { output in
                if let givenID {
                    output.write(givenID)
                } else {
                    StreamLogText.hex(requestIDPrefix, to: &output)
                    numberAt = output.count
                    StreamLogText.hex(0, to: &output)
                }
            }
            return numberAt
        }
        withUnsafeTemporaryAllocation(byteCount: 1_024, alignment: 1) { memory in
            var text = BoundedLogText(into: memory)
            let numberAt = write(to: &text)
            if !text.overflowed {
                append(text: text.bytes, at: now, numberAt: numberAt)
            } else {
                // A path too long for the stack: made in an array.
                var bytes: [UInt8] = []
                let numberAt = write(to: &bytes)
                bytes.withUnsafeBytes { append(text: $0, at: now, numberAt: numberAt) }
            }
        }
    }

    /// Copies a request line's text, and gives the line the next number at `numberAt`.
    private func append(text: UnsafeRawBufferPointer, at now: time_t, numberAt: Int?) {
        condition.lock()
        defer { condition.unlock() }
        guard waiting.count < maximumLines, waitingText.count + text.count <= capacity else {
            dropped += 1
            return
        }
        let start = waitingText.count
        waitingText.append(contentsOf: text)
        if let numberAt {
            requestNumber &+= 1
            let digits = start + numberAt..<start + numberAt + 16
            waitingText.withUnsafeMutableBytes { bytes in
                var number = BoundedLogText(into: UnsafeMutableRawBufferPointer(rebasing: bytes[digits]))
                StreamLogText.hex(requestNumber, to: &number)
            }
        }
        waiting.append(Line(at: now, text: .copied(end: waitingText.count)))
        lineAppended()
    }

    /// Counts the line just appended and wakes the writer; called holding the lock.
    private func lineAppended() {
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
        var text: [UInt8] = []
        text.reserveCapacity(min(capacity, 512 << 10))
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
            swap(&text, &waitingText)
            // Lines were dropped only while the lines now taken filled the buffer, so the warning comes after them.
            let droppedNow = dropped
            dropped = 0
            condition.unlock()
            var textStart = 0
            for line in lines {
                bytes.append(contentsOf: timestamp.bytes(at: line.at))
                switch line.text {
                case .made(let write):
                    write(&bytes)
                case .copied(let end):
                    bytes.append(contentsOf: text[textStart..<end])
                    textStart = end
                }
            }
            if droppedNow > 0 {
                bytes.append(contentsOf: timestamp.bytes(at: time(nil)))
                StreamLogText.write(
                    level: .warning, label: label, source: "RecipeCart",
                    message: "dropped \(droppedNow) log lines while the log output was blocked", to: &bytes
                ) { _ in }
            }
            writeAll(bytes)
            bytes.removeAll(keepingCapacity: true)
            let taken = lines.count
            lines.removeAll(keepingCapacity: true)
            text.removeAll(keepingCapacity: true)
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
