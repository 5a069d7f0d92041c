import Foundation
import RecipeCartDomain
import RecipeCartStorage

/// The shop's pickup slots as a shopper sees them now: its settings from the database (the same on every instance),
/// cut in its zone, with the places taken.
struct PickupOffers: Sendable {
    let store: any PickupSlotStore
    let zone: TimeZone
    let clock: AppClock

    /// Nil when the shop has no slots: orders are collected as soon as possible.
    func schedule() async throws -> PickupSchedule? {
        try await store.settings().map { PickupSchedule(settings: $0, zone: zone) }
    }

    /// The send form's choice, or nil without slots.
    func choice(chosen: String? = nil) async throws -> PickupChoice? {
        guard let schedule = try await schedule() else { return nil }
        let now = clock.now()
        let taken = try await store.taken(within: schedule.window(from: now))
        return PickupChoice(schedule.days(from: now, taken: taken), zone: zone, chosen: chosen)
    }
}
