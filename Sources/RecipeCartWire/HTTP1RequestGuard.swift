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
///   These carry the security headers like every other answer. Such a refusal comes after the answers to the requests
///   read before it, in their order, and then the connection closes: nothing after it is read.
/// - Input the parser cannot read inside a request goes on to the router, whose reading of the body fails, so that
///   request gets the app's 400 page, its one answer; then the connection closes.
/// - A request that does not keep the connection alive (HTTP/1.0 without `keep-alive`, `Connection: close` in any
///   spelling) gets its connection closed after the answer.
/// - A request has a deadline from its first byte to its end, 30 s plus a second for every 16 KB it announces, so a
///   head or a body sent a byte at a time cannot hold a connection: past it the answer is 408 and the connection
///   closes. A request whose client falls silent for 20 s, in its head or its body, gets the same 408, before the
///   idle timeout.
/// - A request answered before its body has arrived whole (a 413 for a body too large, a 400) gets
///   `Connection: close` and its connection closes after the answer: what more of the body comes is thrown away for
///   2 s at most (nginx's lingering close), so that a client that sends its body whole before it reads gets the
///   answer, and then the connection closes, however the client goes on.
/// - A connection whose client stops taking its answers, so that for 30 s none of what waits for it moves (in NIO or
///   in the kernel's send queue), is reset: closed abortively, so the kernel drops what it holds for that client
///   instead of keeping it on a closed socket.
/// - A connection with no request under way and nothing read for 30 s is closed (the idle timeout), once its client
///   has taken every answer; for 5 s only while the shop's connections are nearly all taken (`ConnectionLimit`).
/// - While they are nearly all taken, a client that takes an answer at less than 16 KB in 5 s is reset too: clients
///   that read a few bytes now and then would otherwise hold every connection, each making progress.
/// - An answer that never ends (the staff board's event stream) is reset once more than 64 KB of it waits unsent for
///   a client that reads too slowly, as one whose client stops reading is. It is kept here rather than by Hummingbird, since answers given before the decoder
///   (`EarlyAnswerByteHandler`) never pass Hummingbird's handlers: they are told here.
/// - When this handler closes a connection, it ends the output after what was written, so the client reads every
///   answer and then the end of the connection; the socket itself is closed once the client has taken all of it, or
///   reset as above if it stops.
/// The limits are checked by one timer a connection, every few seconds, so no request pays for a timer of its own.
/// The figures above are the production `RequestGuardTimings`; tests give the server shorter ones.
package final class HTTP1RequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPServerRequestPart
    package typealias InboundOut = HTTPServerRequestPart
    package typealias OutboundIn = HTTPServerResponsePart
    package typealias OutboundOut = HTTPServerResponsePart

    private let socket: ConnectionSocket
    private let timings: RequestGuardTimings
    private let connections: ConnectionLimit?
    /// Set once the connection is to close: the rest of its input is neither read nor passed on, and an answer the
    /// router writes for no request read here (Hummingbird's own 400 for input it could not parse) is dropped.
    private var isClosing = false
    /// This handler's own answer, written once every request before it is answered.
    private var refusal: (head: HTTPResponseHead, body: String)?
    private var isDroppingAnswer = false
    /// The output has ended; the socket closes once the client has taken what was written.
    private var hasEndedOutput = false
    private var isReadingRequest = false
    /// When the first bytes of a request whose head is not whole yet arrived.
    private var partialHeadSince: NIODeadline?
    /// The request being read has a body, which may still be arriving when it is answered.
    private var announcesBody = false
    /// The request being read was answered before its body arrived: the connection closes after the answer.
    private var closesAfterAnswer = false
    /// After such an answer, input is still read and thrown away, until `lingerTime` has passed.
    private var isLingering = false
    /// The answer to the request being read has begun.
    private var hasAnswerStarted = false
    /// When the request being read must have arrived whole.
    private var requestDeadline: NIODeadline?
    private var lastRead = NIODeadline.uptimeNanoseconds(0)
    /// Requests read whose answer has not ended yet, and when the connection was last busy.
    private var requestsUnderWay = 0
    private var lastActivity = NIODeadline.uptimeNanoseconds(0)
    /// Called once the answer to every request read has been written.
    package var whenAllAnswered: (() -> Void)?
    /// Answer parts written but not yet taken by the socket, their bytes, and when one last was or the client last
    /// took some.
    private var unfinishedWrites = 0
    private var unfinishedBytes = 0
    /// The answer being written is an event stream, which never ends by itself.
    private var isStreaming = false
    private var lastWriteProgress = NIODeadline.uptimeNanoseconds(0)
    /// Answers were taken by the socket since its send queue was last seen empty: the kernel may still hold them.
    private var mayKernelHoldAnswers = false
    /// The bytes the client had acknowledged when the send queue was last looked at, and when that count last grew.
    private var acknowledged: UInt64?
    private var lastAcknowledgement = NIODeadline.uptimeNanoseconds(0)
    /// While the connections are nearly all taken: the bytes the client had acknowledged at the last look that found
    /// an answer waiting for it, and when that was.
    private var paceMark: (acknowledged: UInt64, at: NIODeadline)?
    private var watch: RepeatedTask?
    private var eventLoop: (any EventLoop)?

    /// The most bytes of an event stream left unsent for its client before the connection is reset.
    package static let streamUnsentLimit = 64 * 1024

    package init(
        socket: ConnectionSocket = .kernel, timings: RequestGuardTimings = .standard,
        connections: ConnectionLimit? = nil
    ) {
        self.socket = socket
        self.timings = timings
        self.connections = connections
    }

    /// Bytes arrived for this connection, before the decoder has made anything of them (`HTTP1ByteWatch`): a head
    /// that is not whole yet starts its request's deadline, and trickling it is not silence.
    package func noteBytesRead() {
        guard !isClosing, let eventLoop else { return }
        lastRead = eventLoop.now
        if !isReadingRequest, partialHeadSince == nil { partialHeadSince = lastRead }
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        eventLoop = context.eventLoop
        let now = context.eventLoop.now
        lastRead = now
        lastActivity = now
        lastWriteProgress = now
        let loopContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        watch = context.eventLoop.scheduleRepeatedTask(initialDelay: timings.checkEvery, delay: timings.checkEvery) {
            _ in
            handler.value.check(context: loopContext.value)
        }
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        watch?.cancel()
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isClosing else { return }
        lastRead = context.eventLoop.now
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
        let announced = head.headers["Content-Length"].first.flatMap(Int.init) ?? 0
        announcesBody = announced > 0 || head.headers.contains(name: "Transfer-Encoding")
        requestDeadline = (partialHeadSince ?? lastRead) + timings.deadline(announcing: announced)
        partialHeadSince = nil
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    package func read(context: ChannelHandlerContext) {
        guard !isClosing || isLingering else { return }
        context.read()
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let part = unwrapOutboundIn(data)
        if isClosing {
            if case .head = part, requestsUnderWay == 0 { isDroppingAnswer = true }
            if isDroppingAnswer {
                if case .end = part { isDroppingAnswer = false }
                promise?.fail(ChannelError.outputClosed)
                return
            }
        }
        switch part {
        case .head(var head):
            isStreaming = head.headers["Content-Type"].first?.hasPrefix("text/event-stream") == true
            // Answers go in the order of their requests: the oldest under way is the one being read only when it is
            // alone. Answered before its body arrived, the rest of it is not worth reading.
            guard isReadingRequest, requestsUnderWay == 1 else { return context.write(data, promise: promise) }
            hasAnswerStarted = true
            if announcesBody {
                closesAfterAnswer = true
                head.headers.replaceOrAdd(name: "Connection", value: "close")
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
            return
        case .body:
            // A body part is watched like an answer's end, so an answer that never ends (the staff board's event
            // stream) to a client that stopped reading is reset like any other once nothing moves for 30 s.
            writeWatched(data, promise: promise, context: context)
            return
        case .end:
            break
        }
        requestsUnderWay = max(0, requestsUnderWay - 1)
        lastActivity = context.eventLoop.now
        isStreaming = false
        if closesAfterAnswer { linger(context: context) }
        // An answer's end is taken by the socket only after everything before it, so it tells progress too.
        writeWatched(data, promise: promise, context: context)
        guard requestsUnderWay == 0 else { return }
        if isClosing {
            endOutput(context: context)
        } else {
            whenAllAnswered?()
        }
    }

    /// Writes `data`, counting it unfinished until the socket has taken it: what `check` tells a stalled client by.
    private func writeWatched(_ data: NIOAny, promise: EventLoopPromise<Void>?, context: ChannelHandlerContext) {
        let now = context.eventLoop.now
        if unfinishedWrites == 0 { lastWriteProgress = now }
        let bytes = Self.byteCount(of: unwrapOutboundIn(data))
        unfinishedWrites += 1
        unfinishedBytes += bytes
        let written = promise ?? context.eventLoop.makePromise()
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let loop = context.eventLoop
        written.futureResult.whenComplete { _ in
            handler.value.unfinishedWrites -= 1
            handler.value.unfinishedBytes -= bytes
            handler.value.lastWriteProgress = loop.now
            handler.value.mayKernelHoldAnswers = true
        }
        context.write(data, promise: written)
    }

    private static func byteCount(of part: HTTPServerResponsePart) -> Int {
        guard case .body(.byteBuffer(let buffer)) = part else { return 0 }
        return buffer.readableBytes
    }

    /// Stops passing input on, but reads and drops it for `lingerTime`, then closes once the client has the answer.
    private func linger(context: ChannelHandlerContext) {
        stopReading()
        isLingering = true
        let loopContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: timings.lingerTime) {
            handler.value.isLingering = false
            handler.value.check(context: loopContext.value)
        }
    }

    /// A request was read and answered in front of this handler.
    package func noteAnswerGivenBeforeIt() {
        let now = eventLoop?.now ?? .now()
        lastActivity = now
        if unfinishedWrites == 0 { lastWriteProgress = now }
        mayKernelHoldAnswers = true
    }

    private func check(context: ChannelHandlerContext) {
        let now = context.eventLoop.now
        if isReadingRequest, let requestDeadline, now >= requestDeadline || now - lastRead >= timings.silenceLimit {
            self.requestDeadline = nil
            if hasAnswerStarted {
                context.close(promise: nil)
            } else {
                // The 408 answers the request being read: the router's reading of its body fails rather than ending
                // short, and what it answers is dropped.
                requestsUnderWay = max(0, requestsUnderWay - 1)
                refuse(context: context, status: .requestTimeout, version: .http1_1)
                context.fireErrorCaught(HTTPParserError.invalidEOFState)
            }
        } else if !isReadingRequest, let since = partialHeadSince,
            now - since >= timings.baseDeadline || now - lastRead >= timings.silenceLimit
        {
            // Its head never came whole: the 408 follows the answers to the requests before it.
            partialHeadSince = nil
            refuse(context: context, status: .requestTimeout, version: .http1_1)
        } else if unfinishedWrites > 0 {
            if now - lastWriteProgress >= timings.stalledWriteLimit
                || (isStreaming && unfinishedBytes > Self.streamUnsentLimit)
            {
                reset(context: context)
            } else if isPaceWatched {
                let loopContext = NIOLoopBound(context, eventLoop: context.eventLoop)
                let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
                socket.sendQueue(context.channel).whenComplete { result in
                    guard let queue = (try? result.get()) ?? nil else { return }
                    if handler.value.isTakenTooSlowly(queue, now: now) {
                        handler.value.reset(context: loopContext.value)
                    }
                }
            } else {
                paceMark = nil
            }
        } else if mayKernelHoldAnswers {
            let loopContext = NIOLoopBound(context, eventLoop: context.eventLoop)
            let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
            socket.sendQueue(context.channel).whenComplete { result in
                handler.value.checkSendQueue((try? result.get()) ?? nil, now: now, context: loopContext.value)
            }
        } else {
            closeIfDone(now: now, context: context)
        }
    }

    private func checkSendQueue(_ queue: ConnectionSocket.SendQueue?, now: NIODeadline, context: ChannelHandlerContext)
    {
        guard let queue, queue.isHoldingBytes else {
            // Taken whole, or nothing to tell by.
            mayKernelHoldAnswers = false
            paceMark = nil
            return closeIfDone(now: now, context: context)
        }
        if isTakenTooSlowly(queue, now: now) {
            reset(context: context)
        } else if isStreaming, queue.unsentBytes > Self.streamUnsentLimit {
            // A stream read a little now and then would otherwise keep the kernel's whole send buffer for ever.
            reset(context: context)
        } else if queue.acknowledged != acknowledged {
            acknowledged = queue.acknowledged
            lastAcknowledgement = now
            lastWriteProgress = now
        } else if now - lastAcknowledgement >= timings.stalledWriteLimit {
            // Measured by what the client acknowledged, not by what the kernel took: an answer that goes on (the staff
            // board's events) keeps handing the kernel a few bytes, which would otherwise count as progress forever.
            reset(context: context)
        }
    }

    /// Whether the pace at which the client takes its answers is watched: while the connections are nearly all taken,
    /// when idle ones close sooner too. An event stream keeps its own limits: its parts are a few bytes each, and only
    /// staff get one.
    private var isPaceWatched: Bool {
        !isStreaming && connections?.isNearlyFull == true
    }

    /// A client that took less than `RequestGuardTimings.chunkBytes` of its answers from one look to the next (16 KB in
    /// 5 s), while the pace is watched. Otherwise clients that read a few bytes now and then (a slow-read attack) could
    /// hold every connection, since each keeps making progress.
    private func isTakenTooSlowly(_ queue: ConnectionSocket.SendQueue, now: NIODeadline) -> Bool {
        guard isPaceWatched, queue.isHoldingBytes else {
            paceMark = nil
            return false
        }
        guard let mark = paceMark, now - mark.at >= timings.checkEvery else {
            if paceMark == nil { paceMark = (queue.acknowledged, now) }
            return false
        }
        paceMark = (queue.acknowledged, now)
        return queue.acknowledged &- mark.acknowledged < UInt64(RequestGuardTimings.chunkBytes)
    }

    /// Closes a connection whose output has ended, or that has been idle too long, once its client has every answer.
    private func closeIfDone(now: NIODeadline, context: ChannelHandlerContext) {
        let idleLimit = connections?.isNearlyFull == true ? timings.checkEvery : timings.idleTimeout
        if (hasEndedOutput && !isLingering)
            || (requestsUnderWay == 0 && partialHeadSince == nil && now - lastActivity >= idleLimit)
        {
            context.close(promise: nil)
        }
    }

    /// Closes abortively: what the kernel still holds for a client that does not read goes with the socket.
    private func reset(context: ChannelHandlerContext) {
        socket.reset(context.channel)
    }

    package func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if isClosing {
            // What the decoder makes of the input after the one it could not read answers nothing.
            if error is HTTPParserError || error is ByteToMessageDecoderError { return }
            return context.fireErrorCaught(error)
        }
        guard error is HTTPParserError else { return context.fireErrorCaught(error) }
        if !isReadingRequest {
            // Between requests nobody else will answer a parse error with a page.
            refuse(context: context, status: .badRequest, version: .http1_1)
        } else if requestsUnderWay > 0 {
            // Inside a request not yet answered: the router's reading of its body fails, and it answers with a 400.
            stopReading()
            context.fireErrorCaught(error)
        } else {
            // Inside a request already answered, whose end will never come.
            stopReading()
            endOutput(context: context)
        }
    }

    package func channelInactive(context: ChannelHandlerContext) {
        watch?.cancel()
        context.fireChannelInactive()
    }

    private func stopReading() {
        isClosing = true
        isReadingRequest = false
        requestDeadline = nil
    }

    /// Answers with `status` once the requests read before are answered, and closes the connection after it.
    private func refuse(
        context: ChannelHandlerContext, status: HTTPResponseStatus, version: HTTPVersion, extra: [(String, String)] = []
    ) {
        stopReading()
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
        refusal = (HTTPResponseHead(version: answerVersion, status: status, headers: headers), body)
        if requestsUnderWay == 0 { endOutput(context: context) }
    }

    /// Writes the refusal, if any, then ends the output after everything written; `check` closes the socket once the
    /// client has taken it all.
    private func endOutput(context: ChannelHandlerContext) {
        guard !hasEndedOutput else { return }
        hasEndedOutput = true
        if let refusal {
            context.write(wrapOutboundOut(.head(refusal.head)), promise: nil)
            let body = context.channel.allocator.buffer(string: refusal.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
            context.write(wrapOutboundOut(.end(nil)), promise: nil)
        }
        context.flush()
        let now = context.eventLoop.now
        if unfinishedWrites == 0 { lastWriteProgress = now }
        mayKernelHoldAnswers = true
        let channel = context.channel
        context.close(mode: .output).whenFailure { _ in channel.close(promise: nil) }
    }
}

/// What `HTTP1RequestGuard` asks of the socket under a connection; tests stand in for the kernel.
package struct ConnectionSocket: Sendable {
    package struct SendQueue: Equatable, Sendable {
        /// The kernel still holds bytes the client has not acknowledged, sent or not.
        package var isHoldingBytes: Bool
        /// Every byte the client has acknowledged on this connection: it grows while the client reads.
        package var acknowledged: UInt64
        /// Bytes the kernel holds that it has not sent yet, for want of room in the client's window.
        package var unsentBytes: Int

        package init(isHoldingBytes: Bool, acknowledged: UInt64, unsentBytes: Int = 0) {
            self.isHoldingBytes = isHoldingBytes
            self.acknowledged = acknowledged
            self.unsentBytes = unsentBytes
        }
    }

    /// The socket's send queue; nil where the kernel does not tell.
    package var sendQueue: @Sendable (any Channel) -> EventLoopFuture<SendQueue?>
    /// Closes abortively (`SO_LINGER` 0): the kernel drops what it holds for the client and sends a reset.
    package var reset: @Sendable (any Channel) -> Void

    package init(
        sendQueue: @escaping @Sendable (any Channel) -> EventLoopFuture<SendQueue?>,
        reset: @escaping @Sendable (any Channel) -> Void
    ) {
        self.sendQueue = sendQueue
        self.reset = reset
    }

    package static let kernel = ConnectionSocket(
        sendQueue: { channel in
            #if os(Linux)
                guard let socket = channel as? any SocketOptionProvider else {
                    return channel.eventLoop.makeSucceededFuture(nil)
                }
                return socket.tcpSendQueue()
            #else
                return channel.eventLoop.makeSucceededFuture(nil)
            #endif
        },
        reset: { channel in
            guard let socket = channel as? any SocketOptionProvider else { return channel.close(promise: nil) }
            socket.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
        })
}

#if os(Linux)
    extension SocketOptionProvider {
        /// From `TCP_INFO`: Linux's `struct tcp_info` (linux/tcp.h) as far as `tcpi_notsent_bytes`, which Glibc's
        /// declaration stops short of. A kernel older than 4.6 fills less of it and leaves the rest zero.
        fileprivate func tcpSendQueue() -> EventLoopFuture<ConnectionSocket.SendQueue?> {
            let info: EventLoopFuture<InlineArray<37, UInt32>> = unsafeGetSocketOption(
                level: SocketOptionLevel(IPPROTO_TCP), name: SocketOptionName(TCP_INFO))
            return info.map { words in
                withUnsafeBytes(of: words) { bytes in
                    let unackedSegments = bytes.loadUnaligned(fromByteOffset: 24, as: UInt32.self)  // tcpi_unacked
                    let acknowledged = bytes.loadUnaligned(fromByteOffset: 120, as: UInt64.self)  // tcpi_bytes_acked
                    let notSent = bytes.loadUnaligned(fromByteOffset: 144, as: UInt32.self)  // tcpi_notsent_bytes
                    return ConnectionSocket.SendQueue(
                        isHoldingBytes: unackedSegments > 0 || notSent > 0, acknowledged: acknowledged,
                        unsentBytes: Int(notSent))
                }
            }
        }
    }
#endif

/// Hummingbird adds extra handlers after its conversion to HTTP types; this one moves the guard in front of it.
package final class HTTP1RequestGuardInstaller: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = NIOAny

    private let timings: RequestGuardTimings
    private let connections: ConnectionLimit?

    package init(timings: RequestGuardTimings = .standard, connections: ConnectionLimit? = nil) {
        self.timings = timings
        self.connections = connections
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        if let codec = try? pipeline.handler(type: HTTP1ToHTTPServerCodec.self) {
            let requestGuard = HTTP1RequestGuard(timings: timings, connections: connections)
            try? pipeline.addHandler(requestGuard, position: .before(codec))
            try? pipeline.addHandler(HTTP1ByteWatch(requestGuard: requestGuard), position: .first)
        }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
