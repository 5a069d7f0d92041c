import Foundation

extension Calendar {
    /// The Gregorian calendar read on `zone`'s clocks: the shop's day, its slots and every time it shows.
    package static func gregorian(in zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
