import Logging
import RecipeCartContracts
import RecipeCartDomain
import ServiceLifecycle

/// Builds the search index as soon as a catalog generation is heard of, at start and after every change, so a search
/// rarely waits for it: at 100,000 recipes a build takes most of a second, and a search arriving meanwhile joins it.
package struct SearchIndexWarmer: Service {
    let catalog: any CatalogStore
    let index: GenerationMemo<SearchIndex>
    let logger: Logger
    var interval: Duration

    package init(
        catalog: any CatalogStore, index: GenerationMemo<SearchIndex>, logger: Logger,
        interval: Duration = .milliseconds(250)
    ) {
        self.catalog = catalog
        self.index = index
        self.logger = logger
        self.interval = interval
    }

    package func run() async throws {
        await cancelWhenGracefulShutdown {
            var built: Int?
            var failing = false
            while !Task.isCancelled {
                do {
                    let generation = try await catalog.generation()
                    if generation != built {
                        _ = try await index.value(at: generation)
                        built = generation
                    }
                    failing = false
                } catch {
                    // Said once a failure, not four times a second while the database is away.
                    if !failing { logger.warning("search index not built: \(error)") }
                    failing = true
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}
