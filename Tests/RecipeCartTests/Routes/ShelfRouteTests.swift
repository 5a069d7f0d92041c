import Foundation
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage
import Testing

@testable import RecipeCart

/// The shelf where shoppers meet it: the cart page's list in whole packs with prices, the cost a serving on cart lines
/// and the recipe page, and the same prices in the text list and on the share page.
@Suite struct ShelfRouteTests {
    /// A shelf of the test's own: butter in two sizes (the small one sold out), dark chocolate with one pack left,
    /// eggs by six. The demo shelf is not loaded into a shop that has products.
    static func ownShelf(_ environment: TestEnvironment) async throws {
        let stores = try environment.stores()
        defer { stores.close() }
        _ = try await stores.products.save([
            Product(
                sku: "BUT-250", name: "Butter 250 g", aisle: .dairyEggs, packSize: PackSize(250, .gram)!,
                priceMinor: 249, stock: 0),
            Product(
                sku: "BUT-500", name: "Butter <b>500</b> g", aisle: .dairyEggs, packSize: PackSize(500, .gram)!,
                priceMinor: 449, stock: 5),
            Product(
                sku: "CHO-100", name: "Dark chocolate", aisle: .pantry, packSize: PackSize(100, .gram)!,
                priceMinor: 150, stock: 1),
            Product(
                sku: "EGG-6", name: "Free range eggs", aisle: .dairyEggs, packSize: PackSize(6, .piece)!,
                priceMinor: 219, stock: 20),
        ])
        try await stores.products.setMatches([
            "butter": ["BUT-250", "BUT-500"], "dark chocolate": ["CHO-100"], "egg": ["EGG-6"],
        ])
    }

    /// The `<li>` of the list row of this ingredient key.
    static func row(_ page: Page, _ key: String) -> String {
        page.firstMatch(
            #"(<li class="shopping-item" data-item=""# + NSRegularExpression.escapedPattern(for: key)
                + #""[^>]*>.*?</li>)"#) ?? ""
    }

    @Test func theListIsPricedInWholePacksWithStockUnitPricesAndAnIncompleteTotal() async throws {
        let environment = try TestEnvironment()
        try await Self.ownShelf(environment)
        try await environment.withShopper { shopper in
            // Chocolate brownies for 4, twice: 200 g butter and chocolate, 4 eggs and 4 yolks.
            try await shopper.post("/cart/items/bundled-2", [("op", "set"), ("quantity", "2")])
            let cart = try await shopper.get("/cart")
            let butter = Self.row(cart, "butter")
            #expect(butter.contains(#"data-sku="BUT-500""#), "the sold-out 250 g pack is not offered: \(butter)")
            #expect(butter.contains(#"data-packs="1""#) && butter.contains(#"data-price-minor="449""#))
            #expect(butter.contains(#"data-unit-price-minor="898" data-unit="kg""#))
            #expect(butter.contains("1 × 500 g Butter &lt;b&gt;500&lt;/b&gt; g · 300 g left"))
            #expect(butter.contains("€4.49") && butter.contains("(€8.98 per kg)"))
            #expect(!butter.contains("<b>500</b>"))
            // The sold-out size is named, so the shopper sees why the larger pack was taken.
            #expect(butter.contains("<span class=\"shopping-stock\">250 g Butter 250 g out of stock</span>"))
            let chocolate = Self.row(cart, "dark chocolate")
            #expect(chocolate.contains(#"data-stock="low""#) && chocolate.contains("Only 1 left"))
            #expect(chocolate.contains(#"data-price-minor="150""#))
            let eggs = Self.row(cart, "egg")
            #expect(eggs.contains(#"data-price-minor="219""#) && eggs.contains(#"data-currency="EUR""#))
            #expect(Self.row(cart, "egg yolk").contains("Not sold here"))
            #expect(!Self.row(cart, "egg yolk").contains("data-price-minor"))
            let total = try #require(cart.firstMatch(#"(<p class="basket-total"[^>]*>)"#))
            #expect(total.contains(#"data-basket-total-minor="818""#) && total.contains(#"data-currency="EUR""#))
            #expect(total.contains("data-price-incomplete") && !total.contains("data-estimated"))
            #expect(cart.contains("Basket total: <strong>€8.18</strong>"))
            #expect(cart.contains(#"data-subtotal-minor="668""#), "the dairy aisle: butter and eggs")
            // Grocy's rule: the amount used, at the cheapest product per content: (90 + 150 + 73) ÷ 4 servings.
            #expect(cart.contains(#"data-cost-per-serving-minor="78""#))
            #expect(cart.contains("at least €0.78 a serving"))
            let recipe = try await shopper.get("/recipes/bundled-2")
            #expect(recipe.contains(#"<li class="cost-per-serving" data-cost-per-serving-minor="78">"#))
        }
    }

    @Test func theTextListAndTheSharePageCarryTheSamePrices() async throws {
        let environment = try TestEnvironment()
        try await Self.ownShelf(environment)
        try await environment.withShopper { shopper in
            try await shopper.post("/cart/items/bundled-2", [("op", "set"), ("quantity", "2")])
            let text = try await shopper.get("/cart/list.txt").html
            #expect(text.contains("- 200 g butter: 1 × 500 g Butter <b>500</b> g · 300 g left, €4.49 (€8.98 per kg)"))
            #expect(text.contains("Dairy and eggs: €6.68"))
            #expect(text.contains("Only 1 left"))
            #expect(text.hasSuffix("Basket total: €8.18; rows without a price are left out.\n"))
            try await shopper.post("/cart/share", [])
            let link = try #require(try await shopper.get("/cart").firstMatch(#"data-share-link>([^<]+)<"#))
            let shared = try await shopper.get(link)
            #expect(shared.contains(#"data-basket-total-minor="818""#))
            #expect(Self.row(shared, "butter").contains(#"data-price-minor="449""#))
        }
    }

    @Test func aReductionShowsTheLowestPriceOfTheMonthBeforeItAndARiseShowsNone() async throws {
        let environment = try TestEnvironment()
        try await Self.ownShelf(environment)
        let stores = try environment.stores()
        for price in [429, 399] {
            let butter = try #require(try await stores.products.product(sku: "BUT-500"))
            var cheaper = butter
            cheaper.priceMinor = price
            _ = try await stores.products.update(cheaper)
        }
        let eggs = try #require(try await stores.products.product(sku: "EGG-6"))
        var dearer = eggs
        dearer.priceMinor = 239
        _ = try await stores.products.update(dearer)
        stores.close()
        try await environment.withShopper { shopper in
            try await shopper.post("/cart/items/bundled-2", [("op", "inc")])
            let cart = try await shopper.get("/cart")
            let butter = Self.row(cart, "butter")
            #expect(butter.contains(#"data-price-minor="399""#) && butter.contains(#"data-was-price-minor="429""#))
            #expect(butter.contains("<span class=\"shopping-was\">was €4.29</span>"))
            #expect(!Self.row(cart, "egg").contains("data-was-price-minor"))
            #expect(!Self.row(cart, "egg").contains("was €"))
            let text = try await shopper.get("/cart/list.txt").html
            #expect(text.contains("€3.99 was €4.29 (€7.98 per kg)"))
        }
    }

    @Test func aFreshShopShowsTheDemoShelfsPrices() async throws {
        try await TestEnvironment().withShopper { shopper in
            try await shopper.post("/cart/items/bundled-1", [("op", "inc")])
            let cart = try await shopper.get("/cart")
            let prices = cart.allMatches(#"<li class="shopping-item" [^>]*data-price-minor="(\d+)""#).compactMap(
                Int.init)
            #expect(prices.count >= 5)
            let total = try #require(
                cart.firstMatch(#"data-basket-total-minor="(\d+)""#).flatMap(Int.init))
            #expect(total == prices.reduce(0, +))
            #expect(cart.allMatches(#"data-sku="(DEMO-[A-Z0-9-]+)""#).count == prices.count)
            #expect(cart.contains(#"data-cost-per-serving-minor=""#))
        }
    }
}
