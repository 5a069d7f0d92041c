import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream
import Testing

@testable import RecipeCart

@Suite struct UpstreamSettingsTests {
    @Test(arguments: [
        ("5", 5.0), ("0.5", 0.5), ("500ms", 0.5), ("30s", 30), ("15m", 900), ("24h", 86400), ("7d", 604_800),
        (" 2H ", 7200),
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

    @Test func theRecipeAPISettingsComeFromTheCommandLineThenTheEnvironmentThenTheDefaults() throws {
        let environment = [
            "RECIPECART_SOURCE": "spoonacular", "RECIPECART_API_KEY": "env-key-123",
            "RECIPECART_DAILY_CALL_LIMIT": "40",
            "RECIPECART_UPSTREAM_TIMEOUT": "2s", "RECIPECART_CACHE_TTL": "30m",
            "RECIPECART_UPSTREAM_URL": "http://127.0.0.1:9/",
        ]
        let fromEnvironment = try UpstreamSettings(reading: SettingsReader(commandLine: [:], environment: environment))
        #expect(fromEnvironment.source == .spoonacular)
        #expect(fromEnvironment.apiKey?.value == "env-key-123")
        #expect(fromEnvironment.dailyCallLimit == 40)
        #expect(fromEnvironment.timeout == 2)
        #expect(fromEnvironment.cacheTTL == 1800)
        #expect(fromEnvironment.baseURL?.absoluteString == "http://127.0.0.1:9/")

        let commandLine = [
            "source": "THEMEALDB", "daily-call-limit": "7", "upstream-timeout": "500ms", "cache-ttl": "7d",
        ]
        let fromCommandLine = try UpstreamSettings(
            reading: SettingsReader(commandLine: commandLine, environment: environment))
        #expect(fromCommandLine.source == .themealdb)
        #expect(fromCommandLine.dailyCallLimit == 7)
        #expect(fromCommandLine.timeout == 0.5)
        #expect(fromCommandLine.cacheTTL == 604_800)
        #expect(
            fromCommandLine.apiKey?.value == "env-key-123",
            "what the command line leaves alone comes from the environment")

        let defaults = try UpstreamSettings(reading: SettingsReader(commandLine: [:], environment: [:]))
        #expect(
            defaults.source == .bundled && defaults.baseURL == nil && defaults.apiKey == nil
                && defaults.dailyCallLimit == nil)
        #expect(defaults.timeout == UpstreamSettings().timeout && defaults.cacheTTL == UpstreamSettings.defaultCacheTTL)
    }

    /// Each kind of recipe API setting, malformed in the environment and then on the command line.
    @Test(arguments: [
        ("source", "cookbook", "one of bundled, themealdb, spoonacular, not \"cookbook\""),
        (
            "upstream-url", "ftp://example.com/",
            "an http(s) address, e.g. https://www.themealdb.com/api/json/v1/1/, not \"ftp://example.com/\""
        ),
        ("daily-call-limit", "0", "a whole number of at least 1, not \"0\""),
        ("upstream-timeout", "5x", "a duration such as 500ms, 5s, 30m, 24h or 7d, not \"5x\""),
        ("cache-ttl", "-1h", "a duration such as 500ms, 5s, 30m, 24h or 7d, not \"-1h\""),
    ])
    func aMalformedRecipeAPISettingIsRefusedNamingWhereItWasSet(_ name: String, _ text: String, _ expected: String) {
        let variable = "RECIPECART_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
        let fromEnvironment = #expect(throws: SettingError.self) {
            try UpstreamSettings(reading: SettingsReader(commandLine: [:], environment: [variable: text]))
        }
        #expect(fromEnvironment?.description == "\(variable) must be \(expected)")
        let fromCommandLine = #expect(throws: SettingError.self) {
            try UpstreamSettings(reading: SettingsReader(commandLine: [name: text], environment: [:]))
        }
        #expect(fromCommandLine?.description == "--\(name) must be \(expected)")
    }

    @Test func spoonacularWithoutAKeyIsRefusedAndAGivenKeyIsNeverRepeated() throws {
        let missing = #expect(throws: SettingError.self) {
            try UpstreamSettings(
                reading: SettingsReader(
                    commandLine: ["source": "spoonacular"], environment: ["RECIPECART_API_KEY": "  "]))
        }
        #expect(missing?.description == "--source spoonacular needs an API key: set RECIPECART_API_KEY (or --api-key)")

        let refused = #expect(throws: SettingError.self) {
            try UpstreamSettings(
                reading: SettingsReader(
                    commandLine: ["api-key": "secret-123", "cache-ttl": "soon"],
                    environment: ["RECIPECART_SOURCE": "spoonacular"]))
        }
        #expect(refused.map { !$0.description.contains("secret-123") } == true)
    }

    @Test func queryValuesAreEncodedSoTheyStayText() {
        let url = UpstreamAPI.url(
            URL(string: "https://example.com/api/json/v1/1/")!, path: "search.php", query: [("s", "mac & cheese+1#x")])
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
