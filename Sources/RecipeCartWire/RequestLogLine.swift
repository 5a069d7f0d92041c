import HTTPTypes
import Logging

/// One line a request: method, path, status and time. Never the query string, which can hold a search or a secret.
/// The router's `RequestLogMiddleware` and the answers given on the event loop write the same line.
package enum RequestLogLine {
    package static func write(
        level: Logger.Level, method: HTTPRequest.Method, path: String, status: String,
        since start: ContinuousClock.Instant,
        to logger: Logger
    ) {
        guard logger.logLevel <= level else { return }
        let elapsed = start.duration(to: .now).components
        // Tenths of a millisecond in integers: this runs for every request, where String(format:) is costly.
        let tenths = elapsed.seconds * 10_000 + elapsed.attoseconds / 100_000_000_000_000
        logger.log(
            level: level, "Request",
            metadata: [
                "method": .string(method.rawValue), "path": .string(path), "status": .string(status),
                "ms": .string("\(tenths / 10).\(tenths % 10)"),
            ])
    }
}
