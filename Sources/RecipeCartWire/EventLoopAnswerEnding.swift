import HTTPTypes
import Logging

/// What every answer given on the event loop ends with, as the router's middleware and Hummingbird's server would
/// add it: the security headers, `Date` and `Server`, and the request's log line (without Hummingbird's request id).
package struct EventLoopAnswerEnding: Sendable {
    package let serverName: String
    package let logger: Logger
    /// The level of the router's request log line.
    package let logLevel: Logger.Level

    package init(serverName: String, logger: Logger, logLevel: Logger.Level) {
        self.serverName = serverName
        self.logger = logger
        self.logLevel = logLevel
    }

    /// The head, and the request's log line.
    /// - Parameters:
    ///   - path: the request's path as logged, never its query.
    ///   - date: the `Date` header's value for now.
    package func head(
        _ status: HTTPResponse.Status, _ fields: HTTPFields, answering method: HTTPRequest.Method, path: String,
        date: String,
        since start: ContinuousClock.Instant
    ) -> HTTPResponse {
        log(status, answering: method, path: path, since: start)
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

    package func log(
        _ status: HTTPResponse.Status, answering method: HTTPRequest.Method, path: String,
        since start: ContinuousClock.Instant
    ) {
        RequestLogLine.write(
            level: logLevel, method: method, path: path, status: String(status.code), since: start, to: logger)
    }
}
