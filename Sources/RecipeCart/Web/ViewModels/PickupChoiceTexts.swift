import Foundation
import RecipeCartDomain
import Synchronization

/// The words of the send form's slot choice, written once for each slot and day and kept: the same week's slots are
/// shown on every cart page, and writing each through the calendar had cost a cart page more than its slots' read.
/// What a text says depends only on the instant and the shop's zone, which never changes while the server runs.
final class PickupChoiceTexts: Sendable {
    struct Slot: Sendable {
        /// RFC 3339 in the shop's zone: what the form posts.
        var value: String
        /// "10:00–10:30".
        var hours: String
    }

    /// More than two weeks of the shortest slots all day: past that, the kept texts are dropped and written again.
    static let limit = 2 * 7 * 96

    let zone: TimeZone
    private let kept = Mutex(Kept())

    private struct Kept {
        var slots: [PickupSlot: Slot] = [:]
        var days: [Date: String] = [:]
    }

    init(zone: TimeZone) {
        self.zone = zone
    }

    /// The texts of `days`' slots and titles by noon, each written the first time it is asked for.
    func texts(of days: [PickupSchedule.Day]) -> (slots: [PickupSlot: Slot], days: [Date: String]) {
        let known = kept.withLock { kept in
            (
                slots: days.allSatisfy { $0.offers.allSatisfy { kept.slots[$0.slot] != nil } } ? kept.slots : nil,
                days: days.allSatisfy { kept.days[$0.noon] != nil } ? kept.days : nil
            )
        }
        if let slots = known.slots, let titles = known.days { return (slots, titles) }
        var slots: [PickupSlot: Slot] = [:]
        var titles: [Date: String] = [:]
        for day in days {
            titles[day.noon] = PickupSlotText.day(day.noon, in: zone)
            for offer in day.offers {
                slots[offer.slot] = Slot(
                    value: ZonedTimestamp.text(offer.slot.start, in: zone),
                    hours: PickupSlotText.hours(offer.slot, in: zone))
            }
        }
        return kept.withLock { kept in
            if kept.slots.count + slots.count > Self.limit || kept.days.count + titles.count > Self.limit {
                kept = Kept()
            }
            kept.slots.merge(slots) { old, _ in old }
            kept.days.merge(titles) { old, _ in old }
            return (kept.slots, kept.days)
        }
    }
}
