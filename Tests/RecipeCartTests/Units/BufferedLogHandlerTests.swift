import Foundation
import Hummingbird
import Logging
import Synchronization
import Testing

@testable import RecipeCartLogging
@testable import RecipeCartWire

@Suite struct BufferedLogHandlerTests {
    /// The same event gives the same line as swift-log's `StreamLogHandler`, which tests and operators parse.
    @Test func writesStreamLogHandlersLine() throws {
        struct Failure: Error {}
        let events: [(Logger.Metadata?, (any Error)?)] = [
            (["method": "GET", "path": "/", "status": "200", "ms": "20.5", "hb.request.id": "abc"], nil),
            (nil, nil), ([:], Failure()), (["list": ["a", "b"], "map": ["k": "v"]], nil),
        ]
        // With metadata of the handler's own, and without (a request's line, written without merging).
        let cases = events.flatMap { event in [(event, ["handler": "own"]), (event, [:])] as [(_, Logger.Metadata)] }
        for ((metadata, error), handlerMetadata) in cases {
            let pipe = LogPipe()
            var buffered = BufferedLogHandler(label: "RecipeCart", output: pipe.output)
            let streamed = CollectedText()
            var stream = StreamLogHandler(label: "RecipeCart", stream: streamed, metadataProvider: nil)
            buffered.metadata = handlerMetadata
            stream.metadata = handlerMetadata
            let event = LogEvent(
                level: .info, message: "Request", error: error, metadata: metadata, source: "RecipeCartWire",
                file: #fileID, function: #function, line: #line)
            // A second may turn between the two lines; then their timestamps differ and the pair is made again.
            var same = false
            for _ in 0..<3 where !same {
                buffered.log(event: event)
                stream.log(event: event)
                #expect(pipe.output.flush())
                same = pipe.takeText() == streamed.take()
            }
            #expect(same, "\(String(describing: metadata))")
        }
    }

    /// A request's line given to the output as a value reads as swift-log's `StreamLogHandler` writes the same line
    /// through a logger: as the router logs it (the request id in the logger's metadata) and as the event loop's
    /// answers do (the id in the line's), for an empty label, the `error` status and a path too long to be made on the
    /// stack. A line without an id (one answered below the router) gets the output's next number.
    @Test func requestLineWrittenAsValueIsStreamLogHandlersLine() throws {
        let lines = [
            RequestLogLine(
                level: .info, label: "RecipeCart", method: "GET", path: "/recipes/52772", status: "200",
                tenthsOfMilliseconds: 3, requestID: .stringConvertible(RequestID()), source: RequestLogLine.wireSource),
            RequestLogLine(
                level: .notice, label: "", method: "POST", path: "/cart/items", status: "error",
                tenthsOfMilliseconds: 123_456, requestID: nil, source: RequestLogLine.routerSource),
            RequestLogLine(
                level: .info, label: "RecipeCart", method: "HEAD", path: "/static/app.css", status: "304",
                tenthsOfMilliseconds: 10, requestID: .string("abc"), source: RequestLogLine.routerSource),
            RequestLogLine(
                level: .info, label: "RecipeCart", method: "GET",
                path: "/recipes/" + String(repeating: "é", count: 700),
                status: "404", tenthsOfMilliseconds: 99, requestID: nil, source: RequestLogLine.wireSource),
        ]
        for line in lines {
            for idInLoggersMetadata in [false, true] {
                let pipe = LogPipe()
                let streamed = CollectedText()
                var stream = StreamLogHandler(label: line.label, stream: streamed, metadataProvider: nil)
                var same = false
                for _ in 0..<3 where !same {
                    pipe.output.append(line)
                    #expect(pipe.output.flush())
                    let written = pipe.takeText()
                    var expected = line
                    if line.requestID == nil {
                        let id = try #require(written.firstMatch(of: #/ hb\.request\.id=([0-9a-f]{32}) /#)?.1)
                        expected.requestID = .string(String(id))
                    }
                    var metadata = expected.metadata
                    if idInLoggersMetadata, let id = metadata.removeValue(forKey: RequestLogLine.requestIDKey) {
                        stream.metadata[RequestLogLine.requestIDKey] = id
                    }
                    stream.log(
                        event: LogEvent(
                            level: line.level, message: "Request", error: nil, metadata: metadata, source: line.source,
                            file: #fileID, function: #function, line: #line))
                    same = written == streamed.take()
                }
                #expect(same, "\(line)")
            }
        }
    }

    /// Lines without a request id get consecutive numbers after one random prefix, so no two share an id.
    @Test func requestLinesWithoutAnIDAreNumbered() throws {
        let pipe = LogPipe()
        let line = RequestLogLine(
            level: .info, label: "RecipeCart", method: "GET", path: "/", status: "200", tenthsOfMilliseconds: 1,
            requestID: nil, source: RequestLogLine.wireSource)
        for _ in 0..<3 { pipe.output.append(line) }
        #expect(pipe.output.flush())
        let ids = pipe.takeText().matches(of: #/ hb\.request\.id=([0-9a-f]{16})([0-9a-f]{16}) /#)
        try #require(ids.count == 3)
        #expect(Set(ids.map { String($0.1) }).count == 1)
        let numbers = ids.map { UInt64($0.2, radix: 16)! }
        #expect(numbers[1] == numbers[0] &+ 1 && numbers[2] == numbers[1] &+ 1)
    }

    @Test func flushWritesEveryLine() {
        let pipe = LogPipe()
        let logger = Logger(label: "RecipeCart") { BufferedLogHandler(label: $0, output: pipe.output) }
        for number in 0..<10_000 { logger.info("line \(number)") }
        #expect(pipe.output.flush())
        let lines = pipe.takeText().split(separator: "\n")
        #expect(lines.count == 10_000)
        #expect(lines.last?.hasSuffix("[RecipeCartTests] line 9999") == true)
    }

    /// An output nobody reads fills its pipe and then the buffer; logging goes on without waiting, the lines that
    /// do not fit are counted, and once the output is read again a warning says how many were dropped.
    @Test func blockedOutputDropsAndCountsInsteadOfWaiting() {
        let pipe = LogPipe(reading: false, capacity: 8 << 10)
        let logger = Logger(label: "RecipeCart") { BufferedLogHandler(label: $0, output: pipe.output) }
        let total = 20_000
        for number in 0..<total { logger.info("line \(number) of a log whose reader stopped reading") }
        let dropped = pipe.output.droppedLines
        #expect(dropped > 0)
        pipe.startReading()
        #expect(pipe.output.flush())
        let lines = pipe.takeText().split(separator: "\n")
        // Lines dropped before the pipe was full are reported as soon as the writer had room again, the rest last.
        let warned = lines.compactMap { line in
            line.firstMatch(
                of: #/ warning RecipeCart: \[RecipeCart\] dropped (\d+) log lines while the log output was blocked$/#
            )
            .map { Int($0.1)! }
        }
        #expect(warned.last == dropped)
        #expect(lines.last?.hasSuffix("dropped \(dropped) log lines while the log output was blocked") == true)
        #expect(lines.count - warned.count + warned.reduce(0, +) == total)
        #expect(pipe.output.droppedLines == 0)
    }
}

/// A pipe a `LogOutput` writes into, read on a thread of its own once reading starts.
private final class LogPipe: Sendable {
    let output: LogOutput
    private let readEnd: Int32
    private let writeEnd: Int32
    private let received = Mutex<[UInt8]>([])
    /// Written by the test after a flush, never by a logger: once read, everything flushed before it was read.
    private static let mark = Array("\u{0}end of what was flushed\u{0}".utf8)

    init(reading: Bool = true, capacity: Int = 4 << 20) {
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0)
        readEnd = ends[0]
        writeEnd = ends[1]
        output = LogOutput(descriptor: ends[1], capacity: capacity, label: "RecipeCart")
        if reading { startReading() }
    }

    func startReading() {
        Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                let count = read(readEnd, &chunk, chunk.count)
                guard count > 0 else { return }
                received.withLock { $0.append(contentsOf: chunk[..<count]) }
            }
        }.start()
    }

    /// What was read, emptied. `LogOutput.flush` returns once `write(2)` did, so a mark written to the pipe after it
    /// comes after every flushed line: the reader, which may trail the flush, has them all once it has the mark.
    func takeText() -> String {
        let written = Self.mark.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
        precondition(written == Self.mark.count)
        // A limit only so a lost mark cannot hang the suite; the text then lacks the mark and the test's check fails.
        let deadline = Date(timeIntervalSinceNow: 30)
        while !received.withLock({ $0.suffix(Self.mark.count).elementsEqual(Self.mark) }), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.001)
        }
        let bytes = received.withLock { bytes in
            defer { bytes.removeAll() }
            return bytes.suffix(Self.mark.count).elementsEqual(Self.mark) ? bytes.dropLast(Self.mark.count) : bytes[...]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A stream for `StreamLogHandler` that keeps what it was given.
private final class CollectedText: TextOutputStream, Sendable {
    private let text = Mutex("")
    func write(_ string: String) { text.withLock { $0 += string } }
    func take() -> String {
        text.withLock { text in
            defer { text = "" }
            return text
        }
    }
}
