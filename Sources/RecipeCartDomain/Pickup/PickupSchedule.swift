import Foundation

/// The slots the shop's settings make in its time zone over the next seven days, and what became of a posted one.
/// Slots are cut from local clock times, so on the day the clocks change a 10:00 slot still starts at 10:00 on the
/// shop's clocks; a start the clocks skip makes no slot, and a slot whose end they skip ends its length later.
/// A week's days are cut once, the first time a request of its first day asks (`PickupWeek`), and kept with the
/// schedule: the calendar's arithmetic, per slot, had cost more than the rest of a send.
package struct PickupSchedule: Sendable {
    /// How many days are offered: today and the six after it.
    package static let days = 7

    package let settings: PickupSlotSettings
    package let zone: TimeZone
    private let calendar: Calendar
    private let memo = PickupWeekMemo()

    package init(settings: PickupSlotSettings, zone: TimeZone) {
        self.settings = settings
        self.zone = zone
        calendar = .gregorian(in: zone)
    }

    /// Whether a slot can still be chosen: `full` has no room left, `closed` is past its cut-off.
    package enum State: String, Sendable {
        case open
        case full
        case closed
    }

    package struct Offer: Sendable, Equatable {
        package var slot: PickupSlot
        package var state: State
    }

    /// One day of slots. A closed day (a day off, or a weekday without hours) offers none.
    package struct Day: Sendable, Equatable {
        package var date: CalendarDay
        /// Noon of the day, to name it by.
        package var noon: Date
        package var isClosed: Bool
        package var offers: [Offer]
    }

    /// What a posted start turned out to be.
    package enum Lookup: Sendable, Equatable {
        case offered(PickupSlot)
        /// It started already (a date in 1970 among them).
        case past
        /// Later than the days offered (a date in 9999 among them).
        case beyond
        case closedDay(CalendarDay)
        /// Inside the days offered, but no slot starts then.
        case notASlot
        /// Its cut-off has passed: it takes no more orders.
        case pastCutOff(PickupSlot)
    }

    /// From `now` to the end of the last day offered: where taken places are read.
    package func window(from now: Date) -> DateInterval {
        DateInterval(start: now, end: max(week(from: now).end ?? now, now))
    }

    /// The days offered from `now`, each with its slots still to come; `taken` is the places taken by slot start.
    package func days(from now: Date, taken: [Date: Int]) -> [Day] {
        week(from: now).days.map { day in
            let offers = day.slots.filter { $0.start > now }.map { slot in
                Offer(slot: slot, state: state(of: slot, now: now, taken: taken[slot.start] ?? 0))
            }
            return Day(date: day.date, noon: day.noon, isClosed: day.isClosed, offers: offers)
        }
    }

    package func lookup(_ start: Date, now: Date) -> Lookup {
        guard start > now else { return .past }
        let cutWeek = week(from: now)
        guard start < max(cutWeek.end ?? now, now) else { return .beyond }
        let day = cutWeek.day(of: start) ?? cut(CalendarDay(start, in: calendar))
        guard !day.isClosed else { return .closedDay(day.date) }
        guard let slot = day.slots.first(where: { $0.start == start }) else { return .notASlot }
        return isPastCutOff(slot, now: now) ? .pastCutOff(slot) : .offered(slot)
    }

    /// Every slot of `date`'s opening hours, whether or not it has passed.
    package func slots(on date: CalendarDay) -> [PickupSlot] {
        guard let weekday = weekday(of: date), let hours = settings.hours[weekday],
            PickupSlotSettings.slotLengths.contains(settings.slotMinutes)
        else { return [] }
        let length = settings.slotMinutes
        return stride(from: hours.opens, through: hours.closes - length, by: length).compactMap { minute in
            guard let start = instant(date, minutes: minute) else { return nil }
            let end = instant(date, minutes: minute + length) ?? start.addingTimeInterval(Double(length) * 60)
            return end > start ? PickupSlot(start: start, end: end) : nil
        }
    }

    package func isClosed(_ date: CalendarDay) -> Bool {
        settings.closedDays.contains(date) || weekday(of: date).flatMap { settings.hours[$0] } == nil
    }

    private func state(of slot: PickupSlot, now: Date, taken: Int) -> State {
        if isPastCutOff(slot, now: now) { return .closed }
        return taken >= settings.capacity ? .full : .open
    }

    private func isPastCutOff(_ slot: PickupSlot, now: Date) -> Bool {
        now >= slot.start.addingTimeInterval(-Double(settings.cutOffMinutes) * 60)
    }

    /// The days offered from `now`: the week kept, while `now` is on its first day.
    private func week(from now: Date) -> PickupWeek {
        if let kept = memo.kept, kept.starts(on: now) { return kept }
        let cut = PickupWeek(days: dayDates(from: now).map(cut))
        memo.keep(cut)
        return cut
    }

    private func cut(_ date: CalendarDay) -> PickupWeek.Day {
        let isClosed = isClosed(date)
        return PickupWeek.Day(
            date: date, noon: noon(of: date), interval: dayInterval(date), isClosed: isClosed,
            slots: isClosed ? [] : slots(on: date))
    }

    private func dayDates(from now: Date) -> [CalendarDay] {
        let calendar = calendar
        let today = CalendarDay(now, in: calendar)
        guard let todayNoon = instant(today, minutes: 12 * 60) ?? calendar.date(from: components(today, minutes: 0))
        else { return [] }
        return (0..<Self.days).compactMap { offset in
            calendar.date(byAdding: .day, value: offset, to: todayNoon).map { CalendarDay($0, in: calendar) }
        }
    }

    private func dayInterval(_ date: CalendarDay) -> DateInterval {
        calendar.dateInterval(of: .day, for: noon(of: date))
            ?? DateInterval(start: noon(of: date).addingTimeInterval(-12 * 3600), duration: 24 * 3600)
    }

    private func noon(of date: CalendarDay) -> Date {
        instant(date, minutes: 12 * 60) ?? calendar.date(from: components(date, minutes: 12 * 60)) ?? .distantPast
    }

    private func weekday(of date: CalendarDay) -> Int? {
        calendar.date(from: components(date, minutes: 12 * 60)).map { calendar.component(.weekday, from: $0) }
    }

    /// The moment the shop's clocks read `minutes` after midnight on `date`; nil for a time they skip. 24:00 is the
    /// next midnight.
    private func instant(_ date: CalendarDay, minutes: Int) -> Date? {
        let calendar = calendar
        if minutes == 24 * 60 {
            return calendar.date(from: components(date, minutes: 12 * 60)).flatMap {
                calendar.dateInterval(of: .day, for: $0)?.end
            }
        }
        guard let instant = calendar.date(from: components(date, minutes: minutes)) else { return nil }
        let back = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        guard back.year == date.year, back.month == date.month, back.day == date.day,
            back.hour == minutes / 60, back.minute == minutes % 60
        else { return nil }
        return instant
    }

    private func components(_ date: CalendarDay, minutes: Int) -> DateComponents {
        DateComponents(
            calendar: calendar, timeZone: zone, year: date.year, month: date.month, day: date.day,
            hour: minutes / 60, minute: minutes % 60)
    }
}
