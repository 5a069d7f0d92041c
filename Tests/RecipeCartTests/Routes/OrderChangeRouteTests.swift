import Foundation
import GRDB
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage
import Testing

@testable import RecipeCart

/// Changing an order until packing starts, through HTTP: "Change this order" on the order page, the cart that says
/// which order it changes, sending the changes under the same code or keeping the order as it was, and every refusal
/// (not the shopper's order, no CSRF token, a cart with other lines, packing started, two tabs) changing nothing.
@Suite struct OrderChangeRouteTests {
    private func environment(partner: Bool = false) async throws -> TestEnvironment {
        var environment = try TestEnvironment()
        environment.staffToken = PricedOrderRouteTests.staffToken
        if partner {
            environment.partner = PartnerSettings(
                url: URL(string: "http://127.0.0.1:9/events")!,
                secret: WebhookSecret("whsec_" + Data(repeating: 7, count: 24).base64EncodedString())!)
        }
        try await PricedOrderRouteTests.shelf(environment)
        return environment
    }

    private func stored(_ code: String, in environment: TestEnvironment) async throws -> (
        status: String, json: String, estimate: Int?
    )? {
        try await environment.database().read { db in
            try Row.fetchOne(
                db, sql: "SELECT status, content_json, estimate_minor FROM orders WHERE code = ?", arguments: [code]
            ).map { ($0[0], $0[1], $0[2]) }
        }
    }

    @Test func anOrderIsChangedInTheCartAndSentAgainUnderTheSameCode() async throws {
        let environment = try await environment(partner: true)
        try await environment.withShopper { shopper in
            // Two batches of brownies: 200 g of butter, one 500 g pack.
            var (code, _) = try await PricedOrderRouteTests.sendBrownies(2, &shopper)
            #expect(try await PricedOrderRouteTests.butterStock(environment) == 4)
            let page = try await shopper.get("/orders/\(code)")
            #expect(page.contains(#"data-order-changeable="true""#))
            #expect(page.contains(#"action="/orders/\#(code)/change""#))
            #expect(page.contains("Change this order"))

            let opened = try await shopper.post("/orders/\(code)/change", [])
            #expect(opened.status == .seeOther)
            #expect(opened.location == "/cart")
            var cart = try await shopper.follow(opened)
            #expect(cart.contains(#"data-changing-order="\#(code)""#))
            #expect(cart.contains("Changing order"))
            #expect(cart.contains("Keep the order as it was"))
            #expect(cart.contains(#"<button class="button button--primary" type="submit">Send the changes</button>"#))
            #expect(cart.cartLines.map(\.1) == [2])
            // Still placed and held while it is being changed; its page says where the change is.
            #expect(try await PricedOrderRouteTests.butterStock(environment) == 4)
            #expect(try await stored(code, in: environment)?.estimate == 449)
            #expect(try await shopper.get("/orders/\(code)").contains("You are changing this order"))

            // Six batches: 600 g, two packs.
            try await shopper.post("/cart/items/bundled-2", [("op", "set"), ("quantity", "6")])
            cart = try await shopper.get("/cart")
            let sent = try await shopper.post("/cart/order", [("note", "Ann B")])
            #expect(sent.status == .seeOther)
            #expect(sent.location == "/orders/\(code)")
            let order = try await shopper.follow(sent)
            #expect(order.contains("Changes sent. Order \(code) is updated, under the same code."))
            #expect(order.contains(#"data-order-total-minor="898""#))
            #expect(order.contains("Ann B"))
            #expect(order.contains(#"data-order-changeable="true""#))
            #expect(!order.contains("You are changing this order"))
            #expect(try await PricedOrderRouteTests.butterStock(environment) == 3)
            #expect(try await stored(code, in: environment)?.estimate == 898)
            cart = try await shopper.get("/cart")
            #expect(cart.cartLines.isEmpty)
            #expect(!cart.contains("data-changing-order"))
            #expect(cart.contains(#"data-order-code="\#(code)""#))
        }
        let events = try await environment.database().read { db in
            try Row.fetchAll(db, sql: "SELECT type, body FROM partner_outbox ORDER BY created_at, rowid")
                .map { ($0[0] as String, $0[1] as String) }
        }
        #expect(events.map(\.0) == ["order.placed", "order.updated"])
        let updated = try #require(events.last?.1)
        #expect(updated.contains(#""amount":898,"amount_is_estimate":false"#))
        #expect(updated.contains(#""charge":"authorise","currency":"EUR""#))
        #expect(updated.contains(#""batches":6"#))
    }

    @Test func thePacksTheOrderHoldsCountAsLeftForTheCartThatChangesIt() async throws {
        var setUp = try TestEnvironment()
        setUp.staffToken = PricedOrderRouteTests.staffToken
        let environment = setUp
        // The last pack of butter, which the order takes.
        try await PricedOrderRouteTests.shelf(environment, butter: 1)
        try await environment.withShopper { shopper in
            var (code, _) = try await PricedOrderRouteTests.sendBrownies(2, &shopper)
            #expect(try await PricedOrderRouteTests.butterStock(environment) == 0)
            // Another shopper's cart sees the shelf empty.
            var other = Shopper(client: shopper.client)
            try await other.post("/cart/items/bundled-2", [("op", "inc")])
            #expect(try await other.get("/cart").contains("Out of stock"))

            #expect(try await shopper.post("/orders/\(code)/change", []).status == .seeOther)
            try await shopper.post("/cart/items/bundled-2", [("op", "set"), ("quantity", "4")])
            let cart = try await shopper.get("/cart")
            #expect(!cart.contains("Out of stock") && !cart.contains(#"name="shelf_short""#))
            #expect(cart.contains(#"data-sku="BUT-500""#))
            let sent = try await shopper.post("/cart/order", [])
            #expect(sent.status == .seeOther)
            let order = try await shopper.follow(sent)
            #expect(order.contains(#"data-sku="BUT-500" data-price-minor="449""#))
        }
        #expect(try await PricedOrderRouteTests.butterStock(environment) == 0)
    }

    @Test func keepingTheOrderAsItWasEmptiesTheCartAndChangesNothing() async throws {
        let environment = try await environment()
        try await environment.withShopper { shopper in
            var (code, _) = try await PricedOrderRouteTests.sendBrownies(2, &shopper)
            let before = try await stored(code, in: environment)
            #expect(try await shopper.post("/orders/\(code)/change", []).status == .seeOther)
            try await shopper.post("/cart/items/bundled-2", [("op", "set"), ("quantity", "9")])

            let kept = try await shopper.post("/cart/keep-order", [])
            #expect(kept.status == .seeOther)
            #expect(kept.location == "/orders/\(code)")
            #expect(try await shopper.follow(kept).contains("Order \(code) is kept as it was."))
            #expect(try await stored(code, in: environment)?.json == before?.json)
            #expect(try await PricedOrderRouteTests.butterStock(environment) == 4)
            let cart = try await shopper.get("/cart")
            #expect(cart.cartLines.isEmpty && !cart.contains("data-changing-order"))
            // Nothing is being changed now.
            let again = try await shopper.post("/cart/keep-order", [])
            #expect(again.status == .conflict)
            #expect(again.contains("Your cart is not changing an order, so there is nothing to keep."))
        }
    }

    @Test func badRequestsToChangeAnOrderChangeNothing() async throws {
        let environment = try await environment()
        try await environment.withShopper { shopper in
            var (code, _) = try await PricedOrderRouteTests.sendBrownies(2, &shopper)

            // Another browser: not its order, which it is not told exists.
            var stranger = Shopper(client: shopper.client)
            try await stranger.post("/cart/items/bundled-33", [("op", "inc")])
            let foreign = try await stranger.post("/orders/\(code)/change", [])
            #expect(foreign.status == .notFound)
            #expect(foreign.contains("There is no order of yours with that code."))
            #expect(try await stranger.get("/cart").cartLines.map(\.0) == ["bundled-33"])
            // A looker without a session.
            var looker = Shopper(client: shopper.client)
            #expect(try await looker.post("/orders/\(code)/change", []).status == .notFound)

            #expect(try await shopper.post("/orders/ZZZZZZ/change", []).status == .notFound)
            #expect(try await shopper.post("/orders/not-a-code/change", []).status == .notFound)
            // No CSRF token, or a wrong one.
            #expect(try await shopper.post("/orders/\(code)/change", [], withToken: false).status == .forbidden)
            #expect(try await shopper.post("/orders/\(code)/change", [("_csrf", "forged")]).status == .forbidden)
            #expect(try await shopper.post("/cart/keep-order", [], withToken: false).status == .forbidden)

            // A cart with other lines is sent or emptied first, never mixed into the order.
            try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
            let mixed = try await shopper.post("/orders/\(code)/change", [])
            #expect(mixed.status == .conflict)
            #expect(
                mixed.contains(
                    "Your cart has other recipes in it. Send them or empty the cart first, then change order \(code)."))
            let cart = try await shopper.get("/cart")
            #expect(cart.cartLines.map(\.0) == ["bundled-33"])
            #expect(!cart.contains("data-changing-order"))
        }
        #expect(try await PricedOrderRouteTests.butterStock(environment) == 4)
    }

    @Test func onceStaffStartPackingTheOrderCanNoLongerBeChanged() async throws {
        let environment = try await environment()
        try await environment.withShopper { shopper in
            var (code, staff) = try await PricedOrderRouteTests.sendBrownies(2, &shopper)
            try await PricedOrderRouteTests.move(code, [("new", "picking")], by: &staff)
            let page = try await shopper.get("/orders/\(code)")
            #expect(page.contains(#"data-order-changeable="false""#))
            #expect(page.contains("Packing has started, so this order can no longer be changed."))
            #expect(!page.contains("Change this order"))
            let refused = try await shopper.post("/orders/\(code)/change", [])
            #expect(refused.status == .conflict)
            #expect(refused.contains("Packing has started on order \(code): it can no longer be changed."))
            #expect(try await shopper.get("/cart").cartLines.isEmpty)
        }
    }

    @Test func aChangeSentAfterPackingStartedIsRefusedWithTheCartKept() async throws {
        let environment = try await environment(partner: true)
        try await environment.withShopper { shopper in
            var (code, staff) = try await PricedOrderRouteTests.sendBrownies(2, &shopper)
            #expect(try await shopper.post("/orders/\(code)/change", []).status == .seeOther)
            try await shopper.post("/cart/items/bundled-2", [("op", "set"), ("quantity", "6")])
            _ = try await shopper.get("/cart")
            // Staff press "Start packing" while the shopper is changing it: the cart page says so.
            try await PricedOrderRouteTests.move(code, [("new", "picking")], by: &staff)
            #expect(
                try await shopper.get("/cart").contains(
                    "Packing has started on order \(code): it can no longer be changed."))

            let refused = try await shopper.post("/cart/order", [("note", "Ann")])
            #expect(refused.status == .conflict)
            #expect(refused.contains("Packing has started on order \(code): it can no longer be changed."))
            #expect(refused.contains("Nothing was sent: your cart and note are kept."))
            #expect(refused.cartLines.map(\.1) == [6])
            // The cart is the shopper's again: sent now, it is a new order.
            #expect(!refused.contains("data-changing-order"))
            #expect(
                refused.contains(#"<button class="button button--primary" type="submit">Send to the shop</button>"#))
            let stored = try #require(try await stored(code, in: environment))
            #expect(stored.status == "picking" && stored.estimate == 449)
        }
        #expect(try await PricedOrderRouteTests.butterStock(environment) == 4)
        let types = try await environment.database().read { db in
            try String.fetchAll(db, sql: "SELECT type FROM partner_outbox")
        }
        #expect(types == ["order.placed"])
    }

    @Test func theSameChangeSentFromTwoTabsReplacesTheOrderOnce() async throws {
        let environment = try await environment(partner: true)
        try await environment.withShopper { shopper in
            var (code, _) = try await PricedOrderRouteTests.sendBrownies(2, &shopper)
            #expect(try await shopper.post("/orders/\(code)/change", []).status == .seeOther)
            // A second tab presses "Change this order" too: the cart is not filled twice.
            #expect(try await shopper.post("/orders/\(code)/change", []).status == .seeOther)
            #expect(try await shopper.get("/cart").cartLines.map(\.1) == [2])
            try await shopper.post("/cart/items/bundled-2", [("op", "set"), ("quantity", "6")])
            var tab = shopper
            async let first = shopper.post("/cart/order", [("note", "Ann")])
            async let second = tab.post("/cart/order", [("note", "Ann")])
            let answers = try await [first, second].map(\.status)
            #expect(answers.sorted { $0.code < $1.code } == [.seeOther, .conflict])
        }
        #expect(try await PricedOrderRouteTests.butterStock(environment) == 3)
        let (orders, types) = try await environment.database().read { db in
            (
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM orders") ?? 0,
                try String.fetchAll(db, sql: "SELECT type FROM partner_outbox ORDER BY created_at")
            )
        }
        #expect(orders == 1)
        #expect(types == ["order.placed", "order.updated"])
    }
}
