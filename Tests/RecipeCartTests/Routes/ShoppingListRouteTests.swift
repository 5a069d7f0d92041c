import Foundation
import RecipeCartDomain
import RecipeCartStorage
import Testing

@testable import RecipeCart

@Suite struct ShoppingListRouteTests {
    @Test func theCartMergesIngredientsAcrossRecipesTimesQuantity() async throws {
        try await TestEnvironment().withShopper { shopper in
            // Carbonara uses 200g spaghetti and 1 tsp black pepper; Garlic Butter Prawns also uses garlic and butter.
            try await shopper.post("/cart/items/bundled-33", [("op", "set"), ("quantity", "2")])
            try await shopper.post("/cart/items/bundled-27", [("op", "inc")])
            let cart = try await shopper.get("/cart")
            #expect(cart.contains("Shopping list"))
            #expect(
                cart.contains(
                    #"<span class="shopping-amount">400 g</span> <span class="shopping-name">spaghetti</span>"#))
            let names = cart.allMatches(#"<span class="shopping-name">([^<]+)</span>"#)
            #expect(Set(names).count == names.count)
            // Grouped by aisle in the shop's walking order (the default here), each group sorted by name (its key, which
            // ignores plurals: "egg" before "egg yolk" whatever the counts make of them).
            let aisles = cart.allMatches(#"<section class="shopping-group" data-aisle="([a-z-]+)""#)
            #expect(aisles == ["produce", "meat-fish", "dairy-eggs", "pantry", "spices", "have"])
            let groups = cart.html.components(separatedBy: #"<section class="shopping-group""#).dropFirst()
            #expect(groups.count == aisles.count)
            for group in groups {
                let inGroup = Page.matches(#"data-item="([^"]+)""#, in: group)
                #expect(inGroup == inGroup.sorted(), "\(inGroup)")
            }
            #expect(
                groups.map { Page.matches(#"<span class="shopping-name">([^<]+)</span>"#, in: $0) }.joined().count
                    == names.count)
            #expect(
                cart.contains("for Classic Spaghetti Carbonara, Garlic Butter Prawns")
                    || cart.contains("for Garlic Butter Prawns, Classic Spaghetti Carbonara"))
        }
    }

    @Test func theListIsGroupedInTheShopsAisleOrder() async throws {
        try await StaffRouteTests.environment().withShopper { staff in
            var shopper = Shopper(client: staff.client)
            try await shopper.post("/cart/items/bundled-33", [("op", "inc")])
            try await staff.get("/staff/login")
            try await staff.post("/staff/login", [("token", StaffRouteTests.token)])
            let aisles = try await staff.get("/staff/aisles")
            #expect(aisles.status == .ok)
            #expect(aisles.allMatches(#"<li id="aisle-[a-z-]+" data-aisle="([a-z-]+)">"#).first == "produce")
            #expect(
                try await staff.post("/staff/aisles", [("aisle", "pantry"), ("move", "up")]).location
                    == "/staff/aisles#aisle-pantry")
            try await staff.post("/staff/aisles", [("aisle", "pantry"), ("move", "up")])
            try await staff.post("/staff/aisles", [("aisle", "pantry"), ("move", "up")])
            // The first aisle cannot go higher, the last no lower: nothing moves.
            try await staff.post("/staff/aisles", [("aisle", "produce"), ("move", "up")])
            try await staff.post("/staff/aisles", [("aisle", "other"), ("move", "down")])
            let moved = try await staff.get("/staff/aisles")
            #expect(
                moved.allMatches(#"<li id="aisle-[a-z-]+" data-aisle="([a-z-]+)">"#)
                    == ["produce", "pantry", "meat-fish", "dairy-eggs", "bakery", "spices", "frozen", "other"])
            let cart = try await shopper.get("/cart")
            #expect(
                cart.allMatches(#"<section class="shopping-group" data-aisle="([a-z-]+)""#) == [
                    "pantry", "meat-fish", "dairy-eggs", "have",
                ])

            for bad in [
                [("aisle", "nowhere"), ("move", "up")], [("aisle", "spices"), ("move", "sideways")],
                [("aisle", "../etc")], [],
            ] {
                #expect(try await staff.post("/staff/aisles", bad).status == .badRequest, "\(bad)")
            }
            #expect(try await shopper.post("/staff/aisles", [("move", "reset")]).status == .unauthorized)
            #expect(try await staff.post("/staff/aisles", [("move", "reset")]).status == .seeOther)
            #expect(
                try await staff.get("/staff/aisles").allMatches(#"<li id="aisle-[a-z-]+" data-aisle="([a-z-]+)">"#)
                    .first == "produce")
        }
    }

    @Test func servingsScaleTheIngredients() async throws {
        try await TestEnvironment().withShopper { shopper in
            // Carbonara serves 2 with 200g spaghetti.
            let scaled = try await shopper.get("/recipes/bundled-33?servings=3")
            #expect(scaled.status == .ok)
            #expect(
                scaled.contains(#"<span class="measure">300 g</span> <span class="ingredient-name">spaghetti</span>"#))
            #expect(scaled.contains("3 servings"))
            #expect(scaled.contains("Show as written"))
            #expect(scaled.contains(#"name="servings" type="number" min="1" max="50" value="3""#))
            let asWritten = try await shopper.get("/recipes/bundled-33")
            // As written, but spaced like every other measure on the page.
            #expect(
                asWritten.contains(
                    #"<span class="measure">200 g</span> <span class="ingredient-name">spaghetti</span>"#))
            #expect(!asWritten.contains("Show as written"))
        }
    }

    @Test(arguments: ["two", "1.5", "9999999999", "1e3"])
    func badServingsAre400(_ servings: String) async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/recipes/bundled-33?servings=\(servings)")
            #expect(page.status == .badRequest)
            #expect(page.contains("Servings must be a whole number from 1 to 50."))
        }
    }

    @Test(arguments: [("0", 1), ("51", 50), ("-2", 1), ("99999", 50)])
    func servingsOutOfRangeAreClampedWithANote(_ servings: String, _ shown: Int) async throws {
        try await TestEnvironment().withShopper { shopper in
            let page = try await shopper.get("/recipes/bundled-33?servings=\(servings)")
            #expect(page.status == .ok)
            #expect(page.contains("data-servings-clamped"))
            #expect(page.contains(#"name="servings" type="number" min="1" max="50" value="\#(shown)""#))
        }
    }
}
