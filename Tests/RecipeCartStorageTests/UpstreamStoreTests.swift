import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import RecipeCartUpstream
import Testing

/// The upstream cache's contract, on SQLite and on PostgreSQL alike.
@Suite struct UpstreamStoreTests {
    let started = Date(timeIntervalSince1970: 1_750_000_000)
    let soup = RecipeID("themealdb-52772")!
    let stew = RecipeID("themealdb-52773")!
    let salad = RecipeID("themealdb-52774")!

    /// A complete record, as a detail lookup gives it.
    private func full(_ id: RecipeID, title: String = "Teriyaki Soup", imageURL: URL? = nil) -> FetchedRecipe {
        FetchedRecipe(
            UpstreamRecipe(
                recipe: Recipe(
                    id: id, title: title, description: "Warm and salty.", category: "Chicken", servings: 4,
                    readyInMinutes: 35,
                    diets: [.dairyFree], tags: ["soup"], imagePath: nil,
                    sourceURL: URL(string: "https://example.org/\(id)"),
                    ingredients: [
                        Ingredient(name: "chicken", measure: "500 g"), Ingredient(name: "soy sauce", measure: "3 tbsp"),
                    ],
                    steps: ["Brown the chicken.", "Add the sauce and simmer."]),
                imageURL: imageURL))
    }

    /// A tile's worth, as a list or filter answer gives it.
    private func tile(_ id: RecipeID, title: String = "Teriyaki Soup", imageURL: URL? = nil) -> FetchedRecipe {
        FetchedRecipe(
            UpstreamSummary(
                summary: RecipeSummary(
                    id: id, title: title, category: "Chicken", servings: nil, readyInMinutes: nil, imagePath: nil),
                imageURL: imageURL))
    }

    @Test(arguments: StoreBackend.all) func saveTellsAddedUpdatedUnchangedAndKeptFuller(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            let upstream = stores.stores.upstream
            #expect(try await upstream.state(of: soup) == nil)

            // A tile's worth is new; the same tile again is unchanged but counts as fetched again.
            #expect(try await upstream.save([tile(soup)], source: .themealdb, at: started) == [.added])
            #expect(try await upstream.state(of: soup) == UpstreamRecipeState(isComplete: false, fetchedAt: started))
            #expect(try await upstream.save([tile(soup)], source: .themealdb, at: started + 10) == [.unchanged])
            #expect(
                try await upstream.state(of: soup) == UpstreamRecipeState(isComplete: false, fetchedAt: started + 10))
            #expect(try await stores.catalog.recipe(soup)?.ingredients == [])

            // The complete record is "added": complete for the first time.
            #expect(try await upstream.save([full(soup)], source: .themealdb, at: started + 20) == [.added])
            #expect(
                try await upstream.state(of: soup) == UpstreamRecipeState(isComplete: true, fetchedAt: started + 20))
            let complete = try #require(try await stores.catalog.recipe(soup))
            #expect(
                complete.ingredients.count == 2 && complete.steps.count == 2
                    && complete.description == "Warm and salty.")

            #expect(try await upstream.save([full(soup)], source: .themealdb, at: started + 30) == [.unchanged])
            #expect(
                try await upstream.save(
                    [full(soup, title: "Teriyaki Noodle Soup")], source: .themealdb, at: started + 40) == [.updated])
            #expect(try await stores.catalog.recipe(soup)?.title == "Teriyaki Noodle Soup")
            #expect(
                try await upstream.state(of: soup) == UpstreamRecipeState(isComplete: true, fetchedAt: started + 40))

            // A tile for a complete recipe never replaces it, and does not make it fresh again.
            #expect(
                try await upstream.save([tile(soup, title: "Soup")], source: .themealdb, at: started + 50) == [
                    .keptFuller
                ])
            let kept = try #require(try await stores.catalog.recipe(soup))
            #expect(kept.title == "Teriyaki Noodle Soup" && kept.ingredients.count == 2 && kept.steps.count == 2)
            #expect(
                try await upstream.state(of: soup) == UpstreamRecipeState(isComplete: true, fetchedAt: started + 40))

            // One outcome a record, in order, from one save.
            let outcomes = try await upstream.save(
                [full(soup, title: "Teriyaki Noodle Soup"), tile(stew), full(salad), tile(soup)], source: .themealdb,
                at: started + 60)
            #expect(outcomes == [.unchanged, .added, .added, .keptFuller])
            #expect(try await stores.rowCount("upstream_recipes") == 3)
        }
    }

    @Test(arguments: StoreBackend.all) func stateIsNilForRecipesNotFromUpstream(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            try await stores.installBundled()
            let bundled = RecipeID("bundled-1")!
            #expect(try await stores.catalog.recipe(bundled) != nil)
            #expect(try await stores.stores.upstream.state(of: bundled) == nil)
            #expect(try await stores.stores.upstream.state(of: soup) == nil)
        }
    }

    @Test(arguments: StoreBackend.all) func aRequestKeyIsRecordedWithItsIdsAndTime(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let upstream = stores.stores.upstream
            #expect(try await upstream.request("search:soup") == nil)
            try await upstream.save(
                [tile(soup), tile(stew)], source: .themealdb, requestKey: "search:soup", at: started)
            let first = try #require(try await upstream.request("search:soup"))
            #expect(first.fetchedAt == started && first.ids == [soup, stew])

            // Asked again: the newer answer replaces the older, ids in the order upstream gave them.
            try await upstream.save(
                [tile(salad), tile(soup)], source: .themealdb, requestKey: "search:soup", at: started + 3600)
            let second = try #require(try await upstream.request("search:soup"))
            #expect(second.fetchedAt == started + 3600 && second.ids == [salad, soup])

            // An answer with nothing in it is still an answer; a save without a key records none.
            try await upstream.save([], source: .themealdb, requestKey: "search:zzz", at: started + 7200)
            let empty = try #require(try await upstream.request("search:zzz"))
            #expect(empty.fetchedAt == started + 7200 && empty.ids.isEmpty)
            try await upstream.save([full(soup)], source: .themealdb, at: started + 7300)
            #expect(try await stores.rowCount("upstream_cache") == 2)
            #expect(try await upstream.request("search:other") == nil)
        }
    }

    @Test(arguments: StoreBackend.all) func picturesArePendingUntilStoredOrRefused(backend: StoreBackend) async throws {
        let clock = TestClock(started)
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let upstream = stores.stores.upstream
            let shared = URL(string: "https://img.example.org/soup.jpg")!
            let other = URL(string: "https://img.example.org/salad.jpg")!
            try await upstream.save(
                [full(soup, imageURL: shared), tile(stew, imageURL: shared), full(salad, imageURL: other)],
                source: .themealdb, at: started)
            #expect(Set(try await upstream.pendingImageURLs()) == [shared, other])
            #expect(try await stores.catalog.recipe(soup)?.imagePath == nil)

            // A first claim succeeds; a claim is not a settlement, so the picture stays pending.
            #expect(try await upstream.claimImage(shared, at: clock.now))
            #expect(Set(try await upstream.pendingImageURLs()) == [shared, other])

            // Stored: every recipe using the picture points at it, and cached pages learn of it.
            let before = try await stores.catalog.generation()
            try await upstream.imageStored(shared, fileName: "0123abcd.jpg", at: clock.now)
            #expect(try await stores.catalog.generation() > before)
            #expect(try await stores.catalog.recipe(soup)?.imagePath == "cache/0123abcd.jpg")
            #expect(try await stores.catalog.recipe(stew)?.imagePath == "cache/0123abcd.jpg")
            #expect(try await stores.catalog.summaries([stew])[stew]?.imagePath == "cache/0123abcd.jpg")
            #expect(try await stores.catalog.recipe(salad)?.imagePath == nil)
            #expect(try await upstream.pendingImageURLs() == [other])

            // A recipe saved later with a picture already stored points at it straight away, and leaves nothing pending.
            let later = RecipeID("themealdb-52775")!
            #expect(
                try await upstream.save([full(later, imageURL: shared)], source: .themealdb, at: clock.now) == [.added])
            #expect(try await stores.catalog.recipe(later)?.imagePath == "cache/0123abcd.jpg")
            #expect(try await upstream.pendingImageURLs() == [other])

            // Refused: never pending again, and no recipe points anywhere.
            #expect(try await upstream.claimImage(other, at: clock.now))
            try await upstream.imageRefused(other, reason: "not an image", at: clock.now)
            #expect(try await upstream.pendingImageURLs().isEmpty)
            #expect(try await stores.catalog.recipe(salad)?.imagePath == nil)

            // A settled picture is never claimed again, however long after.
            #expect(try await !upstream.claimImage(shared, at: clock.now))
            #expect(try await !upstream.claimImage(other, at: clock.now))
            clock.advance(by: UpstreamImages.claimLifetime + 1)
            #expect(try await !upstream.claimImage(shared, at: clock.now))
            #expect(try await !upstream.claimImage(other, at: clock.now))
            #expect(try await upstream.pendingImageURLs().isEmpty)
        }
    }

    @Test(arguments: StoreBackend.all) func aPictureIsClaimedOnceWhileTheClaimIsFresh(backend: StoreBackend)
        async throws
    {
        let clock = TestClock(started)
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let upstream = stores.stores.upstream
            let url = URL(string: "https://img.example.org/stew.jpg")!
            try await upstream.save([full(stew, imageURL: url)], source: .themealdb, at: clock.now)
            #expect(try await upstream.claimImage(url, at: clock.now))
            clock.advance(by: 1)
            let second = try await upstream.claimImage(url, at: clock.now)
            switch backend {
            case .postgres:
                // Instances share the database: another one must not fetch what this one is fetching.
                #expect(!second)
                clock.advance(by: UpstreamImages.claimLifetime - 2)
                #expect(try await !upstream.claimImage(url, at: clock.now))
                // The claimer never settled it (it stopped): after the claim's lifetime anyone may take it.
                clock.advance(by: 3)
                #expect(try await upstream.claimImage(url, at: clock.now))
                #expect(try await !upstream.claimImage(url, at: clock.now))
            case .sqlite:
                // One process, whose image cache asks once a URL: a claim only ends when the URL is settled.
                #expect(second)
            }
            #expect(try await upstream.pendingImageURLs() == [url])
            try await upstream.imageStored(url, fileName: "stew.jpg", at: clock.now)
            #expect(try await !upstream.claimImage(url, at: clock.now))
            #expect(try await upstream.pendingImageURLs().isEmpty)
        }
    }

    /// Saves that hold the same recipes in other orders, at once, as instances refreshing a search and a category do.
    /// Each must land: none may fail or be lost.
    @Test(arguments: StoreBackend.all) func concurrentSavesOfOneRecipeInAnyOrderAllLand(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            let upstream = stores.stores.upstream
            let started = started
            let ids = [soup, stew, salad]
            // Two instances refreshing lists that hold the same recipes in other orders (a search, a category).
            let orders = [[0, 1, 2], [2, 1, 0], [1, 2, 0], [0, 2, 1], [2, 0, 1], [1, 0, 2]]
            let batches = orders.enumerated().map { round, order in
                order.map { full(ids[$0], title: "Round \(round) of \(ids[$0])") }
            }
            let results = await withTaskGroup(of: Result<[UpstreamSaveOutcome], any Error>.self) { group in
                for (round, batch) in batches.enumerated() {
                    group.addTask {
                        do {
                            return .success(
                                try await upstream.save(
                                    batch, source: .themealdb, requestKey: "list:\(round)", at: started))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                var results: [Result<[UpstreamSaveOutcome], any Error>] = []
                for await result in group { results.append(result) }
                return results
            }
            let failures = results.compactMap { result -> String? in
                if case .failure(let error) = result { String(reflecting: error) } else { nil }
            }
            #expect(failures.isEmpty, "\(failures.count) of \(batches.count) saves failed: \(failures)")
            #expect(results.allSatisfy { (try? $0.get())?.count == 3 })
            for id in ids {
                let recipe = try #require(try await stores.catalog.recipe(id))
                #expect(
                    recipe.title.hasPrefix("Round ") && recipe.ingredients.count == 2 && recipe.steps.count == 2,
                    "\(id)")
                #expect(try await upstream.state(of: id)?.isComplete == true)
            }
            #expect(try await stores.rowCount("recipe_ingredients") == 6)
            #expect(try await stores.rowCount("upstream_cache") == batches.count)
        }
    }

    @Test(arguments: StoreBackend.all) func savingKeepsTheShopsEditUntouched(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let upstream = stores.stores.upstream
            try await upstream.save([full(soup)], source: .themealdb, at: started)
            let edit = RecipeEdit(
                title: "House Soup", description: "Our way.", steps: ["Ask the chef."], picture: .keep)
            let (version, _) = try await stores.edits.save(edit, for: soup, copy: .shop, expected: .original)

            // Upstream changes the recipe: its own fields follow, the shop's edited ones stay as the shop left them.
            var changed = full(soup, title: "Teriyaki Soup II")
            changed.recipe.ingredients.append(Ingredient(name: "ginger", measure: "1 thumb"))
            #expect(try await upstream.save([changed], source: .themealdb, at: started + 60) == [.updated])
            let shown = try #require(try await stores.catalog.recipe(soup))
            #expect(shown.title == "House Soup" && shown.description == "Our way." && shown.steps == ["Ask the chef."])
            #expect(shown.isEdited)
            #expect(shown.ingredients.map(\.name) == ["chicken", "soy sauce", "ginger"])
            #expect(try await stores.edits.version(of: soup, copy: .shop) == version)
            #expect(try await stores.catalog.browse(BrowseQuery(text: "house")).totalCount == 1)

            // A tile arriving later changes nothing either.
            #expect(try await upstream.save([tile(soup)], source: .themealdb, at: started + 120) == [.keptFuller])
            #expect(try await stores.catalog.recipe(soup)?.title == "House Soup")
            #expect(try await stores.rowCount("recipe_edits") == 1)
        }
    }
}
