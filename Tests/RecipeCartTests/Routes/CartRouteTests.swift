import HTTPTypes
import RecipeCartDomain
import RecipeCartStorage
import Testing

@testable import RecipeCart

@Suite struct CartRouteTests {
    @Test func stepperAddsRemovesAndRedirectsBack() async throws {
        try await TestEnvironment().withShopper { shopper in
            try await shopper.get("/recipes/bundled-1")
            let first = try await shopper.post(
                "/cart/items/bundled-1", [("op", "inc"), ("return_to", "/recipes/bundled-1")])
            #expect(first.status == .seeOther)
            #expect(first.location == "/recipes/bundled-1#line-bundled-1")
            try await shopper.post("/cart/items/bundled-1", [("op", "inc"), ("return_to", "/recipes/bundled-1")])
            let detail = try await shopper.follow(first)
            #expect(detail.stepperQuantity == 2)
            #expect(!detail.html.contains(#"from the cart" disabled"#))
            #expect(detail.contains(#"<a class="nav-link cart-link" href="/cart">"#))
            #expect(detail.cartCount == 2)

            let cart = try await shopper.get("/cart")
            #expect(cart.cartLines.map(\.0) == ["bundled-1"])
            #expect(cart.cartLines.map(\.1) == [2])
            #expect(cart.contains("Lemon Olive Oil Cake"))
            #expect(cart.contains(#"src="/images/bundled/bundled-1.svg""#))

            try await shopper.post("/cart/items/bundled-1", [("op", "dec")])
            #expect(try await shopper.get("/cart").cartLines.map(\.1) == [1])
            try await shopper.post("/cart/items/bundled-1", [("op", "dec")])
            let empty = try await shopper.get("/cart")
            #expect(empty.cartLines.isEmpty)
            #expect(empty.contains("Your cart is empty"))
            #expect(empty.contains(#"href="/">Browse recipes"#))
            #expect(empty.cartCount == 0)
        }
    }

    @Test func setZeroRemovesTheLineAndClearEmptiesTheCart() async throws {
        try await TestEnvironment().withShopper { shopper in
            try await shopper.post("/cart/items/bundled-2", [("op", "set"), ("quantity", "5")])
            try await shopper.post("/cart/items/bundled-3", [("op", "inc")])
            var cart = try await shopper.get("/cart")
            #expect(cart.cartLines.map(\.0) == ["bundled-2", "bundled-3"])
            #expect(cart.cartCount == 6)

            let removed = try await shopper.post(
                "/cart/items/bundled-2", [("op", "set"), ("quantity", "0"), ("return_to", "/cart")])
            #expect(removed.location == "/cart#line-bundled-2")
            cart = try await shopper.get("/cart")
            #expect(cart.cartLines.map(\.0) == ["bundled-3"])

            let cleared = try await shopper.post("/cart/clear", [])
            #expect(cleared.status == .seeOther)
            #expect(cleared.location == "/cart")
            #expect(try await shopper.get("/cart").cartLines.isEmpty)
        }
    }

    /// What opens the element a status message comes first in: a text browser shows that element first after the
    /// post, so the message must be in the one the redirect's fragment names, or at the top when there is none.
    static func statusPlace(_ page: Page) -> String? {
        page.firstMatch(#"(<[a-z]+ [^>]*>)\s*<div class="status-message""#)
    }

    @Test func theStatusMessageIsInsideWhatThePostLandedOn() async throws {
        try await TestEnvironment().withShopper { shopper in
            let main = #"<main id="main" class="site-main" tabindex="-1">"#
            let added = try await shopper.post(
                "/cart/items/bundled-33", [("op", "inc"), ("return_to", "/recipes/bundled-33")])
            let recipe = try await shopper.follow(added)
            #expect(Self.statusPlace(recipe) == #"<div class="recipe-cart" id="line-bundled-33">"#)

            try await shopper.post("/cart/items/bundled-27", [("op", "inc")])
            let more = try await shopper.post("/cart/items/bundled-33", [("op", "inc"), ("return_to", "/cart")])
            var cart = try await shopper.follow(more)
            #expect(
                Self.statusPlace(cart)?.hasSuffix(#"id="line-bundled-33">"#) == true,
                "\(Self.statusPlace(cart) ?? "none")")
            #expect(cart.contains("Added Classic Spaghetti Carbonara · 2 in your cart"))

            cart = try await shopper.follow(
                try await shopper.post("/cart/have", [("item", "spaghetti"), ("has", "1")]))
            #expect(
                Self.statusPlace(cart)?.contains(#"id="shopping-list""#) == true, "\(Self.statusPlace(cart) ?? "none")")

            // A removed line is gone: the message stays at the top, with its Undo.
            let removed = try await shopper.post(
                "/cart/items/bundled-27", [("op", "set"), ("quantity", "0"), ("return_to", "/cart")])
            cart = try await shopper.follow(removed)
            #expect(Self.statusPlace(cart) == main)
            #expect(cart.contains(#"class="button undo-button""#))
        }
    }

    @Test func quantityIsCappedAt99AndNeverNegative() async throws {
        try await TestEnvironment().withShopper { shopper in
            try await shopper.post("/cart/items/bundled-5", [("op", "set"), ("quantity", "99")])
            try await shopper.post("/cart/items/bundled-5", [("op", "inc")])
            #expect(try await shopper.get("/recipes/bundled-5").stepperQuantity == 99)
            try await shopper.post("/cart/items/bundled-6", [("op", "dec")])
            // Still at zero: the detail page offers "Add to cart" instead of a stepper.
            let untouched = try await shopper.get("/recipes/bundled-6")
            #expect(untouched.stepperQuantity == nil)
            #expect(untouched.contains(#"<form class="add-to-cart""#))
            #expect(try await shopper.get("/cart").cartLines.map(\.0) == ["bundled-5"])
        }
    }

    @Test func badgeAnimatesOnlyOnThePageAfterAChange() async throws {
        try await TestEnvironment().withShopper { shopper in
            let posted = try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            let after = try await shopper.follow(posted)
            #expect(after.contains("badge badge--bump"))
            let again = try await shopper.get("/recipes/bundled-1")
            #expect(!again.contains("badge--bump"))
        }
    }

    @Test func cartCountShowsInTheNavigationOnEveryPage() async throws {
        try await TestEnvironment().withShopper { shopper in
            try await shopper.post("/cart/items/bundled-1", [("op", "set"), ("quantity", "3")])
            for path in ["/", "/?q=cake", "/recipes/bundled-2", "/cart", "/recipes/missing-1", "/no/such/page"] {
                #expect(try await shopper.get(path).cartCount == 3, "on \(path)")
            }
        }
    }

    @Test(arguments: [
        ("https://evil.example/", "/recipes/bundled-1"),
        ("//evil.example/", "/recipes/bundled-1"),
        ("/\\evil.example", "/recipes/bundled-1"),
        ("javascript:alert(1)", "/recipes/bundled-1"),
        ("/cart\r\nSet-Cookie: x=1", "/recipes/bundled-1"),
        ("", "/recipes/bundled-1"),
        ("/?q=cake", "/?q=cake"),
    ])
    func returnToAcceptsOnlyLocalPaths(_ returnTo: String, _ expected: String) async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.post("/cart/items/bundled-1", [("op", "inc"), ("return_to", returnTo)])
            #expect(page.status == .seeOther)
            #expect(page.location == expected + "#line-bundled-1")
        }
    }

    @Test func unknownRecipeInTheStepperIs404AndChangesNothing() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.post("/cart/items/bundled-9999", [("op", "inc")])
            #expect(page.status == .notFound)
            #expect(page.contains("isn’t in the catalog"))
            #expect(try await shopper.get("/cart").cartLines.isEmpty)
        }
    }

    @Test(arguments: [
        ([("op", "jump")], HTTPResponse.Status.badRequest),
        ([], .badRequest),
        ([("op", "set")], .badRequest),
        ([("op", "set"), ("quantity", "lots")], .badRequest),
        ([("op", "set"), ("quantity", "2.5")], .badRequest),
        ([("op", "set"), ("quantity", "99999999999999999999")], .badRequest),
        ([("op", "set"), ("quantity", "100")], .unprocessableContent),
        ([("op", "set"), ("quantity", "-1")], .unprocessableContent),
    ])
    func badStepperInputIsRefusedAndChangesNothing(_ fields: [(String, String)], _ status: HTTPResponse.Status)
        async throws
    {
        try await TestEnvironment().withShopper { shopper in
            try await shopper.post("/cart/items/bundled-1", [("op", "set"), ("quantity", "2")])
            let page = try await shopper.post("/cart/items/bundled-1", fields)
            #expect(page.status == status)
            #expect(page.contains("Back to the recipes"))
            #expect(try await shopper.get("/cart").cartLines.map(\.1) == [2])
        }
    }

    @Test func bodyOver64KilobytesIs413() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.post(
                "/cart/items/bundled-1", [("op", "inc"), ("pad", String(repeating: "x", count: 70_000))])
            #expect(page.status == .contentTooLarge)
            #expect(try await shopper.get("/cart").cartLines.isEmpty)
        }
    }

    @Test func aFormThatIsNotUrlEncodedIs400() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.post(
                "/cart/items/bundled-1", [("op", "inc")], headers: [.contentType: "application/json"])
            #expect(page.status == .badRequest)
        }
    }
}
