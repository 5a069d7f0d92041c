import ArgumentParser
import Foundation
import Logging
import RecipeCart

@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipecart-bench",
        abstract: "Benchmark helpers: fill a data dir with generated recipes, time search in process, write an import dump and search texts.",
        subcommands: [Generate.self, Search.self, Dump.self, Queries.self])
}

/// `recipecart-bench generate --count 10000 --data-dir DIR [--database-url URL]`: the bundled catalog plus
/// generated recipes, in the SQLite file under DIR or in PostgreSQL.
struct Generate: AsyncParsableCommand {
    @Option var count = 10_000
    @Option var dataDir: String
    @Option var databaseURL: String?

    func run() async throws {
        let stores = try await Stores.open(
            databaseURL: databaseURL, dataDirectory: URL(fileURLWithPath: dataDir), clock: .system, logger: Logger(label: "bench"))
        defer { stores.close() }
        try await BundledCatalog.load().install(into: stores.catalog)
        try await RecipeGenerator.fill(stores.catalog, count: count)
        print("generated \(count) recipes in \(databaseURL == nil ? dataDir : "PostgreSQL")")
    }
}

/// `recipecart-bench search --count 10000`: search latency inside the process, p50 and p99 over many queries.
struct Search: AsyncParsableCommand {
    @Option var count = 10_000
    @Option var rounds = 300
    @Option(help: "An empty PostgreSQL database to measure instead of a SQLite file.") var databaseURL: String?

    func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("recipecart-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let stores = try await Stores.open(databaseURL: databaseURL, dataDirectory: directory, clock: .system, logger: Logger(label: "bench"))
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
        var samples: [Double] = []
        for round in 0..<rounds {
            let query = queries[round % queries.count]
            let start = ContinuousClock.now
            _ = try await store.browse(query)
            let elapsed = ContinuousClock.now - start
            samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
        }
        samples.sort()
        func percentile(_ p: Double) -> Double { samples[min(samples.count - 1, Int(Double(samples.count) * p))] }
        print(String(format: "recipes=%d queries=%d p50=%.2fms p99=%.2fms", count, rounds, percentile(0.5), percentile(0.99)))
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
