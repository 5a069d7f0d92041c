import Foundation
import Hummingbird
import HummingbirdTesting
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

/// The request guard's refusals over real HTTP on loopback, on both of the server's paths: with answers on the event
/// loop (`EarlyAnswerByteHandler` in front of the decoder) and through the router alone (as with `--metrics-port`).
@Suite struct RequestGuardOverHTTPTests {
    static func status(_ answer: [UInt8]) -> String {
        String(String(decoding: answer.prefix(12), as: UTF8.self).dropFirst(9))
    }

    /// A shopper with one bundled-1 in the cart, and the raw head of a stepper post in its session.
    static func stepperPost(_ shopper: inout Shopper, op: String = "inc", extraHeaders: String = "") async throws
        -> (head: String, body: String)
    {
        try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
        // The first line rotated the session, and with it the token.
        try await shopper.get("/recipes/bundled-1")
        let token = try #require(shopper.csrfToken)
        let cookie = shopper.cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")
        let body = Shopper.encode([("_csrf", token), ("op", op)])
        let head =
            "POST /cart/items/bundled-1 HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\n"
            + "Content-Type: application/x-www-form-urlencoded\r\n\(extraHeaders)"
        return (head, body)
    }

    @Test(arguments: [true, false])
    func aStepperPostFollowedByUnreadableInputGetsItsAnswerThenThe400(answersOnEventLoop: Bool) async throws {
        var environment = try TestEnvironment()
        environment.answersOnEventLoop = answersOnEventLoop
        try await environment.withShopper(over: .live) { shopper in
            let post = try await Self.stepperPost(&shopper)
            let port = try #require(shopper.client.port)
            let (first, second, rest) = try await RawHTTPConnection.open(port: port) { connection in
                try await connection.send(
                    post.head + "Content-Length: \(post.body.utf8.count)\r\n\r\n\(post.body)XYZ\r\n\r\n")
                return (try await connection.answer(), try await connection.answer(), try await connection.rest())
            }
            #expect(Self.status(first) == "303")
            let refusal = String(decoding: second, as: UTF8.self)
            #expect(refusal.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
            #expect(refusal.contains("\r\nConnection: close\r\n"))
            #expect(refusal.hasSuffix("\r\n\r\n400 Bad Request\n"))
            // Closed after the 400, with nothing more.
            #expect(rest.isEmpty)
            // The one post was carried out once.
            #expect(try await shopper.get("/cart").cartLines.map(\.1) == [2])
        }
    }

    @Test(arguments: [true, false])
    func aPostAnsweredBeforeItsBrokenChunkedBodyGetsOneAnswer(answersOnEventLoop: Bool) async throws {
        var environment = try TestEnvironment()
        environment.answersOnEventLoop = answersOnEventLoop
        try await environment.withShopper(over: .live) { shopper in
            // A foreign origin is refused before the body is read.
            let post = try await Self.stepperPost(
                &shopper, extraHeaders: "Origin: http://evil.example\r\nTransfer-Encoding: chunked\r\n")
            let port = try #require(shopper.client.port)
            let (first, rest) = try await RawHTTPConnection.open(port: port) { connection in
                try await connection.send(post.head + "\r\nzz\r\n\(post.body)\r\n0\r\n\r\n")
                return (try await connection.answer(), try await connection.rest())
            }
            #expect(Self.status(first) == "403")
            #expect(rest.isEmpty)
            #expect(try await shopper.get("/cart").cartLines.map(\.1) == [1])
        }
    }

    @Test(arguments: [true, false])
    func aPostWithABrokenChunkSizeGetsTheAppsPageAloneAndChangesNothing(answersOnEventLoop: Bool) async throws {
        var environment = try TestEnvironment()
        environment.answersOnEventLoop = answersOnEventLoop
        try await environment.withShopper(over: .live) { shopper in
            let post = try await Self.stepperPost(&shopper, extraHeaders: "Transfer-Encoding: chunked\r\n")
            let port = try #require(shopper.client.port)
            let (first, rest) = try await RawHTTPConnection.open(port: port) { connection in
                try await connection.send(post.head + "\r\nzz\r\n\(post.body)\r\n0\r\n\r\n")
                return (try await connection.answer(), try await connection.rest())
            }
            #expect(Self.status(first) == "400")
            #expect(String(decoding: first, as: UTF8.self).contains("The request ended before all of it arrived."))
            #expect(rest.isEmpty)
            #expect(try await shopper.get("/cart").cartLines.map(\.1) == [1])
        }
    }
}
