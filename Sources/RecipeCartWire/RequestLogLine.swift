import HTTPTypes
import Logging

/// One line a request: method, path, status, time and request id. Never the query string, which can hold a search or
/// a secret. The router's `RequestLogMiddleware` and the answers given on the event loop write the same line; its
/// source says which answered: `RecipeCart`, the router, or `RecipeCartWire`, below it.
package enum RequestLogLine {
    /// The source of the lines of requests the router answered.
    package static let routerSource = "RecipeCart"
    /// The source of the lines of requests answered below the router.
    package static let wireSource = "RecipeCartWire"

    /// - Parameter requestID: the request's id, when `logger` does not carry it as Hummingbird's router's does; made
    ///   only when the line is written.
    package static func write(
        level: Logger.Level, method: HTTPRequest.Method, path: String, status: String,
        since start: ContinuousClock.Instant, requestID: @autoclosure () -> String? = nil, source: String,
        to logger: Logger
    ) {
        guard logger.logLevel <= level else { return }
        let elapsed = start.duration(to: .now).components
        // Tenths of a millisecond in integers: this runs for every request, where String(format:) is costly.
        let tenths = elapsed.seconds * 10_000 + elapsed.attoseconds / 100_000_000_000_000
        var metadata: Logger.Metadata = [
            "method": .string(method.rawValue), "path": .string(path), "status": .string(status),
            "ms": .string("\(tenths / 10).\(tenths % 10)"),
        ]
        if let requestID = requestID() { metadata["hb.request.id"] = .string(requestID) }
        logger.log(level: level, "Request", metadata: metadata, source: source)
    }
}
