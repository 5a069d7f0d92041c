import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

@Suite struct MealDBMapperTests {
    private func searchRecipes() throws -> [UpstreamRecipe] {
        MealDBMapper.recipes(from: try UpstreamFixture.decode(MealDBMealsResponse.self, "themealdb/search.json").meals)
    }

    @Test func aFullMealMapsToExactDomainValues() throws {
        let mapped = try searchRecipes()[0]
        #expect(
            mapped.recipe
                == Recipe(
                    id: try #require(RecipeID("mealdb-90101")),
                    title: "Miso Glazed Aubergine",
                    description: "A Japanese vegetarian dish.",
                    category: "Vegetarian", area: "Japanese",
                    servings: nil, readyInMinutes: nil,
                    diets: [.vegetarian],
                    tags: ["vegetarian", "side", "japanese"],
                    imagePath: nil,
                    sourceURL: URL(string: "https://example.com/recipes/miso-aubergine"),
                    ingredients: [
                        Ingredient(name: "Aubergine", measure: "2"),
                        Ingredient(name: "White Miso", measure: "3 tbs"),
                        Ingredient(name: "Mirin", measure: "2 tbs"),
                        Ingredient(name: "Sugar", measure: "1 tsp"),
                        Ingredient(name: "Sesame Seed", measure: ""),
                        Ingredient(name: "Spring Onions", measure: ""),
                    ],
                    steps: [
                        "Heat the oven to 200C.",
                        "Halve the aubergines and score the flesh in a criss-cross pattern.",
                        "Mix the miso, mirin and sugar, brush over the aubergines and roast for 25 minutes.",
                        "Scatter with sesame seeds and spring onion to serve.",
                    ]))
        #expect(mapped.imageURL == URL(string: "https://www.themealdb.com/images/media/meals/recipecart-aubergine.jpg"))
    }

    @Test func numberedLinesLoseTheirNumbersAndBareNumbersGo() throws {
        let recipe = try searchRecipes()[1].recipe
        #expect(
            recipe.steps == [
                "Rinse the rice and soak it for 20 minutes.",
                "Simmer the milk with the cardamom, add the rice and cook gently for 35 minutes, stirring often.",
                "Stir in the sugar and cook 5 minutes more.",
                "Serve warm or chilled, topped with pistachios.",
            ])
        #expect(recipe.description == "An Indian dessert.")
        #expect(recipe.tags.isEmpty)
        #expect(recipe.sourceURL == nil)
        #expect(recipe.diets.isEmpty)
        #expect(recipe.ingredients.last == Ingredient(name: "Pistachios", measure: ""))
    }

    @Test func stepLabelsInEveryFormAreTakenOff() throws {
        let mapped = try searchRecipes()[2]
        #expect(
            mapped.recipe.steps == [
                "Heat the oven to 160C.",
                "Brown the lamb in batches and set aside.",
                "Soften the onions, then stir in the flour and stock.",
                "Layer the potatoes over the lamb and bake for 2 hours.",
            ])
        #expect(mapped.recipe.tags == ["stew", "casserole"])
        #expect(mapped.recipe.description == "A British lamb dish.")
        #expect(mapped.recipe.sourceURL == nil, "a javascript: source is not a link")
        #expect(mapped.imageURL == URL(string: "http://www.themealdb.com/images/media/meals/recipecart-hotpot.jpg"))
    }

    @Test func servingsAndTimeAreUnknownNeverZero() throws {
        for mapped in try searchRecipes() {
            #expect(mapped.recipe.servings == nil)
            #expect(mapped.recipe.readyInMinutes == nil)
            #expect(mapped.recipe.imagePath == nil)
        }
    }

    @Test func lookupMapsTheRecipeAFilterTileLeadsTo() throws {
        let meal = try UpstreamFixture.decode(MealDBMealsResponse.self, "themealdb/lookup.json").meals[0]
        let recipe = try MealDBMapper.recipe(from: meal).recipe
        #expect(recipe.id.rawValue == "mealdb-90201")
        #expect(recipe.description == "A French dessert.")
        #expect(recipe.tags == ["tart", "baking"])
        #expect(recipe.steps.count == 3)
    }

    @Test func veganCategoryMeansVeganAndVegetarian() throws {
        let recipe = try MealDBMapper.recipe(from: MealDBMeal(id: "7", name: "Dal", category: "Vegan", area: "Indian"))
            .recipe
        #expect(recipe.diets == [.vegetarian, .vegan])
        #expect(recipe.description == "An Indian vegan dish.")
        // The Vegan category is the vegan diet: the recipe is filed under Vegetarian, which always carries its diet.
        #expect(recipe.category == "Vegetarian")
        #expect(recipe.area == "Indian")
        let tile = try MealDBMapper.summary(
            from: MealDBMealSummary(id: "7", name: "Dal", thumbnail: nil), listing: .category("vegan"))
        #expect(tile.summary.category == "Vegetarian")
        #expect(FetchedRecipe(tile).recipe.diets == [.vegetarian, .vegan])
        let vegetarian = try MealDBMapper.recipe(from: MealDBMeal(id: "8", name: "Pie", category: "Vegetarian")).recipe
        #expect(vegetarian.diets == [.vegetarian])
    }

    @Test func theAreaIsTheCuisineAndUnknownIsNone() throws {
        #expect(
            try MealDBMapper.recipe(from: MealDBMeal(id: "1", name: "Pho", area: " Vietnamese ")).recipe.area
                == "Vietnamese")
        #expect(try MealDBMapper.recipe(from: MealDBMeal(id: "2", name: "Stew", area: "Unknown")).recipe.area == nil)
        #expect(try MealDBMapper.recipe(from: MealDBMeal(id: "3", name: "Soup")).recipe.area == nil)
    }

    @Test func anAreaTileKnowsItsCuisineButNotItsCategory() throws {
        let meal = MealDBMealSummary(id: "52772", name: "Teriyaki Chicken Casserole", thumbnail: nil)
        let tile = try MealDBMapper.summary(from: meal, listing: .area("Japanese"))
        #expect(tile.area == "Japanese")
        #expect(tile.summary.category == "")
        // Listed by cuisine after being listed by category, it keeps the category it had, and the other way round.
        let byArea = FetchedRecipe(tile)
        let underVegan = byArea.filledIn(category: "Vegetarian", area: "", diets: [.vegetarian, .vegan])
        #expect(underVegan.recipe.category == "Vegetarian" && underVegan.recipe.diets == [.vegetarian, .vegan])
        let byCategory = FetchedRecipe(try MealDBMapper.summary(from: meal, listing: .category("Chicken")))
        let filled = byCategory.filledIn(category: "", area: "Japanese", diets: [])
        #expect(filled.recipe.area == "Japanese" && filled.recipe.category == "Chicken")
        // A complete record says everything itself.
        let full = FetchedRecipe(
            try MealDBMapper.recipe(from: MealDBMeal(id: "52772", name: "Casserole", category: "Chicken")))
        #expect(full.filledIn(category: "Dessert", area: "Japanese", diets: [.vegan]) == full)
    }

    @Test func areaNamesKeepUpstreamOrderWithoutUnknownOrRepeats() throws {
        let response = try JSONDecoder().decode(
            MealDBAreasResponse.self,
            from: Data(
                #"{"meals":[{"strArea":"Italian"},{"strArea":" Unknown "},{"strArea":"Thai"},{"strArea":"italian"},{"strArea":""},{}]}"#
                    .utf8))
        #expect(MealDBMapper.areaNames(from: response) == ["Italian", "Thai"])
        #expect(try JSONDecoder().decode(MealDBAreasResponse.self, from: Data(#"{"meals":null}"#.utf8)).meals.isEmpty)
    }

    @Test(
        arguments: [
            (nil, nil, ""),
            ("Unknown", "Seafood", "A seafood dish."),
            (nil, "Side", "A side dish."),
            ("Italian", "Pasta", "An Italian pasta dish."),
            ("Ukrainian", "Miscellaneous", "A Ukrainian dish."),
            ("Greek", "Starter", "A Greek starter."),
            ("American", nil, "An American dish."),
        ] as [(String?, String?, String)])
    func descriptionSaysOnlyWhatIsKnown(area: String?, category: String?, expected: String) {
        #expect(MealDBMapper.description(area: area, category: category) == expected)
    }

    @Test func wrongTypedFieldsMapAsAbsent() throws {
        let meal = try UpstreamFixture.decode(MealDBMealsResponse.self, "themealdb/wrong-types.json").meals[0]
        let mapped = try MealDBMapper.recipe(from: meal)
        #expect(mapped.recipe.id.rawValue == "mealdb-90301")
        #expect(mapped.recipe.category == "Other")
        #expect(mapped.recipe.description == "")
        #expect(mapped.recipe.steps == ["Toast the bread.", "Cover with cheese and grill until bubbling."])
        #expect(mapped.imageURL == nil)
    }

    @Test(arguments: ["abc", "12a", "-5", "52 772", "٣٤"])
    func aMealWhoseIdIsNotDigitsIsRejected(_ id: String) {
        #expect(throws: UpstreamMappingError.invalidID(id)) {
            try MealDBMapper.recipe(from: MealDBMeal(id: id, name: "X"))
        }
    }

    @Test func aMealWithoutATitleIsRejected() {
        #expect(throws: UpstreamMappingError.missingTitle(id: "5")) {
            try MealDBMapper.recipe(from: MealDBMeal(id: "5"))
        }
    }

    @Test func aListSkipsMealsThatDoNotMap() {
        let mapped = MealDBMapper.recipes(from: [
            MealDBMeal(id: "1", name: "One"), MealDBMeal(id: "x", name: "Bad"), MealDBMeal(id: "2", name: "Two"),
        ])
        #expect(mapped.map(\.recipe.id.rawValue) == ["mealdb-1", "mealdb-2"])
    }

    @Test func filterSummariesTakeTheCategoryAskedFor() throws {
        let response = try UpstreamFixture.decode(MealDBSummariesResponse.self, "themealdb/filter-dessert.json")
        let summaries = MealDBMapper.summaries(from: response, listing: .category("Dessert"))
        #expect(summaries.count == 5)
        #expect(
            summaries[3]
                == UpstreamSummary(
                    summary: RecipeSummary(
                        id: try #require(RecipeID("mealdb-90203")), title: "Honey Fig Clafoutis", category: "Dessert",
                        servings: nil, readyInMinutes: nil, imagePath: nil),
                    imageURL: URL(string: "https://www.themealdb.com/images/media/meals/recipecart-clafoutis.jpg")))
        #expect(summaries[4].imageURL == nil)
        #expect(summaries.allSatisfy { $0.summary.servings == nil && $0.summary.readyInMinutes == nil })
    }

    @Test func aSummaryAndItsFullRecipeAgree() throws {
        let tile = try MealDBMapper.summary(
            from: UpstreamFixture.decode(MealDBSummariesResponse.self, "themealdb/filter-dessert.json").meals[0],
            listing: .category("Dessert"))
        let full = try MealDBMapper.recipe(
            from: UpstreamFixture.decode(MealDBMealsResponse.self, "themealdb/lookup.json").meals[0])
        #expect(tile.summary == full.recipe.summary)
        #expect(tile.imageURL == full.imageURL)
    }
}
