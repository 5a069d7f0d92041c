import ArgumentParser
import Foundation
import Logging
import RecipeCart
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartUpstream

/// `recipecart-bench rank --data-dir DIR --queries FILE [--dump FILE]`: the search index's ranking alone, over the
/// search texts of FILE (`recipecart-bench queries`), on a catalog already in DIR. With `--dump`, writes each text's
/// count and first page of ids, so two builds' rankings can be compared line by line.
struct Rank: AsyncParsableCommand {
    @Option var dataDir: String
    @Option var queries: String
    @Option var rounds = 3
    @Option var dump: String?

    func run() async throws {
        let stores = try await Stores.open(
            databaseURL: nil, dataDirectory: URL(fileURLWithPath: dataDir), clock: .system,
            logger: Logger(label: "bench"))
        defer { stores.close() }
        let index = try await stores.catalog.searchIndex()
        let texts = try String(contentsOfFile: queries, encoding: .utf8).split(separator: "\n").map(String.init)
        let best = BrowsePaging.rankedNeeded(forPage: 1)
        var lines: [String] = []
        let start = ContinuousClock.now
        for round in 0..<rounds {
            for text in texts {
                let ranking = index.rank(text, best: best)
                if round == 0, dump != nil {
                    lines.append(
                        "\(text)\t\(ranking.count)\t\(ranking.ids(0..<best).map(\.rawValue).joined(separator: " "))")
                }
            }
        }
        let microseconds = Search.milliseconds(since: start) * 1000 / Double(rounds * texts.count)
        print(String(format: "texts=%d ranking mean=%.1fµs", texts.count, microseconds))
        if let dump { try lines.joined(separator: "\n").write(toFile: dump, atomically: true, encoding: .utf8) }
    }
}
