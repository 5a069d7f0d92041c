import Foundation

/// The days a schedule offers from some day on, each with its slots cut, whether or not they have passed: cut once
/// for the day the shop's clocks read, then only filtered by the time of each request.
struct PickupWeek: Sendable {
    struct Day: Sendable {
        var date: CalendarDay
        var noon: Date
        /// From the day's midnight to the next, on the shop's clocks.
        var interval: DateInterval
        var isClosed: Bool
        /// By start; none on a closed day.
        var slots: [PickupSlot]
    }

    var days: [Day]

    /// Whether `now` falls on the first day, whose week this is.
    func starts(on now: Date) -> Bool {
        guard let first = days.first else { return false }
        return now >= first.interval.start && now < first.interval.end
    }

    /// The end of the last day.
    var end: Date? { days.last?.interval.end }

    /// The day `instant` falls on; nil outside the week.
    func day(of instant: Date) -> Day? {
        days.first { instant >= $0.interval.start && instant < $0.interval.end }
    }
}
