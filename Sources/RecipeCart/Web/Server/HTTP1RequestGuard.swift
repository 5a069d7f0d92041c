#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// Checks each HTTP/1 request before it is converted to HTTP types, where the protocol version and a second `Host`
/// are no longer visible, and keeps slow clients from holding connections:
/// - HTTP/1.1 without exactly one `Host`, or any request with two, is a 400 (RFC 9112 §3.2); `CONNECT`, which
///   would leave the parser waiting for a tunnel, is a 405; input the parser cannot read between requests is a 400.
///   These carry the security headers like every other answer.
/// - A request that does not keep the connection alive (HTTP/1.0 without `keep-alive`, `Connection: close` in any
///   spelling) gets its connection closed after the answer.
/// - A request has a deadline from its head to its end, 30 s plus a second for every 16 KB it announces, so a body
///   sent a byte at a time cannot hold a connection: past it the answer is 408 and the connection closes.
/// - A connection whose answer the client stops reading, so that no write completes for 30 s while one is waiting,
///   is closed.
final class HTTP1RequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    static let baseDeadline: TimeAmount = .seconds(30)
    static let bytesPerSecond = 16 * 1024
    static let longestDeadline: TimeAmount = .minutes(10)
    static let stalledWriteLimit: TimeAmount = .seconds(30)

    /// Once a request is refused, the rest of that connection's input is dropped.
    private var isRefusing = false
    private var isReadingRequest = false
    private var hasAnswerStarted = false
    private var requestDeadline: Scheduled<Void>?
    private var stalledWrite: Scheduled<Void>?
    private var unfinishedWrites = 0

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isRefusing else { return }
        let part = unwrapInboundIn(data)
        guard case .head(var head) = part else {
            if case .end = part {
                isReadingRequest = false
                requestDeadline?.cancel()
            }
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
        isReadingRequest = true
        hasAnswerStarted = false
        startDeadline(context: context, announcedBytes: head.headers["Content-Length"].first.flatMap(Int.init) ?? 0)
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .head = unwrapOutboundIn(data) { hasAnswerStarted = true }
        let written = promise ?? context.eventLoop.makePromise()
        unfinishedWrites += 1
        if stalledWrite == nil { watchForStall(context: context) }
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let loopContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        written.futureResult.whenComplete { _ in
            let guardHandler = handler.value
            guardHandler.unfinishedWrites -= 1
            guardHandler.stalledWrite?.cancel()
            guardHandler.stalledWrite = nil
            if guardHandler.unfinishedWrites > 0 { guardHandler.watchForStall(context: loopContext.value) }
        }
        context.write(data, promise: written)
    }

    /// Closes the connection unless a write completes within the limit. The close is abortive: what the kernel
    /// still holds for a client that does not read is dropped with the socket, not kept for it.
    private func watchForStall(context: ChannelHandlerContext) {
        let channel = context.channel
        stalledWrite = context.eventLoop.scheduleTask(in: Self.stalledWriteLimit) {
            guard let socket = channel as? any SocketOptionProvider else { return channel.close(promise: nil) }
            socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Between requests nobody else will answer a parse error with a page; inside one, the handler does (400).
        if error is HTTPParserError, !isReadingRequest, !isRefusing {
            refuse(context: context, status: .badRequest, version: .http1_1)
            return
        }
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        requestDeadline?.cancel()
        stalledWrite?.cancel()
        context.fireChannelInactive()
    }

    private func startDeadline(context: ChannelHandlerContext, announcedBytes: Int) {
        requestDeadline?.cancel()
        let allowance = Self.baseDeadline + .seconds(Int64(max(0, announcedBytes) / Self.bytesPerSecond))
        let loopContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        requestDeadline = context.eventLoop.scheduleTask(in: min(allowance, Self.longestDeadline)) {
            let guardHandler = handler.value
            guard guardHandler.isReadingRequest else { return }
            if guardHandler.hasAnswerStarted {
                loopContext.value.close(promise: nil)
            } else {
                guardHandler.refuse(context: loopContext.value, status: .requestTimeout, version: .http1_1)
            }
        }
    }

    private func refuse(
        context: ChannelHandlerContext, status: HTTPResponseStatus, version: HTTPVersion, extra: [(String, String)] = []
    ) {
        isRefusing = true
        isReadingRequest = false
        requestDeadline?.cancel()
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
