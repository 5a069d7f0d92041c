import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOEmbedded
import RecipeCartWire
import Testing

@testable import RecipeCart

/// `EarlyAnswerByteHandler` answers plain requests from the bytes read, in order, and from the first request it
/// does not answer hands every byte after it on to NIO's decoder untouched.
@Suite struct EarlyAnswerByteHandlerTests {
    /// Answers a `GET` of any path under `/a` with "A".
    struct LetterAnswers: EarlyAnswerSource {
        func answer(_ request: HTTPRequest, uri: URI, date: String) -> (head: HTTPResponse, body: ByteBuffer?)? {
            guard request.method == .get, uri.path.hasPrefix("/a") else { return nil }
            return (
                HTTPResponse(status: .ok, headerFields: [.contentLength: "1", .date: date]), ByteBuffer(string: "A")
            )
        }
    }

    static func get(_ path: String) -> String {
        "GET \(path) HTTP/1.1\r\nHost: shop\r\n\r\n"
    }

    static func channel() -> EmbeddedChannel {
        EmbeddedChannel(handler: EarlyAnswerByteHandler(answers: [LetterAnswers()], requestGuard: nil))
    }

    static func written(_ channel: EmbeddedChannel) throws -> String {
        var wire = ""
        while let bytes = try channel.readOutbound(as: ByteBuffer.self) { wire += String(buffer: bytes) }
        return wire
    }

    static func passedOn(_ channel: EmbeddedChannel) throws -> String {
        var wire = ""
        while let bytes = try channel.readInbound(as: ByteBuffer.self) { wire += String(buffer: bytes) }
        return wire
    }

    @Test func pipelinedPlainRequestsAreAnsweredInOrderAndTheRestPassesOnUntouched() throws {
        let channel = Self.channel()
        let rest = Self.get("/b") + Self.get("/a3") + "GET /a4 HTTP/1.1\r\nHost: shop\r\nContent-Length: 1\r\n\r\nx"
        try channel.writeInbound(ByteBuffer(string: Self.get("/a1") + Self.get("/a2") + rest))
        let answers = try Self.written(channel)
        #expect(answers.components(separatedBy: "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nDate: ").count == 3)
        #expect(answers.hasSuffix("\r\n\r\nA"))
        #expect(try Self.passedOn(channel) == rest)
        // Once the decoder has the connection, it keeps it: answers here would overtake the router's.
        try channel.writeInbound(ByteBuffer(string: Self.get("/a5")))
        #expect(try Self.written(channel).isEmpty)
        #expect(try Self.passedOn(channel) == Self.get("/a5"))
    }

    @Test func aPlainRequestOnlyTheRouterAnswersGoesOnAloneAndAnsweringResumesOnceItIsAnswered() throws {
        let requestGuard = HTTP1RequestGuard()
        let reads = ReadEvents()
        let completes = ReadEvents()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(reads)
        try channel.pipeline.syncOperations.addHandler(
            EarlyAnswerByteHandler(answers: [LetterAnswers()], requestGuard: requestGuard))
        try channel.pipeline.syncOperations.addHandler(completes)
        try channel.writeInbound(
            ByteBuffer(string: Self.get("/a1") + Self.get("/b") + Self.get("/a2") + Self.get("/c")))
        try channel.writeInbound(ByteBuffer(string: Self.get("/a3")))
        #expect(try Self.written(channel).components(separatedBy: "HTTP/1.1 200 OK").count == 2)
        #expect(try Self.passedOn(channel) == Self.get("/b"))
        // Nothing more is read, or answered, before the router's answer is written.
        channel.read()
        #expect(reads.reads == 0)
        let completesBefore = completes.completes
        requestGuard.whenAllAnswered?()
        #expect(try Self.written(channel).components(separatedBy: "HTTP/1.1 200 OK").count == 2)
        #expect(try Self.passedOn(channel) == Self.get("/c"))
        #expect(completes.completes == completesBefore + 1)
        #expect(reads.reads == 0)
        requestGuard.whenAllAnswered?()
        #expect(try Self.written(channel).components(separatedBy: "HTTP/1.1 200 OK").count == 2)
        #expect(reads.reads == 1)
        try channel.writeInbound(ByteBuffer(string: Self.get("/a4")))
        #expect(try Self.written(channel).components(separatedBy: "HTTP/1.1 200 OK").count == 2)
    }

    @Test func aRequestNotYetWholePassesOn() throws {
        let channel = Self.channel()
        let half = "GET /a1 HTTP/1.1\r\nHo"
        try channel.writeInbound(ByteBuffer(string: half))
        #expect(try Self.written(channel).isEmpty)
        #expect(try Self.passedOn(channel) == half)
    }

    /// Counts the reads asked of the socket that pass it, and the ends of reads that pass it the other way: NIO's
    /// async channel hands a request to the router only at the end of a read.
    final class ReadEvents: ChannelDuplexHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundIn = ByteBuffer
        var reads = 0
        var completes = 0

        func read(context: ChannelHandlerContext) {
            reads += 1
            context.read()
        }

        func channelReadComplete(context: ChannelHandlerContext) {
            completes += 1
            context.fireChannelReadComplete()
        }
    }

    @Test func aConnectionThatCannotTakeMoreHoldsWhatItReadAndReadsNoMore() throws {
        let reads = ReadEvents()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(reads)
        try channel.pipeline.syncOperations.addHandler(
            EarlyAnswerByteHandler(answers: [LetterAnswers()], requestGuard: nil))
        channel.isWritable = false
        try channel.writeInbound(ByteBuffer(string: Self.get("/a1")))
        try channel.writeInbound(ByteBuffer(string: Self.get("/a2")))
        #expect(try Self.written(channel).isEmpty)
        #expect(try Self.passedOn(channel).isEmpty)
        channel.read()
        #expect(reads.reads == 0)
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        #expect(try Self.written(channel).components(separatedBy: "HTTP/1.1 200 OK").count == 3)
        #expect(try Self.passedOn(channel).isEmpty)
        #expect(reads.reads == 1)
    }

    @Test func whatIsHeldGoesOnToTheDecoderWhenItIsNotAnsweredHere() throws {
        let channel = Self.channel()
        channel.isWritable = false
        try channel.writeInbound(ByteBuffer(string: Self.get("/a1") + Self.get("/b")))
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        #expect(try Self.written(channel).components(separatedBy: "HTTP/1.1 200 OK").count == 2)
        #expect(try Self.passedOn(channel) == Self.get("/b"))
    }

    @Test func aHeadIsAnsweredWithoutItsBody() throws {
        struct HeadAnswers: EarlyAnswerSource {
            func answer(_ request: HTTPRequest, uri: URI, date: String) -> (head: HTTPResponse, body: ByteBuffer?)? {
                (HTTPResponse(status: .ok, headerFields: [.contentLength: "1"]), ByteBuffer(string: "A"))
            }
        }
        let channel = EmbeddedChannel(handler: EarlyAnswerByteHandler(answers: [HeadAnswers()], requestGuard: nil))
        try channel.writeInbound(ByteBuffer(string: "HEAD /a HTTP/1.1\r\nHost: shop\r\n\r\n"))
        #expect(try Self.written(channel) == "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n")
    }
}
