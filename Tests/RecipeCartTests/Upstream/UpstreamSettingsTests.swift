import Foundation
import Testing
@testable import RecipeCart

@Suite struct UpstreamSettingsTests {
    @Test(arguments: [
        ("5", 5.0), ("0.5", 0.5), ("500ms", 0.5), ("30s", 30), ("15m", 900), ("24h", 86400), ("7d", 604_800), (" 2H ", 7200),
    ])
    func durationsAreReadWithTheirUnit(_ text: String, _ seconds: TimeInterval) {
        #expect(UpstreamSettings.seconds(from: text) == seconds)
    }

    @Test(arguments: ["", "0", "-1", "abc", "5x", "nan", "inf"])
    func nonsenseDurationsAreRefused(_ text: String) {
        #expect(UpstreamSettings.seconds(from: text) == nil)
    }

    @Test func eachSourceHasItsDefaults() {
        let mealDB = UpstreamSettings(source: .themealdb)
        #expect(mealDB.resolvedBaseURL.absoluteString == "https://www.themealdb.com/api/json/v1/1/")
        #expect(mealDB.resolvedDailyCallLimit == 2000)
        let spoonacular = UpstreamSettings(source: .spoonacular)
        #expect(spoonacular.resolvedBaseURL.absoluteString == "https://api.spoonacular.com")
        #expect(spoonacular.resolvedDailyCallLimit == 150)
        #expect(spoonacular.timeout == 5)
        #expect(spoonacular.cacheTTL == 86400)
    }

    @Test func theAPIKeyNeverPrintsItself() throws {
        let key = try #require(APIKey("  secret-123  "))
        #expect(key.value == "secret-123")
        #expect("\(key)" == "<redacted>")
        #expect(String(reflecting: key) == "<redacted>")
        #expect(!"\(UpstreamSettings(source: .spoonacular, apiKey: key))".contains("secret-123"))
        #expect(APIKey("   ") == nil)
    }

    @Test func queryValuesAreEncodedSoTheyStayText() {
        let url = UpstreamAPI.url(URL(string: "https://example.com/api/json/v1/1/")!, path: "search.php", query: [("s", "mac & cheese+1#x")])
        #expect(url.absoluteString == "https://example.com/api/json/v1/1/search.php?s=mac%20%26%20cheese%2B1%23x")
    }

    @Test func idsMapBackToUpstreamIDsOfTheirOwnSourceOnly() {
        #expect(MealDBClient.mealID(of: RecipeID("mealdb-52772")!) == "52772")
        #expect(MealDBClient.mealID(of: RecipeID("mealdb-52x")!) == nil)
        #expect(MealDBClient.mealID(of: RecipeID("spoon-52772")!) == nil)
        #expect(SpoonacularClient.spoonacularID(of: RecipeID("spoon-716426")!) == 716426)
        #expect(SpoonacularClient.spoonacularID(of: RecipeID("spoon-0")!) == nil)
        #expect(SpoonacularClient.spoonacularID(of: RecipeID("mealdb-716426")!) == nil)
    }
}
