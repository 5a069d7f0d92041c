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

    @Test func theDaysTakingsAddEstimatesAndChargesLeavingCancelledOrdersOut() {
        let sent = Self.date("2026-06-10T09:00:00Z")
        func timing(_ code: String, _ status: OrderStatus, estimate: Int?, final: Int?) -> OrderTiming {
            OrderTiming(
                code: OrderCode(code)!, status: status, placedAt: sent, updatedAt: sent,
                readyAt: status == .ready ? sent : nil, estimateMinor: estimate, finalMinor: final)
        }
        let numbers = OrderDayNumbers(
            orders: [
                timing("AAAAAA", .new, estimate: 1_250, final: nil),
                timing("BBBBBB", .ready, estimate: 800, final: 826),
                timing("CCCCCC", .cancelled, estimate: 4_000, final: nil),
                timing("DDDDDD", .new, estimate: nil, final: nil),
            ],
            limits: .standard, now: sent)
        #expect(numbers.orders == 4)
        #expect(numbers.estimatedMinor == 2_050)
        #expect(numbers.chargedMinor == 826)
    }
}
