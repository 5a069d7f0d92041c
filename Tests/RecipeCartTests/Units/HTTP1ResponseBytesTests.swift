import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import RecipeCartWire
import Testing

@testable import RecipeCart

/// `HTTP1ResponseBytes` held to NIO's conversion from HTTP types and its response encoder, byte for byte.
@Suite struct HTTP1ResponseBytesTests {
    struct Answer: CustomTestStringConvertible, Sendable {
        var response: HTTPResponse
        var body: String?
        var method: HTTPRequest.Method
        var testDescription: String {
            "\(method) \(response.status.code) \(response.headerFields) body \(body?.count ?? -1)"
        }
    }

    static let answers: [Answer] = {
        let page: HTTPFields = [
            .contentType: "text/html; charset=utf-8", .contentLength: "11", .date: "Mon, 23 Nov 2026 17:00:00 GMT",
        ]
        var mixedCase = HTTPFields()
        mixedCase.append(HTTPField(name: HTTPField.Name("X-Content-Type-Options")!, value: "nosniff"))
        mixedCase.append(HTTPField(name: HTTPField.Name("content-length")!, value: "11"))
        mixedCase.append(HTTPField(name: .vary, value: "Accept-Encoding"))
        mixedCase.append(HTTPField(name: .vary, value: "Cookie"))
        let noLength: HTTPFields = [.contentType: "text/css", .transferEncoding: "gzip"]
        let notModified: HTTPFields = [
            .eTag: "\"abc\"", .contentLength: "11", .cacheControl: "public, max-age=31536000",
        ]
        return [
            Answer(response: HTTPResponse(status: .ok, headerFields: page), body: "hello world", method: .get),
            Answer(response: HTTPResponse(status: .ok, headerFields: page), body: nil, method: .head),
            Answer(response: HTTPResponse(status: .ok, headerFields: page), body: "hello world", method: .head),
            Answer(response: HTTPResponse(status: .ok, headerFields: mixedCase), body: "hello world", method: .get),
            Answer(
                response: HTTPResponse(status: .ok, headerFields: noLength), body: "body { color: red }", method: .get),
            Answer(response: HTTPResponse(status: .ok, headerFields: noLength), body: "", method: .get),
            Answer(response: HTTPResponse(status: .ok, headerFields: noLength), body: nil, method: .get),
            Answer(response: HTTPResponse(status: .ok, headerFields: noLength), body: nil, method: .head),
            Answer(response: HTTPResponse(status: .notModified, headerFields: notModified), body: nil, method: .get),
            Answer(response: HTTPResponse(status: .notFound, headerFields: page), body: "hello world", method: .get),
            Answer(response: HTTPResponse(status: .noContent, headerFields: [:]), body: nil, method: .get),
            Answer(
                response: HTTPResponse(status: .init(code: 299, reasonPhrase: "Odd"), headerFields: page),
                body: "hello world", method: .get),
        ]
    }()

    /// A channel with the HTTP/1 handlers Hummingbird's server puts in front of its own.
    static func hummingbirdsHTTP1Channel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(
            withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false)
        try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
        return channel
    }

    /// What NIO writes for `answer` to a request of its method.
    static func encodedByNIO(_ answer: Answer) throws -> ByteBuffer {
        let channel = try hummingbirdsHTTP1Channel()
        // The decoder tells the encoder which method each answer is for.
        try channel.writeInbound(ByteBuffer(string: "\(answer.method.rawValue) / HTTP/1.1\r\nHost: shop\r\n\r\n"))
        try channel.writeOutbound(HTTPResponsePart.head(answer.response))
        // A body for a HEAD is refused by the encoder, and written by nobody.
        if let body = answer.body { try? channel.writeOutbound(HTTPResponsePart.body(ByteBuffer(string: body))) }
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        var wire = ByteBuffer()
        while let part = try channel.readOutbound(as: IOData.self) {
            guard case .byteBuffer(var bytes) = part else { throw ChannelError.operationUnsupported }
            wire.writeBuffer(&bytes)
        }
        return wire
    }

    @Test(arguments: answers) func theBytesAreNIOsBytes(_ answer: Answer) throws {
        let made = HTTP1ResponseBytes.make(
            answer.response, body: answer.body.map { ByteBuffer(string: $0) }, answering: answer.method)
        var wire = made.head
        if var body = made.body { wire.writeBuffer(&body) }
        let expected = try Self.encodedByNIO(answer)
        #expect(String(buffer: wire) == String(buffer: expected))
    }
}
