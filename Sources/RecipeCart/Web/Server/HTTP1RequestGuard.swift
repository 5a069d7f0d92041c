import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Checks each HTTP/1 request head before it is converted to HTTP types, where the protocol version and a second
/// `Host` are no longer visible: HTTP/1.1 without exactly one `Host`, or any request with two, is a 400 (RFC 9112
/// §3.2); `CONNECT`, which would leave the parser waiting for a tunnel, is a 405; a request that does not keep the
/// connection alive (HTTP/1.0 without `keep-alive`, `Connection: close` in any spelling) gets its connection closed
/// after the answer.
final class HTTP1RequestGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Once a head is refused, the rest of that connection's input is dropped.
    private var isRefusing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isRefusing else { return }
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        let hosts = head.headers["Host"].count
        if hosts > 1 || ((head.version.major, head.version.minor) >= (1, 1) && hosts == 0) {
            refuse(context: context, status: .badRequest, version: head.version)
            return
        }
        if head.method == .CONNECT {
            refuse(context: context, status: .methodNotAllowed, version: head.version, extra: [("Allow", "GET, HEAD")])
            return
        }
        if !head.isKeepAlive {
            // The server closes after the answer only on exactly this value.
            head.headers.replaceOrAdd(name: "Connection", value: "close")
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    private func refuse(
        context: ChannelHandlerContext, status: HTTPResponseStatus, version: HTTPVersion, extra: [(String, String)] = []
    ) {
        isRefusing = true
        let body = "\(status.code) \(status.reasonPhrase)\n"
        var headers = HTTPHeaders(extra + [
            ("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", String(body.utf8.count)), ("Connection", "close"),
        ])
        for field in SecurityHeadersMiddleware<AppRequestContext>.headers {
            headers.add(name: field.name.rawName, value: field.value)
        }
        let answerVersion: HTTPVersion = version.major == 1 && version.minor == 0 ? .http1_0 : .http1_1
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: answerVersion, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in context.close(promise: nil) }
    }
}

/// Hummingbird adds extra handlers after its conversion to HTTP types; this one moves the guard in front of it.
final class HTTP1RequestGuardInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        if let codec = try? pipeline.handler(type: HTTP1ToHTTPServerCodec.self) {
            try? pipeline.addHandler(HTTP1RequestGuard(), position: .before(codec))
        }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
