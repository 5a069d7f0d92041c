import Foundation
import Logging
import RecipeCartDomain
import ServiceLifecycle

/// The shop's pickup slot settings and the places its slots have taken, in the database every instance reads.
package protocol PickupSlotStore: Sendable {
    /// The settings staff saved; nil when the shop takes orders as soon as possible.
    func settings() async throws -> PickupSlotSettings?
    /// Replaces the settings whole; nil turns slots off. Places already taken stay taken. `changes` hears of it once
    /// it is committed.
    func save(_ settings: PickupSlotSettings?) async throws
    /// The places taken in each slot starting within `interval`, by the slot's start.
    func taken(within interval: DateInterval) async throws -> [Date: Int]
    /// Counts the changes to the settings this instance knows of, so that they can be kept in memory between them.
    var changes: PickupSettingsChanges { get }
    /// What hears the saves of other instances into `changes`, run beside the server; nil on a database only this
    /// process writes (SQLite), where `save` tells `changes` of every change.
    func changeListener(logger: Logger) -> (any Service)?
}
