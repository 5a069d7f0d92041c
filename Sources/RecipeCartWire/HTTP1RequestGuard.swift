import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Checks each HTTP/1 request before it is converted to HTTP types, where the protocol version and a second `Host`
/// are no longer visible, and keeps slow clients from holding connections:
/// - HTTP/1.1 without exactly one `Host`, or any request with two, is a 400 (RFC 9112 §3.2); `CONNECT`, which
///   would leave the parser waiting for a tunnel, is a 405; input the parser cannot read between requests is a 400.
///   These carry the security headers like every other answer.
/// - A request that does not keep the connection alive (HTTP/1.0 without `keep-alive`, `Connection: close` in any
///   spelling) gets its connection closed after the answer.
/// - A request has a deadline from its head to its end, 30 s plus a second for every 16 KB it announces, so a body
///   sent a byte at a time cannot hold a connection: past it the answer is 408 and the connection closes. A request
///   whose client falls silent for 20 s gets the same 408, before the idle timeout.
/// - A connection whose answer the client stops reading, so that no write completes for 30 s while one is waiting,
///   is closed.
/// - A connection with no request under way and nothing read for 30 s is closed (the idle timeout). It is kept here
///   rather than by Hummingbird, since answers given before the decoder (`EventLoopWireAnswerHandler`) never pass
///   Hummingbird's handlers: they are told here.
/// The limits are checked by one timer a connection, every few seconds, so no request pays for a timer of its own.
package final class HTTP1RequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPServerRequestPart
    package typealias InboundOut = HTTPServerRequestPart
    package typealias OutboundIn = HTTPServerResponsePart
    package typealias OutboundOut = HTTPServerResponsePart

    package static let baseDeadline: TimeAmount = .seconds(30)
    package static let bytesPerSecond = 16 * 1024
    package static let longestDeadline: TimeAmount = .minutes(10)
    /// A connection with no request under way is closed after this long without one.
    package static let idleTimeout: TimeAmount = .seconds(30)
    /// Silence inside a request that gets its 408 in time, the check's own delay included.
    package static let silenceLimit: TimeAmount = idleTimeout - checkEvery * 2
    package static let stalledWriteLimit: TimeAmount = .seconds(30)
    package static let checkEvery: TimeAmount = .seconds(5)

    /// Once a request is refused, the rest of that connection's input is dropped.
    private var isRefusing = false
    private var isReadingRequest = false
    private var hasAnswerStarted = false
    /// When the request being read must have arrived whole.
    private var requestDeadline: NIODeadline?
    private var lastRead = NIODeadline.now()
    /// Requests read whose answer has not ended yet, and when the connection was last busy.
    private var requestsUnderWay = 0
    private var lastActivity = NIODeadline.now()
    /// Called once the answer to every request read has been written.
    package var whenAllAnswered: (() -> Void)?
    /// Answers written but not yet taken by the socket, and when one last was.
    private var unfinishedAnswers = 0
    private var lastWriteProgress = NIODeadline.now()
    private var watch: RepeatedTask?

    package init() {}

    package func handlerAdded(context: ChannelHandlerContext) {
        let loopContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        watch = context.eventLoop.scheduleRepeatedTask(initialDelay: Self.checkEvery, delay: Self.checkEvery) { _ in
            handler.value.check(context: loopContext.value)
        }
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        watch?.cancel()
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isRefusing else { return }
        lastRead = .now()
        lastActivity = lastRead
        let part = unwrapInboundIn(data)
        guard case .head(var head) = part else {
            if case .end = part {
                isReadingRequest = false
                requestDeadline = nil
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
        requestsUnderWay += 1
        let announced = max(0, head.headers["Content-Length"].first.flatMap(Int.init) ?? 0)
        let allowance = Self.baseDeadline + .seconds(Int64(announced / Self.bytesPerSecond))
        requestDeadline = .now() + min(allowance, Self.longestDeadline)
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let part = unwrapOutboundIn(data)
        if case .head = part { hasAnswerStarted = true }
        guard case .end = part else {
            context.write(data, promise: promise)
            return
        }
        requestsUnderWay = max(0, requestsUnderWay - 1)
        lastActivity = .now()
        // An answer's end is taken by the socket only after everything before it, so it alone tells progress.
        if unfinishedAnswers == 0 { lastWriteProgress = .now() }
        unfinishedAnswers += 1
        let written = promise ?? context.eventLoop.makePromise()
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        written.futureResult.whenComplete { _ in
            handler.value.unfinishedAnswers -= 1
            handler.value.lastWriteProgress = .now()
        }
        context.write(data, promise: written)
        if requestsUnderWay == 0 { whenAllAnswered?() }
    }

    /// A request was read and answered in front of this handler.
    package func noteAnswerGivenBeforeIt() {
        lastActivity = .now()
    }

    private func check(context: ChannelHandlerContext) {
        let now = NIODeadline.now()
        if isReadingRequest, let requestDeadline, now >= requestDeadline || now - lastRead >= Self.silenceLimit {
            self.requestDeadline = nil
            if hasAnswerStarted {
                context.close(promise: nil)
            } else {
                refuse(context: context, status: .requestTimeout, version: .http1_1)
            }
        } else if unfinishedAnswers > 0, now - lastWriteProgress >= Self.stalledWriteLimit {
            // Abortive: what the kernel still holds for a client that does not read goes with the socket.
            let channel = context.channel
            guard let socket = channel as? any SocketOptionProvider else { return channel.close(promise: nil) }
            socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
        } else if requestsUnderWay == 0, now - lastActivity >= Self.idleTimeout {
            context.close(promise: nil)
        }
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Between requests nobody else will answer a parse error with a page; inside one, the handler does (400).
        if error is HTTPParserError, !isReadingRequest, !isRefusing {
            refuse(context: context, status: .badRequest, version: .http1_1)
            return
        }
        context.fireErrorCaught(error)
    }

    package func channelInactive(context: ChannelHandlerContext) {
        watch?.cancel()
        context.fireChannelInactive()
    }

    private func refuse(
        context: ChannelHandlerContext, status: HTTPResponseStatus, version: HTTPVersion, extra: [(String, String)] = []
    ) {
        isRefusing = true
        isReadingRequest = false
        requestDeadline = nil
        let body = "\(status.code) \(status.reasonPhrase)\n"
        var headers = HTTPHeaders(
            extra + [
                ("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", String(body.utf8.count)),
                ("Connection", "close"),
            ])
        for field in SecurityHeaders.fields {
            headers.add(name: field.name.rawName, value: field.value)
        }
        let answerVersion: HTTPVersion = version.major == 1 && version.minor == 0 ? .http1_0 : .http1_1
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: answerVersion, status: status, headers: headers))),
            promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in context.close(promise: nil) }
    }
}

/// Hummingbird adds extra handlers after its conversion to HTTP types; this one moves the guard in front of it.
package final class HTTP1RequestGuardInstaller: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = NIOAny

    package init() {}

    package func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        if let codec = try? pipeline.handler(type: HTTP1ToHTTPServerCodec.self) {
            try? pipeline.addHandler(HTTP1RequestGuard(), position: .before(codec))
        }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
