import Foundation
import RecipeCartDomain

/// The shop's pickup slot settings and the places its slots have taken, in the database every instance reads.
package protocol PickupSlotStore: Sendable {
    /// The settings staff saved; nil when the shop takes orders as soon as possible.
    func settings() async throws -> PickupSlotSettings?
    /// Replaces the settings whole; nil turns slots off. Places already taken stay taken.
    func save(_ settings: PickupSlotSettings?) async throws
    /// The places taken in each slot starting within `interval`, by the slot's start.
    func taken(within interval: DateInterval) async throws -> [Date: Int]
}
