import Foundation
import GRDB
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage
import Testing

@testable import RecipeCart

/// Packing makes the final bill, through HTTP as staff and shoppers meet it: the weight a weighed row was packed at,
/// a short row and a replacement picked from the shelf change the ticket's running total and the order page's
/// differences in words; the shopper's substitution choice refuses what it does not allow; ready fixes the amount
/// the partner captures.
@Suite struct PackingRouteTests {
    static let staffToken = PricedOrderRouteTests.staffToken

    /// Butter sold by weight from the block: €12.00 a kilogram, 3 kg on the counter.
    static func blockButter(_ environment: TestEnvironment) async throws {
        let stores = try environment.stores()
        defer { stores.close() }
        _ = try await stores.products.save([
            Product(
                sku: "BUT-BLOCK", name: "Butter from the block", aisle: .dairyEggs, packSize: PackSize(1000, .gram)!,
                priceMinor: 1200, isSoldByWeight: true, stock: 3)
        ])
        try await stores.products.setMatches(["butter": ["BUT-BLOCK"]])
    }

    /// Three butters in 500 g packs, five of each: the list's (€4.49), a close match (€4.99) and a dear one (€6.99).
    static func threeButters(_ environment: TestEnvironment) async throws {
        let stores = try environment.stores()
        defer { stores.close() }
        _ = try await stores.products.save(
            [
                ("BUT-500", "Butter 500 g", 449), ("BUT-IRISH", "Irish butter 500 g", 499),
                ("BUT-LUX", "Luxury butter", 699),
            ]
            .map { sku, name, price in
                Product(
                    sku: sku, name: name, aisle: .dairyEggs, packSize: PackSize(500, .gram)!, priceMinor: price,
                    stock: 5)
            })
        try await stores.products.setMatches(["butter": ["BUT-500", "BUT-IRISH"]])
    }

    static func stock(_ environment: TestEnvironment, _ sku: String) async throws -> Int? {
        try await environment.database().read { db in
            try Int.fetchOne(
                db, sql: "SELECT stock * pack_amount + stock_part FROM products WHERE sku = ?", arguments: [sku])
        }
    }

    static func mark(_ code: String, _ fields: [(String, String)], by staff: inout Shopper) async throws -> Page {
        try await staff.post("/staff/orders/\(code)/marks", [("row", "butter")] + fields)
    }

    static func ticket(_ code: String, _ staff: inout Shopper) async throws -> String {
        let board = try await staff.get("/staff")
        return try #require(board.firstMatch(#"(?s)(<article class="staff-order" id="order-\#(code)".*?</article>)"#))
    }

    @Test func aWeighedRowTakesTheWeightPackedAndReadyFixesTheAmountCaptured() async throws {
        var environment = try TestEnvironment()
        environment.staffToken = Self.staffToken
        environment.partner = PartnerSettings(
            url: URL(string: "http://127.0.0.1:9/events")!,
            secret: WebhookSecret("whsec_" + Data(repeating: 7, count: 24).base64EncodedString())!)
        try await Self.blockButter(environment)
        let shop = environment
        try await shop.withShopper(over: .live) { shopper in
            // One batch of brownies: 100 g of butter, about €1.20.
            var (code, staff) = try await PricedOrderRouteTests.sendBrownies(1, &shopper)
            var ticket = try await Self.ticket(code, &staff)
            #expect(ticket.contains(#"data-order-estimate-minor="120" data-order-packed-minor="120""#))
            #expect(
                ticket.contains(#"<input name="packed" inputmode="decimal" size="7" placeholder="100" required> g"#))

            for (typed, says) in [
                ("", "Type the weight packed, such as 1.13 kg or 1130 g."),
                ("0", "A weight packed is more than 0."), ("-100 g", "A weight packed is more than 0."),
                ("51 kg", "At most 50 kg is packed for one row: check the scale."),
                ("1,5 kg", "Write the weight with a point, not a comma"),
                ("a knob", "“a knob” is not a weight this row is packed by"),
            ] {
                let refused = try await Self.mark(
                    code, [("was", "none"), ("state", "found"), ("packed", typed)], by: &staff)
                #expect(refused.status == .unprocessableContent, "\(typed)")
                #expect(refused.contains(says), "\(typed)")
            }
            #expect(try await Self.stock(shop, "BUT-BLOCK") == 2900, "nothing refused moved the shelf")
            #expect(!(try await Self.ticket(code, &staff)).contains("data-pick-state"))

            let weighed = try await Self.mark(
                code, [("was", "none"), ("state", "found"), ("packed", "0.13 kg")], by: &staff)
            #expect(weighed.status == .seeOther)
            #expect(try await Self.stock(shop, "BUT-BLOCK") == 2870)
            ticket = try await Self.ticket(code, &staff)
            #expect(ticket.contains(#"data-order-estimate-minor="120" data-order-packed-minor="156""#))
            #expect(ticket.contains("Estimate €1.20 · As packed €1.56"))
            #expect(ticket.contains(#"<strong class="staff-mark">Weighed at 130 g</strong>"#))
            #expect(ticket.contains(#"data-packed-minor="156">Packed: 130 g Butter from the block · €1.56"#))
            #expect(ticket.contains(#"<input type="hidden" name="was_packed" value="130">"#))

            var order = try await shopper.get("/orders/\(code)")
            #expect(
                order.contains(
                    #"data-difference-minor="36"><strong>Butter from the block</strong>: 130 g instead of about 100 g, +€0.36"#
                ))
            #expect(!order.contains("data-order-final-minor"))

            try await PricedOrderRouteTests.move(code, [("new", "picking"), ("picking", "ready")], by: &staff)
            order = try await shopper.get("/orders/\(code)")
            #expect(
                order.contains(#"data-order-total-minor="120""#) && order.contains(#"data-order-final-minor="156""#))
            #expect(order.contains("<strong>€1.56</strong>"))
            ticket = try await Self.ticket(code, &staff)
            #expect(ticket.contains(#"data-order-final-minor="156">Estimate €1.20 · Final €1.56"#))
            let late = try await Self.mark(
                code, [("was", "found"), ("was_packed", "130"), ("state", "none")], by: &staff)
            #expect(late.status == .conflict)
            #expect(
                late.contains("Order \(code) is ready, so its bill is fixed. Undo “Ready” to change its pick list."))
        }
        #expect(try await Self.stock(environment, "BUT-BLOCK") == 2870)
        let ready = try #require(
            try await environment.database().read { db in
                try String.fetchOne(db, sql: "SELECT body FROM partner_outbox WHERE type = 'order.ready'")
            })
        #expect(ready.contains(#""amount":156,"amount_is_estimate":false,"charge":"capture""#))
        #expect(
            ready.contains(
                #""differences":[{"amount":36,"estimated":[{"amount":100,"name":"Butter from the block","packs":1,"price":120,"#
            ))
        #expect(ready.contains(#""kind":"weighed","packed":[{"amount":130,"#))
    }

    @Test func aReplacementComesFromTheShelfWithinWhatTheShopperAllows() async throws {
        var environment = try TestEnvironment()
        environment.staffToken = Self.staffToken
        try await Self.threeButters(environment)
        let shop = environment
        try await shop.withShopper(over: .live) { shopper in
            // Two batches of brownies (200 g of butter, one €4.49 pack) for a shopper who takes a close match.
            try await shopper.post("/cart/items/bundled-2", [("op", "set"), ("quantity", "2")])
            let sent = try await shopper.post("/cart/order", [("substitution", "close-match")])
            let code = try #require(sent.location?.split(separator: "/").last.map(String.init))
            var staff = Shopper(client: shopper.client)
            try await staff.post("/staff/login", [("token", Self.staffToken)])
            #expect(try await Self.stock(shop, "BUT-500") == 2000)
            let ticket = try await Self.ticket(code, &staff)
            #expect(ticket.contains(#"<option value="Irish butter 500 g">"#), "the close matches are offered")
            #expect(ticket.contains("1 × 500 g Butter 500 g · €4.49"))

            for (typed, says) in [
                (
                    "Margarine",
                    "No product on the shelf is called “Margarine”: choose one from the list, or type its SKU."
                ),
                (
                    "BUT-LUX",
                    "Luxury butter costs €6.99 for this row, more than a close match may: at most 20 % over €4.49, so €5.38."
                ),
                ("butter 500 g", "Butter 500 g is what the list asked for: mark the row found or short."),
            ] {
                let refused = try await Self.mark(
                    code, [("was", "none"), ("state", "replaced"), ("replacement", typed)], by: &staff)
                #expect(refused.status == .unprocessableContent, "\(typed)")
                #expect(refused.contains(says), "\(typed)")
            }
            #expect(try await Self.stock(shop, "BUT-500") == 2000)

            let replaced = try await Self.mark(
                code, [("was", "none"), ("state", "replaced"), ("replacement", "irish BUTTER 500 g")], by: &staff)
            #expect(replaced.status == .seeOther)
            #expect(try await Self.stock(shop, "BUT-500") == 2500)
            #expect(try await Self.stock(shop, "BUT-IRISH") == 2000)
            #expect(try await Self.ticket(code, &staff).contains("Estimate €4.49 · As packed €4.99"))
            let order = try await shopper.get("/orders/\(code)")
            #expect(
                order.contains(
                    #"data-difference-minor="50"><strong>Butter 500 g</strong>: replaced with 1 × 500 g Irish butter 500 g, +€0.50"#
                ))

            // A shopper who said "Leave it out" gets no replacement; a short row is left out, its pack back.
            try await shopper.post("/cart/items/bundled-2", [("op", "set"), ("quantity", "2")])
            let second = try await shopper.post("/cart/order", [("substitution", "leave-out")])
            let other = try #require(second.location?.split(separator: "/").last.map(String.init))
            #expect(try await Self.stock(shop, "BUT-500") == 2000)
            let refused = try await Self.mark(
                other, [("was", "none"), ("state", "replaced"), ("replacement", "Irish butter 500 g")], by: &staff)
            #expect(refused.status == .unprocessableContent)
            #expect(
                refused.contains(
                    "The shopper chose “Leave it out”: nothing may replace this row. Mark it short instead."))
            let tooMany = try await Self.mark(
                other, [("was", "none"), ("state", "short"), ("missing", "2")], by: &staff)
            #expect(tooMany.status == .unprocessableContent)
            #expect(tooMany.contains("This row has 1 pack: say how many of them are missing."))
            #expect(
                try await Self.mark(other, [("was", "none"), ("state", "short"), ("missing", "1")], by: &staff).status
                    == .seeOther)
            #expect(try await Self.stock(shop, "BUT-500") == 2500)
            #expect(
                try await shopper.get("/orders/\(other)").contains(
                    #"data-difference-minor="-449"><strong>Butter 500 g</strong>: none packed, −€4.49"#))
            #expect(try await Self.ticket(other, &staff).contains("Estimate €4.49 · As packed €0.00"))
        }
    }
}
