import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

@Suite struct SpoonacularMapperTests {
    private func searchRecipes() throws -> [UpstreamRecipe] {
        SpoonacularMapper.recipes(
            from: try UpstreamFixture.decode(SpoonacularSearchResponse.self, "spoonacular/complex-search.json"))
    }

    @Test func aSearchResultMapsToExactDomainValues() throws {
        let mapped = try searchRecipes()[0]
        #expect(
            mapped.recipe
                == Recipe(
                    id: try #require(RecipeID("spoon-990001")),
                    title: "Charred Corn & Black Bean Tacos",
                    description: "Charred Corn & Black Bean Tacos is a gluten free and vegan main course. "
                        + "One serving contains 412 calories. It's \"smoky\" and bright — try Elote Salad next. "
                        + "Ready in about 25 minutes.",
                    category: "Lunch", area: "Mexican",
                    servings: 4, readyInMinutes: 25,
                    diets: [.vegetarian, .vegan, .glutenFree, .dairyFree],
                    tags: ["mexican", "lunch", "main course", "main dish", "dinner"],
                    imagePath: nil,
                    sourceURL: URL(string: "https://example.com/recipes/corn-tacos"),
                    ingredients: [],
                    steps: [
                        "Char the corn in a dry pan until blackened in spots.",
                        "Warm the beans with the cumin and lime juice.",
                        "Fill the tortillas and top with salsa & coriander.",
                    ]))
        #expect(mapped.imageURL == URL(string: "https://img.spoonacular.com/recipes/990001-312x231.jpg"))
    }

    @Test func theSummaryKeepsNoMarkup() throws {
        for mapped in try searchRecipes() {
            #expect(!mapped.recipe.description.contains("<"))
            #expect(!mapped.recipe.description.contains("&amp;") && !mapped.recipe.description.contains("&nbsp;"))
        }
        #expect(try searchRecipes()[2].recipe.description == "A one-tray supper. Serve with rice.")
    }

    @Test func emptyInstructionsMeanNoStepsAndZeroTimeMeansUnknown() throws {
        let recipe = try searchRecipes()[1].recipe
        #expect(recipe.steps.isEmpty)
        #expect(recipe.readyInMinutes == nil)
        #expect(recipe.servings == 2)
        #expect(recipe.category == "Breakfast")
        #expect(recipe.diets == [.vegetarian])
        #expect(
            recipe.ingredients == [
                Ingredient(name: "ricotta", measure: "1 cup"), Ingredient(name: "lemon zest", measure: "1"),
            ])
    }

    @Test func namedInstructionBlocksLabelTheirFirstStep() throws {
        let recipe = try searchRecipes()[2].recipe
        #expect(
            recipe.steps == [
                "Heat the oven to 200°C.",
                "Roast the broccoli for 10 minutes.",
                "For the glaze: Whisk the miso, honey and soy.",
                "Brush over the salmon and roast for 12 minutes.",
            ])
        #expect(recipe.category == "Other")
        #expect(recipe.servings == nil)
        #expect(recipe.diets == [.glutenFree, .dairyFree])
        #expect(recipe.tags == ["japanese", "asian"])
        #expect(recipe.sourceURL == URL(string: "https://spoonacular.com/miso-salmon-traybake-990003"))
        #expect(
            recipe.ingredients == [
                Ingredient(name: "salmon fillets", measure: "2"),
                Ingredient(name: "white miso", measure: "0.33 cup"),
                Ingredient(name: "salt", measure: "0.5 tsp"),
            ])
    }

    @Test func informationBringsTheIngredients() throws {
        let mapped = try SpoonacularMapper.recipe(
            from: UpstreamFixture.decode(SpoonacularRecipe.self, "spoonacular/information.json"))
        #expect(mapped.recipe.id.rawValue == "spoon-990001")
        #expect(
            mapped.recipe.ingredients == [
                Ingredient(name: "sweetcorn", measure: "2 cups", aisle: "Produce"),
                Ingredient(name: "black beans", measure: "400 g", aisle: "Canned and Jarred"),
                Ingredient(name: "ground cumin", measure: "0.5 tsp", aisle: "Spices and Seasonings"),
                Ingredient(name: "corn tortillas", measure: "8 small", aisle: "Bakery/Bread"),
                Ingredient(name: "a handful of coriander", measure: "", aisle: "Produce"),
            ])
        // The shopping list takes the API's aisles over its own table: sweetcorn is produce here, not pantry.
        let list = ShoppingList(entries: [
            .hinted(recipeTitle: "Tacos", ingredients: mapped.recipe.ingredients, factor: 1)
        ])
        #expect(list.items.first { $0.key == "sweetcorn" }?.aisle == .produce)
        #expect(list.items.first { $0.key == "corn tortilla" }?.aisle == .bakery)
        #expect(list.items.first { $0.key == "black bean" }?.aisle == .pantry)
        #expect(mapped.recipe.steps.count == 3)
        #expect(mapped.imageURL == URL(string: "https://img.spoonacular.com/recipes/990001-556x370.jpg"))
    }

    @Test func aSearchResultAndItsInformationAgreeOnTheTile() throws {
        let fromSearch = try searchRecipes()[0]
        let fromInformation = try SpoonacularMapper.recipe(
            from: UpstreamFixture.decode(SpoonacularRecipe.self, "spoonacular/information.json"))
        #expect(fromSearch.recipe.summary == fromInformation.recipe.summary)
    }

    @Test func complexSearchSummaries() throws {
        let response = try UpstreamFixture.decode(SpoonacularSearchResponse.self, "spoonacular/complex-search.json")
        let summaries = SpoonacularMapper.summaries(from: response)
        #expect(
            summaries
                == (try searchRecipes()).map { UpstreamSummary(summary: $0.recipe.summary, imageURL: $0.imageURL) })
    }

    @Test func legacyImagesResolveAgainstBaseURI() throws {
        let response = try UpstreamFixture.decode(SpoonacularSearchResponse.self, "spoonacular/legacy-search.json")
        let summaries = SpoonacularMapper.summaries(from: response)
        #expect(
            summaries[0]
                == UpstreamSummary(
                    summary: RecipeSummary(
                        id: try #require(RecipeID("spoon-990004")), title: "Baked Spinach Cannelloni",
                        category: "Other",
                        servings: 4, readyInMinutes: 45, imagePath: nil),
                    imageURL: URL(string: "https://spoonacular.com/recipeImages/Baked-Spinach-Cannelloni-990004.jpg")))
        #expect(
            summaries.map(\.imageURL?.absoluteString) == [
                "https://spoonacular.com/recipeImages/Baked-Spinach-Cannelloni-990004.jpg",
                "https://spoonacular.com/recipeImages/Quick-Tomato-Soup-990005.jpg",
                "https://img.spoonacular.com/recipes/990006-312x231.jpg",
            ])
    }

    @Test(
        arguments: [
            ("a b.jpg", "https://spoonacular.com/recipeImages", "https://spoonacular.com/recipeImages/a%20b.jpg"),
            ("x.jpg", "https://cdn.example.com/base/", "https://cdn.example.com/base/x.jpg"),
            ("x.jpg", nil, nil),
            ("javascript:alert(1)", nil, nil),
            ("  ", "https://spoonacular.com/recipeImages/", nil),
        ] as [(String, String?, String?)])
    func imageURLResolution(image: String, base: String?, expected: String?) {
        #expect(SpoonacularMapper.imageURL(image, base: base.flatMap(URL.init(string:)))?.absoluteString == expected)
    }

    @Test func wrongTypedFieldsMapAsAbsent() throws {
        let response = try UpstreamFixture.decode(SpoonacularSearchResponse.self, "spoonacular/wrong-types.json")
        let recipe = try #require(SpoonacularMapper.recipes(from: response).first).recipe
        #expect(recipe.category == "Side dish")
        #expect(recipe.diets == [.glutenFree])
        #expect(recipe.description == "")
        #expect(recipe.readyInMinutes == nil)
        #expect(recipe.ingredients == [Ingredient(name: "rice", measure: "cup")])
        #expect(recipe.steps.isEmpty)
    }

    @Test func dietNamesCountAsMuchAsFlags() {
        let recipe = SpoonacularRecipe(id: 1, diets: ["Vegan", "paleolithic", "gluten free"])
        #expect(SpoonacularMapper.diets(of: recipe) == [.vegetarian, .vegan, .glutenFree])
        #expect(SpoonacularMapper.diets(of: SpoonacularRecipe(id: 1, vegan: true)) == [.vegetarian, .vegan])
        #expect(SpoonacularMapper.diets(of: SpoonacularRecipe(id: 1, diets: ["pescatarian", "ketogenic"])) == [])
    }

    @Test(arguments: [
        (2.0, "2"), (0.5, "0.5"), (0.3333333, "0.33"), (2.50, "2.5"), (100, "100"), (1.999, "2"), (0.004, "0"),
    ])
    func amountsHaveNoTrailingZeros(amount: Double, expected: String) {
        #expect(SpoonacularMapper.format(amount) == expected)
    }

    @Test func measuresSkipWhatIsMissing() {
        #expect(SpoonacularMapper.measure(amount: 2, unit: "cups") == "2 cups")
        #expect(SpoonacularMapper.measure(amount: 3, unit: "") == "3")
        #expect(SpoonacularMapper.measure(amount: nil, unit: "pinch") == "pinch")
        #expect(SpoonacularMapper.measure(amount: 0, unit: nil) == "")
    }

    @Test(arguments: [0, -1])
    func aNonPositiveIDIsRejected(_ id: Int) {
        #expect(throws: UpstreamMappingError.invalidID(String(id))) {
            try SpoonacularMapper.recipe(from: SpoonacularRecipe(id: id, title: "X"))
        }
    }

    @Test func aResultWithoutATitleIsRejected() {
        #expect(throws: UpstreamMappingError.missingTitle(id: "9")) {
            try SpoonacularMapper.summary(from: SpoonacularRecipe(id: 9, title: " <b></b> "))
        }
    }
}
