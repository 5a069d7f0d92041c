import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartServices
import RecipeCartStorage

/// The shop's pickup slots as a shopper sees them now: its settings from the database (the same on every instance),
/// cut in its zone, with the places taken. The schedule is kept in memory between changes to the settings, which the
/// store counts (its own saves, and on PostgreSQL other instances' as they are heard), so sending an order or showing
/// the cart reads no settings.
struct PickupOffers: Sendable {
    let store: any PickupSlotStore
    let zone: TimeZone
    let clock: AppClock
    private let kept = KeptPickupSchedule()
    private let texts: PickupChoiceTexts

    init(store: any PickupSlotStore, zone: TimeZone, clock: AppClock) {
        self.store = store
        self.zone = zone
        self.clock = clock
        texts = PickupChoiceTexts(zone: zone)
    }

    /// Nil when the shop has no slots: orders are collected as soon as possible.
    func schedule() async throws -> PickupSchedule? {
        // Counted before the read: a change heard while it runs leaves what it read to be read again.
        let count = store.changes.count
        if let kept = kept.schedule(at: count) { return kept.schedule }
        let schedule = try await store.settings().map { PickupSchedule(settings: $0, zone: zone) }
        return kept.keep(schedule, at: count)
    }

    /// The send form's choice, or nil without slots. `holding` is the slot of the order the cart is changing: its
    /// place is that order's own, so the slot stays open to it.
    func choice(chosen: String? = nil, holding: PickupSlot? = nil) async throws -> PickupChoice? {
        guard let schedule = try await schedule() else { return nil }
        let now = clock.now()
        var taken = try await store.taken(within: schedule.window(from: now))
        if let holding, let count = taken[holding.start] { taken[holding.start] = max(count - 1, 0) }
        return PickupChoice(schedule.days(from: now, taken: taken), texts: texts, chosen: chosen)
    }
}
