import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import RecipeCartUpstream
import Testing

@testable import RecipeCart

/// Pages in front of TheMealDB (the stand-in): what is fetched, when, and that a repeat costs no call.
@Suite struct MealDBPageTests {
    @Test func theHomePageMakesNoCall() async throws {
        try await StandIn.run { standIn in
            try await TestEnvironment.upstream(.themealdb, standIn: standIn).withShopper { shopper in
                let page = try await shopper.get("/")
                #expect(page.status == .ok)
                #expect(page.notice == nil)
                #expect(page.recipeIDs.contains("bundled-1"))
                #expect(page.contains(#"href="/?category=Dessert""#))
                try await shopper.get("/?diet=vegan&group=time")
                #expect(await standIn.state.apiCalls.isEmpty)
            }
        }
    }

    @Test func aSearchIsFetchedOnceAndThenAnsweredFromSQLite() async throws {
        try await StandIn.run { standIn in
            try await TestEnvironment.upstream(.themealdb, standIn: standIn).withShopper { shopper in
                let page = try await shopper.get("/?q=miso")
                #expect(page.status == .ok)
                #expect(page.notice == nil)
                #expect(page.recipeIDs.contains("mealdb-90101"))
                let calls = await standIn.state.apiCalls
                #expect(calls == ["/api/json/v1/1/search.php?s=miso"])
                // The same search, however typed, and its other pages and filters: no call.
                for again in ["/?q=miso", "/?q=%20MISO%20", "/?q=miso&page=2", "/?q=miso&group=time&diet=vegan"] {
                    #expect(try await shopper.get(again).status == .ok)
                }
                // Every meal of the answer is saved, not only those the page shows.
                let detail = try await shopper.get("/recipes/mealdb-90103")
                #expect(detail.contains("Hearty Lamb Hotpot"))
                #expect(detail.contains("Servings not given"))
                #expect(detail.contains("Time not given"))
                try await shopper.get("/recipes/mealdb-90103")
                #expect(await standIn.state.apiCalls.count == 1)
            }
        }
    }

    @Test func aCategoryShowsTilesAndTheFullRecordIsFetchedWhenOpened() async throws {
        try await StandIn.run { standIn in
            let environment = try TestEnvironment.upstream(.themealdb, standIn: standIn)
            try await environment.withShopper { shopper in
                let page = try await shopper.get("/?category=Dessert")
                #expect(page.status == .ok)
                #expect(page.recipeIDs.contains("mealdb-90201"))
                #expect(page.recipeIDs.contains("mealdb-90204"))
                #expect(page.recipeIDs.contains("bundled-1"))
                let calls = await standIn.state.apiCalls
                #expect(calls == ["/api/json/v1/1/filter.php?c=Dessert"])
                #expect(
                    try await environment.row(
                        "SELECT is_complete FROM upstream_recipes WHERE recipe_id = 'mealdb-90201'") == false)

                let detail = try await shopper.get("/recipes/mealdb-90201")
                #expect(detail.status == .ok)
                #expect(detail.notice == nil)
                #expect(detail.contains(#"<span class="ingredient-name">Shortcrust Pastry</span>"#))
                #expect(detail.contains("Cook the butter until it smells nutty"))
                #expect(await standIn.state.apiCalls.last == "/api/json/v1/1/lookup.php?i=90201")

                try await shopper.get("/recipes/mealdb-90201")
                try await shopper.get("/?category=Dessert")
                #expect(await standIn.state.apiCalls.count == 2)
                #expect(
                    try await environment.row(
                        "SELECT is_complete FROM upstream_recipes WHERE recipe_id = 'mealdb-90201'") == true)
            }
        }
    }

    @Test func aCuisineIsListedOnceAndOneNotSavedHereIsCheckedAgainstUpstreamsList() async throws {
        try await StandIn.run { standIn in
            let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))
            let environment = try TestEnvironment.upstream(.themealdb, standIn: standIn, clock: clock)
            try await environment.withShopper { shopper in
                // A cuisine saved here (the bundled Japanese dishes): its tiles, one call, no list.
                let japanese = try await shopper.get("/?area=Japanese")
                #expect(japanese.status == .ok)
                #expect(japanese.notice == nil)
                #expect(japanese.recipeIDs.contains("mealdb-90101") && japanese.recipeIDs.contains("bundled-24"))
                #expect(!japanese.recipeIDs.contains("mealdb-90103"))
                #expect(await standIn.state.apiCalls == ["/api/json/v1/1/filter.php?a=Japanese"])
                #expect(try await environment.row("SELECT area FROM recipes WHERE id = 'mealdb-90101'") == "Japanese")
                // The same cuisine however typed, with other filters, and its recipe's page: no call but the lookup.
                for again in ["/?area=Japanese", "/?area=japanese&page=1", "/?area=Japanese&group=time"] {
                    #expect(try await shopper.get(again).recipeIDs.contains("mealdb-90101"), "\(again)")
                }
                #expect(await standIn.state.apiCalls.count == 1)
                let detail = try await shopper.get("/recipes/mealdb-90101")
                #expect(detail.contains("Miso Glazed Aubergine"))
                #expect(
                    try await environment.row("SELECT category FROM recipes WHERE id = 'mealdb-90101'") == "Vegetarian")
                #expect(try await environment.row("SELECT area FROM recipes WHERE id = 'mealdb-90101'") == "Japanese")

                // A cuisine nothing here has: upstream's list first, then its tiles.
                let peruvian = try await shopper.get("/?area=peruvian")
                #expect(peruvian.status == .ok)
                #expect(peruvian.contains(#"<option value="Peruvian" selected>Peruvian</option>"#))
                #expect(peruvian.contains("No recipes match these filters"))
                #expect(
                    await standIn.state.apiCalls.suffix(2) == [
                        "/api/json/v1/1/list.php?a=list", "/api/json/v1/1/filter.php?a=Peruvian",
                    ])
                // A cuisine neither has is ignored, and the list is not asked again within the TTL; nor is Peruvian.
                for ignored in ["/?area=Atlantis", "/?area=Unknown", "/?area=%3Cscript%3E"] {
                    let page = try await shopper.get(ignored)
                    #expect(page.status == .ok)
                    #expect(page.contains(#"<option value="" selected>Any cuisine</option>"#), "\(ignored)")
                    #expect(page.recipeIDs.contains("bundled-1"), "\(ignored)")
                }
                try await shopper.get("/?area=Peruvian")
                let calls = await standIn.state.apiCalls
                #expect(calls.count == 4)

                // Past the TTL, each is asked once more.
                clock.advance(by: UpstreamSettings.defaultCacheTTL + 60)
                try await shopper.get("/?area=Atlantis")
                try await shopper.get("/?area=Japanese")
                try await shopper.get("/?area=Japanese")
                #expect(
                    await standIn.state.apiCalls.dropFirst(4) == [
                        "/api/json/v1/1/list.php?a=list", "/api/json/v1/1/filter.php?a=Japanese",
                    ])
            }
        }
    }

    /// Over HTTP on loopback, as a browser asks: `filter.php?i=` once per TTL, and its tiles, which name no
    /// ingredients, found by the filter beside the saved recipes whose ingredients match.
    @Test func aMainIngredientIsListedOnceAndItsTilesShowUnderTheFilter() async throws {
        try await StandIn.run { standIn in
            let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))
            let environment = try TestEnvironment.upstream(.themealdb, standIn: standIn, clock: clock)
            try await environment.withShopper(over: .live) { shopper in
                let rice = try await shopper.get("/?ingredient=rice")
                #expect(rice.status == .ok)
                #expect(rice.notice == nil)
                #expect(rice.recipeIDs.contains("mealdb-90102"))
                #expect(rice.recipeIDs.contains("bundled-18") && !rice.recipeIDs.contains("bundled-1"))
                #expect(await standIn.state.apiCalls == ["/api/json/v1/1/filter.php?i=rice"])
                #expect(
                    try await environment.row(
                        "SELECT is_complete FROM upstream_recipes WHERE recipe_id = 'mealdb-90102'") == false)
                #expect(
                    try await environment.row(
                        "SELECT ingredient FROM recipe_main_ingredients WHERE recipe_id = 'mealdb-90102'") == "rice")

                // Again within the TTL, with other pages and groupings: no call.
                for again in ["/?ingredient=rice", "/?ingredient=rice&page=1", "/?ingredient=rice&group=time"] {
                    let page = try await shopper.get(again)
                    #expect(page.status == .ok && page.recipeIDs.contains("mealdb-90102"), "\(again)")
                }
                // With a diet, which a tile does not know: saved vegan dishes with rice, not the tile.
                let vegan = try await shopper.get("/?ingredient=rice&diet=vegan")
                #expect(
                    vegan.recipeIDs.contains("bundled-18") && !vegan.recipeIDs.contains("mealdb-90102")
                        && !vegan.recipeIDs.contains("bundled-24"))
                #expect(await standIn.state.apiCalls.count == 1)

                // Each main ingredient asks its own TheMealDB name, once.
                let lamb = try await shopper.get("/?ingredient=lamb")
                #expect(lamb.recipeIDs == ["mealdb-90103"])
                try await shopper.get("/?ingredient=fish")
                try await shopper.get("/?ingredient=fish")
                #expect(
                    await standIn.state.apiCalls.dropFirst() == [
                        "/api/json/v1/1/filter.php?i=lamb", "/api/json/v1/1/filter.php?i=salmon",
                    ])

                // Unknown values are ignored: the whole catalog, no call.
                for ignored in [
                    "/?ingredient=unicorn", "/?ingredient=%3Cscript%3E", "/?ingredient=", "/?ingredient=chickens",
                ] {
                    let page = try await shopper.get(ignored)
                    #expect(page.status == .ok, "\(ignored)")
                    #expect(page.recipeIDs.contains("bundled-1"), "\(ignored)")
                }
                #expect(await standIn.state.apiCalls.count == 3)

                // A search, a category or a cuisine is what gets asked; the ingredient still filters what they list.
                let search = try await shopper.get("/?q=pudding&ingredient=rice")
                #expect(search.recipeIDs.contains("mealdb-90102"))
                try await shopper.get("/?category=Dessert&ingredient=rice")
                let indian = try await shopper.get("/?area=Indian&ingredient=rice")
                #expect(indian.recipeIDs.contains("mealdb-90102"))
                #expect(
                    await standIn.state.apiCalls.dropFirst(3) == [
                        "/api/json/v1/1/search.php?s=pudding", "/api/json/v1/1/filter.php?c=Dessert",
                        "/api/json/v1/1/filter.php?a=Indian",
                    ])

                // Past the TTL, asked once more.
                clock.advance(by: UpstreamSettings.defaultCacheTTL + 60)
                try await shopper.get("/?ingredient=rice")
                try await shopper.get("/?ingredient=rice")
                #expect(await standIn.state.apiCalls.dropFirst(6) == ["/api/json/v1/1/filter.php?i=rice"])
            }
        }
    }

    /// Upstream failing: the saved recipes, the listing it gave before included, with the notice; never a 500.
    @Test func aMainIngredientWithUpstreamDownShowsWhatIsSaved() async throws {
        try await StandIn.run { standIn in
            let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))
            let environment = try TestEnvironment.upstream(.themealdb, standIn: standIn, clock: clock)
            try await environment.withShopper(over: .live) { shopper in
                await standIn.state.setFault(.status(500))
                let first = try await shopper.get("/?ingredient=rice")
                #expect(first.status == .ok)
                #expect(first.notice == UpstreamCatalog.notice)
                #expect(first.recipeIDs.contains("bundled-18") && !first.recipeIDs.contains("mealdb-90102"))

                await standIn.state.setFault(nil)
                clock.advance(by: UpstreamSettings.defaultCacheTTL + 60)
                #expect(try await shopper.get("/?ingredient=rice").recipeIDs.contains("mealdb-90102"))
                await standIn.state.setFault(.status(503))
                clock.advance(by: UpstreamSettings.defaultCacheTTL + 60)
                let stale = try await shopper.get("/?ingredient=rice")
                #expect(stale.status == .ok)
                #expect(stale.notice == UpstreamCatalog.notice)
                #expect(stale.recipeIDs.contains("mealdb-90102") && stale.recipeIDs.contains("bundled-18"))
            }
        }
    }

    @Test func aRecipeNeverSeenIsLookedUpAndAnUnknownOneIsA404() async throws {
        try await StandIn.run { standIn in
            try await TestEnvironment.upstream(.themealdb, standIn: standIn).withShopper { shopper in
                let page = try await shopper.get("/recipes/mealdb-90102")
                #expect(page.status == .ok)
                #expect(page.contains("Cardamom Rice Pudding"))
                let unknown = try await shopper.get("/recipes/mealdb-99999")
                #expect(unknown.status == .notFound)
                let calls = await standIn.state.apiCalls
                #expect(calls == ["/api/json/v1/1/lookup.php?i=90102", "/api/json/v1/1/lookup.php?i=99999"])
                // Bundled recipes stay, and other sources' ids are never asked for.
                #expect(try await shopper.get("/recipes/bundled-1").status == .ok)
                #expect(try await shopper.get("/recipes/spoon-990001").status == .notFound)
                #expect(await standIn.state.apiCalls.count == 2)
            }
        }
    }

    @Test func aStaleSearchIsFetchedAgainAndALocalEditSurvivesTheRefresh() async throws {
        try await StandIn.run { standIn in
            let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))
            let environment = try TestEnvironment.upstream(.themealdb, standIn: standIn, clock: clock)
            try await environment.withShopper { shopper in
                try await shopper.get("/?q=miso")
                let saved = try await shopper.postMultipart(
                    "/recipes/mealdb-90101/edit",
                    [
                        ("version", "0"), ("title", "Grandma’s Miso Aubergine"), ("description", "Ours."),
                        ("step", "Roast it."), ("action-save", ""),
                    ])
                #expect(saved.status == .seeOther)

                await standIn.state.setExtraIngredient("Chilli Flakes")
                clock.advance(by: UpstreamSettings.defaultCacheTTL + 60)
                let search = try await shopper.get("/?q=miso")
                // Opening a saved, complete recipe costs no call, however old it is.
                let detail = try await shopper.get("/recipes/mealdb-90101")
                #expect(
                    await standIn.state.apiCalls == [
                        "/api/json/v1/1/search.php?s=miso", "/api/json/v1/1/search.php?s=miso",
                    ])
                #expect(search.contains("Grandma’s Miso Aubergine"))
                #expect(detail.contains(#"<h1 class="recipe-title">Grandma’s Miso Aubergine</h1>"#))
                #expect(detail.contains("Roast it."))
                #expect(!detail.contains("Halve the aubergines"))
                // Upstream's own values are refreshed underneath the edit.
                #expect(detail.contains(#"<span class="ingredient-name">Chilli Flakes</span>"#))
            }
        }
    }

    @Test func concurrentPagesAskingTheSameThingShareOneCall() async throws {
        try await StandIn.run { standIn in
            // A slow answer, so that every page is waiting while the one call is out.
            await standIn.state.setFault(.hang(0.2))
            let environment = try TestEnvironment.upstream(.themealdb, standIn: standIn)
            try await environment.withShopper { shopper in
                let client = shopper.client
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<8 {
                        group.addTask {
                            var shopper = Shopper(client: client)
                            let page = try await shopper.get("/?q=hotpot")
                            #expect(page.status == .ok)
                        }
                    }
                    try await group.waitForAll()
                }
                #expect(await standIn.state.apiCalls.count == 1)
            }
        }
    }
}
