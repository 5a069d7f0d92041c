import Foundation
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// Read-only cart links' contract, on SQLite and on PostgreSQL alike.
@Suite struct CartShareStoreTests {
    let owner = SessionKey(sessionID: "share-owner")
    let neighbour = SessionKey(sessionID: "share-neighbour")
    let cake = RecipeID("bundled-1")!

    /// Stores with the bundled catalog, and a line in each session's cart: a link is made from a cart page, so its
    /// session has a row.
    private func withShares(
        _ backend: StoreBackend, clock: AppClock = .system, _ body: (TestStores) async throws -> Void
    ) async throws {
        try await backend.withStores(clock: clock) { (stores: TestStores) async throws in
            try await stores.installBundled()
            try await stores.carts.apply(.increment, recipe: cake, session: owner)
            try await stores.carts.apply(.increment, recipe: cake, session: neighbour)
            try await body(stores)
        }
    }

    @Test(arguments: StoreBackend.all) func aLinkShowsItsSessionUntilRevoked(backend: StoreBackend) async throws {
        try await withShares(backend) { (stores: TestStores) async throws in
            let shares = stores.stores.shares
            #expect(try await shares.token(session: owner) == nil)
            #expect(try await shares.session(sharedAs: "never-made") == nil)

            try await shares.share(session: owner, token: "first-token")
            #expect(try await shares.token(session: owner) == "first-token")
            #expect(try await shares.session(sharedAs: "first-token") == owner)
            #expect(try await shares.token(session: neighbour) == nil)

            try await shares.revoke(session: owner)
            #expect(try await shares.token(session: owner) == nil)
            #expect(try await shares.session(sharedAs: "first-token") == nil)
            #expect(try await stores.rowCount("cart_shares") == 0)
            // Revoking what is not there is no error.
            try await shares.revoke(session: owner)
        }
    }

    @Test(arguments: StoreBackend.all) func sharingAgainReplacesTheLinkAndTheOldOneStopsWorking(backend: StoreBackend)
        async throws
    {
        try await withShares(backend) { (stores: TestStores) async throws in
            let shares = stores.stores.shares
            try await shares.share(session: owner, token: "old-token")
            try await shares.share(session: neighbour, token: "neighbour-token")
            try await shares.share(session: owner, token: "new-token")
            #expect(try await shares.token(session: owner) == "new-token")
            #expect(try await shares.session(sharedAs: "new-token") == owner)
            #expect(try await shares.session(sharedAs: "old-token") == nil)
            #expect(try await stores.rowCount("cart_shares") == 2)

            // One session's revoke leaves the other's link alone.
            try await shares.revoke(session: owner)
            #expect(try await shares.session(sharedAs: "neighbour-token") == neighbour)
            #expect(try await shares.token(session: neighbour) == "neighbour-token")
        }
    }

    @Test(arguments: StoreBackend.all) func aLinkFollowsItsSessionToAFreshIdAndGoesWithAPurge(backend: StoreBackend)
        async throws
    {
        let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))
        try await withShares(backend, clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let shares = stores.stores.shares
            try await shares.share(session: owner, token: "moving-token")
            // A cart that starts from empty again moves everything its session kept to a fresh id.
            try await stores.carts.clear(session: owner)
            let fresh = SessionKey(sessionID: "share-owner-fresh")
            let moved = try await stores.carts.change(.increment, recipe: cake, session: owner, freshIfEmpty: fresh)
            #expect(moved.session == fresh)
            #expect(try await shares.token(session: owner) == nil)
            #expect(try await shares.token(session: fresh) == "moving-token")
            #expect(try await shares.session(sharedAs: "moving-token") == fresh)

            clock.advance(by: 90)
            #expect(try await stores.carts.purgeSessions(idleLongerThan: 60) == 2)
            #expect(try await shares.session(sharedAs: "moving-token") == nil)
            #expect(try await stores.rowCount("cart_shares") == 0)
        }
    }
}
