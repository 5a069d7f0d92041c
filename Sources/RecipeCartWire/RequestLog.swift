import HTTPTypes
import Logging

/// Writes each request's `RequestLogLine`: to a `RequestLogSink` when the process has one, or through the logger.
package struct RequestLog: Sendable {
    /// The level of the lines: written when the logger's level lets it through, whichever way they go.
    package let level: Logger.Level
    package let sink: (any RequestLogSink)?
    /// The id of a line without one (a request answered below the router) written through a logger.
    package let makeRequestID: @Sendable () -> Logger.MetadataValue

    package init(
        level: Logger.Level, sink: (any RequestLogSink)?,
        makeRequestID: @escaping @Sendable () -> Logger.MetadataValue
    ) {
        self.level = level
        self.sink = sink
        self.makeRequestID = makeRequestID
    }

    /// Whether `logger` lets the lines through: asked once for a logger that stays the same, as the event loop's does.
    package func isWritten(by logger: Logger) -> Bool {
        logger.logLevel <= level
    }

    /// Writes the line, which `logger`'s level lets through (`isWritten(by:)`).
    /// - Parameter requestID: the router's id for the request; nil below the router, where the line gets a new one.
    package func write(
        method: HTTPRequest.Method, path: String, status: String, elapsed: Duration,
        requestID: Logger.MetadataValue?, source: String, to logger: Logger
    ) {
        let components = elapsed.components
        var line = RequestLogLine(
            level: level, label: logger.label, method: method.rawValue, path: path, status: status,
            tenthsOfMilliseconds: components.seconds * 10_000 + components.attoseconds / 100_000_000_000_000,
            requestID: requestID, source: source)
        if let sink {
            sink.append(line)
        } else {
            if line.requestID == nil { line.requestID = makeRequestID() }
            logger.log(level: level, "\(RequestLogLine.message)", metadata: line.metadata, source: source)
        }
    }
}
