import Foundation
import RecipeCartContracts
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// The staff sign-in throttle's contract: in memory on SQLite's one instance, shared in PostgreSQL.
@Suite struct SignInThrottleTests {
    /// A time with a fraction that adds exactly, so the waits below are exact.
    let started = Date(timeIntervalSince1970: 1_750_000_000.25)
    let client = "203.0.113.7"

    @Test(arguments: StoreBackend.all) func fiveTriesThenAWaitUntilTheOldestLeavesTheWindow(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            let throttle = stores.stores.signInThrottle
            for second in 0..<SignInLimit.maximumFailures {
                #expect(
                    try await throttle.reserve(for: client, now: started + Double(second)) == nil, "try \(second + 1)")
            }
            let wait = try #require(try await throttle.reserve(for: client, now: started + 5))
            #expect((1...60).contains(wait))
            #expect(wait == 55)
            // A refused try is not counted: the wait still runs from the oldest try.
            #expect(try await throttle.reserve(for: client, now: started + 30) == 30)
            #expect(try await throttle.reserve(for: client, now: started + 59.5) == 1)
        }
    }

    @Test(arguments: StoreBackend.all) func afterTheWindowTriesAreAllowedAgain(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let throttle = stores.stores.signInThrottle
            for second in 0..<5 {
                #expect(try await throttle.reserve(for: client, now: started + Double(second)) == nil)
            }
            #expect(try await throttle.reserve(for: client, now: started + 10) != nil)
            // The first try has left the window: one try is free, and the next waits for the second try to leave.
            #expect(try await throttle.reserve(for: client, now: started + 60.5) == nil)
            #expect(try await throttle.reserve(for: client, now: started + 60.6) == 1)
            // All of them gone: five tries again.
            let later = started + 200
            for second in 0..<5 {
                #expect(try await throttle.reserve(for: client, now: later + Double(second)) == nil)
            }
            #expect(try await throttle.reserve(for: client, now: later + 5) == 55)
        }
    }

    @Test(arguments: StoreBackend.all) func releaseGivesBackExactlyOneTry(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let throttle = stores.stores.signInThrottle
            for second in 0..<5 {
                #expect(try await throttle.reserve(for: client, now: started + Double(second)) == nil)
            }
            // The third try proved right.
            try await throttle.release(for: client, reservedAt: started + 2)
            #expect(try await throttle.reserve(for: client, now: started + 6) == nil)
            #expect(try await throttle.reserve(for: client, now: started + 7) == 53)
            // A release of a try never made gives nothing back.
            try await throttle.release(for: client, reservedAt: started + 2)
            try await throttle.release(for: client, reservedAt: started + 100)
            #expect(try await throttle.reserve(for: client, now: started + 8) == 52)
        }
    }

    @Test(arguments: StoreBackend.all) func releaseOfABurstGivesBackOneTryOfIt(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let throttle = stores.stores.signInThrottle
            // Five posts in the same instant: a release takes back one of them, not all five.
            for _ in 0..<5 {
                #expect(try await throttle.reserve(for: client, now: started) == nil)
            }
            try await throttle.release(for: client, reservedAt: started)
            #expect(try await throttle.reserve(for: client, now: started + 1) == nil)
            #expect(try await throttle.reserve(for: client, now: started + 2) == 58)
        }
    }

    @Test(arguments: StoreBackend.all) func aReleaseFindsATryReservedAtAnyInstant(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let throttle = stores.stores.signInThrottle
            // Times as `Date()` gives them, down to the nanosecond.
            let now = Date()
            let tries = (0..<5).map { now.addingTimeInterval(Double($0) * 0.001_234_567) }
            for time in tries {
                #expect(try await throttle.reserve(for: client, now: time) == nil)
            }
            try await throttle.release(for: client, reservedAt: tries[3])
            #expect(try await throttle.reserve(for: client, now: now + 1) == nil)
            let wait = try #require(try await throttle.reserve(for: client, now: now + 2))
            #expect((58...59).contains(wait))
        }
    }

    @Test(arguments: StoreBackend.all) func otherClientsAreUnaffected(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let throttle = stores.stores.signInThrottle
            let other = "198.51.100.23"
            for second in 0..<5 {
                #expect(try await throttle.reserve(for: client, now: started + Double(second)) == nil)
            }
            #expect(try await throttle.reserve(for: client, now: started + 5) != nil)
            for second in 0..<5 {
                #expect(try await throttle.reserve(for: other, now: started + 5 + Double(second)) == nil)
            }
            #expect(try await throttle.reserve(for: other, now: started + 10) == 55)
            // A release for one client gives nothing to another.
            try await throttle.release(for: other, reservedAt: started + 2)
            #expect(try await throttle.reserve(for: other, now: started + 11) == 54)
            try await throttle.release(for: client, reservedAt: started + 5)
            #expect(try await throttle.reserve(for: client, now: started + 12) == 48)
        }
    }

    @Test(arguments: StoreBackend.all) func concurrentTriesGetFiveThroughAtMost(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let throttle = stores.stores.signInThrottle
            let client = client
            let started = started
            let waits = try await withThrowingTaskGroup(of: Int?.self) { group in
                for index in 0..<20 {
                    group.addTask { try await throttle.reserve(for: client, now: started + Double(index) / 100) }
                }
                var waits: [Int?] = []
                for try await wait in group { waits.append(wait) }
                return waits
            }
            #expect(waits.filter { $0 == nil }.count == 5)
            #expect(waits.compactMap { $0 }.allSatisfy { (1...60).contains($0) })
        }
    }

    /// Tries counted with a clock read a moment after this one's (another instance, or a burst) put the oldest try in
    /// this one's future: its wait is still the window at most, never 61 s.
    @Test(arguments: StoreBackend.all) func aWaitIsNeverLongerThanTheWindow(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let throttle = stores.stores.signInThrottle
            for _ in 0..<5 { #expect(try await throttle.reserve(for: client, now: started + 0.5) == nil) }
            #expect(try await throttle.reserve(for: client, now: started) == 60)
            #expect(try await throttle.reserve(for: client, now: started + 30) == 31)
        }
    }
}
