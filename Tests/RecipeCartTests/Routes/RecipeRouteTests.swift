import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
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
            #expect(
                page.allMatches(#"(name="op" value="inc">\s*<button [^>]*type="submit">Add to cart</button>)"#).count
                    == 1)
            #expect(page.cartCount == 0)
            try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
            let inCart = try await shopper.get("/recipes/bundled-33")
            #expect(inCart.stepperQuantity == 1)
            #expect(inCart.contains(#"<form class="stepper-inc" method="post" action="/cart/items/bundled-33">"#))
            #expect(inCart.contains(#"<form class="stepper-dec" method="post" action="/cart/items/bundled-33">"#))
            #expect(
                inCart.allMatches(
                    #"(name="op" value="inc">\s*<button [^>]*type="submit" aria-label="Add one Classic Spaghetti Carbonara to the cart">\+<span class="visually-hidden"> one more</span></button>)"#
                ).count == 1)
            #expect(
                inCart.allMatches(
                    #"(name="op" value="dec">\s*<button [^>]*type="submit" aria-label="Remove one Classic Spaghetti Carbonara from the cart">)"#
                ).count == 1)
        }
    }

    @Test func theCuisineLinksToTheRecipesOfThatCuisine() async throws {
        let environment = try TestEnvironment()
        let stores = try environment.stores()
        func tile(_ id: String, _ listing: MealDBListing) throws -> FetchedRecipe {
            FetchedRecipe(
                try MealDBMapper.summary(
                    from: MealDBMealSummary(id: id, name: "Dish \(id)", thumbnail: nil), listing: listing))
        }
        try await stores.upstream.save(
            [try tile("52901", .area("Saudi Arabian")), try tile("52902", .category("Dessert"))], source: .themealdb,
            at: Date())
        stores.close()
        try await environment.withShopper { shopper in
            let carbonara = try await shopper.get("/recipes/bundled-33")
            #expect(
                carbonara.contains(
                    #"<p class="recipe-category">Pasta · <a class="recipe-cuisine" href="/?area=Italian">Italian</a></p>"#
                ))
            let italian = try await shopper.get("/?area=Italian")
            #expect(italian.contains(#"<option value="Italian" selected>Italian</option>"#))
            #expect(italian.recipeIDs.contains("bundled-33"))

            let saudi = try await shopper.get("/recipes/mealdb-52901")
            #expect(saudi.contains(#"<a class="recipe-cuisine" href="/?area=Saudi%20Arabian">Saudi Arabian</a>"#))
            #expect(try await shopper.get("/?area=Saudi%20Arabian").recipeIDs == ["mealdb-52901"])

            // A recipe that names no cuisine shows its category alone.
            let unknown = try await shopper.get("/recipes/mealdb-52902")
            #expect(unknown.status == .ok)
            #expect(unknown.contains(#"<p class="recipe-category">Dessert</p>"#))
            #expect(!unknown.contains("recipe-cuisine"))
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
