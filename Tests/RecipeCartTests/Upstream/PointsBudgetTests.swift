import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import RecipeCartUpstream
import Testing

@testable import RecipeCart

/// The daily budget in the points Spoonacular reports (the stand-in sends its quota headers), through pages: calls
/// that would overspend are not made, the staff board shows the day's points, and both hold across a restart.
@Suite struct PointsBudgetTests {
    static func environment(
        standIn: StandIn, dailyCallLimit: Int? = nil, clock: TestClock
    ) throws -> TestEnvironment {
        var environment = try TestEnvironment.upstream(
            .spoonacular, standIn: standIn, dailyCallLimit: dailyCallLimit, clock: clock)
        environment.staffToken = StaffRouteTests.token
        return environment
    }

    /// The staff board's points line, `[used, left]`; nil when it shows none.
    static func boardPoints(_ staff: inout Shopper) async throws -> [String]? {
        try await staff.get("/staff/login")
        try await staff.post("/staff/login", [("token", StaffRouteTests.token)])
        let board = try await staff.get("/staff")
        #expect(board.status == .ok)
        guard let used = board.firstMatch(#"data-points-used="([^"]*)""#),
            let left = board.firstMatch(#"data-points-left="([^"]*)""#)
        else { return nil }
        #expect(board.contains("API points today: \(used) used, \(left) left"))
        return [used, left]
    }

    @Test func pointsExhaustedMidDayMakeNoFurtherCallUntilUTCMidnightEvenAfterARestart() async throws {
        try await StandIn.run { standIn in
            let clock = TestClock(CallQuotaTests.lateEvening)
            // The key has 6 points a day, half a point already spent elsewhere; a search costs 2, a recipe 1.
            await standIn.state.setPoints(.init(used: 0.5, daily: 6, search: 2, information: 1))
            let environment = try Self.environment(standIn: standIn, clock: clock)
            try await environment.withShopper { shopper in
                // The first search reserves a point (its cost is not known yet); the API says 2, 2.5 used, 3.5 left.
                #expect(try await shopper.get("/?q=tacos").notice == nil)
                // The second reserves 2 and leaves 1.5.
                #expect(try await shopper.get("/?q=pancakes").notice == nil)
                #expect(await standIn.state.apiCalls.count == 2)

                // A third search would need 2 of the 1.5 left: no call, and the page says it shows saved recipes.
                let refused = try await shopper.get("/?q=curry")
                #expect(refused.status == .ok)
                #expect(refused.notice == UpstreamCatalog.notice)
                #expect(await standIn.state.apiCalls.count == 2)

                // A recipe's information is a kind of its own, one point: it still fits.
                let recipe = try await shopper.get("/recipes/spoon-990001")
                #expect(recipe.status == .ok && recipe.notice == nil)
                #expect(await standIn.state.apiCalls.last == "/recipes/990001/information")
                let points = try await Self.boardPoints(&shopper)
                #expect(points == ["5.5", "0.5"])
            }

            // A restart remembers the points spent and what a search costs.
            try await environment.withShopper { shopper in
                #expect(try await shopper.get("/?q=curry").notice == UpstreamCatalog.notice)
                #expect(try await shopper.get("/?q=soup").notice == UpstreamCatalog.notice)
                #expect(await standIn.state.apiCalls.count == 3)
                let afterRestart = try await Self.boardPoints(&shopper)
                #expect(afterRestart == ["5.5", "0.5"])

                // Spoonacular's points, and ours, start again at 00:00 UTC; the API's total is learnt anew from
                // its first answer.
                clock.advance(by: 90 * 60)
                await standIn.state.setPoints(.init(used: 0, daily: 6, search: 2, information: 1))
                let atMidnight = try await Self.boardPoints(&shopper)
                #expect(atMidnight == ["0", "150"])
                #expect(try await shopper.get("/?q=curry").notice == nil)
                #expect(await standIn.state.apiCalls.count == 4)
                let nextDay = try await Self.boardPoints(&shopper)
                #expect(nextDay == ["2", "4"])
            }
        }
    }

    @Test func theDailyCallLimitIsAPointsLimitForSpoonacular() async throws {
        try await StandIn.run { standIn in
            await standIn.state.setPoints(.init(search: 2))
            let environment = try Self.environment(
                standIn: standIn, dailyCallLimit: 3, clock: TestClock(CallQuotaTests.lateEvening))
            try await environment.withShopper { shopper in
                #expect(try await shopper.get("/?q=tacos").notice == nil)
                // 2 of the 3 points spent, though the API itself has 148 left: a second search (2) would overspend.
                #expect(try await shopper.get("/?q=pancakes").notice == UpstreamCatalog.notice)
                #expect(await standIn.state.apiCalls.count == 1)
                let points = try await Self.boardPoints(&shopper)
                #expect(points == ["2", "1"])
            }
        }
    }

    @Test(arguments: [("0", "-500", "1e9"), ("nan", "-1", "inf"), ("-2", "0x10", "99999999999"), ("0.0", "", "1.5.5")])
    func hostileQuotaHeadersNeverRaiseTheBudget(_ request: String, _ used: String, _ left: String) async throws {
        try await StandIn.run { standIn in
            await standIn.state.setFault(
                .headers(["X-API-Quota-Request": request, "X-API-Quota-Used": used, "X-API-Quota-Left": left]))
            let environment = try Self.environment(
                standIn: standIn, dailyCallLimit: 2, clock: TestClock(CallQuotaTests.lateEvening))
            try await environment.withShopper { shopper in
                // Nothing readable about the points: each call keeps the point it reserved.
                #expect(try await shopper.get("/?q=tacos").notice == nil)
                #expect(try await shopper.get("/?q=pancakes").notice == nil)
                #expect(try await shopper.get("/?q=curry").notice == UpstreamCatalog.notice)
                #expect(await standIn.state.apiCalls.count == 2)
                let points = try await Self.boardPoints(&shopper)
                #expect(points == ["2", "0"])
            }
        }
    }

    @Test func theBoardShowsNoPointsWithoutARecipeAPI() async throws {
        try await StaffRouteTests.environment().withShopper { staff in
            let points = try await Self.boardPoints(&staff)
            #expect(points == nil)
        }
    }
}
