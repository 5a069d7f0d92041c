import HummingbirdCore
import NIOCore
import NIOEmbedded
import NIOHTTP1
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import RecipeCartWire
import Testing

@testable import RecipeCart

/// `HTTP1RequestGuard` behind NIO's HTTP/1 decoder and encoder as the server sets them up, with the test as the
/// router: it reads the requests the guard passes on and writes their answers. With `wire`, an
/// `EarlyAnswerByteHandler` answers `GET /a…` in front of the decoder, as it does without `--metrics-port`.
@Suite struct HTTP1RequestGuardTests {
    /// Stands in for the kernel's send queue: `moves` acknowledges `pace` more bytes at each look, `holds` says
    /// whether anything is left for the client.
    final class FakeSocket: @unchecked Sendable {
        var holds = false
        var moves = false
        var pace: UInt64 = 100
        var acknowledged: UInt64 = 0
        var unsent = 0
        var looks = 0
        var resets = 0

        var socket: ConnectionSocket {
            ConnectionSocket(
                sendQueue: { channel in
                    self.looks += 1
                    if self.moves { self.acknowledged += self.pace }
                    return channel.eventLoop.makeSucceededFuture(
                        .init(isHoldingBytes: self.holds, acknowledged: self.acknowledged, unsentBytes: self.unsent))
                },
                reset: { channel in
                    self.resets += 1
                    channel.close(promise: nil)
                })
        }
    }

    /// The errors that reach the router.
    final class ErrorsPassed: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        var errors: [any Error] = []

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            errors.append(error)
        }
    }

    /// A socket's output close: `EmbeddedChannel` would close whole, where a socket sends its FIN after what was
    /// written and stays open.
    final class OutputEnds: ChannelOutboundHandler {
        typealias OutboundIn = ByteBuffer
        var hasEnded = false

        func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
            guard mode == .output else { return context.close(mode: mode, promise: promise) }
            hasEnded = true
            promise?.succeed()
        }
    }

    struct Connection {
        let channel: EmbeddedChannel
        let loop: EmbeddedEventLoop
        let errors: ErrorsPassed
        let socket: FakeSocket
        let output: OutputEnds

        init(wire: Bool = false, timings: RequestGuardTimings = .standard, connections: ConnectionLimit? = nil) throws {
            loop = EmbeddedEventLoop()
            channel = EmbeddedChannel(loop: loop)
            errors = ErrorsPassed()
            socket = FakeSocket()
            output = OutputEnds()
            let pipeline = channel.pipeline.syncOperations
            // As Hummingbird's `HTTP1Channel` configures it.
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false)
            let requestGuard = HTTP1RequestGuard(socket: socket.socket, timings: timings, connections: connections)
            try pipeline.addHandler(requestGuard)
            try pipeline.addHandler(errors)
            try pipeline.addHandler(HTTP1ByteWatch(requestGuard: requestGuard), position: .first)
            if wire {
                try pipeline.addHandler(
                    EarlyAnswerByteHandler(
                        answers: [EarlyAnswerByteHandlerTests.LetterAnswers()], requestGuard: requestGuard),
                    position: .first)
            }
            try pipeline.addHandler(output, position: .first)
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        }

        func send(_ text: String) throws {
            try channel.writeInbound(ByteBuffer(string: text))
        }

        /// What the guard passed on to the router, one line a part: `head GET /b`, `body x`, `end`.
        func passedOn() throws -> [String] {
            var parts: [String] = []
            while let part = try channel.readInbound(as: HTTPServerRequestPart.self) {
                switch part {
                case .head(let head): parts.append("head \(head.method) \(head.uri)")
                case .body(let body): parts.append("body \(String(buffer: body))")
                case .end: parts.append("end")
                }
            }
            return parts
        }

        /// The router's answer: `status`, with `body` and its length.
        func answer(_ status: HTTPResponseStatus, _ body: String = "") throws {
            let head = HTTPResponseHead(
                version: .http1_1, status: status, headers: ["Content-Length": String(body.utf8.count)])
            try channel.writeOutbound(HTTPServerResponsePart.head(head))
            if !body.isEmpty {
                try channel.writeOutbound(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: body))))
            }
            try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        }

        /// The head of an answer that is sent in chunks, an event stream's when `contentType` says so.
        func startChunkedAnswer(contentType: String? = nil) throws {
            var headers: HTTPHeaders = ["Transfer-Encoding": "chunked"]
            if let contentType { headers.add(name: "Content-Type", value: contentType) }
            try channel.writeOutbound(
                HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers)))
        }

        /// One part of a chunked answer, as the staff board's stream sends every few seconds.
        func beat() throws {
            try channel.writeOutbound(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: "event: beat\n\n"))))
        }

        /// An answer the guard drops, which fails its writes.
        func answerDropped(_ status: HTTPResponseStatus, _ body: String) {
            let head = HTTPResponseHead(
                version: .http1_1, status: status, headers: ["Content-Length": String(body.utf8.count)])
            channel.write(HTTPServerResponsePart.head(head), promise: nil)
            channel.write(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: body))), promise: nil)
            channel.writeAndFlush(HTTPServerResponsePart.end(nil), promise: nil)
        }

        /// After the guard ends the output, the socket stays until the client has taken everything, then closes
        /// gracefully.
        func expectClosesOnceTaken(sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(output.hasEnded, sourceLocation: sourceLocation)
            #expect(channel.isActive, sourceLocation: sourceLocation)
            loop.advanceTime(by: RequestGuardTimings.standard.checkEvery)
            #expect(!channel.isActive, sourceLocation: sourceLocation)
            #expect(socket.resets == 0, sourceLocation: sourceLocation)
        }

        /// Hummingbird's own answer to an `HTTPParserError` its request stream throws.
        func answerParseErrorAsHummingbirdDoes() {
            let head = HTTPResponseHead(
                version: .http1_1, status: .badRequest, headers: ["Connection": "close", "Content-Length": "0"])
            channel.write(HTTPServerResponsePart.head(head), promise: nil)
            channel.writeAndFlush(HTTPServerResponsePart.end(nil), promise: nil)
        }

        func written() throws -> String {
            var wire = ""
            while let bytes = try channel.readOutbound(as: ByteBuffer.self) { wire += String(buffer: bytes) }
            return wire
        }
    }

    static let eventStream = "text/event-stream; charset=utf-8"

    /// A cap of four connections with `open` of them taken, as the listener counts them: three is nearly full.
    static func connections(open: Int) -> (ConnectionLimit, some AvailableConnectionsDelegate) {
        let connections = ConnectionLimit(maximum: 4)
        var listener = connections.delegate
        for _ in 0..<open { listener.connectionOpened() }
        return (connections, listener)
    }

    static func get(_ path: String, _ extra: String = "") -> String {
        "GET \(path) HTTP/1.1\r\nHost: shop\r\n\(extra)\r\n"
    }

    static func ok(_ body: String) -> String {
        "HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    /// The guard's own answer, byte for byte.
    static func refusal(
        _ status: HTTPResponseStatus, allow: Bool = false, framed: Bool = true
    ) -> String {
        let body = "\(status.code) \(status.reasonPhrase)\n"
        var head = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n"
        if allow { head += "Allow: GET, HEAD\r\n" }
        head += "Content-Type: text/plain; charset=utf-8\r\n"
        if framed { head += "Content-Length: \(body.utf8.count)\r\n" }
        head += "Connection: close\r\n"
        for field in SecurityHeaders.fields { head += "\(field.name.rawName): \(field.value)\r\n" }
        return head + "\r\n" + (framed ? body : "")
    }

    // MARK: A refusal comes after the answers to the requests before it

    @Test(arguments: [false, true])
    func unreadableInputAfterAPostIsRefusedOnceThePostIsAnswered(wire: Bool) throws {
        let connection = try Connection(wire: wire)
        try connection.send("POST /cart/items/b HTTP/1.1\r\nHost: shop\r\nContent-Length: 6\r\n\r\nop=incXYZ\r\n\r\n")
        #expect(try connection.passedOn() == ["head POST /cart/items/b", "body op=inc", "end"])
        // The router has the post and has not answered: nothing is written, and the connection stays.
        #expect(try connection.written() == "")
        #expect(!connection.output.hasEnded)
        #expect(connection.errors.errors.isEmpty)
        try connection.answer(.seeOther)
        #expect(
            try connection.written()
                == "HTTP/1.1 303 See Other\r\nContent-Length: 0\r\n\r\n" + Self.refusal(.badRequest))
        // The parser's error is kept from the router, so Hummingbird writes no 400 of its own.
        #expect(connection.errors.errors.isEmpty)
        connection.expectClosesOnceTaken()
    }

    @Test func aLowercaseGetAfterTheHealthCheckIsRefusedAfterItsAnswer() throws {
        let connection = try Connection()
        try connection.send(Self.get("/healthz") + "get / HTTP/1.1\r\nHost: shop\r\n\r\n" + Self.get("/c"))
        #expect(try connection.passedOn() == ["head GET /healthz", "end"])
        #expect(try connection.written() == "")
        try connection.answer(.ok, "{\"status\":\"ok\"}")
        #expect(try connection.written() == Self.ok("{\"status\":\"ok\"}") + Self.refusal(.badRequest))
        #expect(try connection.passedOn() == [])
        connection.expectClosesOnceTaken()
    }

    @Test func onTheWireAnswersBeforeTheDecoderAndTheRoutersComeBeforeTheRefusal() throws {
        let connection = try Connection(wire: true)
        try connection.send(
            Self.get("/a1") + Self.get("/b") + Self.get("/a2") + "get /a3 HTTP/1.1\r\nHost: shop\r\n\r\n"
                + Self.get("/a4"))
        #expect(try connection.passedOn() == ["head GET /b", "end"])
        let first = try connection.written()
        #expect(first.hasPrefix("HTTP/1.1 200 OK\r\n") && first.hasSuffix("\r\n\r\nA"))
        #expect(first.components(separatedBy: "HTTP/1.1 ").count == 2)
        try connection.answer(.ok, "B")
        // The router's B, then the wire's A for /a2, then the refusal of the lowercase `get`; /a4 is never answered.
        let rest = try connection.written()
        #expect(rest.hasPrefix(Self.ok("B") + "HTTP/1.1 200 OK\r\n"))
        #expect(rest.hasSuffix("\r\n\r\nA" + Self.refusal(.badRequest)))
        #expect(rest.components(separatedBy: "HTTP/1.1 ").count == 4)
        #expect(try connection.passedOn() == [])
        connection.expectClosesOnceTaken()
    }

    @Test(arguments: [false, true])
    func aSecondHostIsRefusedAfterTheAnswersBeforeItAndNothingAfterItIsRead(wire: Bool) throws {
        let connection = try Connection(wire: wire)
        try connection.send(
            "POST /b HTTP/1.1\r\nHost: shop\r\nContent-Length: 1\r\n\r\nx" + Self.get("/c")
                + "GET /d HTTP/1.1\r\nHost: shop\r\nHost: evil.example\r\n\r\n" + Self.get("/e"))
        #expect(try connection.passedOn() == ["head POST /b", "body x", "end", "head GET /c", "end"])
        try connection.answer(.ok, "B")
        #expect(try connection.written() == Self.ok("B"))
        #expect(!connection.output.hasEnded)
        try connection.answer(.ok, "C")
        #expect(try connection.written() == Self.ok("C") + Self.refusal(.badRequest))
        #expect(try connection.passedOn() == [])
        connection.expectClosesOnceTaken()
    }

    @Test func connectIsRefusedAfterTheAnswersBeforeIt() throws {
        let connection = try Connection()
        try connection.send(Self.get("/b") + "CONNECT shop:443 HTTP/1.1\r\nHost: shop:443\r\n\r\n")
        #expect(try connection.passedOn() == ["head GET /b", "end"])
        #expect(try connection.written() == "")
        try connection.answer(.ok, "B")
        // NIO's encoder frames an answer to CONNECT as if a tunnel followed: no length and no body; the end of the
        // output ends it.
        #expect(
            try connection.written()
                == Self.ok("B") + Self.refusal(.methodNotAllowed, allow: true, framed: false))
        connection.expectClosesOnceTaken()
    }

    @Test func aRefusalWithNothingUnderWayIsWrittenAtOnce() throws {
        let connection = try Connection()
        try connection.send("XYZ\r\n\r\n")
        #expect(try connection.written() == Self.refusal(.badRequest))
        connection.expectClosesOnceTaken()
    }

    // MARK: A request gets one answer

    @Test(arguments: [false, true])
    func aBrokenChunkSizeFailsTheBodyAndTheAppsPageIsTheOnlyAnswer(wire: Bool) throws {
        let connection = try Connection(wire: wire)
        try connection.send(
            "POST /cart/items/b HTTP/1.1\r\nHost: shop\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nop=inc\r\n0\r\n\r\n")
        #expect(try connection.passedOn() == ["head POST /cart/items/b"])
        // The router's reading of the body fails with the parser's error…
        #expect(connection.errors.errors.count == 1)
        #expect(connection.errors.errors.first is HTTPParserError)
        #expect(try connection.written() == "")
        // …so the app answers with its 400 page; Hummingbird's own 400 after it answers nothing and is dropped.
        try connection.answer(.badRequest, "page")
        connection.answerParseErrorAsHummingbirdDoes()
        #expect(try connection.written() == "HTTP/1.1 400 Bad Request\r\nContent-Length: 4\r\n\r\npage")
        connection.expectClosesOnceTaken()
    }

    @Test func aBrokenChunkAfterTheAnswerIsNotAnsweredAgain() throws {
        let connection = try Connection()
        try connection.send("POST /cart/items/b HTTP/1.1\r\nHost: shop\r\nTransfer-Encoding: chunked\r\n\r\n")
        #expect(try connection.passedOn() == ["head POST /cart/items/b"])
        // Answered before its body is read, as the origin check does: the rest of the body is not worth reading, so
        // the answer says the connection closes.
        try connection.answer(.forbidden, "page")
        try connection.send("zz\r\n")
        #expect(connection.errors.errors.isEmpty)
        connection.answerParseErrorAsHummingbirdDoes()
        #expect(
            try connection.written()
                == "HTTP/1.1 403 Forbidden\r\nContent-Length: 4\r\nConnection: close\r\n\r\npage")
        connection.expectClosesOnceTaken()
    }

    @Test func aBodyRefusedBeforeItArrivesClosesTheConnectionWithoutReadingOn() throws {
        let connection = try Connection()
        try connection.send("POST /cart/items/b HTTP/1.1\r\nHost: shop\r\nContent-Length: 900000\r\n\r\nop=")
        #expect(try connection.passedOn() == ["head POST /cart/items/b", "body op="])
        try connection.answer(.payloadTooLarge, "page")
        #expect(
            try connection.written()
                == "HTTP/1.1 413 Payload Too Large\r\nContent-Length: 4\r\nConnection: close\r\n\r\npage")
        // What more of the body comes is thrown away for the linger time, so a client that sends its body whole before
        // it reads gets the answer; then the connection closes once the answer is taken.
        #expect(connection.output.hasEnded)
        connection.loop.advanceTime(by: RequestGuardTimings.standard.lingerTime - .milliseconds(100))
        try connection.send(String(repeating: "x", count: 1000))
        #expect(try connection.passedOn() == [])
        #expect(connection.channel.isActive)
        connection.loop.advanceTime(by: .milliseconds(100))
        #expect(!connection.channel.isActive)
        #expect(connection.socket.resets == 0)
    }

    @Test func aRequestWithoutABodyAnsweredAsItsHeadArrivesKeepsItsConnection() throws {
        let connection = try Connection()
        try connection.send(Self.get("/b") + Self.get("/c"))
        #expect(try connection.passedOn() == ["head GET /b", "end", "head GET /c", "end"])
        try connection.answer(.ok, "B")
        try connection.answer(.ok, "C")
        #expect(try connection.written() == Self.ok("B") + Self.ok("C"))
        #expect(!connection.output.hasEnded)
    }

    // MARK: Deadlines and slow readers, on the embedded loop's clock

    @Test func aHeadLeftHalfSentGets408AtTheSilenceLimit() throws {
        let connection = try Connection()
        try connection.send("GET /b HTTP/1.1\r\nHo")
        #expect(try connection.passedOn() == [])
        connection.loop.advanceTime(by: RequestGuardTimings.standard.silenceLimit - .seconds(1))
        #expect(try connection.written() == "")
        connection.loop.advanceTime(by: RequestGuardTimings.standard.checkEvery)
        #expect(try connection.written() == Self.refusal(.requestTimeout))
        connection.expectClosesOnceTaken()
    }

    @Test func aHeadSentAByteAtATimeGets408AtTheRequestDeadline() throws {
        let connection = try Connection()
        let timings = RequestGuardTimings.standard
        let head = Array("GET /b HTTP/1.1\r\nHost: shop\r\nX-Slow: " + String(repeating: "y", count: 100))
        var elapsed = TimeAmount.zero
        var sent = 0
        while elapsed < timings.baseDeadline - .seconds(1) {
            try connection.send(String(head[sent]))
            sent += 1
            connection.loop.advanceTime(by: .seconds(1))
            elapsed = elapsed + .seconds(1)
        }
        #expect(try connection.written() == "", "the deadline is counted from the first byte of the head")
        try connection.send(String(head[sent]))
        connection.loop.advanceTime(by: timings.checkEvery + .seconds(1))
        #expect(try connection.written() == Self.refusal(.requestTimeout))
        #expect(try connection.passedOn() == [])
    }

    @Test func idleConnectionsCloseSoonerOnceTheConnectionCapIsNearlyReached() throws {
        let (connections, opened) = Self.connections(open: 2)
        var listener = opened
        let connection = try Connection(connections: connections)
        try connection.send(Self.get("/b"))
        try connection.answer(.ok, "B")
        connection.loop.advanceTime(by: RequestGuardTimings.standard.checkEvery * 2)
        #expect(connection.channel.isActive, "at half the cap, idle connections keep the idle timeout")
        listener.connectionOpened()
        #expect(connections.isNearlyFull)
        #expect(listener.isAcceptingNewConnections())
        connection.loop.advanceTime(by: RequestGuardTimings.standard.checkEvery)
        #expect(!connection.channel.isActive)
        listener.connectionOpened()
        #expect(!listener.isAcceptingNewConnections(), "at the cap the listener accepts no more")
        listener.connectionClosed()
        #expect(listener.isAcceptingNewConnections())
    }

    /// Clients reading a few bytes now and then (slowhttptest's slow read) would hold every connection while each
    /// makes progress: once the cap is nearly reached, a client taking less than 16 KB of its answer from one look to
    /// the next is reset, and one taking it faster, or any client while there is room, is not.
    @Test(arguments: [false, true])
    func aSlowTakerIsResetOnlyOnceTheConnectionCapIsNearlyReached(wire: Bool) throws {
        for (nearlyFull, pace) in [(true, UInt64(100)), (true, UInt64(20_000)), (false, UInt64(100))] {
            let (connections, _) = Self.connections(open: nearlyFull ? 3 : 2)
            let connection = try Connection(wire: wire, connections: connections)
            connection.socket.holds = true
            connection.socket.moves = true
            connection.socket.pace = pace
            try connection.send(Self.get(wire ? "/a1" : "/b"))
            if !wire { try connection.answer(.ok, "B") }
            connection.loop.advanceTime(by: RequestGuardTimings.standard.checkEvery)
            #expect(connection.socket.resets == 0, "the first look only marks where the client is")
            connection.loop.advanceTime(by: RequestGuardTimings.standard.checkEvery * 3)
            let isReset = nearlyFull && pace < UInt64(RequestGuardTimings.chunkBytes)
            #expect(connection.socket.resets == (isReset ? 1 : 0), "nearly full: \(nearlyFull), pace: \(pace)")
            #expect(connection.channel.isActive == !isReset)
        }
    }

    @Test func anEventStreamTakenSlowlyIsNotResetForItsPaceWhenTheCapIsNearlyReached() throws {
        let (connections, _) = Self.connections(open: 3)
        let connection = try Connection(connections: connections)
        try connection.send(Self.get("/b"))
        try connection.startChunkedAnswer(contentType: Self.eventStream)
        connection.socket.holds = true
        connection.socket.moves = true
        for _ in 0..<6 {
            try connection.beat()
            connection.loop.advanceTime(by: RequestGuardTimings.standard.checkEvery)
        }
        #expect(connection.socket.resets == 0)
        #expect(connection.channel.isActive)
    }

    @Test func anEventStreamWithTooMuchUnsentIsResetAndAnotherAnswerIsNot() throws {
        for isStream in [true, false] {
            let connection = try Connection()
            try connection.send(Self.get("/b"))
            try connection.startChunkedAnswer(contentType: isStream ? Self.eventStream : "text/html")
            try connection.beat()
            // The client reads a little at each look, which the stall limit counts as progress.
            connection.socket.holds = true
            connection.socket.moves = true
            connection.socket.unsent = HTTP1RequestGuard.streamUnsentLimit
            connection.loop.advanceTime(by: RequestGuardTimings.standard.checkEvery)
            #expect(connection.socket.resets == 0)
            connection.socket.unsent = HTTP1RequestGuard.streamUnsentLimit + 1
            connection.loop.advanceTime(by: RequestGuardTimings.standard.checkEvery)
            #expect(connection.socket.resets == (isStream ? 1 : 0))
        }
    }

    @Test func theDefaultConnectionCapLeavesRoomForEverythingElse() {
        #expect(ConnectionLimit.standard(openFiles: 300) == 177)
        #expect(ConnectionLimit.standard(openFiles: 1024) == 720)
        #expect(ConnectionLimit.standard(openFiles: 1_048_576) == 16_384)
        #expect(ConnectionLimit.standard(openFiles: 20) == 16)
    }

    @Test func aSilentRequestGets408AfterTheAnswerBeforeItAndTheRoutersAnswerToItIsDropped() throws {
        let connection = try Connection()
        try connection.send(
            Self.get("/b") + "POST /cart/items/c HTTP/1.1\r\nHost: shop\r\nContent-Length: 10\r\n\r\nop=")
        #expect(try connection.passedOn() == ["head GET /b", "end", "head POST /cart/items/c", "body op="])
        connection.loop.advanceTime(by: RequestGuardTimings.standard.silenceLimit - .seconds(1))
        #expect(connection.errors.errors.isEmpty)
        connection.loop.advanceTime(by: RequestGuardTimings.standard.checkEvery)
        // The post's body fails rather than ending short…
        #expect(connection.errors.errors.count == 1)
        #expect(connection.errors.errors.first is HTTPParserError)
        // …and the 408 waits for the answer to the request before it.
        #expect(try connection.written() == "")
        try connection.answer(.ok, "B")
        connection.answerDropped(.badRequest, "page")
        #expect(try connection.written() == Self.ok("B") + Self.refusal(.requestTimeout))
        connection.expectClosesOnceTaken()
    }

    @Test(arguments: [false, true])
    func aClientThatTakesNoneOfItsAnswersIsReset(wire: Bool) throws {
        let connection = try Connection(wire: wire)
        connection.socket.holds = true
        try connection.send(Self.get(wire ? "/a1" : "/b"))
        if !wire { try connection.answer(.ok, "B") }
        #expect(try !connection.written().isEmpty)
        // Past the idle timeout nothing is closed gracefully while the kernel holds answers for the client; the first
        // look at its send queue (after 5 s) starts the stalled-write limit.
        connection.loop.advanceTime(by: RequestGuardTimings.standard.stalledWriteLimit + .seconds(4))
        #expect(connection.channel.isActive)
        #expect(connection.socket.resets == 0)
        connection.loop.advanceTime(by: RequestGuardTimings.standard.checkEvery)
        #expect(connection.socket.resets == 1)
        #expect(!connection.channel.isActive)
    }

    @Test func aClientStillTakingItsAnswersIsNotResetAndClosesGracefullyOnceItHasThem() throws {
        let connection = try Connection(wire: true)
        connection.socket.holds = true
        connection.socket.moves = true
        try connection.send(Self.get("/a1") + Self.get("/a2"))
        connection.loop.advanceTime(
            by: RequestGuardTimings.standard.idleTimeout + RequestGuardTimings.standard.stalledWriteLimit * 2)
        #expect(connection.channel.isActive)
        #expect(connection.socket.resets == 0)
        connection.socket.holds = false
        connection.loop.advanceTime(by: RequestGuardTimings.standard.checkEvery)
        #expect(!connection.channel.isActive)
        #expect(connection.socket.resets == 0)
    }

    @Test func anIdleConnectionWhoseClientHasEveryAnswerClosesGracefully() throws {
        let connection = try Connection()
        try connection.send(Self.get("/b"))
        try connection.answer(.ok, "B")
        connection.loop.advanceTime(by: RequestGuardTimings.standard.idleTimeout - .seconds(1))
        #expect(connection.channel.isActive)
        connection.loop.advanceTime(by: RequestGuardTimings.standard.checkEvery)
        #expect(!connection.channel.isActive)
        #expect(connection.socket.resets == 0)
        // The send queue was looked at once after the answer, then no more.
        #expect(connection.socket.looks == 1)
    }

    /// The test-sized timings the reliability suite starts the server with (`--connection-timeout 3s`) keep every
    /// limit in the same proportion, so those tests prove the same behaviour in seconds.
    @Test func testSizedTimingsKeepEveryLimitInProportion() throws {
        let timings = RequestGuardTimings(connectionTimeout: .seconds(3))
        #expect(timings.idleTimeout == .seconds(3) && timings.stalledWriteLimit == .seconds(3))
        #expect(timings.checkEvery == .milliseconds(500) && timings.silenceLimit == .seconds(2))
        #expect(timings.lingerTime == .milliseconds(200) && RequestGuardTimings.standard.lingerTime == .seconds(2))
        #expect(timings.deadline(announcing: 0) == .seconds(3))
        #expect(timings.deadline(announcing: 64 * 1024 + 1) == .milliseconds(3_400))
        #expect(timings.deadline(announcing: .max) == .seconds(60))
        #expect(RequestGuardTimings.standard.silenceLimit == .seconds(20))
        #expect(RequestGuardTimings.standard.deadline(announcing: 60_000) == .seconds(33))
        #expect(RequestGuardTimings.standard.deadline(announcing: -5) == .seconds(30))

        let connection = try Connection(timings: timings)
        try connection.send(Self.get("/b"))
        try connection.answer(.ok, "B")
        connection.loop.advanceTime(by: timings.idleTimeout - .milliseconds(100))
        #expect(connection.channel.isActive)
        connection.loop.advanceTime(by: timings.checkEvery)
        #expect(!connection.channel.isActive)
    }

    @Test func aClientThatStopsTakingTheAnswersBeforeARefusalIsReset() throws {
        let connection = try Connection()
        connection.socket.holds = true
        try connection.send(Self.get("/b") + "XYZ\r\n\r\n")
        try connection.answer(.ok, "B")
        #expect(try connection.written() == Self.ok("B") + Self.refusal(.badRequest))
        #expect(connection.output.hasEnded)
        connection.loop.advanceTime(by: RequestGuardTimings.standard.stalledWriteLimit + .seconds(4))
        #expect(connection.channel.isActive)
        connection.loop.advanceTime(by: RequestGuardTimings.standard.checkEvery)
        #expect(connection.socket.resets == 1)
        #expect(!connection.channel.isActive)
    }

    /// The staff board's event stream: an answer whose end never comes. A client that stops taking its parts is reset
    /// as any stalled answer's is; one that keeps taking them stays, however long the stream runs.
    @Test func anAnswerThatNeverEndsIsResetOnlyWhenItsClientStopsTakingIt() throws {
        let connection = try Connection()
        try connection.send(Self.get("/b"))
        try connection.startChunkedAnswer()
        connection.socket.holds = true
        connection.socket.moves = true
        for _ in 0..<20 {
            try connection.beat()
            connection.loop.advanceTime(by: RequestGuardTimings.standard.checkEvery)
        }
        #expect(connection.channel.isActive, "a stream read as it goes is kept past the idle and stall limits")
        #expect(connection.socket.resets == 0)

        // The client stops reading; the kernel still takes each beat's few bytes, which is not progress.
        connection.socket.moves = false
        var beats = 0
        while connection.channel.isActive && beats < 20 {
            try connection.beat()
            connection.loop.advanceTime(by: RequestGuardTimings.standard.checkEvery)
            beats += 1
        }
        // Reset once nothing was acknowledged for the stall limit, and not before.
        #expect(beats >= 6 && beats <= 8, "reset after \(beats) beats")
        #expect(connection.socket.resets == 1)
        #expect(!connection.channel.isActive)
    }
}
