import Foundation
import GRDB
import Testing
@testable import RecipeCart

@Suite struct CartStoreTests {
    let database: AppDatabase
    let carts: CartStore
    let session = SessionKey(sessionID: "test-session")
    let cake = RecipeID("bundled-1")!
    let lava = RecipeID("bundled-2")!

    init() async throws {
        database = try TestEnvironment().database()
        try await BundledCatalog.load().install(into: database)
        carts = CartStore(database: database)
    }

    @Test func incrementDecrementAndSet() async throws {
        #expect(try await carts.apply(.increment, recipe: cake, session: session) == 1)
        #expect(try await carts.apply(.increment, recipe: cake, session: session) == 2)
        #expect(try await carts.apply(.decrement, recipe: cake, session: session) == 1)
        #expect(try await carts.apply(.decrement, recipe: cake, session: session) == 0)
        #expect(try await carts.apply(.decrement, recipe: cake, session: session) == 0)
        #expect(try await carts.apply(.set(7), recipe: lava, session: session) == 7)
        #expect(try await carts.apply(.set(0), recipe: lava, session: session) == 0)
        #expect(try await carts.cart(session: session).isEmpty)
    }

    @Test func quantityStaysWithin1And99() async throws {
        try await carts.apply(.set(99), recipe: cake, session: session)
        #expect(try await carts.apply(.increment, recipe: cake, session: session) == 99)
        #expect(try await carts.apply(.set(500), recipe: cake, session: session) == 99)
    }

    @Test func cartsAreSeparatePerSession() async throws {
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

    @Test func concurrentIncrementsAreNeverLost() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask { try await carts.apply(.increment, recipe: cake, session: session) }
            }
            try await group.waitForAll()
        }
        #expect(try await carts.quantity(of: cake, session: session) == 50)
    }

    @Test func firstWriteCreatesTheSessionRow() async throws {
        let before = try await database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sessions") }
        #expect(before == 0)
        try await carts.apply(.increment, recipe: cake, session: session)
        let after = try await database.read { db in try String.fetchAll(db, sql: "SELECT id_hash FROM sessions") }
        #expect(after == [session.hash])
    }

    @Test func undoPutsBackTheLinesExactlyAsTheyWent() async throws {
        try await carts.apply(.set(3), recipe: cake, session: session)
        try await carts.apply(.increment, recipe: lava, session: session)
        let started = Date(timeIntervalSince1970: 1_750_000_000)
        #expect(try await CartStore(database: database, clock: .fixed(started)).startCooking(lava, minutes: 25, session: session))
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
    }

    @Test func theStaffBoardSeesEveryCartWithALine() async throws {
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
