import Foundation
import GRDB
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import RecipeCartUpstream
import Testing

@testable import RecipeCart

/// `web import`: the three dump shapes, idempotence, speed, and walking TheMealDB (the stand-in).
@Suite struct RecipeImporterTests {
    static func bareArray() throws -> Data {
        let meals = try UpstreamFixture.decode(MealDBMealsResponse.self, "themealdb/search.json").meals
        return try JSONEncoder().encode(meals)
    }

    static let shapes: [(String, @Sendable () throws -> Data, [String])] = [
        (
            "TheMealDB answer", { try UpstreamFixture.data("themealdb/search.json") },
            ["mealdb-90101", "mealdb-90102", "mealdb-90103"]
        ),
        ("bare array of meals", bareArray, ["mealdb-90101", "mealdb-90102", "mealdb-90103"]),
        (
            "Spoonacular answer", { try UpstreamFixture.data("spoonacular/complex-search.json") },
            ["spoon-990001", "spoon-990002", "spoon-990003"]
        ),
    ]

    @Test(arguments: shapes)
    func eachShapeImportsAndASecondRunAddsNothing(_ name: String, _ data: @Sendable () throws -> Data, _ ids: [String])
        async throws
    {
        let environment = try TestEnvironment()
        let importer = RecipeImporter(stores: try environment.stores(), progress: SilentProgress())
        let first = try await importer.importJSON(try data())
        #expect(first.added == ids.count, "\(name)")
        #expect(first.failures.isEmpty, "\(name)")
        let second = try await importer.importJSON(try data())
        #expect(second.added == 0, "\(name)")
        #expect(second.skipped == ids.count, "\(name)")
        let catalog = SQLCatalogStore(sqlite: try environment.database())
        for id in ids {
            #expect(try await catalog.recipe(RecipeID(id)!) != nil, "\(name): \(id)")
        }
    }

    @Test func recordsThatCannotBeReadAreCountedWithTheirReasons() async throws {
        let environment = try TestEnvironment()
        let importer = RecipeImporter(stores: try environment.stores(), progress: SilentProgress())
        let report = try await importer.importJSON(try UpstreamFixture.data("themealdb/wrong-types.json"))
        #expect(report.added == 1)
        #expect(report.failed == 4)
        #expect(report.failures.contains("meals[2].idMeal: missing"))
        #expect(report.summary.hasPrefix("added 1, updated 0, skipped 0, failed 4\n  failed: "))
    }

    @Test(arguments: ["themealdb/empty-object.json", "themealdb/truncated.json", "spoonacular/truncated.json"])
    func aFileOfAnotherShapeIsRefusedAsAWhole(_ fixture: String) async throws {
        let environment = try TestEnvironment()
        let importer = RecipeImporter(stores: try environment.stores(), progress: SilentProgress())
        await #expect(throws: ImportError.self) { try await importer.importJSON(try UpstreamFixture.data(fixture)) }
    }

    @Test func aFolderOrAMissingFileIsRefusedWithWhatIsWrong() async throws {
        let environment = try TestEnvironment()
        let importer = RecipeImporter(stores: try environment.stores(), progress: SilentProgress())
        let folder = FileManager.default.temporaryDirectory
        let refusal = await #expect(throws: ImportError.self) { try await importer.importFile(folder) }
        #expect(refusal?.description == "cannot read the file: \(folder.path) is a folder, not a file")
        let missing = folder.appendingPathComponent("no-such-dump-\(UUID().uuidString).json")
        await #expect(throws: ImportError.self) { try await importer.importFile(missing) }
        #expect(try await environment.stores().catalog.browse(BrowseQuery()).totalCount == 0)
    }

    @Test func anUpdatedRecipeIsRewrittenButItsLocalEditStays() async throws {
        let environment = try TestEnvironment()
        let database = try environment.database()
        let importer = RecipeImporter(stores: try environment.stores(), progress: SilentProgress())
        var response = try UpstreamFixture.decode(MealDBMealsResponse.self, "themealdb/search.json")
        _ = try await importer.importJSON(try JSONEncoder().encode(response))
        let id = RecipeID("mealdb-90101")!
        _ = try await SQLRecipeEditStore(database: SQLiteRunner(database: database)).save(
            RecipeEdit(title: "Our Aubergine", description: "Ours.", steps: ["Roast."], picture: .keep), for: id,
            copy: .shop,
            expected: EditVersion(0))

        response.meals[0].ingredients.append(MealDBIngredient(name: "Chilli", measure: "1"))
        let report = try await importer.importJSON(try JSONEncoder().encode(response))
        #expect(report.updated == 1)
        #expect(report.skipped == 2)
        let recipe = try #require(try await SQLCatalogStore(sqlite: database).recipe(id))
        #expect(recipe.title == "Our Aubergine")
        #expect(recipe.steps == ["Roast."])
        #expect(recipe.ingredients.last?.name == "Chilli")
    }

    @Test func aLargeDumpIsSavedInBatchesAndIsSearchable() async throws {
        let data = try JSONEncoder().encode(MealDBMealsResponse(meals: ImportCommandTests.meals(600)))
        let environment = try TestEnvironment()
        let progress = RecordingProgress()
        let importer = RecipeImporter(stores: try environment.stores(), progress: progress)
        let report = try await importer.importJSON(data)
        #expect(report.added == 600)
        #expect(progress.steps == (1...6).map { "\($0 * 100)/600 recipes" })
        let found = try await SQLCatalogStore(sqlite: try environment.database()).browse(
            BrowseQuery(text: "Test Meal 599"))
        #expect(found.sections.flatMap(\.recipes).first?.id.rawValue == "mealdb-100599")
    }

    // MARK: Walking the API

    @Test func walkingACategoryLooksUpEachMealOnce() async throws {
        try await StandIn.run { standIn in
            let environment = try TestEnvironment.upstream(.themealdb, standIn: standIn)
            let importer = RecipeImporter(stores: try environment.stores(), progress: SilentProgress())
            let report = try await importer.walk(
                .category("Dessert"), settings: environment.upstream, logger: .init(label: "test"))
            #expect(report.added == 5)
            #expect(report.failures.isEmpty)
            #expect(report.stoppedBecause == nil)
            #expect(await standIn.state.apiCalls.count == 6)
            let recipe = try await SQLCatalogStore(sqlite: try environment.database()).recipe(
                RecipeID("mealdb-90201")!)
            #expect(recipe?.ingredients.first?.name == "Shortcrust Pastry")

            let again = try await importer.walk(
                .category("Dessert"), settings: environment.upstream, logger: .init(label: "test"))
            #expect(again.added == 0)
            #expect(again.skipped == 5)
            #expect(await standIn.state.apiCalls.count == 6)
        }
    }

    @Test func anUnknownCategoryIsReported() async throws {
        try await StandIn.run { standIn in
            let environment = try TestEnvironment.upstream(.themealdb, standIn: standIn)
            let importer = RecipeImporter(stores: try environment.stores(), progress: SilentProgress())
            let report = try await importer.walk(
                .category("dessert"), settings: environment.upstream, logger: .init(label: "test"))
            #expect(report.added == 0)
            #expect(report.failures.first?.hasPrefix("category dessert: TheMealDB lists no meals") == true)
        }
    }

    @Test func walkingEveryLetterStopsAtTheDailyLimitAndResumesTheNextDay() async throws {
        try await StandIn.run { standIn in
            let clock = TestClock(CallQuotaTests.lateEvening)
            let environment = try TestEnvironment.upstream(
                .themealdb, standIn: standIn, dailyCallLimit: 13, clock: clock)
            let progress = RecordingProgress()
            let importer = RecipeImporter(stores: try environment.stores(), progress: progress)
            let first = try await importer.walk(.all, settings: environment.upstream, logger: .init(label: "test"))
            #expect(first.stoppedBecause?.contains("daily call limit of 13 reached") == true)
            #expect(first.added == 3, "Cardamom (c), Hearty (h) and Miso (m)")
            #expect(await standIn.state.apiCalls.count == 13)
            #expect(progress.steps.last == "13/26 letter m")

            // The next day, a…m are still fresh: only n…z are asked for.
            clock.advance(by: 90 * 60)
            let second = try await importer.walk(.all, settings: environment.upstream, logger: .init(label: "test"))
            #expect(second.stoppedBecause == nil)
            #expect(second.added == 0)
            #expect(second.skipped == 3)
            #expect(await standIn.state.apiCalls.count == 26)
            #expect(await standIn.state.apiCalls[13] == "/api/json/v1/1/search.php?f=n")
            #expect(progress.steps.last == "26/26 letter z")
        }
    }

    @Test func aWalkGivesUpWhenUpstreamIsDown() async throws {
        let environment = try TestEnvironment.upstream(
            .themealdb, url: URL(string: "http://127.0.0.1:1/api/json/v1/1/")!)
        let importer = RecipeImporter(stores: try environment.stores(), progress: SilentProgress())
        let report = try await importer.walk(.all, settings: environment.upstream, logger: .init(label: "test"))
        #expect(report.failed == 3)
        #expect(report.stoppedBecause == "3 calls in a row failed")
    }
}

/// Keeps each step as `done/total label`.
final class RecordingProgress: ImportProgress, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    var steps: [String] { lock.withLock { recorded } }

    func advance(done: Int, total: Int, label: String) {
        lock.withLock { recorded.append("\(done)/\(total) \(label)") }
    }
}
