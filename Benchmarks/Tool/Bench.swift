import ArgumentParser
import Foundation
import RecipeCart

@main
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipecart-bench",
        abstract: "Benchmark helpers: fill a data dir with generated recipes, time search in process.",
        subcommands: [Generate.self, Search.self])
}

/// `recipecart-bench generate --count 10000 --data-dir DIR`: the bundled catalog plus generated recipes.
struct Generate: AsyncParsableCommand {
    @Option var count = 10_000
    @Option var dataDir: String

    func run() async throws {
        let database = try AppDatabase(directory: URL(fileURLWithPath: dataDir))
        try await BundledCatalog.load().install(into: database)
        try await RecipeGenerator.fill(database, count: count)
        print("generated \(count) recipes in \(dataDir)")
    }
}

/// `recipecart-bench search --count 10000`: search latency inside the process, p50 and p99 over many queries.
struct Search: AsyncParsableCommand {
    @Option var count = 10_000
    @Option var rounds = 300

    func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("recipecart-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try AppDatabase(directory: directory)
        try await BundledCatalog.load().install(into: database)
        try await RecipeGenerator.fill(database, count: count)
        let store = CatalogStore(database: database)
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
    static func fill(_ database: AppDatabase, count: Int) async throws {
        var generator = RecipeGenerator(seed: 0x5EED_CAFE)
        let store = CatalogStore(database: database)
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
