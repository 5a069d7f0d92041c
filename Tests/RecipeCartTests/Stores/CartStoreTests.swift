import Foundation
import Testing
@testable import RecipeCart

/// The cart's contract, on SQLite and on PostgreSQL alike.
@Suite struct CartStoreTests {
    let session = SessionKey(sessionID: "test-session")
    let cake = RecipeID("bundled-1")!
    let lava = RecipeID("bundled-2")!

    /// Stores with the bundled catalog, for one test on one backend.
    private func withCarts(_ backend: StoreBackend, clock: AppClock = .system, _ body: (TestStores) async throws -> Void) async throws {
        try await backend.withStores(clock: clock) { (stores: TestStores) async throws in
            try await stores.installBundled()
            try await body(stores)
        }
    }

    @Test(arguments: StoreBackend.all) func incrementDecrementAndSet(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts
            #expect(try await carts.apply(.increment, recipe: cake, session: session) == 1)
            #expect(try await carts.apply(.increment, recipe: cake, session: session) == 2)
            #expect(try await carts.apply(.decrement, recipe: cake, session: session) == 1)
            #expect(try await carts.apply(.decrement, recipe: cake, session: session) == 0)
            #expect(try await carts.apply(.decrement, recipe: cake, session: session) == 0)
            #expect(try await carts.apply(.set(7), recipe: lava, session: session) == 7)
            #expect(try await carts.apply(.set(0), recipe: lava, session: session) == 0)
            #expect(try await carts.cart(session: session).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.all) func quantityStaysWithin1And99(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            try await stores.carts.apply(.set(99), recipe: cake, session: session)
            #expect(try await stores.carts.apply(.increment, recipe: cake, session: session) == 99)
            #expect(try await stores.carts.apply(.set(500), recipe: cake, session: session) == 99)
        }
    }

    @Test(arguments: StoreBackend.all) func cartsAreSeparatePerSession(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts
            let other = SessionKey(sessionID: "other-session")
            try await carts.apply(.set(3), recipe: cake, session: session)
            try await carts.apply(.increment, recipe: lava, session: other)
            #expect(try await carts.cart(session: session).lines.map(\.recipe.id) == [cake])
            #expect(try await carts.itemCount(session: session) == 3)
            #expect(try await carts.itemCount(session: other) == 1)
            try await carts.clear(session: session)
            #expect(try await carts.itemCount(session: session) == 0)
            #expect(try await carts.itemCount(session: other) == 1)
        }
    }

    @Test(arguments: StoreBackend.all) func concurrentIncrementsAreNeverLost(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts, cake = cake, session = session
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<50 {
                    group.addTask { try await carts.apply(.increment, recipe: cake, session: session) }
                }
                try await group.waitForAll()
            }
            #expect(try await carts.quantity(of: cake, session: session) == 50)
        }
    }

    @Test(arguments: StoreBackend.all) func firstWriteCreatesTheSessionRow(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            #expect(try await stores.rowCount("sessions") == 0)
            #expect(try await !stores.carts.hasSession(session))
            try await stores.carts.apply(.increment, recipe: cake, session: session)
            #expect(try await stores.rowCount("sessions") == 1)
            #expect(try await stores.carts.hasSession(session))
        }
    }

    @Test(arguments: StoreBackend.all) func aCartStartingFromEmptyMovesToTheFreshSession(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts, fresh = SessionKey(sessionID: "fresh-session")
            let first = try await carts.change(.increment, recipe: cake, session: session, freshIfEmpty: fresh)
            #expect(first.session == fresh && first.quantity == 1 && first.title != nil)
            #expect(try await carts.itemCount(session: session) == 0)
            // A cart with lines keeps its session.
            let second = try await carts.change(.increment, recipe: lava, session: fresh, freshIfEmpty: SessionKey(sessionID: "unused"))
            #expect(second.session == fresh)
            #expect(try await carts.itemCount(session: fresh) == 2)
            #expect(try await stores.rowCount("sessions") == 1)
        }
    }

    @Test(arguments: StoreBackend.all) func undoPutsBackTheLinesExactlyAsTheyWent(backend: StoreBackend) async throws {
        let started = Date(timeIntervalSince1970: 1_750_000_000)
        try await withCarts(backend, clock: .fixed(started)) { (stores: TestStores) async throws in
            let carts = stores.carts
            try await carts.apply(.set(3), recipe: cake, session: session)
            try await carts.apply(.increment, recipe: lava, session: session)
            #expect(try await carts.startCooking(lava, minutes: 25, session: session))
            let before = try await carts.cart(session: session)
            #expect(before.lines.last?.cooking == CookingTimer(startedAt: started, minutes: 25))

            try await carts.clear(session: session)
            #expect(try await carts.cart(session: session).isEmpty)
            let undo = try #require(try await carts.pendingUndo(session: session))
            #expect(undo.kind == .clear)
            #expect(undo.recipeIDs == [cake, lava])
            #expect(try await carts.undo(undo.token, session: session) == undo)
            #expect(try await carts.cart(session: session) == before)
            #expect(try await carts.pendingUndo(session: session) == nil)
            #expect(try await carts.undo(undo.token, session: session) == nil)
        }
    }

    @Test(arguments: StoreBackend.all) func removingTheLastBatchOffersUndo(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts
            try await carts.apply(.increment, recipe: cake, session: session)
            let removed = try await carts.change(.decrement, recipe: cake, session: session, freshIfEmpty: nil)
            #expect(removed.quantity == 0 && removed.title == nil)
            let undo = try #require(removed.undo)
            #expect(undo.kind == .remove && undo.recipeIDs == [cake])
            #expect(try await carts.undo(undo.token, session: session) == undo)
            #expect(try await carts.quantity(of: cake, session: session) == 1)
        }
    }

    @Test(arguments: StoreBackend.all) func cookingStartsAndStopsOnlyOnALine(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts
            #expect(try await !carts.startCooking(cake, minutes: 10, session: session))
            try await carts.apply(.increment, recipe: cake, session: session)
            #expect(try await carts.startCooking(cake, minutes: 10, session: session))
            #expect(try await carts.line(of: cake, session: session)?.cooking?.minutes == 10)
            try await carts.stopCooking(cake, session: session)
            #expect(try await carts.line(of: cake, session: session)?.cooking == nil)
        }
    }

    @Test(arguments: StoreBackend.all) func idleSessionsArePurgedWithTheirCarts(backend: StoreBackend) async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))
        try await withCarts(backend, clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let other = SessionKey(sessionID: "other-session")
            try await stores.carts.apply(.increment, recipe: cake, session: session)
            clock.advance(by: 90)
            try await stores.carts.apply(.increment, recipe: lava, session: other)
            #expect(try await stores.carts.purgeSessions(idleLongerThan: 60) == 1)
            #expect(try await stores.carts.itemCount(session: session) == 0)
            #expect(try await stores.carts.itemCount(session: other) == 1)
            #expect(try await stores.rowCount("sessions") == 1)
        }
    }

    /// The count is read between every kind of write, so one remembered from before a write would show.
    @Test(arguments: StoreBackend.all) func theCountFollowsEveryWriteThatChangesIt(backend: StoreBackend) async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))
        try await withCarts(backend, clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let carts = stores.carts, fresh = SessionKey(sessionID: "fresh-session")
            #expect(try await carts.itemCount(session: session) == 0)
            #expect(try await carts.itemCount(session: fresh) == 0)
            try await carts.change(.increment, recipe: cake, session: session, freshIfEmpty: fresh)
            #expect(try await carts.itemCount(session: session) == 0)
            #expect(try await carts.itemCount(session: fresh) == 1)
            try await carts.apply(.set(4), recipe: lava, session: fresh)
            #expect(try await carts.itemCount(session: fresh) == 5)
            try await carts.apply(.decrement, recipe: cake, session: fresh)
            #expect(try await carts.itemCount(session: fresh) == 4)
            try await carts.clear(session: fresh)
            #expect(try await carts.itemCount(session: fresh) == 0)
            let undo = try #require(try await carts.pendingUndo(session: fresh))
            #expect(try await carts.undo(undo.token, session: fresh) != nil)
            #expect(try await carts.itemCount(session: fresh) == 4)
            clock.advance(by: 90)
            #expect(try await carts.purgeSessions(idleLongerThan: 60) == 1)
            #expect(try await carts.itemCount(session: fresh) == 0)
        }
    }

    @Test(arguments: StoreBackend.all) func theStaffBoardSeesEveryCartWithALine(backend: StoreBackend) async throws {
        try await withCarts(backend) { (stores: TestStores) async throws in
            let carts = stores.carts
            let other = SessionKey(sessionID: "other-session"), emptied = SessionKey(sessionID: "emptied-session")
            try await carts.apply(.set(2), recipe: cake, session: session)
            try await carts.apply(.increment, recipe: lava, session: other)
            try await carts.apply(.increment, recipe: lava, session: emptied)
            try await carts.clear(session: emptied)
            let board = try await carts.activeCarts()
            #expect(Set(board.map(\.sessionHash)) == [session.hash, other.hash])
            #expect(board.first { $0.sessionHash == session.hash }?.cart == (try await carts.cart(session: session)))
            #expect(try await carts.line(of: cake, session: session)?.quantity == 2)
            #expect(try await carts.line(of: lava, session: session) == nil)
        }
    }
}
