import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// Staff sign-ins' contract, on SQLite and on PostgreSQL alike.
@Suite struct StaffSessionStoreTests {
    let started = Date(timeIntervalSince1970: 1_750_000_000)
    let staff = SessionKey(sessionID: "staff-session")
    let digest = "digest-of-the-staff-token"

    @Test(arguments: StoreBackend.all) func aSessionIsActiveFromCreateUntilEnd(backend: StoreBackend) async throws {
        let clock = TestClock(started)
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let sessions = stores.stores.staffSessions
            let other = SessionKey(sessionID: "other-staff-session")
            #expect(try await !sessions.isActive(staff, tokenDigest: digest))
            try await sessions.create(staff, tokenDigest: digest, expiresAt: started + 3600)
            try await sessions.create(other, tokenDigest: digest, expiresAt: started + 3600)
            #expect(try await sessions.isActive(staff, tokenDigest: digest))
            #expect(try await sessions.isActive(other, tokenDigest: digest))

            // Only a hash of the cookie's id is kept.
            #expect(try await stores.rowCount("staff_sessions") == 2)
            #expect(try await stores.rowCount("staff_sessions WHERE id_hash = '\(staff.hash)'") == 1)
            #expect(try await stores.rowCount("staff_sessions WHERE id_hash = 'staff-session'") == 0)

            // Signing out ends this session only, and tells the boards so that its streams end; ending one that is gone
            // is no error, and no news.
            let boards = stores.stores.boardChanges
            #expect(boards.takeUntold().isEmpty)
            try await sessions.end(staff)
            #expect(try await !sessions.isActive(staff, tokenDigest: digest))
            #expect(try await sessions.isActive(other, tokenDigest: digest))
            #expect(boards.takeUntold() == .signOut)
            try await sessions.end(staff)
            #expect(try await stores.rowCount("staff_sessions") == 1)
            #expect(boards.takeUntold().isEmpty)
        }
    }

    @Test(arguments: StoreBackend.all) func aSessionMadeUnderAnotherTokenIsNotActive(backend: StoreBackend) async throws
    {
        let clock = TestClock(started)
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let sessions = stores.stores.staffSessions
            try await sessions.create(staff, tokenDigest: digest, expiresAt: started + 3600)
            #expect(try await !sessions.isActive(staff, tokenDigest: "digest-of-a-new-token"))
            #expect(try await !sessions.isActive(staff, tokenDigest: ""))
            #expect(try await !sessions.isActive(SessionKey(sessionID: "guessed"), tokenDigest: digest))
            #expect(try await sessions.isActive(staff, tokenDigest: digest))
        }
    }

    @Test(arguments: StoreBackend.all) func anExpiredSessionIsNotActive(backend: StoreBackend) async throws {
        let clock = TestClock(started)
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let sessions = stores.stores.staffSessions
            try await sessions.create(staff, tokenDigest: digest, expiresAt: started + 60)
            clock.advance(by: 59)
            #expect(try await sessions.isActive(staff, tokenDigest: digest))
            clock.advance(by: 2)
            #expect(try await !sessions.isActive(staff, tokenDigest: digest))
        }
    }

    @Test(arguments: StoreBackend.all) func expiredSessionsAreCleanedOnCreate(backend: StoreBackend) async throws {
        let clock = TestClock(started)
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let sessions = stores.stores.staffSessions
            let early = SessionKey(sessionID: "early")
            let lasting = SessionKey(sessionID: "lasting")
            try await sessions.create(early, tokenDigest: digest, expiresAt: started + 10)
            try await sessions.create(lasting, tokenDigest: digest, expiresAt: started + 7200)
            clock.advance(by: 20)
            // Expired but not yet cleaned: still a row, already not active.
            #expect(try await stores.rowCount("staff_sessions") == 2)
            #expect(try await !sessions.isActive(early, tokenDigest: digest))

            try await sessions.create(staff, tokenDigest: digest, expiresAt: clock.now + 3600)
            #expect(try await stores.rowCount("staff_sessions") == 2)
            #expect(try await stores.rowCount("staff_sessions WHERE id_hash = '\(early.hash)'") == 0)
            #expect(try await sessions.isActive(lasting, tokenDigest: digest))
            #expect(try await sessions.isActive(staff, tokenDigest: digest))
        }
    }
}
