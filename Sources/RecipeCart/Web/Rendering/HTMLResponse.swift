import Hummingbird

/// A page as sent: never stored by a cache, since every page carries its visitor's own cart and CSRF token.
enum HTMLResponse {
    static let fields: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]

    static func make(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        make(ByteBuffer(string: html), status: status)
    }

    static func make(_ html: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: fields, body: .init(byteBuffer: html))
    }
}
