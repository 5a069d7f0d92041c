import Foundation
import Testing
@testable import RecipeCart

/// The upstream call quota's contract, on SQLite and on PostgreSQL alike.
@Suite struct CallQuotaStoreTests {
    let now = Date(timeIntervalSince1970: 1_750_000_000)
    let day = "2025-06-15"

    @Test(arguments: StoreBackend.all) func countsDownToTheLimitThenRefuses(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let quota = stores.stores.callQuota
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 3, now: now) == .counted(left: 2))
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 3, now: now) == .counted(left: 1))
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 3, now: now) == .counted(left: 0))
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 3, now: now) == .limitReached)
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 3, now: now) == .limitReached)
            // Another source keeps its own count.
            #expect(try await quota.reserve(source: .themealdb, day: day, limit: 3, now: now) == .counted(left: 2))
        }
    }

    @Test(arguments: StoreBackend.all) func aLimitOfZeroOrBelowTheCountRefuses(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let quota = stores.stores.callQuota
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 0, now: now) == .limitReached)
            for left in (1...4).reversed() {
                #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 5, now: now) == .counted(left: left))
            }
            // The limit lowered below what was spent (a restart with a smaller --daily-call-limit): nothing more today.
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 2, now: now) == .limitReached)
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 5, now: now) == .counted(left: 0))
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 5, now: now) == .limitReached)
        }
    }

    @Test(arguments: StoreBackend.all) func concurrentReservationsNeverGoOverTheLimit(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let quota = stores.stores.callQuota, day = day, now = now
            let results = try await withThrowingTaskGroup(of: CallReservation.self) { group in
                for _ in 0..<40 {
                    group.addTask { try await quota.reserve(source: .spoonacular, day: day, limit: 25, now: now) }
                }
                var results: [CallReservation] = []
                for try await result in group { results.append(result) }
                return results
            }
            var left: [Int] = []
            for case .counted(let remaining) in results { left.append(remaining) }
            #expect(left.count == 25)
            // Each call counted once: every "left" from 24 down to 0 exactly once.
            #expect(left.sorted() == Array(0..<25))
            #expect(results.filter { $0 == .limitReached }.count == 15)
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 25, now: now) == .limitReached)
        }
    }

    @Test(arguments: StoreBackend.all) func aStopHoldsUntilItsTimeThenCallsCountAgain(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let quota = stores.stores.callQuota
            let until = now + 600
            try await quota.stop(.spoonacular, until: until, reason: "429 Too Many Requests")
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 10, now: now)
                == .stopped(until: until, reason: "429 Too Many Requests"))
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 10, now: until - 1)
                == .stopped(until: until, reason: "429 Too Many Requests"))
            // A stop is per source.
            #expect(try await quota.reserve(source: .themealdb, day: day, limit: 10, now: now) == .counted(left: 9))
            // Calls refused under the stop were not counted.
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 10, now: until + 1) == .counted(left: 9))

            // A later stop replaces the earlier one, even when it ends sooner.
            try await quota.stop(.spoonacular, until: until + 3600, reason: "quota used up")
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 10, now: until + 2)
                == .stopped(until: until + 3600, reason: "quota used up"))
            try await quota.stop(.spoonacular, until: until + 10, reason: "402 Payment Required")
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 10, now: until + 5)
                == .stopped(until: until + 10, reason: "402 Payment Required"))
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 10, now: until + 11) == .counted(left: 8))
            #expect(try await stores.rowCount("upstream_quota") == 1)
        }
    }

    @Test(arguments: StoreBackend.all) func aStopHoldsEvenWhenTheLimitIsReached(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let quota = stores.stores.callQuota
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 1, now: now) == .counted(left: 0))
            try await quota.stop(.spoonacular, until: now + 60, reason: "slow down")
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 1, now: now + 1) == .stopped(until: now + 60, reason: "slow down"))
            #expect(try await quota.reserve(source: .spoonacular, day: day, limit: 1, now: now + 61) == .limitReached)
        }
    }

    @Test(arguments: StoreBackend.all) func aNewDayStartsANewCount(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let quota = stores.stores.callQuota
            #expect(try await quota.reserve(source: .spoonacular, day: "2025-06-15", limit: 2, now: now) == .counted(left: 1))
            #expect(try await quota.reserve(source: .spoonacular, day: "2025-06-15", limit: 2, now: now) == .counted(left: 0))
            #expect(try await quota.reserve(source: .spoonacular, day: "2025-06-15", limit: 2, now: now) == .limitReached)
            #expect(try await quota.reserve(source: .spoonacular, day: "2025-06-16", limit: 2, now: now + 86_400) == .counted(left: 1))
            #expect(try await quota.reserve(source: .spoonacular, day: "2025-06-16", limit: 2, now: now + 86_400) == .counted(left: 0))
            #expect(try await quota.reserve(source: .spoonacular, day: "2025-06-16", limit: 2, now: now + 86_400) == .limitReached)
            #expect(try await stores.rowCount("upstream_calls") == 2)
        }
    }
}
