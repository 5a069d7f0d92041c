import ArgumentParser
import Foundation
import Logging
import RecipeCart
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartServices
import RecipeCartStorage
import RecipeCartUpstream

@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipecart-bench",
        abstract:
            "Benchmark helpers: fill a data dir with generated recipes, time search and ranking in process, write an import dump and search texts.",
        subcommands: [Generate.self, Search.self, Rank.self, Dump.self, Queries.self])
}

/// `recipecart-bench generate --count 10000 --data-dir DIR [--database-url URL]`: the bundled catalog plus
/// generated recipes, in the SQLite file under DIR or in PostgreSQL.
struct Generate: AsyncParsableCommand {
    @Option var count = 10_000
    @Option var dataDir: String
    @Option var databaseURL: String?

    func run() async throws {
        let stores = try await Stores.open(
            databaseURL: databaseURL, dataDirectory: URL(fileURLWithPath: dataDir), clock: .system,
            logger: Logger(label: "bench"))
        defer { stores.close() }
        try await BundledCatalog.load().install(into: stores.catalog)
        try await RecipeGenerator.fill(stores.catalog, count: count)
        print("generated \(count) recipes in \(databaseURL == nil ? dataDir : "PostgreSQL")")
    }
}

/// `recipecart-bench search --count 10000`: search latency inside the process, p50 and p99 over many queries: the
/// database's Browse query, the search index's build, and its ranking.
struct Search: AsyncParsableCommand {
    @Option var count = 10_000
    @Option var rounds = 300
    @Option(help: "An empty PostgreSQL database to measure instead of a SQLite file.") var databaseURL: String?

    func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "recipecart-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let stores = try await Stores.open(
            databaseURL: databaseURL, dataDirectory: directory, clock: .system, logger: Logger(label: "bench"))
        defer { stores.close() }
        try await BundledCatalog.load().install(into: stores.catalog)
        try await RecipeGenerator.fill(stores.catalog, count: count)
        let store = stores.catalog
        let queries = [
            BrowseQuery(text: "chicken"), BrowseQuery(text: "smoky lentil"), BrowseQuery(text: "garlic"),
            BrowseQuery(text: "carbonara"), BrowseQuery(text: "zzz"), BrowseQuery(text: "spiced", diet: .vegan),
            BrowseQuery(text: "", category: "Dessert"), BrowseQuery(), BrowseQuery(text: "tomato", grouping: .time),
        ]
        for query in queries { _ = try await store.browse(query) }
        let database = try await Self.milliseconds(rounds: rounds) { round in
            _ = try await store.browse(queries[round % queries.count])
        }
        let buildStart = ContinuousClock.now
        let index = try await store.searchIndex()
        let build = Self.milliseconds(since: buildStart)
        let texts = queries.map(\.text).filter { !$0.isEmpty }
        let ranked = try await Self.milliseconds(rounds: rounds) { round in
            _ = index.rank(texts[round % texts.count]).ids(0..<48)
        }
        print(
            String(
                format:
                    "recipes=%d queries=%d database p50=%.2fms p99=%.2fms; search index built in %.0fms, ranking p50=%.2fms p99=%.2fms",
                count, rounds, database.p50, database.p99, build, ranked.p50, ranked.p99))
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
    }

    /// The 50th and 99th percentile of `rounds` runs of `body`.
    static func milliseconds(rounds: Int, _ body: (Int) async throws -> Void) async throws -> (p50: Double, p99: Double)
    {
        var samples: [Double] = []
        for round in 0..<rounds {
            let start = ContinuousClock.now
            try await body(round)
            samples.append(milliseconds(since: start))
        }
        samples.sort()
        func percentile(_ p: Double) -> Double { samples[min(samples.count - 1, Int(Double(samples.count) * p))] }
        return (percentile(0.5), percentile(0.99))
    }
}

extension RecipeGenerator {
    static func fill(_ store: any CatalogStore, count: Int) async throws {
        var generator = RecipeGenerator(seed: 0x5EED_CAFE)
        var batch: [Recipe] = []
        for number in 1...count {
            batch.append(generator.recipe(number: number))
            if batch.count == 1_000 || number == count {
                try await store.upsert(batch, source: "generated")
                batch.removeAll(keepingCapacity: true)
            }
        }
    }
}
