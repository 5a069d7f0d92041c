import CompressNIO
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// The Browse page a returning shopper gets from the page cache, answered on the event loop that read the request:
/// what the router would answer (`BrowseController.index` through the session, compression, security-header and log
/// middleware), without the hop to a task and back and the middleware chain, which were most of its CPU. Only when
/// everything the page needs is in memory: the kept page (`BrowseController.keptPage`), the session of a cookie that
/// verified, the cart's count (SQLite; on PostgreSQL another instance may have changed it). A post's one-shot cookies,
/// a staff cookie, a fresh visitor and anything else go to the router. `EventLoopAnswerTests` holds the two paths to
/// the same bytes.
struct EventLoopPageAnswers: EventLoopAnswering {
    let browse: BrowseController
    let pages: PageContext
    let serverName: String
    let logger: Logger
    /// The level of the router's request log line.
    let logLevel: Logger.Level

    func answer(_ request: HTTPRequest, date: String) -> (head: HTTPResponse, body: ByteBuffer?)? {
        let start = ContinuousClock.now
        let fields = request.headerFields
        let cookies = pages.cookies
        guard request.method == .get, Self.isWholeWithoutBody(fields),
            let target = request.path, case let uri = URI(target), uri.path == Route.browse.pattern
        else { return nil }
        let sent = SentCookies(fields)
        guard sent[cookies.status] == nil, sent[cookies.cartChanged] == nil, sent[cookies.staff] == nil,
            let session = sent[cookies.session].flatMap(pages.signer.session(fromCookie:)),
            let count = pages.carts.itemCountInMemory(session: session.key),
            let template = browse.keptPage(for: FormFields.query(uri.query))
        else { return nil }
        let personal = pages.personalParts(session: session, cartCount: count, cartChanged: false)
        var body = ByteBuffer(string: template.filled(with: personal))
        var headers = HTMLResponse.fields
        headers[.contentLength] = String(body.readableBytes)
        if body.readableBytes >= HTMLCompressionMiddleware<AppRequestContext>.minimumSize {
            headers.append(StaticFile.varyOnEncoding)
            if HTMLCompressionMiddleware<AppRequestContext>.isGzipWanted(by: fields) {
                guard let compressed = try? body.compress(with: HTMLCompressionMiddleware<AppRequestContext>.algorithm) else { return nil }
                body = compressed
                headers[.contentEncoding] = "gzip"
                headers[.contentLength] = String(body.readableBytes)
            }
        }
        SecurityHeaders.add(to: &headers)
        headers[.date] = date
        headers[.server] = serverName
        RequestLogMiddleware<AppRequestContext>.log(
            level: logLevel, method: request.method, path: uri.path, status: "200", since: start, to: logger)
        return (HTTPResponse(status: .ok, headerFields: headers), body)
    }
}
