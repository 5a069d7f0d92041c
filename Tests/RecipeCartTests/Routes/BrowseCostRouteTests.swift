import Foundation
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage
import Testing

@testable import RecipeCart

/// Browse by what a serving costs: tiles show it, "under €X a serving" (`max_cost`) and "cheapest first"
/// (`sort=cost`) combine with the search and every other filter. The bundled catalog is priced by the demo shelf.
@Suite struct BrowseCostRouteTests {
    struct Tile: Equatable {
        var id: String
        var missing: Int?
        var costMinor: Int?
        /// "at least €…": some of its ingredients have no price.
        var isAtLeast: Bool
    }

    /// The recipes a Browse page lists, as tiles or rows of a plain list.
    static func tiles(_ page: Page) -> [Tile] {
        page.allMatches(#"(?s)(<li (?:class="tile" )?data-recipe-id=.*?</li>)"#).map { tile in
            Tile(
                id: Page.matches(#"data-recipe-id="([^"]+)""#, in: tile).first ?? "",
                missing: Page.matches(#"data-missing-count="(\d+)""#, in: tile).first.flatMap { Int($0) },
                costMinor: Page.matches(#"data-cost-per-serving-minor="(\d+)""#, in: tile).first.flatMap { Int($0) },
                isAtLeast: tile.contains("at least"))
        }
    }

    /// Cheapest first: whole costs, then "at least" ones, then none, each by amount.
    static func isCheapestFirst(_ tiles: [Tile]) -> Bool {
        let keys = tiles.map { tile in
            tile.costMinor.map { (tile.isAtLeast ? 1 : 0, $0) } ?? (2, 0)
        }
        return zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 }
    }

    @Test func tilesShowWhatAServingCostsAndCheapestFirstOrdersThem() async throws {
        try await TestEnvironment().withShopper { shopper in
            let browse = Self.tiles(try await shopper.get("/"))
            #expect(browse.count == 52)
            #expect(browse.filter { $0.costMinor != nil }.count >= 50, "the demo shelf prices the bundled catalog")
            #expect(
                try await shopper.get("/").contains(#"<p class="tile-cost">"#),
                "a tile says what a serving costs")
            let page = try await shopper.get("/?sort=cost")
            #expect(page.status == .ok)
            #expect(page.contains("Cheapest a serving first"))
            #expect(page.contains(#"<option value="cost" selected>Cheapest a serving</option>"#))
            let cheapest = Self.tiles(page)
            #expect(Set(cheapest.map(\.id)) == Set(browse.map(\.id)))
            #expect(Self.isCheapestFirst(cheapest))
            #expect(Set(cheapest.map(\.costMinor).compactMap { $0 }).count > 20, "costs differ from recipe to recipe")
            // The recipe page says the same cost as its tile.
            let first = try #require(cheapest.first { $0.costMinor != nil })
            let recipe = try await shopper.get("/recipes/\(first.id)")
            #expect(recipe.contains(#"data-cost-per-serving-minor="\#(first.costMinor!)""#))
        }
    }

    @Test func underACostKeepsOnlyRecipesWhoseWholeCostIsWithinIt() async throws {
        try await TestEnvironment().withShopper { shopper in
            let all = Self.tiles(try await shopper.get("/?sort=cost"))
            let ceiling = try #require(all.compactMap(\.costMinor).sorted().dropFirst(all.count / 2).first)
            let maxCost = (ceiling + 99) / 100
            let page = try await shopper.get("/?max_cost=\(maxCost)")
            #expect(page.contains(#"<option value="\#(maxCost)" selected>Under €\#(maxCost)</option>"#))
            #expect(page.contains(" · under €\(maxCost) a serving"))
            let under = Self.tiles(page)
            let expected = all.filter { !$0.isAtLeast && ($0.costMinor ?? .max) <= maxCost * 100 }
            #expect(!under.isEmpty && under.count < all.count)
            #expect(Set(under.map(\.id)) == Set(expected.map(\.id)))
            // Browsing keeps its sections and their order, as the database puts them, pictures first.
            #expect(page.contains(#"id="section-\#(BrowseSection.popular.rawValue)""#))
            let usual = Self.tiles(try await shopper.get("/")).map(\.id)
            #expect(under.map(\.id) == usual.filter(Set(expected.map(\.id)).contains))
            let byTime = try await shopper.get("/?max_cost=\(maxCost)&group=time")
            #expect(Set(Self.tiles(byTime).map(\.id)) == Set(expected.map(\.id)))
            #expect(!byTime.contains(#"id="section-\#(BrowseSection.popular.rawValue)""#))
            #expect(byTime.contains(#"id="section-\#(BrowseSection.underAnHour.rawValue)""#))
            let usualByTime = Self.tiles(try await shopper.get("/?group=time")).map(\.id)
            #expect(Self.tiles(byTime).map(\.id) == usualByTime.filter(Set(expected.map(\.id)).contains))
            // Both at once: the same recipes, cheapest first.
            let both = Self.tiles(try await shopper.get("/?max_cost=\(maxCost)&sort=cost"))
            #expect(Set(both.map(\.id)) == Set(expected.map(\.id)) && Self.isCheapestFirst(both))
            let none = try await shopper.get("/?max_cost=1&category=Dessert&q=zzzz")
            #expect(Self.tiles(none).isEmpty && none.contains("Nothing found"))
        }
    }

    @Test func costCombinesWithTheSearchTheCategoryAndWhatTheShopperHas() async throws {
        try await TestEnvironment().withShopper { shopper in
            let dessert = Set(Self.tiles(try await shopper.get("/?category=Dessert")).map(\.id))
            let cheapDesserts = Self.tiles(try await shopper.get("/?category=Dessert&sort=cost"))
            #expect(Set(cheapDesserts.map(\.id)) == dessert && Self.isCheapestFirst(cheapDesserts))
            let chicken = Self.tiles(try await shopper.get("/?q=chicken"))
            let cheapChicken = Self.tiles(try await shopper.get("/?q=chicken&max_cost=5&sort=cost"))
            #expect(!cheapChicken.isEmpty && Self.isCheapestFirst(cheapChicken))
            #expect(Set(cheapChicken.map(\.id)).isSubset(of: Set(chicken.map(\.id))))
            #expect(cheapChicken.allSatisfy { !$0.isAtLeast && $0.costMinor! <= 500 })
            // What the shopper has still comes first; the cost orders recipes missing as many.
            let having = Self.tiles(try await shopper.get("/?have=egg,flour,butter&sort=cost"))
            #expect(having.count > 5)
            for (earlier, later) in zip(having, having.dropFirst()) {
                let (a, b) = (earlier.missing ?? -1, later.missing ?? -1)
                #expect(a <= b)
                if a == b { #expect(Self.isCheapestFirst([earlier, later])) }
            }
        }
    }

    @Test func aPriceChangeIsOnTheNextPage() async throws {
        let environment = try TestEnvironment()
        try await environment.withShopper { shopper in
            let before = Self.tiles(try await shopper.get("/?sort=cost"))
            let cheapest = try #require(before.first)
            // Every product becomes fifty times dearer, as an import by another process (the till's file, by
            // `web products import`) would make it: the server sees it within about a second.
            let stores = try environment.stores()
            defer { stores.close() }
            let products = try await stores.products.activeProducts()
            _ = try await stores.products.save(
                products.map { product in
                    var dear = product
                    dear.priceMinor = product.priceMinor * 50
                    return dear
                })
            var after = before
            let deadline = ContinuousClock.now + .seconds(5)
            while after.first(where: { $0.id == cheapest.id })?.costMinor == cheapest.costMinor,
                ContinuousClock.now < deadline
            {
                try await Task.sleep(for: .milliseconds(100))
                after = Self.tiles(try await shopper.get("/?sort=cost"))
            }
            let same = try #require(after.first { $0.id == cheapest.id })
            let (was, now) = (try #require(cheapest.costMinor), try #require(same.costMinor))
            #expect(now >= was * 49 && now <= was * 51, "\(was) → \(now)")
            #expect(Self.isCheapestFirst(after))
        }
    }

    /// One "Order" select for every way a page is ordered: its "By cooking time" says `sort=time` for `group=time`.
    @Test func theOrderSelectGroupsByTimeOrListsTheCheapestFirst() async throws {
        try await TestEnvironment().withShopper { shopper in
            let chosen = try await shopper.get("/?sort=time")
            #expect(Self.tiles(chosen).map(\.id) == Self.tiles(try await shopper.get("/?group=time")).map(\.id))
            #expect(chosen.contains(#"<option value="time" selected>By cooking time</option>"#))
            #expect(chosen.contains(#"id="section-\#(BrowseSection.quick.rawValue)""#))
            let browsing = try await shopper.get("/")
            #expect(browsing.contains(#"<option value="" selected>Photos first</option>"#))
            #expect(!browsing.contains(#"name="group""#), "the Order select carries the grouping")
            let search = try await shopper.get("/?q=chicken")
            #expect(search.contains(#"<option value="" selected>Best match first</option>"#))
            #expect(!search.contains("By cooking time"))
            let having = try await shopper.get("/?have=egg&sort=cost")
            #expect(having.contains(#"<option value="">Fewest missing first</option>"#))
            #expect(having.contains(#"<option value="cost" selected>Cheapest a serving</option>"#))
        }
    }

    @Test func badCostValuesAreIgnoredLikeAnyUnknownFilter() async throws {
        try await TestEnvironment().withShopper { shopper in
            let all = Self.tiles(try await shopper.get("/")).map(\.id)
            for value in ["", "0", "-1", "2.5", "1e3", "99999999999", "../", "%3Cscript%3Ealert(1)%3C/script%3E", "３"] {
                let page = try await shopper.get("/?max_cost=\(value)&sort=%3Cscript%3E")
                #expect(page.status == .ok, "max_cost=\(value)")
                #expect(Self.tiles(page).map(\.id) == all, "max_cost=\(value) is no filter")
                #expect(!page.contains("<script>alert"))
                #expect(!page.contains("Cheapest a serving first"))
            }
        }
    }
}
