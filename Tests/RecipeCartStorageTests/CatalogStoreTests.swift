import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import RecipeCartUpstream
import Testing

@testable import RecipeCartServices

@Suite struct CatalogStoreTests {
    @Test func bundledCatalogMeetsItsPromises() throws {
        let catalog = try BundledCatalog.load()
        #expect(catalog.recipes.count >= 48)
        #expect(Set(catalog.recipes.map(\.id)).count == catalog.recipes.count)
        let categories = Set(catalog.recipes.map(\.category))
        for required in ["Dessert", "Vegetarian", "Chicken", "Seafood", "Pasta", "Breakfast", "Side"] {
            #expect(categories.contains(required), "category \(required)")
        }
        // The vegan diet is the one way to find vegan recipes: no Vegan category beside it, and a recipe filed under
        // Vegetarian carries the vegetarian diet.
        #expect(!categories.contains { DietCategory.isVegan($0) })
        #expect(catalog.recipes.filter { $0.diets.contains(.vegan) }.count >= 6)
        // Every recipe names its cuisine, and there are enough of them for the filter to mean something.
        #expect(Set(catalog.recipes.compactMap(\.area)).count >= 10)
        for recipe in catalog.recipes {
            #expect(recipe.area.map { !$0.isEmpty } == true, "\(recipe.id) cuisine")
            if recipe.category == "Vegetarian" { #expect(recipe.diets.contains(.vegetarian), "\(recipe.id)") }
            #expect(recipe.ingredients.count >= 4, "\(recipe.id)")
            #expect(recipe.steps.count >= 3, "\(recipe.id)")
            #expect(!recipe.description.isEmpty, "\(recipe.id)")
            #expect((recipe.servings ?? 0) > 0 && (recipe.readyInMinutes ?? 0) > 0, "\(recipe.id)")
            if let image = recipe.imagePath {
                let file = catalog.imagesDirectory.appendingPathComponent(String(image.dropFirst("bundled/".count)))
                #expect(FileManager.default.fileExists(atPath: file.path), "\(recipe.id) picture")
            }
        }
        let withPictures = catalog.recipes.filter { $0.imagePath != nil }.count
        #expect(withPictures * 100 / catalog.recipes.count >= 65)
        #expect(withPictures < catalog.recipes.count)
    }

    @Test(arguments: StoreBackend.all) func installIsIdempotentAndReloadsWhenTheVersionChanges(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            let store = stores.catalog
            let catalog = try BundledCatalog.load()
            #expect(try await catalog.install(into: store))
            #expect(try await !catalog.install(into: store))
            #expect(try await stores.rowCount("recipes") == catalog.recipes.count)

            var renamed = catalog.recipes
            renamed[0].title = "Renamed Cake"
            let next = BundledCatalog(
                recipes: Array(renamed.dropLast()), version: "next", imagesDirectory: catalog.imagesDirectory)
            let before = try await store.generation()
            #expect(try await next.install(into: store))
            #expect(try await store.generation() > before)
            #expect(try await store.recipe(renamed[0].id)?.title == "Renamed Cake")
            #expect(try await store.recipe(catalog.recipes.last!.id) == nil)
            #expect(try await store.browse(BrowseQuery(text: "renamed")).totalCount == 1)
        }
    }

    @Test(arguments: StoreBackend.all) func recipeRoundTripsThroughTheDatabase(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let store = stores.catalog
            let recipe = Recipe(
                id: RecipeID("test-1")!, title: "Toast", description: "Bread, toasted.", category: "Breakfast",
                area: "British",
                servings: nil, readyInMinutes: nil, diets: [.vegan, .dairyFree], tags: ["quick", "bread"],
                imagePath: nil, sourceURL: URL(string: "https://example.org/toast"),
                ingredients: [
                    Ingredient(name: "bread", measure: "2 slices"), Ingredient(name: "salt", measure: "a pinch"),
                ],
                steps: ["Toast the bread.", "Salt it."])
            try await store.upsert([recipe], source: "test")
            #expect(try await store.recipe(recipe.id) == recipe)
            #expect(try await store.summaries([recipe.id])[recipe.id] == recipe.summary)
            #expect(try await store.ingredients(of: [recipe.id])[recipe.id] == recipe.ingredients)
            #expect(try await store.categories() == ["Breakfast"])
            #expect(try await store.areas() == ["British"])
        }
    }

    /// Ingredients answered from the recipes kept in memory are never those of an older copy.
    @Test(arguments: StoreBackend.all) func ingredientsFollowAnEditOfARecipeSeenBefore(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            let store = stores.catalog
            var recipe = Recipe(
                id: RecipeID("test-1")!, title: "Toast", description: "", category: "Breakfast", servings: 1,
                readyInMinutes: nil, diets: [], tags: [], imagePath: nil, sourceURL: nil,
                ingredients: [Ingredient(name: "bread", measure: "2 slices")], steps: ["Toast the bread."])
            try await store.upsert([recipe], source: "test")
            #expect(try await store.recipe(recipe.id) == recipe)
            #expect(try await store.ingredients(of: [recipe.id])[recipe.id] == recipe.ingredients)
            recipe.ingredients = [Ingredient(name: "rye bread", measure: "3 slices")]
            try await store.upsert([recipe], source: "test")
            #expect(try await store.ingredients(of: [recipe.id])[recipe.id] == recipe.ingredients)
        }
    }

    /// A batch written at once keeps each recipe's own empty and filled parts apart, and a recipe given twice ends
    /// as its later copy.
    @Test(arguments: StoreBackend.all) func aBatchRoundTripsRecipeByRecipe(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let store = stores.catalog
            let bare = Recipe(
                id: RecipeID("test-bare")!, title: "Water", description: "", category: "", servings: nil,
                readyInMinutes: nil,
                diets: [], tags: [], imagePath: nil, sourceURL: nil, ingredients: [], steps: [])
            let full = Recipe(
                id: RecipeID("test-full")!, title: "Porridge", description: "Oats, cooked.", category: "Breakfast",
                area: "Scottish", servings: 2,
                readyInMinutes: 10, diets: [.vegetarian], tags: ["warm"], imagePath: "images/porridge.svg",
                sourceURL: URL(string: "https://example.org/porridge"),
                ingredients: [
                    Ingredient(name: "oats", measure: "80 g"),
                    Ingredient(name: "milk", measure: "300 ml", aisle: "Milk, Eggs, Other Dairy"),
                ],
                steps: ["Stir the oats into the milk.", "Simmer."])
            var first = full
            first.title = "Early Porridge"
            first.ingredients = [Ingredient(name: "oats", measure: "1 cup")]
            first.steps = ["Soak overnight."]
            try await store.upsert([first, bare, full], source: "test")
            #expect(try await store.recipe(bare.id) == bare)
            #expect(try await store.recipe(full.id) == full)
            #expect(try await store.ingredients(of: [full.id])[full.id] == full.ingredients)
            #expect(
                try await store.browse(BrowseQuery(text: "porridge")).sections.flatMap(\.recipes).map(\.id) == [full.id]
            )
            #expect(try await store.browse(BrowseQuery(text: "early")).totalCount == 0)
        }
    }

    @Test(arguments: StoreBackend.all) func aShoppersVersionAndTheUndoOfItsRevertRoundTrip(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            try await stores.installBundled()
            let catalog = stores.catalog
            let edits = stores.edits
            let id = RecipeID("bundled-1")!
            let shopper = SessionKey(sessionID: "shopper")
            let shops = try #require(try await catalog.recipe(id))
            let edit = RecipeEdit(
                title: "My Cake", description: "Less sugar.", steps: ["Mix.", #"Bake "slowly"."#], picture: .remove)
            let (version, _) = try await edits.save(edit, for: id, copy: .personal(shopper), expected: .original)
            let mine = try #require(try await catalog.recipe(id, for: shopper))
            #expect(mine.title == "My Cake" && mine.description == "Less sugar." && mine.steps == edit.steps)
            #expect(mine.imagePath == nil && mine.isPersonalCopy)
            #expect(try await catalog.recipe(id) == shops)

            let undo = try #require(try await edits.revert(id, copy: .personal(shopper)))
            #expect(try await catalog.recipe(id, for: shopper) == shops)
            #expect(try await edits.pendingUndo(of: id, copy: .personal(shopper))?.token == undo.token)
            try await edits.undoRevert(token: undo.token, of: id, copy: .personal(shopper))
            #expect(try await edits.version(of: id, copy: .personal(shopper)) == version)
            #expect(try await catalog.recipe(id, for: shopper) == mine)
        }
    }

    @Test(arguments: StoreBackend.all) func anEditOfTheShopsCopyReachesSearchAndBumpsTheGeneration(
        backend: StoreBackend
    ) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            try await stores.installBundled()
            let id = RecipeID("bundled-1")!
            let before = try await stores.catalog.generation()
            let edit = RecipeEdit(title: "Zesty Quokka Cake", description: "Renamed.", steps: ["Bake."], picture: .keep)
            let (version, _) = try await stores.edits.save(edit, for: id, copy: .shop, expected: .original)
            #expect(try await stores.catalog.generation() > before)
            #expect(try await stores.catalog.recipe(id)?.title == "Zesty Quokka Cake")
            #expect(
                try await stores.catalog.browse(BrowseQuery(text: "quokk")).sections.flatMap(\.recipes).map(\.id) == [
                    id
                ])
            // A save from a form loaded before this one is refused, whoever made it.
            await #expect(throws: EditConflict.self) {
                try await stores.edits.save(edit, for: id, copy: .shop, expected: .original)
            }
            #expect(try await stores.edits.version(of: id, copy: .shop) == version)
            let undo = try #require(try await stores.edits.revert(id, copy: .shop))
            #expect(try await stores.catalog.browse(BrowseQuery(text: "quokk")).totalCount == 0)
            try await stores.edits.undoRevert(token: undo.token, of: id, copy: .shop)
            #expect(try await stores.catalog.browse(BrowseQuery(text: "quokk")).totalCount == 1)
            await #expect(throws: UndoRefusal.gone) {
                try await stores.edits.undoRevert(token: undo.token, of: id, copy: .shop)
            }
        }
    }

    @Test(arguments: StoreBackend.all) func browseSortsByNameGroupsAndPaginates(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let store = stores.catalog
            let recipes = (1...60).map { number in
                Recipe(
                    id: RecipeID("gen-\(number)")!, title: String(format: "Dish %02d", 61 - number), description: "",
                    category: "Gen",
                    servings: 2, readyInMinutes: number * 3, diets: [], tags: [],
                    imagePath: number.isMultiple(of: 2) ? "bundled/x.svg" : nil, sourceURL: nil, ingredients: [],
                    steps: [])
            }
            try await store.upsert(recipes, source: "gen")
            let first = try await store.browse(BrowseQuery(category: "Gen"))
            #expect(first.totalCount == 60)
            #expect(first.pageCount == 2)
            #expect(first.sections.map(\.kind) == [.popular, .other])
            #expect(first.sections[0].recipes.count == 30)
            let popularTitles = first.sections[0].recipes.map(\.title)
            #expect(popularTitles == popularTitles.sorted())
            let second = try await store.browse(BrowseQuery(category: "Gen", page: 2))
            #expect(second.sections.map(\.kind) == [.other])
            #expect(second.sections[0].recipes.count == 12)
            let beyond = try await store.browse(BrowseQuery(category: "Gen", page: 99))
            #expect(beyond.page == 2)

            let byTime = try await store.browse(BrowseQuery(category: "Gen", grouping: .time))
            #expect(byTime.sections.map(\.kind) == [.quick, .underAnHour, .longer])
            #expect(byTime.sections[0].recipes.allSatisfy { ($0.readyInMinutes ?? 0) <= 20 })
        }
    }

    @Test(arguments: StoreBackend.all) func searchRanksTitleHitsFirst(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            try await stores.installBundled()
            let page = try await stores.catalog.browse(BrowseQuery(text: "lemon"))
            // A search is one list by relevance, pictured or not.
            #expect(page.sections.map(\.kind) == [.results])
            let popular = try #require(page.sections.first { $0.kind == .results }).recipes
            // Recipes with lemon in their title come before those that only use a lemon.
            let titleHits = popular.prefix { $0.title.localizedCaseInsensitiveContains("lemon") }
            // Silky Lemon Hummus has no picture: a search ranks it with the others all the same.
            #expect(Set(titleHits.map(\.id.rawValue)) == ["bundled-1", "bundled-17", "bundled-21"])
            #expect(popular.count > titleHits.count)
        }
    }

    /// SQLite ranks a bounded set of candidates: past it the count is a floor, and a title hit still leads even when
    /// it was stored last, behind thousands of recipes that only use the word.
    @Test func aSearchFindingMoreThanItRanksSaysSoAndKeepsTitleHitsFirst() async throws {
        try await StoreBackend.sqlite.withStores { (stores: TestStores) async throws in
            let limit = SQLiteBrowseStatements.candidateLimit
            let users = (1...(limit + 100)).map { number in
                Recipe(
                    id: RecipeID("uses-\(number)")!, title: "Stew \(number)", description: "", category: "Gen",
                    servings: 2,
                    readyInMinutes: 30, diets: [], tags: [], imagePath: nil, sourceURL: nil,
                    ingredients: [Ingredient(name: "onion", measure: "1")], steps: [])
            }
            let tart = Recipe(
                id: RecipeID("onion-tart")!, title: "Onion Tart", description: "", category: "Gen", servings: 2,
                readyInMinutes: 30,
                diets: [], tags: [], imagePath: nil, sourceURL: nil, ingredients: [], steps: [])
            try await stores.catalog.upsert(users, source: "gen")
            try await stores.catalog.upsert([tart], source: "gen")
            let page = try await stores.catalog.browse(BrowseQuery(text: "onio"))
            #expect(page.totalCount == limit)
            #expect(page.totalIsAtLeast)
            #expect(page.sections.first?.recipes.first?.id.rawValue == "onion-tart")
            let few = try await stores.catalog.browse(BrowseQuery(text: "tart"))
            #expect(few.totalCount == 1)
            #expect(!few.totalIsAtLeast)
        }
    }

    @Test(arguments: StoreBackend.all) func searchTakesEveryWordAsAPrefixIgnoringCaseAndAccents(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            let recipe = Recipe(
                id: RecipeID("test-brulee")!, title: "Crème Brûlée", description: "", category: "Dessert", servings: 4,
                readyInMinutes: 60, diets: [.vegetarian], tags: ["custard"], imagePath: nil, sourceURL: nil,
                ingredients: [Ingredient(name: "double cream", measure: "500 ml")], steps: ["Bake."])
            try await stores.catalog.upsert([recipe], source: "test")
            for text in ["creme brulee", "CRÈME", "brul", "crem brû", "cream", "custard", "vegetarian", "dess"] {
                #expect(try await stores.catalog.browse(BrowseQuery(text: text)).totalCount == 1, "\(text)")
            }
            for text in ["brulee pie", "rème"] {
                #expect(try await stores.catalog.browse(BrowseQuery(text: text)).totalCount == 0, "\(text)")
            }
        }
    }

    @Test(arguments: StoreBackend.all) func anythingTypedGivesAPage(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            try await stores.installBundled()
            let hostile = [
                "", "   ", "'; DROP TABLE recipes; --", "\"", "a OR b", "cake*", "!&|:()", "lemon & !cake", "<script>",
                "%_%",
                String(repeating: "x", count: 2000), "ü:*", "NEAR(a b)", "\\", "\u{0}",
            ]
            for text in hostile {
                let page = try await stores.catalog.browse(BrowseQuery(text: text))
                #expect(page.totalCount >= 0, "\(text.prefix(20))")
            }
            #expect(try await stores.catalog.browse(BrowseQuery(text: "'; DROP TABLE recipes; --")).totalCount == 0)
            #expect(try await stores.rowCount("recipes") == BundledCatalog.load().recipes.count)
        }
    }
}

@Suite struct BrowsePagingTests {
    @Test(arguments: [
        (0, 1, 1, 0, 48), (52, 1, 1, 0, 52), (59, 1, 1, 0, 59), (60, 2, 2, 48, 48), (96, 2, 2, 48, 48),
        (100, 2, 2, 48, 52), (108, 3, 3, 96, 48),
    ])
    func aTinyLastPageIsFoldedIntoTheOneBefore(total: Int, requested: Int, pageCount: Int, offset: Int, limit: Int) {
        let paging = BrowsePaging(total: total, requestedPage: requested)
        #expect(paging.pageCount == pageCount)
        #expect(paging.page == requested)
        #expect(paging.offset == offset)
        #expect(paging.limit == limit)
    }

    @Test func aRankingOrderedAsFarAsRankedNeededCoversEveryPageShown() {
        for total in 0...700 {
            for requested in [-3, 0, 1, 2, 3, 7, 14, 15, 16, 10_000] {
                let paging = BrowsePaging(total: total, requestedPage: requested)
                let shownEnd = min(paging.offset + paging.limit, total)
                #expect(shownEnd <= BrowsePaging.rankedNeeded(forPage: requested), "\(total) \(requested)")
            }
        }
    }

    @Test(arguments: StoreBackend.all) func theSearchIndexHoldsTitlesCategoriesTagsIngredientsAndDiets(
        backend: StoreBackend
    ) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            try await stores.installBundled()
            let index = try await stores.catalog.searchIndex()
            #expect(index.ids.count == 52)
            let vocabulary = SearchVocabulary(index: index)
            #expect(vocabulary.knows("carbonara") && vocabulary.knows("guanciale") && vocabulary.knows("dessert"))
            #expect(vocabulary.suggestion(for: "guancale") == "guanciale")
            #expect(index.words.filter { $0 == "spaghetti" }.count == 1)
            // Each field is read: a title, its ingredients, its category and a tag each find the carbonara.
            for text in ["carbonara", "guanciale", "pecorino", "pasta", "italian"] {
                #expect(index.rank(text).ids(0..<52).contains(RecipeID("bundled-33")!), "\(text)")
            }
            let vegetarian = index.rank("vegetarian").ids(0..<52)
            let diets = try await stores.catalog.browse(BrowseQuery(diet: .vegetarian)).sections.flatMap(\.recipes).map(
                \.id)
            #expect(!diets.isEmpty && Set(diets).isSubset(of: Set(vegetarian)))
        }
    }

    /// A search's tiles come from its index: they are the store's tiles of the same recipes, with the shop's edits.
    @Test(arguments: StoreBackend.all) func aSearchIndexsTilesAreTheStoresTilesOfItsRecipes(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            try await stores.installBundled()
            let id = RecipeID("bundled-1")!
            let edit = RecipeEdit(title: "Zesty Quokka Cake", description: "Renamed.", steps: ["Bake."], picture: .keep)
            _ = try await stores.edits.save(edit, for: id, copy: .shop, expected: .original)
            let index = try await stores.catalog.searchIndex()
            var found: [RecipeID: RecipeSummary] = [:]
            for text in ["quokka", "s", "c", "p", "b"] {
                let ranking = index.rank(text)
                let (ids, tiles) = (ranking.ids(0..<ranking.count), ranking.summaries(0..<ranking.count))
                let stored = try await stores.catalog.summaries(ids)
                #expect(tiles.map(\.id) == ids && tiles.count == stored.count, "\(text)")
                #expect(tiles.allSatisfy { stored[$0.id] == $0 }, "\(text)")
                for tile in tiles { found[tile.id] = tile }
            }
            #expect(found.count > 40 && found[id]?.title == "Zesty Quokka Cake")
            #expect(found.values.contains { $0.imagePath != nil && $0.servings != nil && $0.readyInMinutes != nil })
            let ranking = index.rank("s")
            #expect(ranking.summaries(ranking.count..<(ranking.count + 5)).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.all) func theMainIngredientFilterFindsRecipesByTheirIngredientNames(
        backend: StoreBackend
    ) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            try await stores.installBundled()
            let catalog = stores.catalog
            for ingredient in MainIngredient.allCases {
                let page = try await catalog.browse(BrowseQuery(ingredient: ingredient))
                let ids = Set(page.sections.flatMap(\.recipes).map(\.id))
                let all = try await catalog.ingredients(of: Array(ids))
                for id in ids {
                    let names = (all[id] ?? []).map { $0.name.lowercased() }
                    #expect(
                        names.contains { name in ingredient.words.contains { name.contains($0) } },
                        "\(ingredient) \(id)")
                }
            }
            let pasta = try await catalog.browse(BrowseQuery(ingredient: .pasta))
            #expect(pasta.sections.flatMap(\.recipes).map(\.id.rawValue).contains("bundled-33"))
            let both = try await catalog.browse(BrowseQuery(text: "carbonara", ingredient: .pork))
            #expect(both.sections.flatMap(\.recipes).map(\.id.rawValue) == ["bundled-33"])
            #expect(try await catalog.browse(BrowseQuery(text: "carbonara", ingredient: .tofu)).totalCount == 0)
        }
    }

    @Test(arguments: StoreBackend.all) func whatCanIMakeReadsIngredientListsAndTheFiltersIDs(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            try await stores.installBundled()
            let catalog = stores.catalog
            let lists = try await catalog.ingredientLists()
            #expect(lists.count == 52)
            let bread = try #require(lists.first { $0.id.rawValue == "bundled-43" })
            #expect(bread.title == "Walnut Banana Bread")
            #expect(bread.names == (try await catalog.recipe(bread.id))?.ingredients.map(\.name))
            #expect(Set(try await catalog.recipeIDs(matching: BrowseQuery())).count == 52)
            let desserts = try await catalog.recipeIDs(matching: BrowseQuery(category: "Dessert"))
            let listed = try await catalog.browse(BrowseQuery(category: "Dessert")).sections.flatMap(\.recipes).map(
                \.id)
            #expect(Set(desserts) == Set(listed))
            // A search's ids are every match, not a ranked page.
            let searched = try await catalog.recipeIDs(matching: BrowseQuery(text: "chicken", diet: .glutenFree))
            let shown = try await catalog.browse(BrowseQuery(text: "chicken", diet: .glutenFree)).sections.flatMap(
                \.recipes
            ).map(\.id)
            #expect(!searched.isEmpty && Set(searched) == Set(shown))
        }
    }

    @Test(arguments: StoreBackend.all) func theCuisineFilterCombinesWithSearchCategoryDietAndIngredient(
        backend: StoreBackend
    ) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            try await stores.installBundled()
            let catalog = stores.catalog
            let recipes = try BundledCatalog.load().recipes
            let areas = try await catalog.areas()
            #expect(areas == Set(recipes.compactMap(\.area)).sorted { $0.lowercased() < $1.lowercased() })
            func ids(_ query: BrowseQuery) async throws -> Set<String> {
                Set(try await catalog.browse(query).sections.flatMap(\.recipes).map(\.id.rawValue))
            }
            func expected(_ keep: (Recipe) -> Bool) -> Set<String> { Set(recipes.filter(keep).map(\.id.rawValue)) }
            for area in areas {
                #expect(try await ids(BrowseQuery(area: area)) == expected { $0.area == area }, "\(area)")
            }
            let italian = try await ids(BrowseQuery(area: "Italian"))
            #expect(italian.count >= 8 && italian.contains("bundled-33"))
            #expect(
                try await ids(BrowseQuery(diet: .vegan, area: "Italian"))
                    == expected { $0.area == "Italian" && $0.diets.contains(.vegan) })
            #expect(
                try await ids(BrowseQuery(category: "Pasta", area: "Italian"))
                    == expected { $0.area == "Italian" && $0.category == "Pasta" })
            #expect(try await ids(BrowseQuery(text: "pasta", diet: .vegetarian, area: "Italian")).isSubset(of: italian))
            #expect(try await ids(BrowseQuery(text: "carbonara", diet: .vegetarian, area: "Italian")).isEmpty)
            #expect(try await ids(BrowseQuery(text: "carbonara", ingredient: .pork, area: "Italian")) == ["bundled-33"])
            #expect(try await ids(BrowseQuery(text: "carbonara", area: "French")).isEmpty)
            // The store matches the catalog's spelling exactly; the page turns anything else into no filter at all.
            for unknown in ["italian", "Atlantis", "<script>", "../", "%", "_", "' OR 1=1 --"] {
                #expect(try await catalog.browse(BrowseQuery(area: unknown)).totalCount == 0, "\(unknown)")
            }
        }
    }

    @Test(arguments: StoreBackend.all) func aTileListedByCuisineKeepsTheCategoryAndDietsItWasListedUnder(
        backend: StoreBackend
    ) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let meal = MealDBMealSummary(id: "52775", name: "Vegan Lasagna", thumbnail: nil)
            let byCategory = FetchedRecipe(try MealDBMapper.summary(from: meal, listing: .category("Vegan")))
            let byArea = FetchedRecipe(try MealDBMapper.summary(from: meal, listing: .area("Italian")))
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            try await stores.stores.upstream.save([byCategory], source: .themealdb, at: now)
            #expect(try await stores.stores.upstream.save([byArea], source: .themealdb, at: now) == [.updated])
            let id = byArea.recipe.id
            let saved = try #require(try await stores.catalog.recipe(id))
            #expect(saved.category == "Vegetarian" && saved.area == "Italian" && saved.diets == [.vegetarian, .vegan])
            // Listed again either way, nothing changes.
            #expect(try await stores.stores.upstream.save([byArea], source: .themealdb, at: now) == [.unchanged])
            #expect(try await stores.stores.upstream.save([byCategory], source: .themealdb, at: now) == [.unchanged])
            #expect(try await stores.catalog.browse(BrowseQuery(diet: .vegan, area: "Italian")).totalCount == 1)
            #expect(try await stores.catalog.categories() == ["Vegetarian"])
        }
    }

    /// TheMealDB's `filter.php?i=` tiles name no ingredients: the filter finds them by the listing they came in, beside
    /// the saved recipes whose ingredient names match, and with every other filter.
    @Test(arguments: StoreBackend.all) func aRecipeListedUnderAMainIngredientIsFoundByIt(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            try await stores.installBundled()
            let catalog = stores.catalog
            let upstream = stores.stores.upstream
            func tile(_ id: String, _ name: String, _ listing: MealDBListing) throws -> FetchedRecipe {
                FetchedRecipe(
                    try MealDBMapper.summary(
                        from: MealDBMealSummary(id: id, name: name, thumbnail: nil), listing: listing))
            }
            func ids(_ query: BrowseQuery) async throws -> Set<String> {
                Set(try await catalog.browse(query).sections.flatMap(\.recipes).map(\.id.rawValue))
            }
            let byWords = try await ids(BrowseQuery(ingredient: .chicken))
            #expect(!byWords.isEmpty && byWords.allSatisfy { $0.hasPrefix("bundled-") })
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            let before = try await catalog.generation()
            try await upstream.save(
                [
                    try tile("52801", "Mystery Stew", .ingredient(.chicken)),
                    try tile("52802", "Plain Supper", .ingredient(.chicken)),
                ],
                source: .themealdb, requestKey: "themealdb ingredient chicken", mainIngredient: .chicken, at: now)
            #expect(try await catalog.generation() > before)
            #expect(
                try await upstream.request("themealdb ingredient chicken")?.ids.map(\.rawValue) == [
                    "mealdb-52801", "mealdb-52802",
                ])
            #expect(
                try await ids(BrowseQuery(ingredient: .chicken)) == byWords.union(["mealdb-52801", "mealdb-52802"]))
            #expect(try await ids(BrowseQuery(ingredient: .beef)).isDisjoint(with: ["mealdb-52801", "mealdb-52802"]))
            #expect(
                Set(try await catalog.recipeIDs(matching: BrowseQuery(ingredient: .chicken)).map(\.rawValue))
                    .isSuperset(of: ["mealdb-52801"]))

            // With a search, a cuisine (listed separately, as TheMealDB does) and a diet.
            try await upstream.save([try tile("52801", "Mystery Stew", .area("Italian"))], source: .themealdb, at: now)
            #expect(try await ids(BrowseQuery(text: "mystery", ingredient: .chicken)) == ["mealdb-52801"])
            #expect(try await ids(BrowseQuery(text: "mystery", ingredient: .pork)).isEmpty)
            let italianChicken = try await ids(BrowseQuery(ingredient: .chicken, area: "Italian"))
            #expect(italianChicken.contains("mealdb-52801") && !italianChicken.contains("mealdb-52802"))
            #expect(
                try await ids(BrowseQuery(diet: .vegan, ingredient: .chicken)).isDisjoint(with: [
                    "mealdb-52801", "mealdb-52802",
                ]))

            // A newer listing replaces the older: a recipe it no longer names is no longer found by it.
            let relisted = try await catalog.generation()
            try await upstream.save(
                [try tile("52802", "Plain Supper", .ingredient(.chicken))], source: .themealdb,
                requestKey: "themealdb ingredient chicken", mainIngredient: .chicken, at: now + 86_400)
            #expect(try await catalog.generation() > relisted)
            #expect(try await ids(BrowseQuery(ingredient: .chicken)) == byWords.union(["mealdb-52802"]))
            #expect(try await stores.rowCount("recipe_main_ingredients") == 1)
        }
    }

    @Test(arguments: StoreBackend.all) func upstreamNamesAreKeptWithWhenTheyWereAsked(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            let store = stores.stores.upstream
            #expect(try await store.names("themealdb areas") == nil)
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            try await store.saveNames(["Italian", "Saudi Arabian", "Thai"], requestKey: "themealdb areas", at: now)
            let saved = try #require(try await store.names("themealdb areas"))
            #expect(saved.names == ["Italian", "Saudi Arabian", "Thai"] && saved.fetchedAt == now)
            try await store.saveNames([], requestKey: "themealdb areas", at: now.addingTimeInterval(60))
            #expect(try await store.names("themealdb areas")?.names == [])
        }
    }
}
