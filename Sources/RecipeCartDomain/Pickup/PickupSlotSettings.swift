import Foundation

/// How the shop hands out orders by slot: its opening hours by weekday, how long a slot is, how many orders one takes,
/// how long before its start a slot stops taking orders (the cut-off), and the days it is closed. A shop without
/// settings takes orders "as soon as possible", as it always did.
package struct PickupSlotSettings: Sendable, Equatable {
    package static let slotLengths = [15, 30, 60]
    package static let capacities = 1...500
    /// The cut-off, in minutes: none up to a whole day.
    package static let cutOffs = 0...1440
    /// The most closed days kept: a year's holidays and then some.
    package static let maximumClosedDays = 100
    /// Weekdays as `Calendar` numbers them (1 is Sunday), in the order a week is shown: Monday first.
    package static let weekOrder = [2, 3, 4, 5, 6, 7, 1]

    /// By weekday, 1 (Sunday) to 7 (Saturday); a weekday without hours is closed.
    package var hours: [Int: OpeningHours]
    package var slotMinutes: Int
    package var capacity: Int
    package var cutOffMinutes: Int
    package var closedDays: Set<CalendarDay>

    package init(
        hours: [Int: OpeningHours], slotMinutes: Int, capacity: Int, cutOffMinutes: Int,
        closedDays: Set<CalendarDay> = []
    ) {
        self.hours = hours
        self.slotMinutes = slotMinutes
        self.capacity = capacity
        self.cutOffMinutes = cutOffMinutes
        self.closedDays = closedDays
    }

    /// What is wrong with these settings, each naming its field; empty when they can be kept.
    package var problems: [String] {
        var problems: [String] = []
        if !Self.slotLengths.contains(slotMinutes) {
            problems.append("A slot is 15, 30 or 60 minutes long.")
        }
        if !Self.capacities.contains(capacity) {
            problems.append(
                "Orders a slot takes must be from \(Self.capacities.lowerBound) to \(Self.capacities.upperBound).")
        }
        if !Self.cutOffs.contains(cutOffMinutes) {
            problems.append("The cut-off must be from 0 minutes to a day (1440 minutes) before a slot.")
        }
        if closedDays.count > Self.maximumClosedDays {
            problems.append("At most \(Self.maximumClosedDays) closed days can be kept.")
        }
        for weekday in Self.weekOrder {
            guard let day = hours[weekday] else { continue }
            let name = Self.weekdayName(weekday)
            if !(0...1440).contains(day.opens) || !(0...1440).contains(day.closes) {
                problems.append("\(name): opening hours are times of day from 00:00 to 24:00.")
            } else if day.closes <= day.opens {
                problems.append("\(name): the shop must close after it opens.")
            } else if Self.slotLengths.contains(slotMinutes), day.closes - day.opens < slotMinutes {
                problems.append("\(name): open for less than one \(slotMinutes)-minute slot.")
            }
        }
        if hours.keys.contains(where: { !(1...7).contains($0) }) {
            problems.append("A weekday is numbered from 1 to 7.")
        }
        return problems
    }

    /// "Monday" for 2, as `Calendar` numbers weekdays.
    package static func weekdayName(_ weekday: Int) -> String {
        let names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        return (1...7).contains(weekday) ? names[weekday - 1] : "Day \(weekday)"
    }
}
