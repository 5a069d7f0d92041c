import Foundation
import GRDB
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

@testable import RecipeCart

/// Priced orders where shoppers and the partner meet them: the order page's bill as sent, its packs taken from the
/// shelf, a shelf short of packs refusing the send with the rows named and the cart kept, and the amount the partner
/// is asked to authorise.
@Suite struct PricedOrderRouteTests {
    /// Butter only, in 500 g packs (five on the shelf), and onions weighed to the need; nothing else is sold.
    static func shelf(_ environment: TestEnvironment, butter: Int = 5) async throws {
        let stores = try environment.stores()
        defer { stores.close() }
        _ = try await stores.products.save([
            Product(
                sku: "BUT-500", name: "Butter <b>500</b> g", aisle: .dairyEggs, packSize: PackSize(500, .gram)!,
                priceMinor: 449, stock: butter)
        ])
        try await stores.products.setMatches(["butter": ["BUT-500"]])
    }

    static let staffToken = "staff-token-for-tests"

    /// Sends `batches` of brownies (100 g of butter each, in 500 g packs) and signs staff in beside the shopper.
    static func sendBrownies(_ batches: Int, _ shopper: inout Shopper) async throws -> (code: String, staff: Shopper) {
        try await shopper.post("/cart/items/bundled-2", [("op", "set"), ("quantity", String(batches))])
        let sent = try await shopper.post("/cart/order", [])
        let code = try #require(sent.location?.split(separator: "/").last.map(String.init))
        var staff = Shopper(client: shopper.client)
        try await staff.post("/staff/login", [("token", staffToken)])
        return (code, staff)
    }

    /// Moves `code` on the board, expecting it to go.
    static func move(_ code: String, _ steps: [(String, String)], by staff: inout Shopper) async throws {
        for (from, to) in steps {
            #expect(
                try await staff.post("/staff/orders/\(code)/status", [("from", from), ("to", to)]).status == .seeOther)
        }
    }

    static func butterStock(_ environment: TestEnvironment) async throws -> Int? {
        try await environment.database().read { db in
            try Int.fetchOne(db, sql: "SELECT stock FROM products WHERE sku = 'BUT-500'")
        }
    }

    @Test func theOrderPageShowsTheBillAsSentAndThePacksLeaveTheShelf() async throws {
        let environment = try TestEnvironment()
        try await Self.shelf(environment)
        try await environment.withShopper(over: .live) { shopper in
            // Chocolate brownies, eleven times: 1.1 kg of butter, three 500 g packs.
            try await shopper.post("/cart/items/bundled-2", [("op", "set"), ("quantity", "11")])
            let sent = try await shopper.post("/cart/order", [("note", "Ann")])
            #expect(sent.status == .seeOther)
            let order = try await shopper.follow(sent)
            let bill = try #require(order.firstMatch(#"(?s)(<section class="order-bill".*?</section>)"#))
            #expect(bill.contains(#"data-order-total-minor="1347" data-currency="EUR""#))
            #expect(!bill.contains("data-order-total-estimated") && !bill.contains("data-order-final-minor"))
            #expect(bill.contains(#"data-sku="BUT-500" data-price-minor="1347""#))
            #expect(bill.contains("3 × 500 g Butter &lt;b&gt;500&lt;/b&gt; g") && !bill.contains("<b>500"))
            #expect(bill.contains("<strong>€13.47</strong>"))
        }
        #expect(try await Self.butterStock(environment) == 2)
    }

    @Test func aShelfShortOfPacksRefusesTheSendNamingTheRowAndKeepsTheCart() async throws {
        let environment = try TestEnvironment()
        try await Self.shelf(environment)
        try await environment.withShopper { shopper in
            try await shopper.post("/cart/items/bundled-2", [("op", "set"), ("quantity", "11")])
            // Another shopper takes three of the five packs after this cart was priced with five on the shelf.
            #expect(try await shopper.get("/cart").contains(#"data-sku="BUT-500""#))
            var other = Shopper(client: shopper.client)
            try await other.post("/cart/items/bundled-2", [("op", "set"), ("quantity", "11")])
            #expect(try await other.post("/cart/order", []).status == .seeOther)

            let refused = try await shopper.post(
                "/cart/order", [("note", "Ann"), ("substitution", "call-me"), ("phone", "+353 1 234")])
            #expect(refused.status == .conflict)
            #expect(
                refused.contains(
                    "Not enough on the shelf: Butter &lt;b&gt;500&lt;/b&gt; g has 2 packs left (your list takes 3)."))
            #expect(refused.contains("Nothing was sent: your cart and note are kept."))
            #expect(refused.contains(#"value="Ann""#) && refused.contains(#"value="+353 1 234""#))
            #expect(refused.cartLines.map(\.1) == [11])
            // The page read the shelf again: the two packs left are what it offers now.
            let cart = try await shopper.get("/cart")
            #expect(cart.contains("Only 2 left"))
        }
        #expect(try await Self.butterStock(environment) == 2)
    }

    @Test func aRowWhoseProductsAreAllSoldOutRefusesTheSend() async throws {
        let environment = try TestEnvironment()
        try await Self.shelf(environment, butter: 0)
        try await environment.withShopper { shopper in
            try await shopper.post("/cart/items/bundled-2", [("op", "inc")])
            let refused = try await shopper.post("/cart/order", [("note", "Ann")])
            #expect(refused.status == .conflict)
            #expect(refused.contains("Not enough on the shelf: Butter &lt;b&gt;500&lt;/b&gt; g has none left."))
            #expect(refused.cartLines.map(\.1) == [1])
            // The page sent back says so and posts the row back with the form: sent from it, the order goes without.
            #expect(refused.contains("Out of stock"))
            #expect(refused.contains(#"<input type="hidden" name="shelf_short" value="0 butter">"#))
            let sent = try await shopper.post("/cart/order", [("note", "Ann"), ("shelf_short", "0 butter")])
            #expect(sent.status == .seeOther)
            let order = try await shopper.follow(sent)
            #expect(order.contains("Ann") && !order.contains("data-order-total-minor"))
        }
        #expect(try await Self.butterStock(environment) == 0)
    }

    @Test func aRowShownWithOnlyAFewPacksLeftIsSentWithThemAndOneThatRanShortSinceIsRefused() async throws {
        let environment = try TestEnvironment()
        try await Self.shelf(environment, butter: 2)
        let shop = environment
        try await environment.withShopper { shopper in
            // Eleven batches take three packs; the shelf has two.
            try await shopper.post("/cart/items/bundled-2", [("op", "set"), ("quantity", "11")])
            let cart = try await shopper.get("/cart")
            #expect(cart.contains("Only 2 left"))
            #expect(cart.contains(#"name="shelf_short" value="2 butter""#))
            #expect(cart.contains("packed as the list shows them"))

            // A send that never saw the row short (another form, a script) is told, and nothing leaves the shelf.
            let refused = try await shopper.post("/cart/order", [("shelf_short", "3 butter")])
            #expect(refused.status == .conflict)
            #expect(
                refused.contains(
                    "Not enough on the shelf: Butter &lt;b&gt;500&lt;/b&gt; g has 2 packs left, fewer than your list needs."
                ))
            #expect(try await Self.butterStock(shop) == 2)

            let sent = try await shopper.post("/cart/order", [("shelf_short", "0 salt"), ("shelf_short", "2 butter")])
            #expect(sent.status == .seeOther)
            let order = try await shopper.follow(sent)
            #expect(order.contains(#"data-order-total-minor="898""#))
        }
        #expect(try await Self.butterStock(environment) == 0)
    }

    @Test func aWeighedGoodSellsByWeightUntilTheLastGramsAndSaysHowMuchIsLeft() async throws {
        var environment = try TestEnvironment()
        environment.staffToken = Self.staffToken
        let stores = try environment.stores()
        _ = try await stores.products.save([
            Product(
                sku: "BUT-KG", name: "Butter from the block", aisle: .dairyEggs, packSize: PackSize(1000, .gram)!,
                priceMinor: 990, isSoldByWeight: true, stock: 1)
        ])
        try await stores.products.setMatches(["butter": ["BUT-KG"]])
        stores.close()
        try await environment.withShopper { shopper in
            // Three shoppers' brownies take 100 g each from the one kilogram on the shelf.
            for _ in 0..<3 {
                var other = Shopper(client: shopper.client)
                try await other.post("/cart/items/bundled-2", [("op", "inc")])
                #expect(try await other.post("/cart/order", []).status == .seeOther)
            }
            var staff = Shopper(client: shopper.client)
            try await staff.post("/staff/login", [("token", Self.staffToken)])
            #expect(try await staff.get("/staff/products").contains("700 g"))

            try await shopper.post("/cart/items/bundled-2", [("op", "set"), ("quantity", "8")])
            let refused = try await shopper.post("/cart/order", [])
            #expect(refused.status == .conflict)
            #expect(
                refused.contains(
                    "Not enough on the shelf: Butter from the block has 700 g left (your list takes 800 g)."))
            // The page now says what is left, by weight, and sent from it the order takes the 700 g.
            let cart = try await shopper.get("/cart")
            #expect(cart.contains(#"<input type="hidden" name="shelf_short" value="700 butter">"#))
            #expect(try await shopper.post("/cart/order", [("shelf_short", "700 butter")]).status == .seeOther)
            #expect(try await staff.get("/staff/products").contains("none left"))
        }
    }

    @Test func cancellingOnTheBoardPutsThePacksBack() async throws {
        var environment = try TestEnvironment()
        environment.staffToken = Self.staffToken
        try await Self.shelf(environment)
        let shop = environment
        try await environment.withShopper { shopper in
            var (code, staff) = try await Self.sendBrownies(11, &shopper)
            #expect(try await Self.butterStock(shop) == 2)
            try await Self.move(code, [("new", "cancelled")], by: &staff)
        }
        #expect(try await Self.butterStock(environment) == 5)
    }

    @Test func theBoardAddsUpTheDaysTakingsAndTheOrderPageShowsTheChargeOnceReady() async throws {
        var environment = try TestEnvironment()
        environment.staffToken = Self.staffToken
        try await Self.shelf(environment)
        try await environment.withShopper { shopper in
            var (code, staff) = try await Self.sendBrownies(2, &shopper)
            let board = try await staff.get("/staff")
            #expect(board.contains(#"data-takings-estimated-minor="449" data-takings-charged-minor="0""#))
            #expect(board.contains(#"<span class="staff-takings">€4.49 estimated · €0.00 charged</span>"#))
            try await Self.move(code, [("new", "picking"), ("picking", "ready")], by: &staff)
            #expect(
                try await staff.get("/staff").contains(
                    #"data-takings-estimated-minor="449" data-takings-charged-minor="449""#))
            let order = try await shopper.get("/orders/\(code)")
            #expect(order.contains(#"data-order-total-minor="449" data-currency="EUR" data-order-final-minor="449""#))
            #expect(order.contains("Charged, as packed"))
        }
    }

    @Test func thePartnerIsAskedToAuthoriseTheEstimateAndToChargeNothingForACancel() async throws {
        var environment = try TestEnvironment()
        environment.staffToken = Self.staffToken
        environment.partner = PartnerSettings(
            url: URL(string: "http://127.0.0.1:9/events")!,
            secret: WebhookSecret("whsec_" + Data(repeating: 7, count: 24).base64EncodedString())!)
        try await Self.shelf(environment)
        try await environment.withShopper { shopper in
            var (code, staff) = try await Self.sendBrownies(2, &shopper)
            try await Self.move(code, [("new", "cancelled")], by: &staff)
        }
        let (body, cancel) = try await environment.database().read { db in
            (
                try String.fetchOne(db, sql: "SELECT body FROM partner_outbox WHERE type = 'order.placed'"),
                try String.fetchOne(db, sql: "SELECT body FROM partner_outbox WHERE type = 'order.cancelled'")
            )
        }
        let cancelled = try #require(cancel)
        #expect(cancelled.contains(#""amount":0,"amount_is_estimate":false"#))
        #expect(cancelled.contains(#""charge":"none","currency":"EUR""#))
        let placed = try #require(body)
        #expect(placed.contains(#""amount":449,"amount_is_estimate":false"#))
        #expect(placed.contains(#""charge":"authorise","currency":"EUR""#))
        #expect(
            placed.contains(
                #""priced_rows":[{"amount":500,"name":"Butter <b>500</b> g","packs":1,"price":449,"row":"butter","sku":"BUT-500","unit":"g","unit_price":449,"weighed":false}]"#
            ))
    }

    @Test(arguments: StoreBackend.all) func aPaymentOfAnotherAmountOrCurrencyIsTakenAndFlagged(backend: StoreBackend)
        async throws
    {
        var environment = try await PartnerRouteTests.environment(backend)
        environment.staffToken = Self.staffToken
        try await Self.shelf(environment)
        try await environment.withShopper { shopper in
            var partner = Shopper(client: shopper.client)
            /// Two batches of brownies, then the partner's payment of what was asked `plus` some, in `currency`.
            func paid(plus: Int = 0, currency: String? = "EUR") async throws -> (page: Page, asked: Int, staff: Shopper)
            {
                var (code, staff) = try await Self.sendBrownies(2, &shopper)
                let order = try await shopper.get("/orders/\(code)")
                let asked = try #require(order.firstMatch(#"data-order-total-minor="(\d+)""#).flatMap(Int.init))
                let extra = #","amount":\#(asked + plus)"# + (currency.map { #","currency":"\#($0)""# } ?? "")
                let body = PartnerRouteTests.event("payment.succeeded", code, extra)
                #expect(try await PartnerRouteTests.call(&partner, body: body).status == .ok)
                _ = try await staff.get("/staff")
                return (try await shopper.get("/orders/\(code)"), asked, staff)
            }
            func euros(_ minor: Int) -> String { Currency.euro.format(minor: minor) }

            var (page, asked, staff) = try await paid()
            #expect(page.contains(#"data-partner-status="paid""#))
            #expect(!page.contains("data-payment-mismatch"))

            // Less than asked: taken, and the order page and the ticket both say so.
            (page, asked, staff) = try await paid(plus: -37)
            #expect(page.contains(#"data-partner-status="paid""#))
            #expect(page.contains(#"data-payment-mismatch data-paid-minor="\#(asked - 37)" data-paid-currency="EUR""#))
            #expect(page.contains("Paid \(euros(asked - 37)), order \(euros(asked))"))
            #expect(try await staff.get("/staff").contains("Paid \(euros(asked - 37)), order \(euros(asked))"))

            // Another currency is flagged whatever the number; none named is the order's own.
            (page, asked, _) = try await paid(currency: "USD")
            #expect(page.contains(#"data-paid-minor="\#(asked)" data-paid-currency="USD""#))
            #expect(page.contains("Paid $\(euros(asked).dropFirst()), order \(euros(asked))"))
            (page, _, _) = try await paid(currency: nil)
            #expect(page.contains(#"data-partner-status="paid""#) && !page.contains("data-payment-mismatch"))

            // Refused by name, changing nothing: a fraction of a cent, a negative amount, a currency that is not one.
            let (code, _) = try await Self.sendBrownies(2, &shopper)
            for (extra, reason) in [
                (#","amount":4.5"#, "amount must be a whole number of minor units"),
                (#","amount":-1"#, "amount must be a whole number of minor units"),
                (#","amount":"449""#, "the body is not an event"),
                (#","amount":449,"currency":"eur""#, "currency must be an ISO 4217 code"),
                (#","amount":449,"currency":"<script>""#, "currency must be an ISO 4217 code"),
            ] {
                let refused = try await PartnerRouteTests.call(
                    &partner, body: PartnerRouteTests.event("payment.succeeded", code, extra))
                #expect(refused.status.code >= 400, "\(extra)")
                #expect(refused.contains(reason), "\(extra): \(refused.html)")
            }
            page = try await shopper.get("/orders/\(code)")
            #expect(page.contains(#"data-partner-status="awaiting""#) && !page.contains("data-payment-mismatch"))
        }
    }
}
