import Foundation
import HTTPTypes
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

/// Servings per line, "Send to the shop", the order page and the staff board's queue, through HTTP.
@Suite struct OrderRouteTests {
    static let token = "correct-horse-battery-staple"

    static func environment() throws -> TestEnvironment {
        var environment = try TestEnvironment()
        environment.staffToken = token
        return environment
    }

    @Test func theDetailPagesServingsGoIntoTheCartAndTheLineCanChangeThem() async throws {
        try await TestEnvironment().withShopper { shopper in
            let scaled = try await shopper.get("/recipes/bundled-33?servings=4")
            #expect(scaled.contains(#"<input type="hidden" name="servings" value="4">"#))
            #expect(scaled.contains("Goes in the cart for 4 servings."))
            #expect(scaled.contains("data-method-servings"))
            #expect(scaled.contains("The method is written for 2 servings"))
            #expect(!(try await shopper.get("/recipes/bundled-33")).contains("data-method-servings"))
            let added = try await shopper.post(
                "/cart/items/bundled-33",
                [("op", "inc"), ("servings", "4"), ("return_to", "/recipes/bundled-33?servings=4")])
            #expect(added.location == "/recipes/bundled-33?servings=4#line-bundled-33")
            #expect(try await shopper.get("/recipes/bundled-33?servings=4").contains("In your cart · for 4 servings"))

            var cart = try await shopper.get("/cart")
            #expect(cart.contains(#"data-quantity="1" data-servings="4""#))
            // Carbonara is written for 2 with 200 g of spaghetti: twice that for 4.
            #expect(
                cart.contains(
                    #"<span class="shopping-amount">400 g</span> <span class="shopping-name">spaghetti</span>"#))

            let changed = try await shopper.post(
                "/cart/items/bundled-33", [("op", "servings"), ("servings", "8"), ("return_to", "/cart")])
            #expect(changed.status == .seeOther)
            cart = try await shopper.get("/cart")
            #expect(cart.contains(#"data-servings="8""#))
            #expect(
                cart.contains(
                    #"<span class="shopping-amount">800 g</span> <span class="shopping-name">spaghetti</span>"#))
            // A plain + keeps the servings the line has.
            try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
            cart = try await shopper.get("/cart")
            #expect(cart.contains(#"data-quantity="2" data-servings="8""#))
            #expect(
                cart.contains(
                    #"<span class="shopping-amount">1.6 kg</span> <span class="shopping-name">spaghetti</span>"#))
        }
    }

    @Test func badServingsAreRefusedAndChangeNothing() async throws {
        try await TestEnvironment().withShopper { shopper in
            try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
            for (value, status) in [
                ("0", HTTPResponse.Status.unprocessableContent), ("51", .unprocessableContent),
                ("-1", .unprocessableContent),
                ("two", .badRequest), ("99999999999", .badRequest), ("<script>", .badRequest),
            ] {
                let servings = try await shopper.post(
                    "/cart/items/bundled-33", [("op", "servings"), ("servings", value)])
                #expect(servings.status == status, "servings=\(value)")
                let withInc = try await shopper.post("/cart/items/bundled-33", [("op", "inc"), ("servings", value)])
                #expect(withInc.status == status, "inc with servings=\(value)")
            }
            #expect(try await shopper.post("/cart/items/bundled-33", [("op", "servings")]).status == .badRequest)
            #expect(
                try await shopper.post("/cart/items/bundled-1", [("op", "servings"), ("servings", "3")]).status
                    == .notFound)
            let cart = try await shopper.get("/cart")
            #expect(cart.cartLines.map(\.1) == [1])
            #expect(cart.contains(#"data-quantity="1" data-servings="2""#))
        }
    }

    @Test func sendingTheCartMakesAnOrderWithAPickupCode() async throws {
        try await Self.environment().withShopper { shopper in
            try await shopper.post("/cart/items/bundled-33", [("op", "set"), ("quantity", "2"), ("servings", "6")])
            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            let cart = try await shopper.get("/cart")
            #expect(cart.contains(#"action="/cart/order""#))
            #expect(cart.contains("Send to the shop"))

            let sent = try await shopper.post("/cart/order", [("note", "  Ann <b>bold</b>\n please  ")])
            #expect(sent.status == .seeOther)
            let location = try #require(sent.location)
            let code = try #require(location.split(separator: "/").last.map(String.init))
            #expect(location == "/orders/\(code)")
            #expect(OrderCode(code) != nil)

            let order = try await shopper.follow(sent)
            #expect(order.status == .ok)
            #expect(order.contains(#"data-order-code="\#(code)" data-order-status="new""#))
            #expect(order.contains("Your pickup code is \(code)."))
            #expect(order.contains("Ann &lt;b&gt;bold&lt;/b&gt; please"))
            #expect(!order.contains("<b>bold"))
            #expect(order.contains("Classic Spaghetti Carbonara"))
            #expect(order.contains("2 batches for 6 servings"))
            #expect(
                order.contains(
                    #"<span class="shopping-amount">1.2 kg</span> <span class="shopping-name">spaghetti</span>"#))
            #expect(order.cartCount == 0)
            #expect(order.contains(#"data-order-refresh="30""#))
            #expect(order.contains(#"<a class="order-check" href="/orders/\#(code)">Check again</a>"#))
            #expect(!order.contains(#"http-equiv="refresh""#))

            let after = try await shopper.get("/cart")
            #expect(after.cartLines.isEmpty)
            #expect(
                after.contains(#"<li data-order-code="\#(code)" data-order-status="new"><a href="/orders/\#(code)">"#))
            // Lower case is the same code; another browser sees no such order.
            #expect(try await shopper.get("/orders/\(code.lowercased())").status == .ok)
            var stranger = Shopper(client: shopper.client)
            #expect(try await stranger.get("/orders/\(code)").status == .notFound)
            #expect(try await stranger.get("/orders/ZZZZZZ").status == .notFound)
            #expect(try await shopper.get("/orders/not-a-code").status == .notFound)
            #expect(try await shopper.get("/orders/%2e%2e%2fcart").status == .notFound)
        }
    }

    @Test func anEmptyCartASecondSendAStaleTokenOrALongNoteSendNothing() async throws {
        try await Self.environment().withShopper { shopper in
            try await shopper.get("/cart")
            let empty = try await shopper.post("/cart/order", [])
            #expect(empty.status == .conflict)
            #expect(empty.contains("Your cart is empty, so there is nothing to send."))

            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            let long = try await shopper.post("/cart/order", [("note", String(repeating: "é", count: 201))])
            #expect(long.status == .unprocessableContent)
            #expect(long.contains("at most 200 characters"))
            let control = try await shopper.post("/cart/order", [("note", "a\u{7}b")])
            #expect(control.status == .badRequest)
            let stale = try await shopper.post("/cart/order", [("_csrf", "stale")], withToken: false)
            #expect(stale.status == .forbidden)
            #expect(try await shopper.get("/cart").cartLines.map(\.1) == [1])

            #expect(
                try await shopper.post("/cart/order", [("note", String(repeating: "é", count: 200))]).status
                    == .seeOther)
            let twice = try await shopper.post("/cart/order", [])
            #expect(twice.status == .conflict)
            #expect(twice.contains("Orders you sent already are listed on your cart page."))
            #expect(try await shopper.get("/cart").allMatches(#"<li data-order-code="([A-Z2-9]{6})""#).count == 1)
        }
    }

    @Test func staffAdvanceAnOrderToReadyAndTheShopperSeesIt() async throws {
        try await Self.environment().withShopper { staff in
            var alice = Shopper(client: staff.client)
            try await alice.post("/cart/items/bundled-33", [("op", "inc")])
            let sent = try await alice.post("/cart/order", [("note", "Alice")])
            let code = try #require(sent.location?.split(separator: "/").last.map(String.init))
            var bob = Shopper(client: staff.client)
            try await bob.post("/cart/items/bundled-1", [("op", "inc")])

            // A shopper's cookie and token move nothing.
            let byShopper = try await alice.post("/staff/orders/\(code)/status", [("from", "new"), ("to", "picking")])
            #expect(byShopper.status == .unauthorized)

            try await staff.get("/staff/login")
            #expect(try await staff.post("/staff/login", [("token", Self.token)]).status == .seeOther)
            var board = try await staff.get("/staff")
            #expect(board.contains(#"id="order-\#(code)" data-order-code="\#(code)" data-order-status="new""#))
            #expect(board.contains("1 order · 1 cart"))
            #expect(board.contains(#"<span class="staff-order-note">Alice</span>"#))
            #expect(
                board.contains(#"<span class="staff-amount">200 g</span> <span class="staff-item">spaghetti</span>"#))
            #expect(board.contains("Start packing"))
            // Orders come before the carts still being filled.
            let orderAt = try #require(board.html.range(of: "data-order-code"))
            let cartAt = try #require(board.html.range(of: "data-cart-label"))
            #expect(orderAt.lowerBound < cartAt.lowerBound)

            let stale = try await staff.post(
                "/staff/orders/\(code)/status", [("from", "new"), ("to", "picking"), ("_csrf", "x")], withToken: false)
            #expect(stale.status == .forbidden)
            let skip = try await staff.post("/staff/orders/\(code)/status", [("from", "new"), ("to", "ready")])
            #expect(skip.status == .unprocessableContent)
            #expect(
                try await staff.post("/staff/orders/\(code)/status", [("from", "new"), ("to", "shipped")]).status
                    == .badRequest)
            #expect(try await staff.post("/staff/orders/\(code)/status", []).status == .badRequest)
            #expect(
                try await staff.post("/staff/orders/ZZZZZZ/status", [("from", "new"), ("to", "picking")]).status
                    == .notFound)
            #expect(
                try await staff.post("/staff/orders/bad/status", [("from", "new"), ("to", "picking")]).status
                    == .notFound)

            let picking = try await staff.post("/staff/orders/\(code)/status", [("from", "new"), ("to", "picking")])
            #expect(picking.status == .seeOther)
            #expect(picking.location == "/staff#order-\(code)")
            // The same button pressed again, from a board that had not refreshed, moves nothing and says why.
            let again = try await staff.post("/staff/orders/\(code)/status", [("from", "new"), ("to", "picking")])
            #expect(again.status == .conflict)
            #expect(again.contains("Being packed"))
            #expect(
                try await staff.post("/staff/orders/\(code)/status", [("from", "picking"), ("to", "ready")]).status
                    == .seeOther)
            board = try await staff.get("/staff")
            #expect(board.contains(#"data-order-status="ready""#))
            #expect(board.contains("Mark collected"))

            let seen = try await alice.get("/orders/\(code)")
            #expect(seen.contains(#"data-order-status="ready""#))
            #expect(seen.contains("Ready to collect"))
            #expect(!seen.contains("data-order-refresh"))

            #expect(
                try await staff.post("/staff/orders/\(code)/status", [("from", "ready"), ("to", "collected")]).status
                    == .seeOther)
            board = try await staff.get("/staff")
            #expect(!board.contains("data-order-code=\"\(code)\""))
            #expect(try await alice.get("/orders/\(code)").contains(#"data-order-status="collected""#))
        }
    }

    @Test func staffCanCancelAnOpenOrderButNotACollectedOne() async throws {
        try await Self.environment().withShopper { staff in
            var alice = Shopper(client: staff.client)
            try await alice.post("/cart/items/bundled-1", [("op", "inc")])
            let code = try #require(
                try await alice.post("/cart/order", []).location?.split(separator: "/").last.map(String.init))
            try await staff.get("/staff/login")
            try await staff.post("/staff/login", [("token", Self.token)])
            #expect(
                try await staff.post("/staff/orders/\(code)/status", [("from", "new"), ("to", "cancelled")]).status
                    == .seeOther)
            #expect(
                try await staff.post("/staff/orders/\(code)/status", [("from", "cancelled"), ("to", "new")]).status
                    == .unprocessableContent)
            let page = try await alice.get("/orders/\(code)")
            #expect(page.contains(#"data-order-status="cancelled""#))
            #expect(page.contains("The shop cancelled this order."))
        }
    }
}

/// "I have this", the list as text, and read-only share links, through HTTP.
@Suite struct ShoppingListExtrasRouteTests {
    @Test func iHaveThisMovesARowToAlreadyHaveAndBackAndStaffPickListsLeaveItOut() async throws {
        try await OrderRouteTests.environment().withShopper { staff in
            var shopper = Shopper(client: staff.client)
            try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
            var cart = try await shopper.get("/cart")
            #expect(cart.allMatches(#"data-aisle="have"[\s\S]*?data-item="([^"]+)""#).first == "black pepper")
            #expect(Self.group(of: "spaghetti", in: cart) == "pantry")
            #expect(Self.group(of: "salt", in: cart) == "have")

            let had = try await shopper.post("/cart/have", [("item", "spaghetti"), ("has", "1")])
            #expect(had.status == .seeOther)
            #expect(had.location == "/cart#shopping-list")
            cart = try await shopper.follow(had)
            #expect(cart.contains("Moved spaghetti to “Already have”."))
            #expect(Self.group(of: "spaghetti", in: cart) == "have")
            #expect(
                cart.contains(
                    #"<input type="hidden" name="item" value="spaghetti"><input type="hidden" name="has" value="0"><button class="button button--quiet" type="submit">I need this"#
                ))
            try await shopper.post("/cart/have", [("item", "salt"), ("has", "0")])
            cart = try await shopper.get("/cart")
            #expect(Self.group(of: "salt", in: cart) == "spices")

            let text = try await shopper.get("/cart/list.txt")
            #expect(text.status == .ok)
            #expect(text.headers[.contentType] == "text/plain; charset=utf-8")
            #expect(text.html.hasPrefix("Shopping list\n\nRecipes\n- 1 × Classic Spaghetti Carbonara (2 servings)\n"))
            #expect(text.html.contains("\nAlready have\n"))
            #expect(text.html.contains("- 200 g spaghetti"))
            let haveAt = try #require(text.html.range(of: "Already have"))
            let spaghettiAt = try #require(text.html.range(of: "200 g spaghetti"))
            #expect(haveAt.lowerBound < spaghettiAt.lowerBound)

            // The order keeps the marks; its pick list leaves out what the shopper has.
            let sent = try await shopper.post("/cart/order", [])
            #expect(sent.status == .seeOther)
            try await staff.get("/staff/login")
            try await staff.post("/staff/login", [("token", OrderRouteTests.token)])
            let board = try await staff.get("/staff")
            #expect(board.contains(#"<span class="staff-item">guanciale</span>"#))
            #expect(!board.contains(#"<span class="staff-item">spaghetti</span>"#))
            #expect(!board.contains(#"<span class="staff-item">black pepper</span>"#))
            #expect(board.contains(#"<span class="staff-item">salt</span>"#))
        }
    }

    @Test func badHaveFormsChangeNothing() async throws {
        try await TestEnvironment().withShopper { shopper in
            #expect(try await shopper.post("/cart/have", [("item", "salt"), ("has", "1")]).status == .notFound)
            try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
            for (fields, status) in [
                ([("item", "salt")], HTTPResponse.Status.badRequest),
                ([("item", "salt"), ("has", "yes")], .badRequest),
                ([("has", "1")], .badRequest),
                ([("item", String(repeating: "a", count: 201)), ("has", "1")], .badRequest),
                ([("item", "../etc/passwd"), ("has", "1")], .notFound),
                ([("item", "<script>"), ("has", "1")], .notFound),
            ] {
                #expect(try await shopper.post("/cart/have", fields).status == status, "\(fields)")
            }
            #expect(
                try await shopper.post(
                    "/cart/have", [("item", "salt"), ("has", "1"), ("_csrf", "x")], withToken: false
                ).status == .forbidden)
            let cart = try await shopper.get("/cart")
            #expect(Self.group(of: "spaghetti", in: cart) == "pantry")
            #expect(try await shopper.get("/cart/list.txt").html.contains("- 200 g spaghetti"))
        }
    }

    @Test func theTextListLeavesTheNextPagesMessageInPlace() async throws {
        try await TestEnvironment().withShopper { shopper in
            try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
            #expect(shopper.cookies["rc_status"]?.isEmpty == false)
            _ = try await shopper.get("/cart/list.txt")
            #expect(shopper.cookies["rc_status"]?.isEmpty == false)
            #expect(try await shopper.get("/cart").contains("Added Classic Spaghetti Carbonara"))
        }
    }

    @Test func anEmptyCartsTextSaysSo() async throws {
        try await TestEnvironment().withShopper { shopper in
            let text = try await shopper.get("/cart/list.txt")
            #expect(text.status == .ok)
            #expect(text.html == "Shopping list\n\nNothing to buy.\n")
        }
    }

    @Test func aShareLinkShowsTheCartReadOnlyUntilItsOwnerRevokesIt() async throws {
        try await TestEnvironment().withShopper { shopper in
            #expect(try await shopper.post("/cart/share", []).status == .conflict)
            try await shopper.post("/cart/items/bundled-33", [("op", "set"), ("quantity", "2"), ("servings", "3")])
            let made = try await shopper.post("/cart/share", [])
            #expect(made.status == .seeOther)
            #expect(made.location == "/cart#share")
            let cart = try await shopper.follow(made)
            let link = try #require(
                cart.firstMatch(#"<a class="share-link" href="(/shared/[A-Za-z0-9_-]{22})" data-share-link>"#))
            #expect(cart.contains("Stop sharing"))

            var friend = Shopper(client: shopper.client)
            let shared = try await friend.get(link)
            #expect(shared.status == .ok)
            #expect(shared.contains("Classic Spaghetti Carbonara"))
            #expect(shared.contains("2 batches · 3 servings"))
            #expect(
                shared.contains(
                    #"<span class="shopping-amount">600 g</span> <span class="shopping-name">spaghetti</span>"#))
            #expect(shared.contains(#"<meta name="robots" content="noindex">"#))
            #expect(!shared.contains("shopping-have"))
            #expect(!shared.contains(#"action="/cart"#))
            // The friend's own cart is their own.
            #expect(try await friend.get("/cart").cartLines.isEmpty)

            // A new link replaces the old one.
            try await shopper.post("/cart/share", [])
            let second = try #require(
                try await shopper.get("/cart").firstMatch(#"href="(/shared/[A-Za-z0-9_-]{22})" data-share-link"#))
            #expect(second != link)
            #expect(try await friend.get(link).status == .notFound)
            #expect(try await friend.get(second).status == .ok)

            let revoked = try await shopper.post("/cart/share/revoke", [])
            #expect(revoked.status == .seeOther)
            #expect(try await friend.get(second).status == .notFound)
            #expect(try await shopper.get("/cart").contains("Make a read-only link"))
            for bad in [
                "/shared/short", "/shared/" + String(repeating: "A", count: 200), "/shared/%2e%2e%2f%2e%2e",
                "/shared/<script>",
            ] {
                #expect(try await friend.get(bad).status == .notFound, "\(bad)")
            }
        }
    }

    /// The `data-aisle` of the group a row is in.
    static func group(of key: String, in page: Page) -> String? {
        var current: String?
        for line in page.html.components(separatedBy: "<section class=\"shopping-group\"") {
            current = Page.matches(#"^ data-aisle="([a-z-]+)""#, in: line).first ?? current
            if line.contains("data-item=\"\(key)\"") { return current }
        }
        return nil
    }
}
