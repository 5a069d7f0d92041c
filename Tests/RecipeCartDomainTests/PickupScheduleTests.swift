import Foundation
import RecipeCartDomain
import Testing

/// Slots cut from the shop's settings on its own clock, across a change of the clocks, with cut-offs, closed days and
/// every kind of posted start.
@Suite struct PickupScheduleTests {
    static let dublin = TimeZone(identifier: "Europe/Dublin")!
    /// Friday 23 October 2026, 08:00 in Dublin (07:00 UTC): the clocks go back on Sunday the 25th at 02:00.
    static let friday = Date(timeIntervalSince1970: 1_792_738_800)
    /// Every day 09:00–12:00, 30-minute slots, two orders each, closed for orders an hour before.
    static let settings = PickupSlotSettings(
        hours: Dictionary(uniqueKeysWithValues: (1...7).map { ($0, OpeningHours(opens: 9 * 60, closes: 12 * 60)) }),
        slotMinutes: 30, capacity: 2, cutOffMinutes: 60)

    static func utc(_ text: String) -> Date { try! Date.ISO8601FormatStyle().parse(text) }

    @Test func theFridayIsWhatTheTestsSayItIs() {
        #expect(ZonedTimestamp.text(Self.friday, in: Self.dublin) == "2026-10-23T08:00:00+01:00")
    }

    @Test func slotsKeepTheShopsClockTimesWhenTheClocksGoBack() {
        let schedule = PickupSchedule(settings: Self.settings, zone: Self.dublin)
        let days = schedule.days(from: Self.friday, taken: [:])
        #expect(days.count == 7)
        #expect(days.map(\.date.description).first == "2026-10-23")
        #expect(days.map(\.date.description).last == "2026-10-29")
        // Saturday, summer time: 10:00 in Dublin is 09:00 UTC. Monday, winter time: 10:00 is 10:00 UTC.
        let saturday = days[1].offers.map(\.slot)
        let monday = days[3].offers.map(\.slot)
        #expect(saturday.count == 6)
        #expect(saturday[2].start == Self.utc("2026-10-24T09:00:00Z"))
        #expect(saturday[2].end == Self.utc("2026-10-24T09:30:00Z"))
        #expect(monday[2].start == Self.utc("2026-10-26T10:00:00Z"))
        // Sunday, the day of the change, is 25 hours long, and its slots are on the new clock.
        let sunday = days[2].offers.map(\.slot)
        #expect(sunday.first?.start == Self.utc("2026-10-25T09:00:00Z"))
        #expect(sunday.count == 6)
        #expect(days.allSatisfy { ZonedTimestamp.text($0.noon, in: Self.dublin).contains("T12:00:00") })
    }

    @Test func slotsKeepTheShopsClockTimesWhenTheClocksGoForward() {
        // Friday 27 March 2026, 08:00 in Dublin (GMT): the clocks go forward on Sunday the 29th at 01:00.
        let friday = Self.utc("2026-03-27T08:00:00Z")
        var settings = Self.settings
        // Open through the night of the change: 00:00–03:00 on Sunday. 01:00–02:00 never happens, so the first hour's
        // slot ends at 02:00 and none starts at 01:00.
        settings.hours[1] = OpeningHours(opens: 0, closes: 3 * 60)
        settings.slotMinutes = 60
        let schedule = PickupSchedule(settings: settings, zone: Self.dublin)
        let sunday = schedule.days(from: friday, taken: [:])[2]
        #expect(sunday.date.description == "2026-03-29")
        #expect(
            sunday.offers.map { ZonedTimestamp.text($0.slot.start, in: Self.dublin) } == [
                "2026-03-29T00:00:00+00:00", "2026-03-29T02:00:00+01:00",
            ])
        #expect(sunday.offers.map { $0.slot.end.timeIntervalSince($0.slot.start) } == [3600, 3600])
        let monday = schedule.days(from: friday, taken: [:])[3]
        #expect(monday.offers.first?.slot.start == Self.utc("2026-03-30T08:00:00Z"))
    }

    @Test func pastSlotsAreGoneAndTheCutOffAndRoomAreShown() {
        // Friday 10:15 in Dublin: 09:00 to 10:00 have started; 10:30 and 11:00 are within the hour's cut-off.
        let now = Self.utc("2026-10-23T09:15:00Z")
        let schedule = PickupSchedule(settings: Self.settings, zone: Self.dublin)
        let taken = [Self.utc("2026-10-24T08:00:00Z"): 2, Self.utc("2026-10-24T08:30:00Z"): 1]
        let days = schedule.days(from: now, taken: taken)
        #expect(days[0].offers.map(\.state) == [.closed, .closed, .open])
        #expect(days[0].offers.first?.slot.start == Self.utc("2026-10-23T09:30:00Z"))
        #expect(days[1].offers.prefix(3).map(\.state) == [.full, .open, .open])
    }

    @Test func closedDaysAndClosedWeekdaysOfferNothing() {
        var settings = Self.settings
        settings.hours[1] = nil  // Sundays
        settings.closedDays = [CalendarDay("2026-10-26")!]
        let schedule = PickupSchedule(settings: settings, zone: Self.dublin)
        let days = schedule.days(from: Self.friday, taken: [:])
        #expect(days.map(\.isClosed) == [false, false, true, true, false, false, false])
        #expect(days[2].offers.isEmpty && days[3].offers.isEmpty)
        #expect(
            schedule.lookup(Self.utc("2026-10-26T10:00:00Z"), now: Self.friday)
                == .closedDay(CalendarDay("2026-10-26")!))
    }

    @Test func aPostedStartIsOfferedOrSaysWhyNot() {
        let schedule = PickupSchedule(settings: Self.settings, zone: Self.dublin)
        let saturday = PickupSlot(start: Self.utc("2026-10-24T09:00:00Z"), end: Self.utc("2026-10-24T09:30:00Z"))
        #expect(schedule.lookup(saturday.start, now: Self.friday) == .offered(saturday))
        #expect(schedule.lookup(Self.utc("1970-01-01T00:00:00Z"), now: Self.friday) == .past)
        #expect(schedule.lookup(Self.utc("9999-12-31T10:00:00Z"), now: Self.friday) == .beyond)
        #expect(schedule.lookup(Self.utc("2026-10-30T09:00:00Z"), now: Self.friday) == .beyond)
        #expect(schedule.lookup(Self.utc("2026-10-24T09:10:00Z"), now: Self.friday) == .notASlot)
        #expect(schedule.lookup(Self.utc("2026-10-24T15:00:00Z"), now: Self.friday) == .notASlot)
        // 09:00 in Dublin, an hour from now: its cut-off is now.
        let soon = PickupSlot(start: Self.utc("2026-10-23T08:00:00Z"), end: Self.utc("2026-10-23T08:30:00Z"))
        #expect(schedule.lookup(soon.start, now: Self.friday) == .pastCutOff(soon))
    }

    /// The week the clocks go back, and the week they go forward (Friday 27 March 2026, 08:00 in Dublin).
    @Test(arguments: [friday, utc("2026-03-27T08:00:00Z")])
    func oneScheduleAskedAllWeekAnswersAsAFreshOneWouldAcrossTheClocksChanging(from first: Date) {
        var settings = Self.settings
        settings.hours[1] = OpeningHours(opens: 0, closes: 24 * 60)
        settings.hours[4] = nil
        settings.closedDays = [CalendarDay("2026-10-27")!, CalendarDay("2026-03-31")!]
        settings.slotMinutes = 60
        let kept = PickupSchedule(settings: settings, zone: Self.dublin)
        // Every 20 minutes for a week, over the night the clocks change, with a slot all through that night.
        for step in 0..<(7 * 72) {
            let now = first.addingTimeInterval(Double(step) * 1200)
            let fresh = PickupSchedule(settings: settings, zone: Self.dublin)
            #expect(kept.days(from: now, taken: [:]) == fresh.days(from: now, taken: [:]), "\(now)")
            #expect(kept.window(from: now) == fresh.window(from: now), "\(now)")
            for offset in stride(from: -3600.0, through: 8 * 86400, by: 1800) {
                let start = now.addingTimeInterval(offset).addingTimeInterval(
                    -now.timeIntervalSince1970.truncatingRemainder(dividingBy: 1800))
                #expect(kept.lookup(start, now: now) == fresh.lookup(start, now: now), "\(start) at \(now)")
            }
        }
    }

    @Test func settingsOutOfRangeNameWhatIsWrong() {
        #expect(Self.settings.problems.isEmpty)
        var bad = Self.settings
        bad.slotMinutes = 45
        bad.capacity = 0
        bad.cutOffMinutes = -1
        bad.hours[2] = OpeningHours(opens: 18 * 60, closes: 9 * 60)
        let problems = bad.problems
        #expect(problems.contains("A slot is 15, 30 or 60 minutes long."))
        #expect(problems.contains("Orders a slot takes must be from 1 to 500."))
        #expect(problems.contains("The cut-off must be from 0 minutes to a day (1440 minutes) before a slot."))
        #expect(problems.contains("Monday: the shop must close after it opens."))
        bad = Self.settings
        bad.capacity = 501
        bad.cutOffMinutes = 1441
        #expect(bad.problems.count == 2)
    }

    @Test func datesAndTimesAreReadStrictly() {
        #expect(CalendarDay("2026-12-25")?.description == "2026-12-25")
        for text in ["2026-02-30", "26-12-25", "2026-1-5", "../etc", "<script>", "1970-01-01", "9999-12-31", ""] {
            #expect(CalendarDay(text) == nil, "\(text)")
        }
        #expect(OpeningHours.minutes("09:30") == 570)
        #expect(OpeningHours.minutes("24:00") == 1440)
        for text in ["24:30", "9:30", "09:60", "x", "-1:00"] { #expect(OpeningHours.minutes(text) == nil, "\(text)") }
        #expect(ZonedTimestamp.date("2026-10-24T10:00:00+01:00") == Self.utc("2026-10-24T09:00:00Z"))
        #expect(ZonedTimestamp.date("2026-10-24T09:00:00Z") == Self.utc("2026-10-24T09:00:00Z"))
        #expect(ZonedTimestamp.date("2026-10-24T04:00:00-05:00") == Self.utc("2026-10-24T09:00:00Z"))
        for text in [
            "../", "<script>", "2026-10-24", "tomorrow", String(repeating: "9", count: 40),
            "2026-10-24T10:00:00+01:00x", "2026-10-24T10:00:00+01:00<script>", "2026-10-24T10:00:00Zx",
            "2026-10-24T10:00+01:00", "2026-10-24 10:00:00+01:00", "2026-10-24T10:00:00.5+01:00",
            "2026-10-24T10:00:00+0100", "+2026-10-24T10:00:00Z", "2026-10-24T10:00:00+01:0a",
        ] {
            #expect(ZonedTimestamp.date(text) == nil, "\(text)")
        }
    }
}
