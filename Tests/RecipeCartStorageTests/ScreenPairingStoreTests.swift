import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// Wall-screen pairings' contract, on SQLite and on PostgreSQL alike.
@Suite struct ScreenPairingStoreTests {
    let started = Date(timeIntervalSince1970: 1_750_000_000)
    let code = "digest-of-KQ74MX"
    let claim = SessionKey(sessionID: "claim-token-of-the-tv")
    let session = SessionKey(sessionID: "screen-session-id")
    let token = "digest-of-the-staff-token"

    @Test(arguments: StoreBackend.all) func aCodePairsOnceAndItsBrowserClaimsTheSessionOnce(backend: StoreBackend)
        async throws
    {
        let clock = TestClock(started)
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let pairings = stores.stores.screenPairings
            #expect(try await pairings.pairing(claim) == .none)
            #expect(try await pairings.offer(codeDigest: code, claim: claim, expiresAt: started + 600))
            #expect(try await pairings.pairing(claim) == .waiting(codeDigest: code))
            // Another waiting screen cannot take the same code.
            #expect(
                try await !pairings.offer(
                    codeDigest: code, claim: SessionKey(sessionID: "other"), expiresAt: started + 600))
            // Nothing to claim before staff pair it.
            #expect(try await !pairings.claim(claim, session: session))

            let id = try #require(
                try await pairings.pair(
                    codeDigest: code, name: "Back room TV", tokenDigest: token, claimBy: started + 600))
            #expect(try await pairings.pairing(claim) == .paired)
            // Used: a second pairing with the same code finds nothing.
            #expect(
                try await pairings.pair(codeDigest: code, name: "Again", tokenDigest: token, claimBy: started + 600)
                    == nil)
            #expect(try await pairings.screens().map(\.name) == ["Back room TV"])
            #expect(try await pairings.screens().first?.lastSeenAt == nil)
            #expect(try await !pairings.visit(session, tokenDigest: token))

            // Only the claim's holder gets the session, once.
            #expect(try await !pairings.claim(SessionKey(sessionID: "someone who read the code"), session: session))
            clock.advance(by: 5)
            #expect(try await pairings.claim(claim, session: session))
            #expect(try await !pairings.claim(claim, session: SessionKey(sessionID: "second")))
            #expect(try await pairings.pairing(claim) == .none)
            #expect(try await pairings.visit(session, tokenDigest: token))
            #expect(
                try await pairings.screens() == [
                    PairedScreen(id: id, name: "Back room TV", pairedAt: started, lastSeenAt: started + 5)
                ])

            // Only hashes are kept.
            #expect(try await stores.rowCount("screen_pairings") == 0)
            #expect(try await stores.rowCount("screens WHERE session_hash = '\(session.hash)'") == 1)
            #expect(try await stores.rowCount("screens WHERE session_hash = 'screen-session-id'") == 0)
        }
    }

    @Test(arguments: StoreBackend.all) func aCodeExpiresUnpairedAndIsForgotten(backend: StoreBackend) async throws {
        let clock = TestClock(started)
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let pairings = stores.stores.screenPairings
            #expect(try await pairings.offer(codeDigest: code, claim: claim, expiresAt: started + 600))
            clock.advance(by: 600)
            #expect(try await pairings.pairing(claim) == .none)
            #expect(
                try await pairings.pair(codeDigest: code, name: "Late", tokenDigest: token, claimBy: clock.now + 600)
                    == nil)
            #expect(try await pairings.screens().isEmpty)
            // The next offer forgets it, and its code can be drawn again.
            let other = SessionKey(sessionID: "next-tv")
            #expect(try await pairings.offer(codeDigest: code, claim: other, expiresAt: clock.now + 600))
            #expect(try await stores.rowCount("screen_pairings") == 1)
            #expect(try await pairings.pairing(other) == .waiting(codeDigest: code))
        }
    }

    @Test(arguments: StoreBackend.all) func aPairedScreenMustClaimBeforeItsDeadline(backend: StoreBackend) async throws
    {
        let clock = TestClock(started)
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let pairings = stores.stores.screenPairings
            #expect(try await pairings.offer(codeDigest: code, claim: claim, expiresAt: started + 600))
            clock.advance(by: 599)
            #expect(
                try await pairings.pair(codeDigest: code, name: "TV", tokenDigest: token, claimBy: clock.now + 600)
                    != nil)
            // Paired a second before the code expired: the screen still has the whole claim window.
            clock.advance(by: 599)
            #expect(try await pairings.pairing(claim) == .paired)
            clock.advance(by: 1)
            #expect(try await pairings.pairing(claim) == .none)
            #expect(try await !pairings.claim(claim, session: session))
        }
    }

    @Test(arguments: StoreBackend.all) func revokingEndsTheSessionOrThePendingClaim(backend: StoreBackend) async throws
    {
        let clock = TestClock(started)
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let pairings = stores.stores.screenPairings
            #expect(try await pairings.offer(codeDigest: code, claim: claim, expiresAt: started + 600))
            let first = try #require(
                try await pairings.pair(codeDigest: code, name: "Front", tokenDigest: token, claimBy: started + 600))
            #expect(try await pairings.claim(claim, session: session))

            let pending = SessionKey(sessionID: "pending-claim")
            #expect(try await pairings.offer(codeDigest: "digest-2", claim: pending, expiresAt: started + 600))
            clock.advance(by: 1)
            let second = try #require(
                try await pairings.pair(
                    codeDigest: "digest-2", name: "Back", tokenDigest: token, claimBy: started + 600))
            #expect(try await pairings.screens().map(\.id) == [first, second])

            // A revoke tells the boards, so that the screen's stream ends; one of nothing is no news.
            let boards = stores.stores.boardChanges
            #expect(boards.takeUntold().isEmpty)
            #expect(try await pairings.revoke(id: first))
            #expect(try await !pairings.visit(session, tokenDigest: token))
            #expect(boards.takeUntold() == .signOut)
            #expect(try await !pairings.revoke(id: first))
            #expect(try await !pairings.revoke(id: "no-such-screen"))
            #expect(boards.takeUntold().isEmpty)

            // Revoked before it took its session: it never gets one.
            #expect(try await pairings.revoke(id: second))
            #expect(try await pairings.pairing(pending) == .none)
            #expect(try await !pairings.claim(pending, session: SessionKey(sessionID: "late")))
            #expect(try await pairings.screens().isEmpty)
            #expect(try await stores.rowCount("screen_pairings") == 0)
        }
    }

    @Test(arguments: StoreBackend.all) func lastSeenIsWrittenAtMostEveryHalfMinute(backend: StoreBackend) async throws {
        let clock = TestClock(started)
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let pairings = stores.stores.screenPairings
            #expect(try await pairings.offer(codeDigest: code, claim: claim, expiresAt: started + 600))
            _ = try await pairings.pair(codeDigest: code, name: "TV", tokenDigest: token, claimBy: started + 600)
            #expect(try await pairings.claim(claim, session: session))
            clock.advance(by: ScreenPairingLimits.seenEvery - 1)
            #expect(try await pairings.visit(session, tokenDigest: token))
            #expect(try await pairings.screens().first?.lastSeenAt == started)
            clock.advance(by: 1)
            #expect(try await pairings.visit(session, tokenDigest: token))
            #expect(try await pairings.screens().first?.lastSeenAt == started + ScreenPairingLimits.seenEvery)
            // Restarts and other instances see the same.
            let reopened = try await stores.reopen()
            #expect(try await reopened.screenPairings.visit(session, tokenDigest: token))
            #expect(try await reopened.screenPairings.screens().count == 1)
            reopened.close()
        }
    }

    @Test(arguments: StoreBackend.all) func aNewStaffTokenSignsScreensOut(backend: StoreBackend) async throws {
        let clock = TestClock(started)
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let pairings = stores.stores.screenPairings
            #expect(try await pairings.offer(codeDigest: code, claim: claim, expiresAt: started + 600))
            _ = try await pairings.pair(codeDigest: code, name: "TV", tokenDigest: token, claimBy: started + 600)
            #expect(try await pairings.claim(claim, session: session))
            #expect(try await !pairings.visit(session, tokenDigest: "digest-of-a-new-token"))
            #expect(try await !pairings.visit(SessionKey(sessionID: "guessed"), tokenDigest: token))
            #expect(try await pairings.visit(session, tokenDigest: token))
        }
    }
}
