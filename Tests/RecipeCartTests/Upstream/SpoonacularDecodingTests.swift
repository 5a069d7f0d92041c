import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

@Suite struct SpoonacularDecodingTests {
    @Test func complexSearchDecodesEveryResult() throws {
        let response = try UpstreamFixture.decode(SpoonacularSearchResponse.self, "spoonacular/complex-search.json")
        #expect(response.results.map(\.id) == [990001, 990002, 990003])
        #expect(response.failures.isEmpty)
        #expect(response.offset == 0)
        #expect(response.number == 3)
        #expect(response.totalResults == 17)
        #expect(response.imageBase == nil)
    }

    @Test func optionalPartsMayBeEmptyOrMissing() throws {
        let results = try UpstreamFixture.decode(SpoonacularSearchResponse.self, "spoonacular/complex-search.json")
            .results
        #expect(results[0].extendedIngredients == nil)
        #expect(results[0].analyzedInstructions?.first?.steps.count == 3)
        #expect(results[1].analyzedInstructions == [])
        #expect(results[1].extendedIngredients?.count == 2)
        #expect(results[2].servings == nil)
        #expect(results[2].sourceUrl == nil)
        #expect(results[2].analyzedInstructions?.map(\.name) == ["", "For the glaze"])
    }

    @Test func informationDecodesExtendedIngredients() throws {
        let recipe = try UpstreamFixture.decode(SpoonacularRecipe.self, "spoonacular/information.json")
        #expect(recipe.id == 990001)
        #expect(recipe.extendedIngredients?.count == 5)
        #expect(
            recipe.extendedIngredients?[1]
                == SpoonacularIngredient(
                    id: 16015, name: "black beans", original: "1 can (400 g) black beans, drained", amount: 400,
                    unit: "g",
                    aisle: "Canned and Jarred"))
        #expect(recipe.extendedIngredients?[4].amount == nil)
    }

    @Test func legacySearchKeepsItsBaseURI() throws {
        let response = try UpstreamFixture.decode(SpoonacularSearchResponse.self, "spoonacular/legacy-search.json")
        #expect(response.results.map(\.id) == [990004, 990005, 990006])
        #expect(response.baseUri == "https://spoonacular.com/recipeImages/")
        #expect(response.imageBase == URL(string: "https://spoonacular.com/recipeImages/"))
        #expect(response.results[0].image == "Baked-Spinach-Cannelloni-990004.jpg")
        #expect(response.results[1].image == nil)
        #expect(response.results[1].imageUrls == ["Quick-Tomato-Soup-990005.jpg"])
    }

    @Test func wrongTypedFieldsAreNilAndBadResultsAreLeftOut() throws {
        let response = try UpstreamFixture.decode(SpoonacularSearchResponse.self, "spoonacular/wrong-types.json")
        #expect(response.results.count == 1)
        let recipe = try #require(response.results.first)
        #expect(recipe.id == 990007)
        #expect(recipe.title == "Plain Steamed Rice")
        #expect(recipe.image == nil)
        #expect(recipe.readyInMinutes == nil)
        #expect(recipe.servings == 2)
        #expect(recipe.diets == nil)
        #expect(recipe.dishTypes == ["side dish"])
        #expect(recipe.vegan == nil)
        #expect(recipe.glutenFree == true)
        #expect(recipe.analyzedInstructions == nil)
        #expect(recipe.extendedIngredients == [SpoonacularIngredient(name: "rice", amount: nil, unit: "cup")])
        #expect(response.failures == ["results[1].id: expected Int", "results[2].id: missing"])
        #expect(response.offset == nil)
        #expect(response.number == 3)
        #expect(response.totalResults == nil)
    }

    @Test func truncatedJSONThrows() {
        #expect(throws: DecodingError.self) {
            try UpstreamFixture.decode(SpoonacularSearchResponse.self, "spoonacular/truncated.json")
        }
        #expect(throws: DecodingError.self) {
            try UpstreamFixture.decode(SpoonacularRecipe.self, "spoonacular/truncated.json")
        }
    }

    @Test func anEmptyObjectIsNeitherASearchNorARecipe() {
        #expect(throws: DecodingError.self) {
            try UpstreamFixture.decode(SpoonacularSearchResponse.self, "spoonacular/empty-object.json")
        }
        #expect(throws: DecodingError.self) {
            try UpstreamFixture.decode(SpoonacularRecipe.self, "spoonacular/empty-object.json")
        }
    }

    @Test func nullResultsAreAnEmptyList() throws {
        let response = try UpstreamFixture.decode(
            SpoonacularSearchResponse.self, json: #"{"results": null, "totalResults": 0}"#)
        #expect(response.results.isEmpty)
        #expect(response.totalResults == 0)
    }

    @Test(arguments: [#"{"results": {"id": 1}}"#, #"{"status": "failure", "code": 402}"#, #"[]"#])
    func anAnswerOfTheWrongShapeThrows(_ json: String) {
        #expect(throws: DecodingError.self) { try UpstreamFixture.decode(SpoonacularSearchResponse.self, json: json) }
    }

    @Test func aRecipeNeedsOnlyAnID() throws {
        #expect(try UpstreamFixture.decode(SpoonacularRecipe.self, json: #"{"id": 5}"#) == SpoonacularRecipe(id: 5))
    }

    @Test func encodingRoundTrips() throws {
        let original = try UpstreamFixture.decode(SpoonacularSearchResponse.self, "spoonacular/complex-search.json")
        let data = try JSONEncoder().encode(original)
        #expect(try JSONDecoder().decode(SpoonacularSearchResponse.self, from: data) == original)
    }
}
