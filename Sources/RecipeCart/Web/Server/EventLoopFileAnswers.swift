import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore

/// The answers a static file held in memory gets, decided on the event loop that read the request: what the router's
/// middleware would answer (`StaticFileMiddleware`, then the security headers, the request log line and Hummingbird's
/// `Date` and `Server`), without a task, the middleware chain or the conversions between them, which were about 40% of
/// the CPU a file cost. Anything else (a file not in memory, a range, HTML, a body, a closing connection, a refusal)
/// gets nil and goes to the router. `EventLoopAnswerTests` holds the two paths to the same bytes.
struct EventLoopFileAnswers: EventLoopAnswering {
    let files: StaticFiles
    let ending: EventLoopAnswerEnding

    func answer(_ request: HTTPRequest, uri: URI, date: String) -> (head: HTTPResponse, body: ByteBuffer?)? {
        let start = ContinuousClock.now
        let fields = request.headerFields
        guard request.method == .get || request.method == .head,
            fields[.range] == nil, Self.isWholeWithoutBody(fields),
            case let path = uri.path,
            let (root, remainder) = files.root(for: path),
            let filePath = try? StaticFilePath(urlEncoded: remainder),
            let lookup = files.cachedLookup(filePath, in: root),
            case .send(let status, let fileHeaders, let body, range: nil) = StaticFileResponse.decide(
                lookup, method: request.method, headers: fields),
            fileHeaders[.contentType]?.hasPrefix("text/html") == false
        else { return nil }
        var bytes: ByteBuffer?
        if let body {
            guard case .memory(let buffer) = body else { return nil }
            bytes = buffer
        }
        return (ending.head(status, fileHeaders, answering: request.method, path: path, date: date, since: start), bytes)
    }
}
