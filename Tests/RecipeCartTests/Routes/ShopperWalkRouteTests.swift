import Foundation
import RecipeCartDomain
import RecipeCartUpstream
import Testing

@testable import RecipeCart

/// What a shopper sees after each cart action: where they land, what the page says, and how to take it back.
@Suite struct ShopperWalkRouteTests {
    @Test func aStepperPostLandsOnTheLineAndSaysWhatChanged() async throws {
        try await TestEnvironment().withShopper { shopper in
            let added = try await shopper.post("/cart/items/bundled-33", [("op", "inc"), ("return_to", "/cart")])
            #expect(added.status == .seeOther)
            #expect(added.location == "/cart#line-bundled-33")
            let cart = try await shopper.follow(added)
            #expect(
                cart.contains(
                    #"<li class="cart-line" data-recipe-id="bundled-33" data-quantity="1" data-servings="2" id="line-bundled-33">"#
                ))
            #expect(
                cart.contains(
                    #"<div class="status-message" role="status" data-status-message><p>Added Classic Spaghetti Carbonara · 1 in your cart</p></div>"#
                ))
            // Shown once: a reload or the next page does not repeat it.
            #expect(!(try await shopper.get("/cart").contains("data-status-message")))

            let fromDetail = try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
            #expect(fromDetail.location == "/recipes/bundled-33#line-bundled-33")
            let detail = try await shopper.follow(fromDetail)
            #expect(detail.contains(#"<div class="recipe-cart" id="line-bundled-33">"#))
            #expect(detail.contains("Added Classic Spaghetti Carbonara · 2 in your cart"))

            let less = try await shopper.follow(
                try await shopper.post("/cart/items/bundled-33", [("op", "dec"), ("return_to", "/cart")]))
            #expect(less.contains("Took one Classic Spaghetti Carbonara out · 1 in your cart"))
        }
    }

    @Test func aForgedOrStaleStatusCookieShowsNothing() async throws {
        try await TestEnvironment().withShopper { shopper in
            try await shopper.get("/")
            shopper.cookies["rc_status"] = Base64URL.encode(Data(#"{"text":"Call 555 for a refund"}"#.utf8)) + ".AAAA"
            let page = try await shopper.get("/cart")
            #expect(page.status == .ok)
            #expect(!page.contains("555"))
            #expect(!page.contains("data-status-message"))
        }
    }

    @Test func removeThenUndoPutsBackExactlyTheLine() async throws {
        try await TestEnvironment().withShopper { shopper in
            try await shopper.post("/cart/items/bundled-1", [("op", "set"), ("quantity", "3")])
            try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
            try await shopper.post("/cart/items/bundled-27", [("op", "set"), ("quantity", "2")])
            try await shopper.post("/cart/items/bundled-33/cooking", [("op", "start")])
            let before = try await shopper.get("/cart")

            let removed = try await shopper.post(
                "/cart/items/bundled-33", [("op", "set"), ("quantity", "0"), ("return_to", "/cart")])
            let page = try await shopper.follow(removed)
            #expect(page.cartLines.map(\.0) == ["bundled-1", "bundled-27"])
            #expect(page.contains("Removed Classic Spaghetti Carbonara from your cart."))
            #expect(page.contains(#"<form class="undo-form" method="post" action="/cart/undo">"#))
            #expect(page.contains(#"<button class="button undo-button" type="submit">Undo</button>"#))
            // Still offered after a reload: the Undo does not vanish with the one-shot message.
            let reloaded = try await shopper.get("/cart")
            let token = try #require(reloaded.firstMatch(#"name="undo" value="([^"]+)""#))

            let undone = try await shopper.post("/cart/undo", [("undo", token)])
            #expect(undone.status == .seeOther)
            #expect(undone.location == "/cart#line-bundled-33")
            let after = try await shopper.follow(undone)
            #expect(after.contains("Put Classic Spaghetti Carbonara back in your cart."))
            #expect(after.cartLines.map(\.0) == before.cartLines.map(\.0))
            #expect(after.cartLines.map(\.1) == before.cartLines.map(\.1))
            #expect(after.contains("Ready at"))
            #expect(after.cartCount == 6)

            let again = try await shopper.post("/cart/undo", [("undo", token)])
            #expect(again.status == .conflict)
            #expect(try await shopper.get("/cart").cartLines.map(\.1) == [3, 1, 2])
        }
    }

    @Test func emptyTheCartThenUndo() async throws {
        try await TestEnvironment().withShopper { shopper in
            try await shopper.post("/cart/items/bundled-1", [("op", "set"), ("quantity", "3")])
            try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
            let emptied = try await shopper.follow(try await shopper.post("/cart/clear", []))
            #expect(emptied.cartLines.isEmpty)
            #expect(emptied.contains("Emptied your cart."))
            let token = try #require(emptied.firstMatch(#"name="undo" value="([^"]+)""#))
            let restored = try await shopper.follow(try await shopper.post("/cart/undo", [("undo", token)]))
            #expect(restored.cartLines.map(\.0) == ["bundled-1", "bundled-33"])
            #expect(restored.cartLines.map(\.1) == [3, 1])
            #expect(restored.contains("Put 2 recipes back in your cart."))
        }
    }

    @Test func badUndoPostsChangeNothing() async throws {
        try await TestEnvironment().withShopper { shopper in
            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            try await shopper.post("/cart/clear", [])
            let token = try #require(try await shopper.get("/cart").firstMatch(#"name="undo" value="([^"]+)""#))
            #expect(try await shopper.post("/cart/undo", []).status == .badRequest)
            #expect(
                try await shopper.post("/cart/undo", [("undo", String(repeating: "x", count: 5000))]).status
                    == .badRequest)
            #expect(try await shopper.post("/cart/undo", [("undo", "<script>")]).status == .conflict)
            #expect(try await shopper.post("/cart/undo", [("undo", token)], withToken: false).status == .forbidden)
            var stranger = Shopper(client: shopper.client)
            #expect(try await stranger.post("/cart/undo", [("undo", token)]).status == .conflict)
            #expect(try await shopper.get("/cart").cartLines.isEmpty)
        }
    }

    @Test func theDetailPageOffersAddToCartAtZeroAndSaysWhatTheNumberCounts() async throws {
        try await TestEnvironment().withShopper { shopper in
            let empty = try await shopper.get("/recipes/bundled-33")
            #expect(empty.contains(#"<form class="add-to-cart" method="post" action="/cart/items/bundled-33">"#))
            #expect(
                empty.allMatches(#"(name="op" value="inc">\s*<button [^>]*type="submit">Add to cart</button>)"#).count
                    == 1)
            #expect(!empty.contains(#"class="stepper""#))
            #expect(empty.contains(#"aria-label="Your cart is empty""#))
            try await shopper.post("/cart/items/bundled-33", [("op", "set"), ("quantity", "3")])
            let inCart = try await shopper.get("/recipes/bundled-33")
            #expect(!inCart.contains("add-to-cart"))
            #expect(inCart.stepperQuantity == 3)
            #expect(inCart.contains(#"aria-label="3 batches in your cart""#))
            #expect(inCart.contains(#"aria-label="3 batches of recipes in your cart""#))
            let cart = try await shopper.get("/cart")
            #expect(cart.contains("1 recipe · 3 batches"))
            #expect(cart.contains("× 3 batches"))
        }
    }

    @Test func servingsOutOfRangeAreBroughtIntoItWithANote() async throws {
        try await TestEnvironment().withShopper { shopper in
            let huge = try await shopper.get("/recipes/bundled-33?servings=500")
            #expect(huge.status == .ok)
            #expect(huge.contains("data-servings-clamped"))
            #expect(huge.contains("500 servings can’t be made from this page, so this shows 50 servings"))
            #expect(huge.contains(#"name="servings" type="number" min="1" max="50" value="50""#))
            let zero = try await shopper.get("/recipes/bundled-33?servings=0")
            #expect(zero.status == .ok)
            #expect(zero.contains(#"value="1""#))
            #expect(try await shopper.get("/recipes/bundled-33?servings=99999999999").status == .badRequest)
            #expect(try await shopper.get("/recipes/bundled-33?servings=many").status == .badRequest)
            #expect(!(try await shopper.get("/recipes/bundled-33?servings=4").contains("data-servings-clamped")))
        }
    }
}
