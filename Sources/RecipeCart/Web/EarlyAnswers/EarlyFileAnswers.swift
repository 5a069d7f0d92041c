import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore
import RecipeCartStaticFiles
import RecipeCartWire

/// The answers a static file held in memory gets, decided on the event loop that read the request: what the router's
/// middleware would answer (`StaticFileMiddleware`, then the security headers, the request log line and Hummingbird's
/// `Date` and `Server`), without a task, the middleware chain or the conversions between them, which were about 40% of
/// the CPU a file cost. Anything else (a file not in memory, a range, HTML, a body, a closing connection, a refusal)
/// gets nil and goes to the router. `EarlyAnswerTests` holds the two paths to the same bytes.
struct EarlyFileAnswers: EarlyAnswerSource {
    let files: StaticFiles
    let ending: EarlyAnswerFinisher

    func answer(_ request: HTTPRequest, uri: URI, date: String) -> (head: HTTPResponse, body: ByteBuffer?)? {
        let start = ContinuousClock.now
        guard let (sending, body) = sending(request, uri: uri) else { return nil }
        return (
            ending.head(
                sending.status, sending.headers, answering: request.method, path: uri.path,
                route: RequestMetrics.route(ofFile: uri.path), date: date, since: start),
            body
        )
    }

    /// The head comes from the variant's `WireHeadMemo`, made there once with the router's fields.
    func wireAnswer(_ request: HTTPRequest, uri: URI, date: String) -> (head: ByteBuffer, body: ByteBuffer?)? {
        let start = ContinuousClock.now
        guard let (sending, body) = sending(request, uri: uri) else { return nil }
        let key = WireHeadMemo.Key(status: sending.status.code, cacheControl: sending.cacheControl.value)
        // The head's bytes are the same for GET and HEAD; only the body differs.
        let head = sending.variant.wireHeads.head(for: key, date: date) {
            HTTP1ResponseBytes.make(
                ending.head(sending.status, sending.headers, date: date), body: nil, answering: .head
            ).head
        }
        ending.log(
            sending.status, answering: request.method, path: uri.path, route: RequestMetrics.route(ofFile: uri.path),
            since: start)
        return (head, body)
    }

    /// What the router would send for the whole of a file in memory, and its body in memory; nil for anything else.
    private func sending(_ request: HTTPRequest, uri: URI) -> (StaticFileResponse.Sending, ByteBuffer?)? {
        let fields = request.headerFields
        guard request.method == .get || request.method == .head,
            fields[.range] == nil, Self.isWholeWithoutBody(fields),
            let (root, remainder) = files.root(for: uri.path),
            let filePath = try? StaticFilePath(urlEncoded: remainder),
            let lookup = files.cachedLookup(filePath, in: root), !lookup.file.isHTML,
            case .send(let sending) = StaticFileResponse.decide(lookup, method: request.method, headers: fields),
            sending.range == nil
        else { return nil }
        switch sending.body {
        case nil: return (sending, nil)
        case .memory(let buffer): return (sending, buffer)
        case .disk: return nil
        }
    }
}
