import Foundation
import RecipeCartDomain

/// The send form's "When you collect": the next seven days' slots, grouped by day. A full slot, one past its cut-off
/// and a closed day are shown as such and cannot be chosen (`data-slot-full`, `data-slot-closed`).
struct PickupChoice {
    struct Day {
        var title: String
        var isClosed: Bool
        var options: [Option]
    }

    struct Option {
        /// The slot's start, RFC 3339 in the shop's zone: what the form posts, and `data-slot-start`.
        var value: String
        var text: String
        var isFull: Bool
        var isClosed: Bool
        var isChosen: Bool
    }

    var days: [Day]

    /// `chosen` is the start a refused send posted: chosen again if it can still be taken.
    init(_ days: [PickupSchedule.Day], zone: TimeZone, chosen: String?) {
        self.days = days.compactMap { day in
            let title = PickupSlotText.day(day.noon, in: zone)
            if day.isClosed { return Day(title: "\(title) · closed", isClosed: true, options: []) }
            guard !day.offers.isEmpty else { return nil }
            return Day(
                title: title, isClosed: false,
                options: day.offers.map { offer in
                    let value = ZonedTimestamp.text(offer.slot.start, in: zone)
                    let hours = PickupSlotText.hours(offer.slot, in: zone)
                    let text =
                        switch offer.state {
                        case .open: hours
                        case .full: "\(hours) · full"
                        case .closed: "\(hours) · closed for orders"
                        }
                    return Option(
                        value: value, text: text,
                        isFull: offer.state == .full, isClosed: offer.state == .closed,
                        isChosen: offer.state == .open && value == chosen)
                })
        }
    }
}
