import HTTPTypes
import NIOCore
import NIOHTTP1

/// An answer as HTTP/1.1 bytes, as NIO's conversion from HTTP types and its response encoder write it (status line,
/// the fields in order under their own spelling, the framing the encoder corrects), for answers written below them.
package enum HTTP1ResponseBytes {
    /// The head's bytes, and the body's as they go on the wire (none for `HEAD`, chunked when the head has no length).
    package static func make(_ response: HTTPResponse, body: ByteBuffer?, answering method: HTTPRequest.Method) -> (
        head: ByteBuffer, body: ByteBuffer?
    ) {
        let status = HTTPResponseStatus(statusCode: response.status.code, reasonPhrase: response.status.reasonPhrase)
        var fields = Array(response.headerFields)
        let hasLength = fields.contains { $0.name == .contentLength }
        if !status.mayHaveResponseBody {
            fields.removeAll { $0.name == .contentLength || $0.name == .transferEncoding }
        } else {
            fields.removeAll { $0.name == .transferEncoding }
        }
        let isChunked = status.mayHaveResponseBody && !hasLength
        var head = ByteBuffer()
        head.reserveCapacity(256)
        head.writeStaticString("HTTP/1.1 ")
        head.writeString(String(status.code))
        head.writeStaticString(" ")
        head.writeString(status.reasonPhrase)
        head.writeStaticString("\r\n")
        for field in fields {
            head.writeString(field.name.rawName)
            head.writeStaticString(": ")
            head.writeString(field.value)
            head.writeStaticString("\r\n")
        }
        if isChunked { head.writeStaticString("transfer-encoding: chunked\r\n") }
        head.writeStaticString("\r\n")
        // The encoder writes no body for a HEAD, whatever the head announces.
        guard method != .head else { return (head, nil) }
        guard isChunked else { return (head, body) }
        var chunked = ByteBuffer()
        if let body, body.readableBytes > 0 {
            chunked.writeString(String(body.readableBytes, radix: 16))
            chunked.writeStaticString("\r\n")
            chunked.writeImmutableBuffer(body)
            chunked.writeStaticString("\r\n")
        }
        chunked.writeStaticString("0\r\n\r\n")
        return (head, chunked)
    }
}
