import HTTPTypes
import HummingbirdCore
import NIOCore

/// Answers some requests on the event loop that read them, without the router (`EventLoopAnswerHandler`): what the
/// router would answer, byte for byte but the `Date`. Nil sends the request on to the router.
protocol EventLoopAnswering: Sendable {
    /// - Parameters:
    ///   - uri: the request's target, parsed once for every answerer.
    ///   - date: the `Date` header's value for now.
    func answer(_ request: HTTPRequest, uri: URI, date: String) -> (head: HTTPResponse, body: ByteBuffer?)?
}

extension EventLoopAnswering {
    /// A request with no body to drop and a connection that stays open: the router answers the others, since only it
    /// reads bodies and closes connections.
    static func isWholeWithoutBody(_ fields: HTTPFields) -> Bool {
        fields[.transferEncoding] == nil && fields[.expect] == nil && (fields[.contentLength].map { $0 == "0" } ?? true)
            && fields[.connection] != "close"
    }
}
