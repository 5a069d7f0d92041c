import Logging
import ServiceLifecycle

/// Builds the search index as soon as a catalog generation is heard of, at start and after every change, so a search
/// rarely waits for it: at 100,000 recipes a build takes most of a second, and a search arriving meanwhile joins it.
struct SearchIndexWarmer: Service {
    let catalog: any CatalogStore
    let index: GenerationMemo<SearchIndex>
    let logger: Logger
    var interval: Duration = .milliseconds(250)

    func run() async throws {
        await cancelWhenGracefulShutdown {
            var built: Int?
            while !Task.isCancelled {
                do {
                    let generation = try await catalog.generation()
                    if generation != built {
                        _ = try await index.value(at: generation)
                        built = generation
                    }
                } catch {
                    logger.warning("search index not built: \(error)")
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}
