import HTTPTypes
import Logging

/// One line a request: method, path, status, time and request id. Never the query string, which can hold a search or
/// a secret. The router's `RequestLogMiddleware` and the answers given on the event loop write the same line; its
/// source says which answered: `RecipeCart`, the router, or `RecipeCartWire`, below it.
///
/// It is a value so that a `RequestLogSink` can take it as it is, without a `Logger` (the process's log writes it as
/// swift-log's `StreamLogHandler` would): a `Logger.Metadata` dictionary made, and sorted again when written, for every
/// request cost the static files' row about a tenth of its throughput.
package struct RequestLogLine: Sendable {
    /// The source of the lines of requests the router answered.
    package static let routerSource = "RecipeCart"
    /// The source of the lines of requests answered below the router.
    package static let wireSource = "RecipeCartWire"
    /// The key of the request id, as Hummingbird's router names it in its loggers' metadata.
    package static let requestIDKey = "hb.request.id"
    /// What every request's line says after its metadata.
    package static let message = "Request"

    package var level: Logger.Level
    /// The label of the logger the line is written for.
    package var label: String
    package var method: String
    package var path: String
    /// The status code, or `error` when the router threw.
    package var status: String
    /// The time taken in tenths of a millisecond: integers, since `String(format:)` is costly for every request.
    package var tenthsOfMilliseconds: Int64
    /// The id the router gave the request. Nil for a request answered below the router, which gets a new one where
    /// its line is written: the sink numbers it, or `RequestLog.makeRequestID` makes it.
    package var requestID: Logger.MetadataValue?
    package var source: String

    /// The metadata a `Logger` writes the line with.
    package var metadata: Logger.Metadata {
        var metadata: Logger.Metadata = [
            "method": .string(method), "path": .string(path), "status": .string(status),
            "ms": .string(milliseconds),
        ]
        if let requestID { metadata[Self.requestIDKey] = requestID }
        return metadata
    }

    /// The time taken as the line shows it, `12.3`.
    package var milliseconds: String {
        "\(tenthsOfMilliseconds / 10).\(tenthsOfMilliseconds % 10)"
    }
}
