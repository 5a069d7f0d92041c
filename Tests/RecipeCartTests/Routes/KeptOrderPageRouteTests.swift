import Foundation
import HTTPTypes
import RecipeCartDomain
import RecipeCartTestSupport
import RecipeCartWire
import Testing

@testable import RecipeCart

/// A shopper who opens their order again gets the page kept since its last render, from the event loop, as the cart
/// page is (`KeptShopperPages`): a staff move, the clock and the shopper's own posts still show at once, and no one
/// else is answered from it.
@Suite struct KeptOrderPageRouteTests {
    /// Order pages answered on the event loop so far.
    static func fromMemory(_ logs: LogCapture) -> Int {
        logs.text.split(separator: "\n").filter {
            $0.hasPrefix("info Request ") && $0.contains(" path=/orders/")
                && $0.hasSuffix("[\(RequestLogLine.wireSource)]")
        }.count
    }

    /// The order page opened twice: the router renders and keeps the first, the second is the same page from memory.
    static func openTwice(
        _ path: String, _ shopper: inout Shopper, _ logs: LogCapture, at place: SourceLocation = #_sourceLocation
    ) async throws -> Page {
        let before = fromMemory(logs)
        let rendered = try await shopper.get(path)
        let kept = try await shopper.get(path)
        #expect(rendered.status == .ok, sourceLocation: place)
        #expect(kept.html == rendered.html, sourceLocation: place)
        #expect(fromMemory(logs) - before == 1, "one of the two from memory, the second", sourceLocation: place)
        return kept
    }

    @Test(arguments: StoreBackend.all) func everyChangeShowsOnTheNextOrderPage(backend: StoreBackend) async throws {
        var environment = try EditRouteTests.environment()
        if backend == .postgres { environment.databaseURL = try await TestPostgres.shared.freshDatabase() }
        let clock = TestClock(KeptCartPageRouteTests.morning)
        environment.clock = AppClock { clock.now }
        let logs = LogCapture()
        let app = try await environment.makeApp(logs: logs)
        try await app.test(.live) { client in
            var shopper = Shopper(client: client)
            #expect(try await shopper.post("/cart/items/bundled-33", [("op", "inc")]).status == .seeOther)
            let sent = try await shopper.post("/cart/order", [("note", "Alice")])
            let path = try #require(sent.location)
            let landing = try await shopper.follow(sent)
            #expect(landing.contains("data-status-message"))
            #expect(Self.fromMemory(logs) == 0, "the landing, with its message, was not kept")
            // On PostgreSQL a page counts only if read after the shopper's last post (`LastWrite`).
            clock.advance(by: 2)

            var order = try await Self.openTwice(path, &shopper, logs)
            #expect(order.contains(#"data-order-status="new""#))
            #expect(order.contains("Sent just now"))

            var staff = Shopper(client: client)
            try await EditRouteTests.signIn(&staff)
            let code = String(path.split(separator: "/").last ?? "")
            #expect(
                try await staff.post("/staff/orders/\(code)/status", [("from", "new"), ("to", "picking")]).status
                    == .seeOther)
            order = try await Self.openTwice(path, &shopper, logs)
            #expect(order.contains(#"data-order-status="picking""#))

            // Its age moves with nothing else happening.
            clock.advance(by: 5 * 60)
            order = try await Self.openTwice(path, &shopper, logs)
            #expect(order.contains("Sent 5 min ago"))

            // Another browser, and another order's address, are never answered from this shopper's page.
            var stranger = Shopper(client: client)
            let before = Self.fromMemory(logs)
            #expect(try await stranger.get(path).status == .notFound)
            #expect(try await shopper.get("/orders/ZZZZZZ").status == .notFound)
            #expect(Self.fromMemory(logs) == before)

            // A post of the shopper's own forgets the page.
            let added = try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            #expect(added.status == .seeOther)
            _ = try await shopper.follow(added)
            clock.advance(by: 2)
            order = try await Self.openTwice(path, &shopper, logs)
            #expect(order.html.firstMatch(of: /data-cart-count="(\d+)"/)?.output.1 == "1")
        }
    }
}
