import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import RecipeCartWire
import Testing

@testable import RecipeCart

/// `PlainHTTP1Request` held to NIO's decoder and its conversion to HTTP types: a request read as plain is the request
/// they make of the same bytes, and what it leaves to them is whatever is not of the plainest kind.
@Suite struct PlainHTTP1RequestTests {
    static let cookie = "Cookie: rc_session=abc.def; theme=dark\r\n"

    /// Requests read here, each with what follows it on the wire.
    static let plain: [String] = [
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        "GET /?q=chicken HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\(cookie)\r\n",
        "HEAD /static/app.css HTTP/1.1\r\nHost: shop\r\nAccept-Encoding: gzip, br\r\n\r\n",
        "GET /recipes/bundled-2?servings=4 HTTP/1.1\r\nhost: shop\r\nConnection: keep-alive\r\nUser-Agent: Mozilla/5.0 (X11)\r\n"
            + "Accept: text/html,*/*;q=0.8\r\n\(cookie)Cookie: second=1\r\n\r\n",
        "GET /?q=%3Cscript%3E&page=2 HTTP/1.1\r\nHost:shop\r\nIf-None-Match: \"abc\"\r\nX-Empty:\r\nX-Tabbed:\t a\tb\r\n\r\n",
        "GET /a/b/../c?x=[1]&y={2}|~^`'\"!$ HTTP/1.1\r\nHost: shop\r\nConnection: Keep-Alive\r\n\r\n",
        "GET //two HTTP/1.1\r\nHost: shop\r\n\r\n",
    ]

    /// Requests left to NIO's decoder.
    static let notPlain: [String] = [
        "POST /cart/clear HTTP/1.1\r\nHost: shop\r\nContent-Length: 0\r\n\r\n",
        "GET / HTTP/1.0\r\nHost: shop\r\n\r\n",
        "GET / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: shop\r\nContent-Length: 3\r\n\r\nabc",
        "GET / HTTP/1.1\r\nHost: shop\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: shop\r\nConnection: upgrade\r\nUpgrade: h2c\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: shop\r\nExpect: 100-continue\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: shop\r\nX-Folded: a\r\n b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: shop\r\nX-Trailing: a \r\n\r\n",
        "GET / HTTP/1.1\r\nHost: shop\r\nX-Odd: a\u{1}b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: shop\r\nX-Accent: café\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: shop\r\nBad Name: a\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: shop\r\n: empty\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: shop\nX-Bare-LF: a\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: shop\r\nX-Bare-CR: a\rb\r\n\r\n",
        "GET /é HTTP/1.1\r\nHost: shop\r\n\r\n",
        "GET http://shop/ HTTP/1.1\r\nHost: shop\r\n\r\n",
        "GET * HTTP/1.1\r\nHost: shop\r\n\r\n",
        "GET  / HTTP/1.1\r\nHost: shop\r\n\r\n",
        "get / HTTP/1.1\r\nHost: shop\r\n\r\n",
        "OPTIONS / HTTP/1.1\r\nHost: shop\r\n\r\n",
        "CONNECT shop:443 HTTP/1.1\r\nHost: shop\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: shop\r\n",
        "GET / HTTP/1.1\r\nHost: shop\r\nX-Long: \(String(repeating: "a", count: PlainHTTP1Request.longestHead))\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: shop\r\n" + String(repeating: "X-Many: 1\r\n", count: PlainHTTP1Request.mostFields)
            + "\r\n",
        "GARBAGE\r\n\r\n",
        "",
    ]

    /// The request NIO's decoder and conversion make of the first request in `bytes`, or nil if they refuse it.
    static func decodedByNIO(_ bytes: String) throws -> HTTPRequest? {
        let channel = try HTTP1ResponseBytesTests.hummingbirdsHTTP1Channel()
        do {
            try channel.writeInbound(ByteBuffer(string: bytes))
        } catch {
            return nil
        }
        guard case .head(let request) = try channel.readInbound(as: HTTPRequestPart.self) else { return nil }
        return request
    }

    @Test(arguments: plain) func aPlainRequestIsTheOneNIOReads(_ text: String) throws {
        let following = "GET /next HTTP/1.1\r\nHost: shop\r\n\r\n"
        guard case .plain(let request, let length) = PlainHTTP1Request.read(ByteBuffer(string: text + following)) else {
            Issue.record("not read as plain: \(text.debugDescription)")
            return
        }
        #expect(length == text.utf8.count)
        let expected = try #require(try Self.decodedByNIO(text))
        #expect(request == expected)
        #expect(Array(request.headerFields) == Array(expected.headerFields))
    }

    @Test(arguments: notPlain) func anythingElseIsLeftToNIOsDecoder(_ text: String) throws {
        guard case .notPlain = PlainHTTP1Request.read(ByteBuffer(string: text)) else {
            Issue.record("read as plain: \(text.debugDescription)")
            return
        }
    }

    @Test func pipelinedRequestsAreReadOneAfterAnother() throws {
        var bytes = ByteBuffer(string: Self.plain.joined())
        for text in Self.plain {
            guard case .plain(let request, let length) = PlainHTTP1Request.read(bytes) else {
                Issue.record("not read as plain: \(text.debugDescription)")
                return
            }
            #expect(request == (try Self.decodedByNIO(text)))
            bytes.moveReaderIndex(forwardBy: length)
        }
        #expect(bytes.readableBytes == 0)
    }
}
