import Foundation
import RecipeCartDomain
import Testing

/// The shop's day the board counts and its script starts afresh at: midnight to midnight in the shop's zone.
@Suite struct OrderDayTests {
    static let dublin = TimeZone(identifier: "Europe/Dublin")!

    static func date(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    @Test func anOrdinaryDayRunsFromMidnightToMidnight() {
        let day = OrderDayNumbers.day(of: Self.date("2026-06-10T15:30:00Z"), in: Self.dublin)
        #expect(day.start == Self.date("2026-06-09T23:00:00Z"))
        #expect(day.end == Self.date("2026-06-10T23:00:00Z"))
        #expect(OrderDayNumbers.startOfDay(Self.date("2026-06-10T15:30:00Z"), in: Self.dublin) == day.start)
    }

    @Test func theDaysTheClocksChangeAreAnHourShortOrLong() {
        #expect(OrderDayNumbers.day(of: Self.date("2026-03-29T12:00:00Z"), in: Self.dublin).duration == 23 * 3600)
        #expect(OrderDayNumbers.day(of: Self.date("2026-10-25T12:00:00Z"), in: Self.dublin).duration == 25 * 3600)
    }
}
