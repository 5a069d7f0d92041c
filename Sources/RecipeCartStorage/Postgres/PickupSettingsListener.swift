import Logging
import RecipeCartContracts
import ServiceLifecycle

/// Tells this instance of the pickup slot settings another one saved: `SQLPickupSlotStore.save` notifies
/// `pickup_settings` in its transaction, so the notification leaves with the commit, and `LISTEN` hears it within
/// milliseconds. A channel of its own rather than the catalog generation, whose every change throws away the search
/// index and the kept pages; and rather than the board relay, whose news would reread the settings for every stepper
/// post. Whenever the listening connection is (re)made the settings count as changed, since a save may have gone by
/// unheard.
package struct PickupSettingsListener: Service {
    package static let channel = "pickup_settings"

    package let database: PostgresDatabase
    package let changes: PickupSettingsChanges
    package let logger: Logger

    package func run() async throws {
        await cancelWhenGracefulShutdown {
            await database.listen(
                to: Self.channel, naming: "pickup slot settings notifications", logger: logger,
                connected: { _ in changes.heard() }, heard: { _ in changes.heard() })
        }
    }
}
