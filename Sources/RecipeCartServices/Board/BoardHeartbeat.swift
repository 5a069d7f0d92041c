import RecipeCartContracts
import ServiceLifecycle

/// One timer for every open board: each stream gets a beat every `interval`, which the board takes as proof that it
/// is still live (a board that hears nothing for 10 s says it is not). Each stream ends itself when the server begins
/// to stop (`BoardEventStream`); what is left when this service stops is ended here.
package struct BoardHeartbeat: Service {
    package static let interval: Duration = .seconds(5)

    package let changes: BoardChanges

    package init(changes: BoardChanges) {
        self.changes = changes
    }

    package func run() async throws {
        defer { changes.endAll() }
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.interval)
                changes.beat()
            }
        }
    }
}
