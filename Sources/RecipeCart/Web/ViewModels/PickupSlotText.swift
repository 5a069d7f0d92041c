import Foundation
import RecipeCartDomain

/// A pickup slot in words, on the shop's clock: "Saturday 10:00–10:30", "Saturday 28 November".
enum PickupSlotText {
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// "Collect Saturday 10:00–10:30".
    static func collect(_ slot: PickupSlot, in zone: TimeZone) -> String {
        "Collect \(weekday(slot.start, in: zone)) \(hours(slot, in: zone))"
    }

    /// "10:00–10:30".
    static func hours(_ slot: PickupSlot, in zone: TimeZone) -> String {
        "\(clock(slot.start, in: zone))–\(clock(slot.end, in: zone))"
    }

    /// "Saturday 28 November".
    static func day(_ date: Date, in zone: TimeZone) -> String {
        let parts = Calendar.gregorian(in: zone).dateComponents([.day, .month], from: date)
        return "\(weekday(date, in: zone)) \(parts.day ?? 1) \(months[((parts.month ?? 1) - 1 + 12) % 12])"
    }

    static func weekday(_ date: Date, in zone: TimeZone) -> String {
        weekdays[(Calendar.gregorian(in: zone).component(.weekday, from: date) - 1 + 7) % 7]
    }

    /// "10:00", on a 24-hour clock.
    static func clock(_ date: Date, in zone: TimeZone) -> String {
        let parts = Calendar.gregorian(in: zone).dateComponents([.hour, .minute], from: date)
        return OpeningHours.text((parts.hour ?? 0) * 60 + (parts.minute ?? 0))
    }
}
