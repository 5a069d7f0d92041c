import Logging
import PostgresNIO
import ServiceLifecycle

/// Keeps `CatalogGeneration` true across instances: `LISTEN catalog_generation` hears every change at once, the
/// generation is read again whenever the listening connection is (re)made, and a slow poll covers a notification
/// lost in between. Cached pages then go stale within a second of an edit on any instance.
package struct CatalogGenerationListener: Service {
    package static let channel = "catalog_generation"
    package static let pollInterval: Duration = .seconds(5)

    package let database: PostgresDatabase
    package let generations: CatalogGeneration
    package let logger: Logger

    package func run() async throws {
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await listen() }
                group.addTask { await poll() }
                await group.waitForAll()
            }
        }
    }

    private func listen() async {
        await database.listen(
            to: Self.channel, naming: "catalog change notifications", logger: logger,
            connected: { connection in generations.advance(to: try await PostgresCatalogHotPath.generation(connection))
            },
            heard: { payload in
                if let generation = Int(payload) { generations.advance(to: generation) }
            },
            interrupted: {
                database.markAway()
                StorageMetrics.databaseReconnected()
            })
    }

    private func poll() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: Self.pollInterval)
            if let generation = try? await database.read({ connection in
                try await PostgresCatalogHotPath.generation(connection)
            }) {
                generations.advance(to: generation)
            }
        }
    }
}
