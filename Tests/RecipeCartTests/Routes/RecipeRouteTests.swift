import Testing
@testable import RecipeCart

@Suite struct RecipeRouteTests {
    @Test func detailShowsEverythingAShopperNeeds() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/recipes/bundled-33")
            #expect(page.status == .ok)
            #expect(page.contains(#"<h1 class="recipe-title">Classic Spaghetti Carbonara</h1>"#))
            #expect(page.contains(#"<figure class="recipe-picture">"#))
            #expect(page.contains(#"src="/images/bundled/bundled-33.svg""#))
            #expect(page.contains(#"class="recipe-description""#))
            #expect(page.contains("2 servings"))
            #expect(page.contains("20 min"))
            #expect(page.contains(#"<span class="ingredient-name">spaghetti</span>"#))
            #expect(page.allMatches(#"<ol>\s*(<li>)"#).count == 1)
            #expect(page.contains(#"target="_blank" rel="noopener""#))
            // At zero the cart block is an "Add to cart" button; the stepper comes with the first batch.
            #expect(page.stepperQuantity == nil)
            #expect(page.contains(#"<form class="add-to-cart" method="post" action="/cart/items/bundled-33">"#))
            #expect(page.contains(#"name="return_to" value="/recipes/bundled-33""#))
            #expect(page.contains(#"name="op" value="inc">Add to cart</button>"#))
            #expect(page.cartCount == 0)
            try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
            let inCart = try await shopper.get("/recipes/bundled-33")
            #expect(inCart.stepperQuantity == 1)
            #expect(inCart.contains(#"<form class="stepper" method="post" action="/cart/items/bundled-33">"#))
            #expect(inCart.contains(#"value="inc" aria-label="Add one Classic Spaghetti Carbonara to the cart">+</button>"#))
            #expect(inCart.contains(#"value="dec" aria-label="Remove one Classic Spaghetti Carbonara from the cart">"#))
        }
    }

    @Test func aRecipeWithoutAPictureShowsThePlaceholder() async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/recipes/bundled-4")
            #expect(page.status == .ok)
            #expect(page.contains("recipe-picture-placeholder"))
            #expect(!page.contains("/images/bundled/bundled-4"))
        }
    }

    @Test(arguments: ["bundled-9999", "nope", "..%2F..%2Fetc%2Fpasswd", "%3Cscript%3E", "bundled-1%00"])
    func unknownRecipeIsAFriendly404(_ id: String) async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/recipes/\(id)")
            #expect(page.status == .notFound)
            #expect(page.contains("We couldn’t find that"))
            #expect(page.contains(#"href="/">Back to the recipes"#))
            #expect(page.cartCount == 0)
        }
    }
}
