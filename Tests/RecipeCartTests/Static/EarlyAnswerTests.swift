import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdTesting
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import RecipeCartWire
import Testing

@testable import RecipeCart
@testable import RecipeCartStaticFiles

/// Static files in memory are answered on the event loop (`EarlyAnswerRequestHandler`); these hold those answers to the
/// router's, byte for byte but the `Date`, and show which requests are answered where.
@Suite struct EarlyAnswerTests {
    // MARK: The same bytes as the router

    /// Every kind of request for a file: those the event loop answers and those it leaves to the router.
    static func requests(fingerprintedCSS css: String, cssTag: String) -> [(text: String, isHead: Bool)] {
        func get(_ path: String, _ headers: String = "", method: String = "GET", body: String = "") -> (String, Bool) {
            ("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)\r\n\(body)", method == "HEAD")
        }
        let gzip = "Accept-Encoding: gzip, deflate, br\r\n"
        return [
            get(css, gzip),
            get("/static/app.css"),
            get(css, gzip, method: "HEAD"),
            get("/static/app.css", "If-None-Match: \(cssTag)\r\n"),
            get("/static/app.css", "If-None-Match: \"other\", W/\(cssTag)\r\n"),
            get("/static/app.css", "If-None-Match: *\r\n", method: "HEAD"),
            get("/static/app.css", "If-Modified-Since: Fri, 01 Jan 2100 00:00:00 GMT\r\n"),
            get("/static/app.css", "If-Modified-Since: Thu, 01 Jan 1970 00:00:00 GMT\r\n"),
            get("/static/app.00000000.css", gzip),
            get("/static/app.css?v=2", gzip),
            get("/static/app%2Ecss"),
            get("/static/app.css", "Accept-Encoding: gzip;q=0\r\n"),
            get("/static/app.css", "Accept-Encoding: identity;q=0, *;q=0\r\n"),
            get("/static/app.css", "Range: bytes=0-9\r\n"),
            get("/static/missing.css", gzip),
            get("/static/../Package.swift"),
            get("/static/app.js", gzip),
            get("/static/staff.css", gzip),
            get("/images/bundled/bundled-1.svg", gzip),
            get("/images/bundled/bundled-1.svg", "", method: "HEAD"),
            get("/static/app.css", "Content-Length: 0\r\n", method: "POST"),
            get("/static/app.css", "Content-Length: 3\r\n", body: "abc"),
            get("/static/app.css", gzip),
        ]
    }

    /// What one server answers: each request alone on one kept-alive connection, then all of them in one write.
    static func answers(answersOnEventLoop: Bool) async throws -> [UInt8] {
        var environment = try TestEnvironment()
        environment.answersOnEventLoop = answersOnEventLoop
        let app = try await environment.makeApp()
        return try await app.test(.live) { client in
            let home = try await client.execute(uri: "/", method: .get)
            let css = try #require(String(buffer: home.body).firstMatch(of: /\/static\/app\.[0-9a-f]+\.css/)).output
            let first = try await client.execute(uri: "/static/app.css", method: .get)
            let requests = Self.requests(fingerprintedCSS: String(css), cssTag: try #require(first.headers[.eTag]))
            // Into the memory cache, so the event loop can answer them.
            for (text, _) in requests {
                _ = try await client.execute(uri: String(text.split(separator: " ")[1]), method: .get)
            }

            let port = try #require(client.port)
            var wire = try await RawHTTPConnection.open(port: port) { connection in
                var wire: [UInt8] = []
                for (text, isHead) in requests {
                    try await connection.send(text)
                    wire += try await connection.answer(toHead: isHead)
                }
                return wire
            }
            wire += try await RawHTTPConnection.open(port: port) { connection in
                try await connection.send(
                    requests.map(\.text).joined()
                        + "GET /static/app.css HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                return try await connection.rest()
            }
            return wire
        }
    }

    /// `Date` is the only header allowed to differ.
    static func withoutDates(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacing(/Date: [^\r]*\r\n/, with: "Date: -\r\n")
    }

    @Test func everyFileRequestGetsTheRoutersBytes() async throws {
        let router = Self.withoutDates(try await Self.answers(answersOnEventLoop: false))
        let eventLoop = Self.withoutDates(try await Self.answers(answersOnEventLoop: true))
        let statuses = router.matches(of: /HTTP\/1\.1 (\d{3})/).map { String($0.output.1) }
        // Both runs: every request answered twice, and the kinds of answer the list was made to cover.
        #expect(statuses.count == 2 * Self.requests(fingerprintedCSS: "", cssTag: "").count + 1)
        #expect(Set(statuses).isSuperset(of: ["200", "206", "304", "404", "405", "406"]))
        #expect(eventLoop == router)
    }

    // MARK: Which requests are answered where

    struct Files {
        let folder: ScratchFolder
        let answers: EarlyFileAnswers

        init() throws {
            folder = try ScratchFolder()
            try folder.write("app.css", sampleCSS())
            try folder.write("cold.css", sampleCSS())
            try folder.write("page.html", "<p>" + sampleCSS() + "</p>")
            let files = StaticFiles(
                roots: [StaticRoot(urlPrefix: "/static/", directory: folder.url, caching: .assets)],
                cacheBudget: 1 << 20)
            for name in ["app.css", "page.html"] { _ = try files.lookup(try StaticFilePath(name), in: files.roots[0]) }
            answers = EarlyFileAnswers(
                files: files,
                ending: EarlyAnswerFinisher(
                    serverName: "RecipeCart", logger: Logger(label: "EarlyAnswerTests"),
                    requestLog: RequestLog(level: .info, sink: nil, makeRequestID: { "test" })))
        }

        func channel() throws -> EmbeddedChannel {
            EmbeddedChannel(handler: EarlyAnswerRequestHandler(answers: [answers]))
        }
    }

    static func request(_ path: String, _ method: HTTPRequest.Method = .get, _ fields: HTTPFields = [:])
        -> HTTPRequestPart
    {
        .head(HTTPRequest(method: method, scheme: nil, authority: "127.0.0.1", path: path, headerFields: fields))
    }

    /// Sends a whole request without a body; true when it reached the router.
    static func send(_ head: HTTPRequestPart, into channel: EmbeddedChannel) throws -> Bool {
        try channel.writeInbound(head)
        try channel.writeInbound(HTTPRequestPart.end(nil))
        let passed = try channel.readInbound(as: HTTPRequestPart.self)
        if passed != nil { #expect(try channel.readInbound(as: HTTPRequestPart.self) == .end(nil)) }
        return passed == head
    }

    @Test func aFileInMemoryIsAnsweredWithoutTheRouter() throws {
        let files = try Files()
        let channel = try files.channel()
        #expect(try !Self.send(Self.request("/static/app.css", .get, [.acceptEncoding: "gzip"]), into: channel))
        guard case .head(let head) = try channel.readOutbound(as: HTTPResponsePart.self) else {
            Issue.record("no head")
            return
        }
        #expect(head.status == .ok)
        #expect(head.headerFields[.contentEncoding] == "gzip")
        #expect(head.headerFields[.server] == "RecipeCart")
        #expect(head.headerFields[.xContentTypeOptions] == "nosniff")
        guard case .body(let body) = try channel.readOutbound(as: HTTPResponsePart.self) else {
            Issue.record("no body")
            return
        }
        #expect(String(describing: body.readableBytes) == head.headerFields[.contentLength])
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == .end(nil))
    }

    @Test func everythingElseGoesToTheRouter() throws {
        let files = try Files()
        let channel = try files.channel()
        let routed: [HTTPRequestPart] = [
            Self.request("/static/cold.css"),
            Self.request("/static/page.html"),
            Self.request("/static/app.css", .get, [.range: "bytes=0-1"]),
            Self.request("/static/app.css", .get, [.connection: "close"]),
            Self.request("/static/app.css", .post, [.contentLength: "0"]),
            Self.request("/static/app.css", .get, [.acceptEncoding: "identity;q=0, *;q=0"]),
            Self.request("/"),
        ]
        for request in routed {
            #expect(try Self.send(request, into: channel))
            try channel.writeOutbound(HTTPResponsePart.end(nil))
            _ = try channel.readOutbound(as: HTTPResponsePart.self)
        }
    }

    @Test func aFileWaitsForTheAnswerTheRouterOwesBeforeIt() throws {
        let files = try Files()
        let channel = try files.channel()
        #expect(try Self.send(Self.request("/"), into: channel))
        #expect(try Self.send(Self.request("/static/app.css"), into: channel))
        #expect(try channel.readOutbound(as: HTTPResponsePart.self) == nil)
        for _ in 0..<2 { try channel.writeOutbound(HTTPResponsePart.end(nil)) }
        while try channel.readOutbound(as: HTTPResponsePart.self) != nil {}
        #expect(try !Self.send(Self.request("/static/app.css"), into: channel))
        guard case .head(let head) = try channel.readOutbound(as: HTTPResponsePart.self) else {
            Issue.record("no head")
            return
        }
        #expect(head.status == .ok)
    }

    @Test func aConnectionThatCannotTakeMoreLeavesItsRequestsToTheRouter() throws {
        let files = try Files()
        let channel = try files.channel()
        channel.isWritable = false
        #expect(try Self.send(Self.request("/static/app.css"), into: channel))
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        while try channel.readOutbound(as: HTTPResponsePart.self) != nil {}
        channel.isWritable = true
        #expect(try !Self.send(Self.request("/static/app.css"), into: channel))
    }

    @Test func theHandlerSitsBeforeTheRequestStream() throws {
        let files = try Files()
        let server = HTTP1ChannelWithEarlyAnswers(
            channel: HTTP1Channel(responder: { _, _, _ in }), answers: [files.answers])
        let channel = EmbeddedChannel()
        _ = try server.setup(channel: channel, logger: Logger(label: "EarlyAnswerTests")).wait()
        #expect(throws: Never.self) {
            try channel.pipeline.syncOperations.handler(type: EarlyAnswerRequestHandler.self)
        }
        // The wire's answers come before the decoder.
        let handlers = channel.pipeline.debugDescription
        let wire = try #require(handlers.range(of: "EarlyAnswerByteHandler"))
        let decoder = try #require(handlers.range(of: "ByteToMessageHandler"))
        #expect(wire.lowerBound < decoder.lowerBound)
    }
}
