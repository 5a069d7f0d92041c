import HTTPTypes
import Logging

/// What every answer given on the event loop ends with, as the router's middleware and Hummingbird's server would
/// add it: the security headers, `Date` and `Server`, the request's log line (with a request id of its own, made
/// where the line is written), and the request counted where the router's metrics middleware counts its own.
package struct EarlyAnswerFinisher: Sendable {
    /// Counts one answered request: its method, its route's pattern (`/recipes/{id}`), status and time taken.
    package typealias Counting = @Sendable (HTTPRequest.Method, String, HTTPResponse.Status, Duration) -> Void

    package let serverName: String
    package let logger: Logger
    /// Where the request's line goes, at the level of the router's own.
    package let requestLog: RequestLog
    /// Nil while no metrics are served.
    package let count: Counting?
    /// Whether `logger` lets the request lines through, asked once rather than for every request.
    private let writesRequestLines: Bool

    package init(serverName: String, logger: Logger, requestLog: RequestLog, count: Counting? = nil) {
        self.serverName = serverName
        self.logger = logger
        self.requestLog = requestLog
        self.count = count
        writesRequestLines = requestLog.isWritten(by: logger)
    }

    /// The head, and the request's log line and count.
    /// - Parameters:
    ///   - path: the request's path as logged, never its query.
    ///   - route: the pattern of the route it is counted under, as the router names it (`/recipes/{id}`).
    ///   - date: the `Date` header's value for now.
    package func head(
        _ status: HTTPResponse.Status, _ fields: HTTPFields, answering method: HTTPRequest.Method, path: String,
        route: String, date: String, since start: ContinuousClock.Instant
    ) -> HTTPResponse {
        log(status, answering: method, path: path, route: route, since: start)
        return head(status, fields, date: date)
    }

    /// The head alone, for one made once and kept (`WireHeadMemo`); each request still gets its log line.
    package func head(_ status: HTTPResponse.Status, _ fields: HTTPFields, date: String) -> HTTPResponse {
        var headers = fields
        SecurityHeaders.add(to: &headers)
        headers[.date] = date
        headers[.server] = serverName
        return HTTPResponse(status: status, headerFields: headers)
    }

    /// The request's log line and count.
    package func log(
        _ status: HTTPResponse.Status, answering method: HTTPRequest.Method, path: String, route: String,
        since start: ContinuousClock.Instant
    ) {
        let elapsed = start.duration(to: .now)
        if writesRequestLines {
            requestLog.write(
                method: method, path: path, status: String(status.code), elapsed: elapsed, requestID: nil,
                source: RequestLogLine.wireSource, to: logger)
        }
        count?(method, route, status, elapsed)
    }
}
