import HTTPTypes
import Logging

/// Writes each request's `RequestLogLine`: to a `RequestLogSink` when the process has one, or through the logger.
package struct RequestLog: Sendable {
    /// The level of the lines: written when the logger's level lets it through, whichever way they go.
    package let level: Logger.Level
    package let sink: (any RequestLogSink)?

    package init(level: Logger.Level, sink: (any RequestLogSink)?) {
        self.level = level
        self.sink = sink
    }

    /// - Parameter requestID: made only when the line is written.
    package func write(
        method: HTTPRequest.Method, path: String, status: String, since start: ContinuousClock.Instant,
        requestID: @autoclosure () -> Logger.MetadataValue?, source: String, to logger: Logger
    ) {
        guard logger.logLevel <= level else { return }
        let elapsed = start.duration(to: .now).components
        let line = RequestLogLine(
            level: level, label: logger.label, method: method.rawValue, path: path, status: status,
            tenthsOfMilliseconds: elapsed.seconds * 10_000 + elapsed.attoseconds / 100_000_000_000_000,
            requestID: requestID(), source: source)
        if let sink {
            sink.append(line)
        } else {
            logger.log(level: level, "\(RequestLogLine.message)", metadata: line.metadata, source: source)
        }
    }
}
