import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

@Suite struct MealDBDecodingTests {
    @Test func searchAnswerDecodesEveryMeal() throws {
        let response = try UpstreamFixture.decode(MealDBMealsResponse.self, "themealdb/search.json")
        #expect(response.meals.map(\.id) == ["90101", "90102", "90103"])
        #expect(response.failures.isEmpty)
    }

    @Test func emptySlotsAreDroppedAndTheRestTrimmed() throws {
        let meal = try UpstreamFixture.decode(MealDBMealsResponse.self, "themealdb/search.json").meals[0]
        #expect(
            meal.ingredients == [
                MealDBIngredient(name: "Aubergine", measure: "2"),
                MealDBIngredient(name: "White Miso", measure: "3 tbs"),
                MealDBIngredient(name: "Mirin", measure: "2 tbs"),
                MealDBIngredient(name: "Sugar", measure: "1 tsp"),
                MealDBIngredient(name: "Sesame Seed", measure: ""),
                MealDBIngredient(name: "Spring Onions", measure: ""),
            ])
    }

    @Test func slotsMayBeMissingAltogether() throws {
        let meal = try UpstreamFixture.decode(MealDBMealsResponse.self, "themealdb/search.json").meals[2]
        #expect(meal.ingredients.map(\.name) == ["Lamb Neck", "Onions", "Plain Flour", "Lamb Stock", "Potatoes"])
    }

    @Test func slotsBeyondTwentyAreReadInNumberOrder() throws {
        let meal = try UpstreamFixture.decode(
            MealDBMeal.self,
            json: """
                {"idMeal": "1", "strIngredient21": "Salt", "strMeasure21": "a pinch", "strIngredient3": "Flour", "strIngredient10": "Water"}
                """)
        #expect(
            meal.ingredients == [
                MealDBIngredient(name: "Flour", measure: ""),
                MealDBIngredient(name: "Water", measure: ""),
                MealDBIngredient(name: "Salt", measure: "a pinch"),
            ])
    }

    @Test func eitherAlternateKeyIsAccepted() throws {
        let meals = try UpstreamFixture.decode(MealDBMealsResponse.self, "themealdb/search.json").meals
        #expect(meals.map(\.alternateName) == [nil, "Kheer", "Stout"])
    }

    @Test func blankValuesBecomeNil() throws {
        let meal = try UpstreamFixture.decode(MealDBMealsResponse.self, "themealdb/search.json").meals[1]
        #expect(meal.tags == nil)
        #expect(meal.youtube == nil)
        #expect(meal.source == nil)
        #expect(meal.instructions?.hasPrefix("1. Rinse the rice") == true)
    }

    @Test func noMatchIsAnEmptyList() throws {
        let response = try UpstreamFixture.decode(MealDBMealsResponse.self, "themealdb/search-none.json")
        #expect(response.meals.isEmpty)
        #expect(response.failures.isEmpty)
    }

    @Test func lookupAnswerHasOneMeal() throws {
        let response = try UpstreamFixture.decode(MealDBMealsResponse.self, "themealdb/lookup.json")
        #expect(response.meals.count == 1)
        #expect(response.meals[0].id == "90201")
        #expect(response.meals[0].name == "Brown Butter Pear Tart")
        #expect(response.meals[0].ingredients.count == 6)
    }

    @Test func filterAnswerDecodesSummaries() throws {
        let response = try UpstreamFixture.decode(MealDBSummariesResponse.self, "themealdb/filter-dessert.json")
        #expect(response.meals.map(\.id) == ["90201", "90102", "90202", "90203", "90204"])
        #expect(response.meals[3].name == "Honey Fig Clafoutis")
        #expect(response.meals[4].thumbnail == nil)
    }

    @Test func filterWithNoMatchIsAnEmptyList() throws {
        let response = try UpstreamFixture.decode(MealDBSummariesResponse.self, "themealdb/search-none.json")
        #expect(response.meals.isEmpty)
    }

    @Test func categoriesDecode() throws {
        let response = try UpstreamFixture.decode(MealDBCategoriesResponse.self, "themealdb/categories.json")
        #expect(response.categories.map(\.name) == ["Beef", "Dessert", "Vegan", "Vegetarian"])
        #expect(response.categories[1].id == "3")
        #expect(response.categories[1].description?.hasSuffix("for a day or two.") == true)
    }

    @Test(arguments: ["themealdb/truncated.json"])
    func truncatedJSONThrows(_ name: String) throws {
        #expect(throws: DecodingError.self) { try UpstreamFixture.decode(MealDBMealsResponse.self, name) }
        #expect(throws: DecodingError.self) { try UpstreamFixture.decode(MealDBSummariesResponse.self, name) }
    }

    @Test func anAnswerWithoutItsKeyThrows() throws {
        #expect(throws: DecodingError.self) {
            try UpstreamFixture.decode(MealDBMealsResponse.self, "themealdb/empty-object.json")
        }
        #expect(throws: DecodingError.self) {
            try UpstreamFixture.decode(MealDBSummariesResponse.self, "themealdb/empty-object.json")
        }
        #expect(throws: DecodingError.self) {
            try UpstreamFixture.decode(MealDBCategoriesResponse.self, "themealdb/empty-object.json")
        }
    }

    @Test(arguments: [#"{"meals": "none"}"#, #"{"meals": {"idMeal": "1"}}"#, #"[]"#, #""meals""#])
    func anAnswerOfTheWrongShapeThrows(_ json: String) throws {
        #expect(throws: DecodingError.self) { try UpstreamFixture.decode(MealDBMealsResponse.self, json: json) }
    }

    @Test func wrongTypesCostOnlyTheFieldOrTheMeal() throws {
        let response = try UpstreamFixture.decode(MealDBMealsResponse.self, "themealdb/wrong-types.json")
        #expect(response.meals.count == 1)
        let meal = try #require(response.meals.first)
        #expect(meal.id == "90301")
        #expect(meal.name == "Cheese on Toast")
        #expect(meal.category == nil)
        #expect(meal.tags == nil)
        #expect(meal.thumbnail == "42")
        #expect(
            meal.ingredients == [
                MealDBIngredient(name: "Bread", measure: "2"), MealDBIngredient(name: "Butter", measure: ""),
            ])
        #expect(
            response.failures == [
                "meals[1].idMeal: not a non-blank string",
                "meals[2].idMeal: missing",
                "meals[3]: expected Dictionary<String, Any>",
                "meals[4]: null",
            ])
    }

    @Test func aBareArrayOfMealsDecodesAsALossyList() throws {
        let list = try UpstreamFixture.decode(
            LossyList<MealDBMeal>.self, json: #"[{"idMeal": "1", "strMeal": "A"}, {"strMeal": "B"}]"#)
        #expect(list.elements.map(\.name) == ["A"])
        #expect(list.failures == ["[1].idMeal: missing"])
    }

    @Test func encodingWritesTheUpstreamShapeBack() throws {
        let original = try UpstreamFixture.decode(MealDBMealsResponse.self, "themealdb/search.json")
        let data = try JSONEncoder().encode(original)
        #expect(try JSONDecoder().decode(MealDBMealsResponse.self, from: data) == original)

        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [[String: Any]]])
        let first = try #require(object["meals"]?.first)
        #expect(first["strIngredient1"] as? String == "Aubergine")
        #expect(first["strIngredient20"] is NSNull)
        #expect(first["strDrinkAlternate"] is NSNull)

        let empty = try JSONEncoder().encode(MealDBMealsResponse(meals: []))
        #expect(String(decoding: empty, as: UTF8.self) == #"{"meals":null}"#)
    }
}
