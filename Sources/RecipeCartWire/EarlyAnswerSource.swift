import HTTPTypes
import HummingbirdCore
import NIOCore

/// Answers some requests on the event loop that read them, without the router (`EarlyAnswerRequestHandler`): what the
/// router would answer, byte for byte but the `Date`. Nil sends the request on to the router.
package protocol EarlyAnswerSource: Sendable {
    /// - Parameters:
    ///   - uri: the request's target, parsed once for every answerer.
    ///   - date: the `Date` header's value for now.
    func answer(_ request: HTTPRequest, uri: URI, date: String) -> (head: HTTPResponse, body: ByteBuffer?)?

    /// `answer` as the bytes that go on the wire (`HTTP1ResponseBytes`), for `EarlyAnswerByteHandler`.
    func wireAnswer(_ request: HTTPRequest, uri: URI, date: String) -> (head: ByteBuffer, body: ByteBuffer?)?
}

extension EarlyAnswerSource {
    package func wireAnswer(_ request: HTTPRequest, uri: URI, date: String) -> (head: ByteBuffer, body: ByteBuffer?)? {
        answer(request, uri: uri, date: date).map {
            HTTP1ResponseBytes.make($0.head, body: $0.body, answering: request.method)
        }
    }

    /// A request with no body to drop and a connection that stays open: the router answers the others, since only it
    /// reads bodies and closes connections.
    package static func isWholeWithoutBody(_ fields: HTTPFields) -> Bool {
        fields[.transferEncoding] == nil && fields[.expect] == nil && (fields[.contentLength].map { $0 == "0" } ?? true)
            && fields[.connection] != "close"
    }
}
