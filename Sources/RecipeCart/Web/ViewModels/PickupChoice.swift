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

    /// `chosen` is the start a refused send posted: chosen again if it can still be taken. The words are `texts`'.
    init(_ days: [PickupSchedule.Day], texts: PickupChoiceTexts, chosen: String?) {
        let written = texts.texts(of: days)
        self.days = days.compactMap { day in
            let title = written.days[day.noon] ?? PickupSlotText.day(day.noon, in: texts.zone)
            if day.isClosed { return Day(title: "\(title) · closed", isClosed: true, options: []) }
            guard !day.offers.isEmpty else { return nil }
            return Day(
                title: title, isClosed: false,
                options: day.offers.map { offer in
                    let slot =
                        written.slots[offer.slot]
                        ?? PickupChoiceTexts.Slot(
                            value: ZonedTimestamp.text(offer.slot.start, in: texts.zone),
                            hours: PickupSlotText.hours(offer.slot, in: texts.zone))
                    let text =
                        switch offer.state {
                        case .open: slot.hours
                        case .full: "\(slot.hours) · full"
                        case .closed: "\(slot.hours) · closed for orders"
                        }
                    return Option(
                        value: slot.value, text: text,
                        isFull: offer.state == .full, isClosed: offer.state == .closed,
                        isChosen: offer.state == .open && slot.value == chosen)
                })
        }
    }
}
