import Foundation
import HTTPTypes
import NIOCore
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

@testable import RecipeCart

/// The partner's status events at `POST /partner/events`, what the shopper and the staff board show of them, and
/// the board's "Try again now", through HTTP.
@Suite struct PartnerRouteTests {
    static let token = "correct-horse-battery-staple"
    static let secret = WebhookSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")!

    static func environment(_ backend: StoreBackend = .sqlite) async throws -> TestEnvironment {
        var environment = try TestEnvironment()
        if backend == .postgres { environment.databaseURL = try await TestPostgres.shared.freshDatabase() }
        environment.staffToken = token
        environment.partner = PartnerSettings(url: URL(string: "http://127.0.0.1:9/events")!, secret: secret)
        return environment
    }

    /// A signed call as the partner makes it; `signedAt` and `signature` spoil it on purpose.
    static func call(
        _ shopper: inout Shopper, body: String, id: String = "msg_\(UUID().uuidString)", signedAt: Date = Date(),
        signature: String? = nil, headers extra: HTTPFields = [:]
    ) async throws -> Page {
        let timestamp = Int(signedAt.timeIntervalSince1970)
        var headers = extra
        headers[.contentType] = "application/json"
        headers[HTTPField.Name("webhook-id")!] = id
        headers[HTTPField.Name("webhook-timestamp")!] = String(timestamp)
        headers[HTTPField.Name("webhook-signature")!] =
            signature ?? WebhookSigner(secret: secret).signature(id: id, timestamp: timestamp, body: Data(body.utf8))
        return try await shopper.send(
            "/partner/events", method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    static func event(_ type: String, _ code: String, _ extra: String = "") -> String {
        #"{"type":"\#(type)","timestamp":"2026-01-01T00:00:00Z","data":{"order":"\#(code)"\#(extra)}}"#
    }

    /// An order placed by a new shopper on `client`. - Returns: the shopper and the order's code.
    static func placeOrder(_ shopper: inout Shopper) async throws -> String {
        try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
        let sent = try await shopper.post("/cart/order", [("note", "Alice")])
        return try #require(sent.location?.split(separator: "/").last.map(String.init))
    }

    @Test(arguments: StoreBackend.all) func statusEventsReachTheOrderPageAndOnlyMoveForward(backend: StoreBackend)
        async throws
    {
        try await Self.environment(backend).withShopper { alice in
            let code = try await Self.placeOrder(&alice)
            var page = try await alice.get("/orders/\(code)")
            #expect(page.contains(#"data-partner-status="awaiting""#))
            #expect(page.contains("Our delivery partner will take your payment"))
            #expect(page.contains("data-order-refresh"))

            var partner = Shopper(client: alice.client)
            var answer = try await Self.call(&partner, body: Self.event("payment.succeeded", code), id: "msg_paid")
            #expect(answer.status == .ok)
            // A partner's call gets no cookie: no session, and on PostgreSQL no last write.
            #expect(answer.headers[values: .setCookie].isEmpty)
            // The same webhook-id again: answered, nothing changes.
            answer = try await Self.call(&partner, body: Self.event("payment.failed", code), id: "msg_paid")
            #expect(answer.status == .ok)
            #expect(try await alice.get("/orders/\(code)").contains(#"data-partner-status="paid""#))

            answer = try await Self.call(
                &partner,
                body: Self.event("delivery.dispatched", code, #","tracking_url":"https://track.example/p?x=1&y=2""#))
            #expect(answer.status == .ok)
            page = try await alice.get("/orders/\(code)")
            #expect(page.contains(#"data-partner-status="dispatched""#))
            #expect(page.contains(#"href="https://track.example/p?x=1&amp;y=2""#))

            #expect(try await Self.call(&partner, body: Self.event("delivery.delivered", code)).status == .ok)
            // Late events are taken and change nothing.
            #expect(try await Self.call(&partner, body: Self.event("payment.failed", code)).status == .ok)
            #expect(
                try await Self.call(&partner, body: Self.event("order.rejected", code, #","reason":"late""#)).status
                    == .ok)
            page = try await alice.get("/orders/\(code)")
            #expect(page.contains(#"data-partner-status="delivered""#))
            #expect(!page.contains("late"))
            #expect(page.contains("Delivered. Enjoy your cooking!"))
        }
    }

    @Test func aRejectionShowsItsReason() async throws {
        try await Self.environment().withShopper { alice in
            let code = try await Self.placeOrder(&alice)
            var partner = Shopper(client: alice.client)
            let answer = try await Self.call(
                &partner, body: Self.event("order.rejected", code.lowercased(), #","reason":"No couriers <today>""#))
            #expect(answer.status == .ok)
            let page = try await alice.get("/orders/\(code)")
            #expect(page.contains(#"data-partner-status="rejected""#))
            #expect(page.contains("No couriers &lt;today&gt;"))
            #expect(!page.contains("data-order-refresh") || page.contains(#"data-order-status="new""#))
        }
    }

    @Test(arguments: StoreBackend.all) func badCallsAreRefusedAndChangeNothing(backend: StoreBackend) async throws {
        try await Self.environment(backend).withShopper { alice in
            let code = try await Self.placeOrder(&alice)
            var partner = Shopper(client: alice.client)
            let paid = Self.event("payment.succeeded", code)
            let cases: [(String, HTTPResponse.Status, Page)] = [
                (
                    "bad signature", .unauthorized,
                    try await Self.call(&partner, body: paid, signature: "v1,bm90IHRoZSBzaWduYXR1cmU=")
                ),
                (
                    "signed by another secret", .unauthorized,
                    try await Self.call(
                        &partner, body: paid,
                        signature: WebhookSigner(
                            secret: WebhookSecret("whsec_" + Data(repeating: 7, count: 24).base64EncodedString())!
                        )
                        .signature(id: "msg_x", timestamp: Int(Date().timeIntervalSince1970), body: Data(paid.utf8)))
                ),
                (
                    "signature of other bytes", .unauthorized,
                    try await Self.call(
                        &partner, body: paid + " ", id: "msg_y",
                        signature: WebhookSigner(secret: Self.secret).signature(
                            id: "msg_y", timestamp: Int(Date().timeIntervalSince1970), body: Data(paid.utf8)))
                ),
                ("six minutes old", .unauthorized, try await Self.call(&partner, body: paid, signedAt: Date() - 360)),
                ("six minutes ahead", .unauthorized, try await Self.call(&partner, body: paid, signedAt: Date() + 360)),
                ("not JSON", .badRequest, try await Self.call(&partner, body: "{\"type\":")),
                (
                    "no order", .badRequest,
                    try await Self.call(&partner, body: #"{"type":"payment.succeeded","timestamp":"t","data":{}}"#)
                ),
                (
                    "unknown type", .unprocessableContent,
                    try await Self.call(&partner, body: Self.event("payment.refunded", code))
                ),
                (
                    "unknown order", .notFound,
                    try await Self.call(&partner, body: Self.event("payment.succeeded", "ZZZZZZ"))
                ),
                ("not a code", .notFound, try await Self.call(&partner, body: Self.event("payment.succeeded", "../x"))),
                (
                    "http tracking", .unprocessableContent,
                    try await Self.call(
                        &partner,
                        body: Self.event("delivery.dispatched", code, #","tracking_url":"http://t.example/1""#))
                ),
                (
                    "long reason", .unprocessableContent,
                    try await Self.call(
                        &partner,
                        body: Self.event(
                            "order.rejected", code, #","reason":"\#(String(repeating: "x", count: 201))""#))
                ),
                (
                    "too large", .contentTooLarge,
                    try await Self.call(
                        &partner,
                        body: Self.event(
                            "payment.succeeded", code, #","pad":"\#(String(repeating: "x", count: 65 * 1024))""#))
                ),
                (
                    "from another site", .ok,
                    try await Self.call(
                        &partner, body: Self.event("payment.failed", code),
                        headers: [.origin: "https://partner.example", HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
                ),
            ]
            for (name, status, page) in cases {
                #expect(page.status == status, "\(name): \(page.html)")
                #expect(page.headers[.contentType] == "application/json", "\(name)")
            }
            var missing = Shopper(client: alice.client)
            let unsigned = try await missing.send(
                "/partner/events", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: paid))
            #expect(unsigned.status == .unauthorized)
            let page = try await alice.get("/orders/\(code)")
            #expect(page.contains(#"data-partner-status="payment-failed""#))
        }
    }

    @Test func withoutAPartnerTheAddressBelievesNobody() async throws {
        try await TestEnvironment().withShopper { shopper in
            let answer = try await Self.call(&shopper, body: Self.event("payment.succeeded", "ABCDEF"))
            #expect(answer.status == .notFound)
            try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
            let sent = try await shopper.follow(try await shopper.post("/cart/order", [("note", "")]))
            #expect(!sent.contains("data-partner-status"))
        }
    }

    /// The app's own sender tries the partner, whose address answers nothing (the discard port, closed): after three
    /// failed tries the ticket says so, and "Try again now" is for staff only.
    @Test func theBoardShowsAFailingHandOffAndTryAgainIsForStaffOnly() async throws {
        var environment = try await Self.environment()
        let clock = TestClock(Date())
        environment.clock = AppClock { clock.now }
        try await environment.withShopper { staff in
            var alice = Shopper(client: staff.client)
            let code = try await Self.placeOrder(&alice)
            try await staff.get("/staff/login")
            #expect(try await staff.post("/staff/login", [("token", Self.token)]).status == .seeOther)
            var board = try await staff.get("/staff")
            #expect(board.contains(#"data-partner-status="awaiting""#))
            #expect(board.contains(#"data-handoff=""#))
            // Three tries fail, each after the last one's wait (1–2 s, then 2–4 s): the shop's clock moves through
            // the waits instead of the test sitting through them, by less than the 4–8 s the third failure waits, so
            // the failing hand-off is still waiting when "Try again now" is pressed.
            let deadline = ContinuousClock.now + .seconds(30)
            while !board.contains(#"data-handoff="failing""#), ContinuousClock.now < deadline {
                clock.advance(by: PartnerRetry.firstStep)
                try await Task.sleep(for: .milliseconds(100))
                board = try await staff.get("/staff")
            }
            #expect(board.contains(#"data-handoff="failing""#))
            #expect(board.contains("Hand-off failing: could not reach the partner"))
            #expect(board.contains("Try again now"))
            #expect(board.contains(#"action="/staff/orders/\#(code)/handoff""#))

            #expect(try await alice.post("/staff/orders/\(code)/handoff", []).status == .unauthorized)
            #expect(
                try await staff.post("/staff/orders/\(code)/handoff", [("_csrf", "x")], withToken: false).status
                    == .forbidden)
            let retried = try await staff.post("/staff/orders/\(code)/handoff", [])
            #expect(retried.status == .seeOther)
            #expect(retried.location == "/staff#order-\(code)")
            #expect(try await staff.post("/staff/orders/ZZZZZZ/handoff", []).status == .conflict)
        }
    }
}
