import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import RecipeCartUpstream
import Testing

@testable import RecipeCart

/// The daily call limit and upstream's own stops (402, 429, `X-API-Quota-Left`), kept in SQLite across restarts.
@Suite struct CallQuotaTests {
    /// 2025-06-15 23:00 UTC: an hour and a half later is the next UTC day.
    static let lateEvening = Date(timeIntervalSince1970: 1_750_028_400)

    @Test func theDailyLimitStopsEveryCallUntilUTCMidnight() async throws {
        try await StandIn.run { standIn in
            let clock = TestClock(Self.lateEvening)
            let environment = try TestEnvironment.upstream(
                .themealdb, standIn: standIn, dailyCallLimit: 2, clock: clock)
            try await environment.withShopper { shopper in
                let first = try await shopper.get("/?q=miso")
                #expect(first.notice == nil)
                let second = try await shopper.get("/?q=hotpot")
                #expect(second.notice == nil)
                #expect(
                    try await environment.row(
                        "SELECT count FROM upstream_calls WHERE source = 'themealdb' AND day = '2025-06-15'") == 2)

                let limited = try await shopper.get("/?q=pudding")
                #expect(limited.status == .ok)
                #expect(limited.notice == UpstreamCatalog.notice)
                #expect(try await shopper.get("/recipes/mealdb-90201").status == .serviceUnavailable)
                #expect(await standIn.state.apiCalls.count == 2)

                clock.advance(by: 90 * 60)
                let nextDay = try await shopper.get("/?q=pudding")
                #expect(nextDay.notice == nil)
                #expect(await standIn.state.apiCalls.count == 3)
                #expect(try await environment.row("SELECT count FROM upstream_calls WHERE day = '2025-06-16'") == 1)
            }
        }
    }

    @Test func a402StopsCallsUntilTheNextUTCDayEvenAfterARestart() async throws {
        try await StandIn.run { standIn in
            let clock = TestClock(Self.lateEvening)
            let environment = try TestEnvironment.upstream(.themealdb, standIn: standIn, clock: clock)
            await standIn.state.setFault(.status(402))
            try await environment.withShopper { shopper in
                let refused = try await shopper.get("/?q=miso")
                #expect(refused.notice == UpstreamCatalog.notice)
            }
            await standIn.state.setFault(nil)
            try await environment.withShopper { shopper in
                let blocked = try await shopper.get("/?q=hotpot")
                #expect(blocked.notice == UpstreamCatalog.notice)
                #expect(await standIn.state.apiCalls.count == 1)
                clock.advance(by: 90 * 60)
                let nextDay = try await shopper.get("/?q=hotpot")
                #expect(nextDay.notice == nil)
                #expect(await standIn.state.apiCalls.count == 2)
            }
        }
    }

    @Test func a429WaitsForRetryAfter() async throws {
        try await StandIn.run { standIn in
            let clock = TestClock(Self.lateEvening)
            let environment = try TestEnvironment.upstream(.themealdb, standIn: standIn, clock: clock)
            await standIn.state.setFault(.status(429, headers: ["Retry-After": "120"]))
            try await environment.withShopper { shopper in
                let limited = try await shopper.get("/?q=miso")
                #expect(limited.notice == UpstreamCatalog.notice)
            }
            await standIn.state.setFault(nil)
            try await environment.withShopper { shopper in
                clock.advance(by: 100)
                let waiting = try await shopper.get("/?q=hotpot")
                #expect(waiting.notice == UpstreamCatalog.notice)
                #expect(await standIn.state.apiCalls.count == 1)
                clock.advance(by: 30)
                let afterWaiting = try await shopper.get("/?q=hotpot")
                #expect(afterWaiting.notice == nil)
                #expect(await standIn.state.apiCalls.count == 2)
            }
        }
    }

    @Test func anEmptyQuotaLeftHeaderStopsFurtherCalls() async throws {
        try await StandIn.run { standIn in
            await standIn.state.setFault(.headers(["X-API-Quota-Left": "0.0"]))
            let environment = try TestEnvironment.upstream(.spoonacular, standIn: standIn)
            try await environment.withShopper { shopper in
                let first = try await shopper.get("/?q=tacos")
                #expect(first.notice == nil)
                #expect(first.recipeIDs.contains("spoon-990001"))
                let stopped = try await shopper.get("/?q=pancakes")
                #expect(stopped.notice == UpstreamCatalog.notice)
                #expect(await standIn.state.apiCalls.count == 1)
            }
        }
    }

    @Test(arguments: [
        ("120", 120.0), ("0", 1), ("-5", 1), ("soon", 60), ("", 60), ("999999", 86400),
        ("Sun, 15 Jun 2025 23:05:00 GMT", 300),
    ])
    func retryAfterIsReadAsSecondsOrADate(_ value: String, _ seconds: TimeInterval) {
        #expect(CallQuota.retryAfter(value, now: Self.lateEvening) == seconds)
    }

    @Test func daysAreUTCDays() {
        #expect(CallQuota.day(of: Self.lateEvening) == "2025-06-15")
        #expect(CallQuota.nextUTCMidnight(after: Self.lateEvening) == Date(timeIntervalSince1970: 1_750_032_000))
    }
}
