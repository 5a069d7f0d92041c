import Foundation
import Logging
import RecipeCartContracts
import RecipeCartDomain

/// Told how far an import got, to draw a progress bar or print a line.
package protocol ImportProgress: Sendable {
    /// `done` of `total` steps (batches of recipes, letters, lookups); `label` says which.
    func advance(done: Int, total: Int, label: String)
}

/// What an import did, recipe by recipe.
package struct ImportReport: Sendable, Equatable {
    package var added = 0
    package var updated = 0
    /// Unchanged, fetched within the cache TTL, or a tile's worth of a recipe already complete here.
    package var skipped = 0
    /// One reason a record or call that failed.
    package var failures: [String] = []
    /// Why a walk stopped before the end (quota, rate limit, a refused key); running it again resumes.
    package var stoppedBecause: String?

    package init() {}

    package var failed: Int { failures.count }

    package var summary: String {
        var lines = ["added \(added), updated \(updated), skipped \(skipped), failed \(failed)"]
        let shown = 50
        lines += failures.prefix(shown).map { "  failed: \($0)" }
        if failures.count > shown { lines.append("  … and \(failures.count - shown) more") }
        if let stoppedBecause { lines.append("stopped early: \(stoppedBecause); run the same command again to resume") }
        return lines.joined(separator: "\n")
    }

    package mutating func count(_ outcome: UpstreamSaveOutcome) {
        switch outcome {
        case .added: added += 1
        case .updated: updated += 1
        case .unchanged, .keptFuller: skipped += 1
        }
    }
}

package enum ImportError: Error, CustomStringConvertible {
    case unreadable(String)
    case unknownShape

    package var description: String {
        switch self {
        case .unreadable(let reason): "cannot read the file: \(reason)"
        case .unknownShape:
            #"not a TheMealDB answer {"meals": […]}, a JSON array of meals, or a Spoonacular answer {"results": […]}"#
        }
    }
}

/// `web import`: recipes from a JSON dump or from walking TheMealDB, saved like page fetches are (local edits
/// untouched). Idempotent: a second run updates what changed and skips the rest. Resumable: a file is saved in
/// batches, and a walk skips the letters and recipes it fetched within the cache TTL.
package struct RecipeImporter: Sendable {
    package enum Walk: Sendable, Equatable {
        case category(String)
        /// Every meal, via `search.php?f=a…z`.
        case all
    }

    package static let batchSize = 100
    /// Calls failing in a row before a walk gives up: upstream is down, not just one record odd.
    package static let failuresInARow = 3

    package let stores: any UpstreamStores
    package let progress: any ImportProgress
    package let clock: @Sendable () -> Date

    package init(stores: any UpstreamStores, progress: any ImportProgress) {
        self.init(stores: stores, progress: progress, clock: { Date() })
    }

    package init(stores: any UpstreamStores, progress: any ImportProgress, clock: @escaping @Sendable () -> Date) {
        self.stores = stores
        self.progress = progress
        self.clock = clock
    }

    // MARK: Files

    package func importFile(_ url: URL) async throws -> ImportReport {
        let type = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
        if type == .typeDirectory {
            throw ImportError.unreadable("\(url.path) is a folder, not a file")
        }
        let data: Data
        do {
            // A regular file is mapped, so a dump of 100,000 recipes is paged in rather than copied; anything else
            // (`/dev/stdin`, a pipe) is read.
            data = try Data(contentsOf: url, options: type == .typeRegular ? .alwaysMapped : [])
        } catch {
            throw ImportError.unreadable(error.localizedDescription)
        }
        return try await importJSON(data)
    }

    package func importJSON(_ data: Data) async throws -> ImportReport {
        let meals: [Range<Int>]?
        do {
            meals = try JSONArrayScanner.elements(of: data, key: "meals")
        } catch {
            throw ImportError.unreadable(error.description)
        }
        if let meals {
            let path = data.first(where: { !$0.isJSONWhitespace }) == UInt8(ascii: "[") ? "" : "meals"
            return try await save(meals.count, from: .themealdb) { Self.meals(at: $0, of: meals, in: data, path: path) }
        }
        let (records, source, failures) = try Self.records(in: data)
        var report = try await save(records.count, from: source) { (Array(records[$0]), []) }
        report.failures = failures + report.failures
        return report
    }

    /// Saves `count` records a batch at a time, each batch made by `batch` (its records, and why others could not be
    /// read) while the batch before is saved, so a dump of 100,000 needs neither every record in memory at once nor
    /// one core for both jobs.
    private func save(
        _ count: Int, from source: UpstreamSource, batch: (Range<Int>) -> ([FetchedRecipe], [String])
    ) async throws -> ImportReport {
        var report = ImportReport()
        let store = stores.upstream
        var saving: Task<[UpstreamSaveOutcome], any Error>?
        /// Counts a saved batch, which ends at record `done`.
        func finish(_ saved: Task<[UpstreamSaveOutcome], any Error>, done: Int) async throws {
            for outcome in try await saved.value { report.count(outcome) }
            progress.advance(done: done, total: count, label: "recipes")
        }
        for start in stride(from: 0, to: count, by: Self.batchSize) {
            let (records, failures) = batch(start..<min(start + Self.batchSize, count))
            report.failures += failures
            if let saving { try await finish(saving, done: start) }
            let now = clock()
            saving = Task { try await store.save(records, source: source, at: now) }
        }
        if let saving { try await finish(saving, done: count) }
        return report
    }

    /// The meals at `indices`, mapped to recipes, and why the others could not be read (`meals[2].idMeal: missing`).
    package static func meals(
        at indices: Range<Int>, of elements: [Range<Int>], in data: Data, path: String
    ) -> ([FetchedRecipe], [String]) {
        let decoder = JSONDecoder()
        var records: [FetchedRecipe] = []
        var failures: [String] = []
        for index in indices {
            let range = elements[index]
            do {
                let meal = try decoder.decode(
                    MealDBMeal.self,
                    from: data[(data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound)])
                records.append(FetchedRecipe(try MealDBMapper.recipe(from: meal)))
            } catch let error as UpstreamMappingError {
                failures.append(error.description)
            } catch {
                failures.append(DecodingFailure.describe(error, under: "\(path)[\(index)]"))
            }
        }
        return (records, failures)
    }

    /// The recipes in a dump, which API's they are, and why the others could not be read.
    /// Arrays of meals are read by `meals(at:of:in:path:)`; this reads the other shapes (`{"meals": null}`, Spoonacular's).
    package static func records(in data: Data) throws -> ([FetchedRecipe], UpstreamSource, [String]) {
        let decoder = JSONDecoder()
        do {
            let keys = try decoder.decode(TopLevelKeys.self, from: data).keys
            if keys.contains("meals") {
                let response = try decoder.decode(MealDBMealsResponse.self, from: data)
                return mealRecords(response.meals, failures: response.failures)
            }
            if keys.contains("results") {
                let response = try decoder.decode(SpoonacularSearchResponse.self, from: data)
                var failures = response.failures
                let records = response.results.compactMap { dto -> FetchedRecipe? in
                    do throws(UpstreamMappingError) {
                        let recipe = try SpoonacularMapper.recipe(from: dto, imageBase: response.imageBase)
                        return FetchedRecipe(recipe, isComplete: dto.extendedIngredients != nil)
                    } catch {
                        failures.append(error.description)
                        return nil
                    }
                }
                return (records, .spoonacular, failures)
            }
        } catch {
            throw ImportError.unreadable(DecodingFailure.describe(error))
        }
        throw ImportError.unknownShape
    }

    private static func mealRecords(_ meals: [MealDBMeal], failures: [String]) -> (
        [FetchedRecipe], UpstreamSource, [String]
    ) {
        var failures = failures
        let records = meals.compactMap { meal -> FetchedRecipe? in
            do throws(UpstreamMappingError) {
                return FetchedRecipe(try MealDBMapper.recipe(from: meal))
            } catch {
                failures.append(error.description)
                return nil
            }
        }
        return (records, .themealdb, failures)
    }

    private struct TopLevelKeys: Decodable {
        package var keys: Set<String>

        package init(from decoder: any Decoder) throws {
            keys = Set(try decoder.container(keyedBy: MealDBKey.self).allKeys.map(\.stringValue))
        }
    }

    // MARK: Walking TheMealDB

    /// Walks TheMealDB one call at a time, pausing between calls, counted against the daily quota.
    package func walk(_ walk: Walk, settings: UpstreamSettings, logger: Logger) async throws -> ImportReport {
        var settings = settings
        settings.source = .themealdb
        let client = UpstreamHTTP.makeClient(timeout: settings.timeout)
        let api = UpstreamAPI(
            http: UpstreamHTTP(client: client), quotaStore: stores.callQuota, settings: settings, logger: logger)
        var walker = Walker(
            provider: MealDBClient(api: api), store: stores.upstream, settings: settings,
            progress: progress)
        do {
            let report = try await walker.run(walk)
            try await client.shutdown()
            return report
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}

/// One walk's state: the report so far, and how many calls failed in a row.
private struct Walker {
    package let provider: MealDBClient
    package let store: any UpstreamStore
    package let settings: UpstreamSettings
    package let progress: any ImportProgress
    package var report = ImportReport()
    package var failuresInARow = 0

    package init(
        provider: MealDBClient, store: any UpstreamStore, settings: UpstreamSettings, progress: any ImportProgress
    ) {
        self.provider = provider
        self.store = store
        self.settings = settings
        self.progress = progress
    }

    package mutating func run(_ walk: RecipeImporter.Walk) async throws -> ImportReport {
        switch walk {
        case .all: try await letters()
        case .category(let name): try await category(name)
        }
        return report
    }

    private mutating func letters() async throws {
        let provider = provider
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for (index, letter) in letters.enumerated() {
            let key = "themealdb letter \(letter)"
            if let last = try await store.request(key), isFresh(last.fetchedAt) {
                report.skipped += last.ids.count
            } else {
                let records = await call("letter \(letter)") { () async throws(UpstreamFault) in
                    try await provider.meals(startingWith: letter)
                }
                guard report.stoppedBecause == nil else { return }
                if let records {
                    for outcome in try await store.save(
                        records, source: .themealdb, requestKey: key, at: settings.clock())
                    {
                        report.count(outcome)
                    }
                }
            }
            progress.advance(done: index + 1, total: letters.count, label: "letter \(letter)")
        }
    }

    private mutating func category(_ name: String) async throws {
        let provider = provider
        let key = "themealdb category \(name)"
        var ids: [RecipeID]
        if let last = try await store.request(key), isFresh(last.fetchedAt) {
            ids = last.ids
        } else {
            let summaries = await call("category \(name)") { () async throws(UpstreamFault) in
                try await provider.category(name)
            }
            guard let summaries, report.stoppedBecause == nil else { return }
            try await store.save(summaries, source: .themealdb, requestKey: key, at: settings.clock())
            ids = summaries.map(\.recipe.id)
        }
        guard !ids.isEmpty else {
            report.failures.append(
                "category \(name): TheMealDB lists no meals in it (names are case-sensitive, e.g. Dessert)")
            return
        }
        for (index, id) in ids.enumerated() {
            if let state = try await store.state(of: id), state.isComplete, isFresh(state.fetchedAt) {
                report.skipped += 1
            } else {
                let record = await call(id.rawValue) { () async throws(UpstreamFault) in try await provider.recipe(id) }
                guard report.stoppedBecause == nil else { return }
                switch record {
                case .some(.some(let record)):
                    report.count(try await store.save([record], source: .themealdb, at: settings.clock())[0])
                case .some(.none):
                    report.failures.append("\(id.rawValue): TheMealDB no longer has it")
                case .none:
                    break
                }
            }
            progress.advance(done: index + 1, total: ids.count, label: id.rawValue)
        }
    }

    /// The call's answer, or nil after noting its failure, or stopping the walk when going on is no use.
    private mutating func call<Value>(_ label: String, _ work: () async throws(UpstreamFault) -> Value) async -> Value?
    {
        let result: Result<Value, UpstreamFault>
        do {
            result = .success(try await work())
        } catch {
            result = .failure(error)
        }
        if settings.importPause > 0 { try? await Task.sleep(for: .seconds(settings.importPause)) }
        switch result {
        case .success(let value):
            failuresInARow = 0
            return value
        case .failure(let error):
            switch error {
            case .blocked, .quotaExhausted, .rateLimited, .unauthorized:
                report.stoppedBecause = "\(label): TheMealDB \(error)"
            default:
                report.failures.append("\(label): TheMealDB \(error)")
                failuresInARow += 1
                if failuresInARow >= RecipeImporter.failuresInARow {
                    report.stoppedBecause = "\(failuresInARow) calls in a row failed"
                }
            }
            return nil
        }
    }

    private func isFresh(_ date: Date) -> Bool {
        settings.clock().timeIntervalSince(date) < settings.cacheTTL
    }
}

extension UInt8 {
    fileprivate var isJSONWhitespace: Bool { self == 0x20 || self == 0x0A || self == 0x0D || self == 0x09 }
}
