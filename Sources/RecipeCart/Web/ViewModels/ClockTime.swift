import Foundation

/// Hours and minutes in the shop's time zone (`--time-zone`), with the zone, e.g. "18:45 UTC": the shopper's browser
/// may be elsewhere, and the optional script rewrites it to the browser's own time.
enum ClockTime {
    static func text(_ date: Date, in zone: TimeZone) -> String {
        let clock = PickupSlotText.clock(date, in: zone)
        let isUTC = ["UTC", "GMT", "Etc/UTC", "Etc/GMT"].contains(zone.identifier)
        return "\(clock) \(isUTC ? "UTC" : zone.abbreviation(for: date) ?? zone.identifier)"
    }
}
