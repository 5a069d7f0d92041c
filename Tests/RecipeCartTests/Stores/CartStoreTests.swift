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
}
