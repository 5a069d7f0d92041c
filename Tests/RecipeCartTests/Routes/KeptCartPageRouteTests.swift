import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RecipeCartDomain
import RecipeCartTestSupport
import RecipeCartWire
import Testing

@testable import RecipeCart

/// A shopper who opens the cart again gets the page kept since its last render, from the event loop: each post of
/// theirs, a staff move of their order, a staff edit of a recipe and the clock still show at once.
@Suite struct KeptCartPageRouteTests {
    static let morning = Date(timeIntervalSince1970: 1_790_000_000)

    /// Cart pages answered on the event loop so far.
    static func fromMemory(_ logs: LogCapture) -> Int {
        logs.text.split(separator: "\n").filter {
            $0.hasPrefix("info Request ") && $0.contains(" path=/cart ")
                && $0.hasSuffix("[\(RequestLogLine.wireSource)]")
        }.count
    }

    /// The cart page opened twice, as a shopper does some time after a post: the router renders and keeps the first,
    /// the second is the same page from memory.
    static func openTwice(_ shopper: inout Shopper, _ logs: LogCapture) async throws -> Page {
        let before = fromMemory(logs)
        let rendered = try await shopper.get("/cart")
        let kept = try await shopper.get("/cart")
        #expect(rendered.status == .ok)
        #expect(kept.html == rendered.html)
        #expect(fromMemory(logs) - before == 1, "one of the two from memory, the second")
        return kept
    }

    @Test(arguments: StoreBackend.all) func everyChangeShowsOnTheNextCartPage(backend: StoreBackend) async throws {
        var environment = try EditRouteTests.environment()
        if backend == .postgres { environment.databaseURL = try await TestPostgres.shared.freshDatabase() }
        let clock = TestClock(Self.morning)
        environment.clock = AppClock { clock.now }
        let logs = LogCapture()
        let app = try await environment.makeApp(logs: logs)
        try await app.test(.live) { client in
            var shopper = Shopper(client: client)
            // A post and the page it lands on, then the cart some time later: on PostgreSQL a page counts only if
            // read after the post (`LastWrite`).
            func post(_ uri: String, _ fields: [(String, String)]) async throws {
                let answer = try await shopper.post(uri, fields)
                #expect(answer.status == .seeOther, "\(uri) \(fields)")
                _ = try await shopper.follow(answer)
                clock.advance(by: 2)
            }
            try await post("/cart/items/bundled-33", [("op", "inc")])
            var cart = try await Self.openTwice(&shopper, logs)
            #expect(cart.cartLines.map(\.0) == ["bundled-33"])

            try await post("/cart/items/bundled-1", [("op", "inc")])
            try await post("/cart/items/bundled-1", [("op", "inc")])
            cart = try await Self.openTwice(&shopper, logs)
            #expect(Set(cart.cartLines.map { "\($0.0) \($0.1)" }) == ["bundled-33 1", "bundled-1 2"])

            let had = #"name="item" value="spaghetti"><input type="hidden" name="has" value="0""#
            #expect(!cart.contains(had))
            try await post("/cart/have", [("item", "spaghetti"), ("has", "1")])
            #expect(try await Self.openTwice(&shopper, logs).contains(had))

            try await post("/cart/share", [])
            #expect(try await Self.openTwice(&shopper, logs).contains("data-share-link"))
            try await post("/cart/share/revoke", [])
            #expect(try await !Self.openTwice(&shopper, logs).contains("data-share-link"))

            try await post("/cart/items/bundled-33/cooking", [("op", "start"), ("minutes", "30")])
            #expect(try await Self.openTwice(&shopper, logs).contains(#"<div class="cooking">"#))

            // A staff edit of a recipe in the cart: a new catalog generation.
            var staff = Shopper(client: client)
            try await EditRouteTests.signIn(&staff)
            let edited = try await staff.postMultipart(
                "/recipes/bundled-1/edit", EditRouteTests.fields(title: "Sunday Zesty Cake"))
            #expect(edited.status == .seeOther)
            #expect(try await Self.openTwice(&shopper, logs).contains("Sunday Zesty Cake"))

            // Removing a line offers Undo on the cart page for a while: the clock ends the offer, not a post.
            try await post("/cart/items/bundled-1", [("op", "set"), ("quantity", "0")])
            #expect(try await Self.openTwice(&shopper, logs).contains(#"class="button undo-button""#))
            clock.advance(by: CartUndo.offeredFor)
            #expect(try await !Self.openTwice(&shopper, logs).contains(#"class="button undo-button""#))

            // An order the shopper sent, then moved by staff: the shopper posts nothing, the board's version moves.
            try await post("/cart/order", [("note", "Alice")])
            cart = try await Self.openTwice(&shopper, logs)
            let code = try #require(cart.firstMatch(#"data-order-code="([A-Z0-9]+)" data-order-status="new""#))
            #expect(
                try await staff.post("/staff/orders/\(code)/status", [("from", "new"), ("to", "picking")]).status
                    == .seeOther)
            #expect(
                try await Self.openTwice(&shopper, logs).contains(
                    #"data-order-code="\#(code)" data-order-status="picking""#))
        }
    }

    /// A page with a message or a badge bump a post left, and a staff cookie, go to the router and are not kept.
    @Test func onlyAPlainVisitIsAnsweredFromMemory() async throws {
        let logs = LogCapture()
        let app = try await TestEnvironment().makeApp(logs: logs)
        try await app.test(.live) { client in
            var shopper = Shopper(client: client)
            let landing = try await shopper.follow(
                try await shopper.post("/cart/items/bundled-1", [("op", "inc"), ("return_to", "/cart")]))
            #expect(landing.contains("data-status-message"))
            let again = try await shopper.get("/cart")
            #expect(!again.contains("data-status-message"))
            #expect(Self.fromMemory(logs) == 0, "the landing was not kept")
            #expect(try await shopper.get("/cart").html == again.html)
            #expect(Self.fromMemory(logs) == 1)
            shopper.cookies["rc_staff"] = "forged"
            #expect(try await shopper.get("/cart").status == .ok)
            shopper.cookies["rc_staff"] = nil
            shopper.cookies["rc_cart_changed"] = "1"
            #expect(try await shopper.get("/cart").contains("badge--bump"))
            #expect(Self.fromMemory(logs) == 1)
        }
    }
}
