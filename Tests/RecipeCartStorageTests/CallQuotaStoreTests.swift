import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// The upstream budget's contract, in calls (a point each) and in the points an API reports, on SQLite and on
/// PostgreSQL alike.
@Suite struct CallQuotaStoreTests {
    let now = Date(timeIntervalSince1970: 1_750_000_000)
    let day = "2025-06-15"

    @Test(arguments: StoreBackend.all) func countsDownToTheLimitThenRefuses(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let quota = stores.stores.callQuota
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 3, now: now)
                    == .counted(left: 2))
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 3, now: now)
                    == .counted(left: 1))
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 3, now: now)
                    == .counted(left: 0))
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 3, now: now) == .limitReached)
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 3, now: now) == .limitReached)
            // Another source keeps its own count.
            #expect(
                try await quota.reserve(source: .themealdb, day: day, cost: 1, limit: 3, now: now) == .counted(left: 2))
        }
    }

    @Test(arguments: StoreBackend.all) func aLimitOfZeroOrBelowTheCountRefuses(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let quota = stores.stores.callQuota
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 0, now: now) == .limitReached)
            for left in (1...4).reversed() {
                #expect(
                    try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 5, now: now)
                        == .counted(left: Double(left)))
            }
            // The limit lowered below what was spent (a restart with a smaller --daily-call-limit): nothing more today.
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 2, now: now) == .limitReached)
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 5, now: now)
                    == .counted(left: 0))
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 5, now: now) == .limitReached)
        }
    }

    @Test(arguments: StoreBackend.all) func concurrentReservationsNeverGoOverTheLimit(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            let quota = stores.stores.callQuota
            let day = day
            let now = now
            let results = try await withThrowingTaskGroup(of: CallReservation.self) { group in
                for _ in 0..<40 {
                    group.addTask {
                        try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 25, now: now)
                    }
                }
                var results: [CallReservation] = []
                for try await result in group { results.append(result) }
                return results
            }
            var left: [Double] = []
            for case .counted(let remaining) in results { left.append(remaining) }
            #expect(left.count == 25)
            // Each call counted once: every "left" from 24 down to 0 exactly once.
            #expect(left.sorted() == (0..<25).map(Double.init))
            #expect(results.filter { $0 == .limitReached }.count == 15)
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 25, now: now) == .limitReached)
        }
    }

    @Test(arguments: StoreBackend.all) func aStopHoldsUntilItsTimeThenCallsCountAgain(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            let quota = stores.stores.callQuota
            let until = now + 600
            try await quota.stop(.spoonacular, until: until, reason: "429 Too Many Requests")
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 10, now: now)
                    == .stopped(until: until, reason: "429 Too Many Requests"))
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 10, now: until - 1)
                    == .stopped(until: until, reason: "429 Too Many Requests"))
            // A stop is per source.
            #expect(
                try await quota.reserve(source: .themealdb, day: day, cost: 1, limit: 10, now: now) == .counted(left: 9)
            )
            // Calls refused under the stop were not counted.
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 10, now: until + 1)
                    == .counted(left: 9))

            // A later stop replaces the earlier one, even when it ends sooner.
            try await quota.stop(.spoonacular, until: until + 3600, reason: "quota used up")
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 10, now: until + 2)
                    == .stopped(until: until + 3600, reason: "quota used up"))
            try await quota.stop(.spoonacular, until: until + 10, reason: "402 Payment Required")
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 10, now: until + 5)
                    == .stopped(until: until + 10, reason: "402 Payment Required"))
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 10, now: until + 11)
                    == .counted(left: 8))
            #expect(try await stores.rowCount("upstream_quota") == 1)
        }
    }

    @Test(arguments: StoreBackend.all) func aStopHoldsEvenWhenTheLimitIsReached(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let quota = stores.stores.callQuota
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 1, now: now)
                    == .counted(left: 0))
            try await quota.stop(.spoonacular, until: now + 60, reason: "slow down")
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 1, now: now + 1)
                    == .stopped(until: now + 60, reason: "slow down"))
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 1, now: now + 61)
                    == .limitReached)
        }
    }

    @Test(arguments: StoreBackend.all) func aNewDayStartsANewCount(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let quota = stores.stores.callQuota
            #expect(
                try await quota.reserve(source: .spoonacular, day: "2025-06-15", cost: 1, limit: 2, now: now)
                    == .counted(left: 1))
            #expect(
                try await quota.reserve(source: .spoonacular, day: "2025-06-15", cost: 1, limit: 2, now: now)
                    == .counted(left: 0))
            #expect(
                try await quota.reserve(source: .spoonacular, day: "2025-06-15", cost: 1, limit: 2, now: now)
                    == .limitReached)
            #expect(
                try await quota.reserve(source: .spoonacular, day: "2025-06-16", cost: 1, limit: 2, now: now + 86_400)
                    == .counted(left: 1))
            #expect(
                try await quota.reserve(source: .spoonacular, day: "2025-06-16", cost: 1, limit: 2, now: now + 86_400)
                    == .counted(left: 0))
            #expect(
                try await quota.reserve(source: .spoonacular, day: "2025-06-16", cost: 1, limit: 2, now: now + 86_400)
                    == .limitReached)
            #expect(try await stores.rowCount("upstream_calls") == 2)
        }
    }

    // MARK: Points

    static let search = "recipes/complexSearch"

    @Test(arguments: StoreBackend.all) func pointsExhaustedMidDayRefuseTheCallThatWouldOverspend(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            let quota = stores.stores.callQuota
            let search = Self.search
            #expect(try await quota.lastCost(source: .spoonacular, kind: search) == nil)
            // A search of unknown cost reserves a point; the API says it cost 2.5, and that the key has used 3 today
            // (someone else uses it too) with 4 left. Its count wins, and its total caps ours.
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 150, now: now)
                    == .counted(left: 149))
            try await quota.settle(
                source: .spoonacular, day: day, kind: search, reserved: 1,
                report: QuotaReport(cost: 2.5, used: 3, left: 4))
            #expect(try await quota.lastCost(source: .spoonacular, kind: search) == 2.5)
            let first = try await quota.usage(source: .spoonacular, day: day, limit: 150)
            #expect(first.used == 3 && first.left == 4)

            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 2.5, limit: 150, now: now)
                    == .counted(left: 1.5))
            try await quota.settle(
                source: .spoonacular, day: day, kind: search, reserved: 2.5,
                report: QuotaReport(cost: 2.5, used: 5.5, left: 1.5))
            // Mid-day, 1.5 points left: another search would overspend, so it is refused, however often it is asked.
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 2.5, limit: 150, now: now)
                    == .limitReached)
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 2.5, limit: 150, now: now)
                    == .limitReached)
            // A cheaper call still fits.
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 150, now: now)
                    == .counted(left: 0.5))
            let usage = try await quota.usage(source: .spoonacular, day: day, limit: 150)
            #expect(usage.used == 6.5 && usage.left == 0.5)
            // Our own limit holds as well as the API's total.
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 0.5, limit: 6, now: now) == .limitReached)
            #expect(try await quota.usage(source: .spoonacular, day: day, limit: 6).left == 0)
            // Another source keeps its own points.
            #expect(
                try await quota.reserve(source: .themealdb, day: day, cost: 1, limit: 150, now: now)
                    == .counted(left: 149))
            #expect(try await quota.lastCost(source: .themealdb, kind: search) == nil)
        }
    }

    @Test(arguments: StoreBackend.all) func anAnswerSettlesItsReservationAndTheAPIsCountOnlyRaisesOurs(
        backend: StoreBackend
    ) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let quota = stores.stores.callQuota
            let search = Self.search
            func usage() async throws -> (Double, Double) {
                let usage = try await quota.usage(source: .spoonacular, day: day, limit: 10)
                return (usage.used, usage.left)
            }
            // An answer that says nothing leaves the reservation spent.
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 10, now: now)
                    == .counted(left: 9))
            try await quota.settle(source: .spoonacular, day: day, kind: search, reserved: 1, report: QuotaReport())
            #expect(try await usage() == (1, 9))
            #expect(try await quota.lastCost(source: .spoonacular, kind: search) == nil)
            // A call cheaper than reserved gives the rest back; an API count below ours does not lower it.
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 2, limit: 10, now: now)
                    == .counted(left: 7))
            try await quota.settle(
                source: .spoonacular, day: day, kind: search, reserved: 2, report: QuotaReport(cost: 0.5, used: 1))
            #expect(try await usage() == (1.5, 8.5))
            #expect(try await quota.lastCost(source: .spoonacular, kind: search) == 0.5)
            // A higher API count wins.
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 10, now: now)
                    == .counted(left: 7.5))
            try await quota.settle(
                source: .spoonacular, day: day, kind: "recipes/{id}/information", reserved: 1,
                report: QuotaReport(used: 6))
            #expect(try await usage() == (6, 4))
            // Points left without the API's count cap the day at ours plus them.
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 10, now: now)
                    == .counted(left: 3))
            try await quota.settle(
                source: .spoonacular, day: day, kind: search, reserved: 1, report: QuotaReport(cost: 1, left: 2))
            #expect(try await usage() == (7, 2))
            // A later total replaces the earlier one, up as well as down, but never past our own limit.
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 10, now: now)
                    == .counted(left: 1))
            try await quota.settle(
                source: .spoonacular, day: day, kind: search, reserved: 1,
                report: QuotaReport(cost: 1, used: 8, left: 100))
            #expect(try await usage() == (8, 2))
        }
    }

    @Test(arguments: StoreBackend.all) func thePointsCounterSurvivesARestart(backend: StoreBackend) async throws {
        let reopen = try await backend.withStores { (stores: TestStores) async throws in
            let quota = stores.stores.callQuota
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 150, now: now)
                    == .counted(left: 149))
            try await quota.settle(
                source: .spoonacular, day: day, kind: Self.search, reserved: 1,
                report: QuotaReport(cost: 2.25, used: 40, left: 2))
            return stores.reopen
        }
        // Closed, then opened again as a restarted server opens it.
        let restarted = try await reopen()
        defer { restarted.close() }
        let usage = try await restarted.callQuota.usage(source: .spoonacular, day: day, limit: 150)
        #expect(usage.used == 40 && usage.left == 2)
        #expect(try await restarted.callQuota.lastCost(source: .spoonacular, kind: Self.search) == 2.25)
        #expect(
            try await restarted.callQuota.reserve(source: .spoonacular, day: day, cost: 2.25, limit: 150, now: now)
                == .limitReached)
        #expect(
            try await restarted.callQuota.reserve(source: .spoonacular, day: day, cost: 1, limit: 150, now: now)
                == .counted(left: 1))
    }

    @Test(arguments: StoreBackend.all) func concurrentReservationsOfSeveralPointsNeverOverspend(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            let quota = stores.stores.callQuota
            let day = day
            let now = now
            // Upstream's total (10) is below the limit: it is the one concurrent calls must not pass.
            #expect(
                try await quota.reserve(source: .spoonacular, day: day, cost: 1, limit: 25, now: now)
                    == .counted(left: 24))
            try await quota.settle(
                source: .spoonacular, day: day, kind: Self.search, reserved: 1,
                report: QuotaReport(cost: 1, used: 0, left: 10))
            let results = try await withThrowingTaskGroup(of: CallReservation.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        try await quota.reserve(source: .spoonacular, day: day, cost: 2.5, limit: 25, now: now)
                    }
                }
                var results: [CallReservation] = []
                for try await result in group { results.append(result) }
                return results
            }
            var left: [Double] = []
            for case .counted(let remaining) in results { left.append(remaining) }
            // Our call counted above left 9 of upstream's 10: room for three.
            #expect(left.sorted() == [1.5, 4, 6.5])
            #expect(results.filter { $0 == .limitReached }.count == 17)
        }
    }

    @Test(arguments: StoreBackend.all) func aNewDayForgetsTheAPIsTotal(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let quota = stores.stores.callQuota
            #expect(
                try await quota.reserve(source: .spoonacular, day: "2025-06-15", cost: 1, limit: 150, now: now)
                    == .counted(left: 149))
            try await quota.settle(
                source: .spoonacular, day: "2025-06-15", kind: Self.search, reserved: 1,
                report: QuotaReport(cost: 1.5, used: 150, left: 0))
            #expect(
                try await quota.reserve(source: .spoonacular, day: "2025-06-15", cost: 1.5, limit: 150, now: now)
                    == .limitReached)
            #expect(
                try await quota.reserve(
                    source: .spoonacular, day: "2025-06-16", cost: 1.5, limit: 150, now: now + 86_400)
                    == .counted(left: 148.5))
            let usage = try await quota.usage(source: .spoonacular, day: "2025-06-16", limit: 150)
            #expect(usage.used == 1.5 && usage.left == 148.5)
        }
    }
}
