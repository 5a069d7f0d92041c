import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// Orders' contract, on SQLite and on PostgreSQL alike.
@Suite struct OrderStoreTests {
    let session = SessionKey(sessionID: "order-session")
    let cake = RecipeID("bundled-1")!
    let lava = RecipeID("bundled-2")!

    private func withOrders(
        _ backend: StoreBackend, clock: AppClock = .system, _ body: (TestStores) async throws -> Void
    ) async throws {
        try await backend.withStores(clock: clock) { (stores: TestStores) async throws in
            try await stores.installBundled()
            try await body(stores)
        }
    }

    /// The cart as `OrderController` copies it.
    private func content(of session: SessionKey, in stores: TestStores) async throws -> OrderContent {
        let cart = try await stores.carts.cart(session: session)
        let ingredients = try await stores.catalog.ingredients(of: cart.lines.map(\.recipe.id))
        return OrderContent(cart: cart, ingredients: ingredients, have: ["salt": true])
    }

    private func placed(_ placement: OrderPlacement) throws -> Order {
        guard case .placed(let order) = placement else {
            Issue.record("expected an order, got \(placement)")
            throw CancellationError()
        }
        return order
    }

    @Test(arguments: StoreBackend.all) func sendingTurnsTheCartIntoAnOrderAndEmptiesIt(backend: StoreBackend)
        async throws
    {
        try await withOrders(backend) { (stores: TestStores) async throws in
            try await stores.carts.apply(.set(2), recipe: cake, servings: 6, session: session)
            try await stores.carts.apply(.increment, recipe: lava, session: session)
            #expect(try await stores.carts.itemCount(session: session) == 3)
            let content = try await self.content(of: session, in: stores)
            let order = try placed(try await stores.orders.place(content, note: "Ann <b>", session: session))

            #expect(order.status == .new)
            #expect(order.note == "Ann <b>")
            #expect(order.content.lines.map(\.recipeID) == [cake.rawValue, lava.rawValue])
            #expect(order.content.lines.map(\.servings) == [6, nil])
            #expect(order.content.lines[0].ingredients.isEmpty == false)
            #expect(order.content.have == ["salt": true])
            #expect(try await stores.carts.cart(session: session).isEmpty)
            #expect(try await stores.carts.itemCount(session: session) == 0)

            let found = try #require(try await stores.orders.order(order.code, session: session))
            #expect(found.isOwn)
            #expect(found.order == order)
            #expect(
                try await stores.orders.order(order.code, session: SessionKey(sessionID: "someone-else"))?.isOwn
                    == false)
            #expect(try await stores.orders.order(order.code, session: nil)?.isOwn == false)
            #expect(try await stores.orders.orders(session: session).map(\.code) == [order.code])
            #expect(try await stores.orders.openOrders().map(\.code) == [order.code])
        }
    }

    @Test(arguments: StoreBackend.all) func aSecondSendOrAChangedCartPlacesNothing(backend: StoreBackend) async throws {
        try await withOrders(backend) { (stores: TestStores) async throws in
            #expect(
                try await stores.orders.place(OrderContent(lines: [], have: [:]), note: "", session: session)
                    == .emptyCart)
            try await stores.carts.apply(.increment, recipe: cake, session: session)
            let content = try await self.content(of: session, in: stores)
            try await stores.carts.apply(.increment, recipe: cake, session: session)
            #expect(try await stores.orders.place(content, note: "", session: session) == .cartChanged)
            #expect(try await stores.carts.itemCount(session: session) == 2)
            try await stores.carts.apply(.servings(8), recipe: cake, session: session)
            let forEight = try await self.content(of: session, in: stores)
            try await stores.carts.apply(.servings(4), recipe: cake, session: session)
            #expect(try await stores.orders.place(forEight, note: "", session: session) == .cartChanged)

            let now = try await self.content(of: session, in: stores)
            _ = try placed(try await stores.orders.place(now, note: "", session: session))
            #expect(try await stores.orders.place(now, note: "", session: session) == .emptyCart)
            #expect(try await stores.rowCount("orders") == 1)
        }
    }

    @Test(arguments: StoreBackend.all) func concurrentSendsOfOneCartMakeOneOrder(backend: StoreBackend) async throws {
        try await withOrders(backend) { (stores: TestStores) async throws in
            try await stores.carts.apply(.set(3), recipe: cake, session: session)
            try await stores.carts.apply(.set(1), recipe: lava, session: session)
            let content = try await self.content(of: session, in: stores)
            let orders = stores.orders
            let session = session
            let placements = try await withThrowingTaskGroup(of: OrderPlacement.self) { group in
                for _ in 0..<12 { group.addTask { try await orders.place(content, note: "", session: session) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let made = placements.compactMap { placement -> Order? in
                if case .placed(let order) = placement { return order }
                return nil
            }
            #expect(made.count == 1)
            #expect(placements.filter { $0 == .emptyCart }.count == 11)
            #expect(made.first?.content.lines.map(\.quantity) == [3, 1])
            #expect(try await stores.rowCount("orders") == 1)
            #expect(try await stores.rowCount("cart_items") == 0)
        }
    }

    @Test(arguments: StoreBackend.all) func statusMovesOneStepAtATimeAndOnlyFromWhereItIs(backend: StoreBackend)
        async throws
    {
        try await withOrders(backend) { (stores: TestStores) async throws in
            try await stores.carts.apply(.increment, recipe: cake, session: session)
            let order = try placed(
                try await stores.orders.place(try await content(of: session, in: stores), note: "", session: session))
            let orders = stores.orders
            #expect(try await orders.move(order.code, from: .new, to: .picking))
            #expect(try await orders.move(order.code, from: .new, to: .picking) == false)
            #expect(try await orders.move(order.code, from: .picking, to: .collected) == false)
            #expect(try await orders.move(order.code, from: .picking, to: .ready))
            #expect(try await orders.order(order.code, session: nil)?.order.status == .ready)
            #expect(try await orders.move(order.code, from: .ready, to: .collected))
            #expect(try await orders.openOrders().isEmpty)
            #expect(try await orders.move(order.code, from: .collected, to: .cancelled) == false)
            #expect(try await orders.move(OrderCode("ZZZZZZ")!, from: .new, to: .picking) == false)
            #expect(try await orders.order(order.code, session: session)?.order.status == .collected)
        }
    }

    @Test(arguments: StoreBackend.all) func openOrdersComeOldestFirstWithoutCancelledOnes(backend: StoreBackend)
        async throws
    {
        let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))
        try await withOrders(backend, clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            var codes: [OrderCode] = []
            for name in ["first", "second", "third"] {
                let shopper = SessionKey(sessionID: name)
                try await stores.carts.apply(.increment, recipe: cake, session: shopper)
                let content = try await self.content(of: shopper, in: stores)
                codes.append(try placed(try await stores.orders.place(content, note: name, session: shopper)).code)
                clock.advance(by: 60)
            }
            #expect(try await stores.orders.move(codes[1], from: .new, to: .cancelled))
            #expect(try await stores.orders.openOrders().map(\.code) == [codes[0], codes[2]])
            #expect(try await stores.orders.openOrders().map(\.note) == ["first", "third"])
        }
    }

    @Test(arguments: StoreBackend.all) func anOrderFollowsItsSessionToAFreshIdAndOutlivesAPurge(backend: StoreBackend)
        async throws
    {
        let clock = TestClock(Date(timeIntervalSince1970: 1_750_000_000))
        try await withOrders(backend, clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            try await stores.carts.apply(.increment, recipe: cake, session: session)
            let order = try placed(
                try await stores.orders.place(try await content(of: session, in: stores), note: "", session: session))
            // The next line starts an empty cart again, so everything the session kept moves to a fresh id.
            let fresh = SessionKey(sessionID: "fresh-after-order")
            try await stores.carts.change(.increment, recipe: lava, session: session, freshIfEmpty: fresh)
            #expect(try await stores.orders.orders(session: session).isEmpty)
            #expect(try await stores.orders.orders(session: fresh).map(\.code) == [order.code])
            #expect(try await stores.orders.order(order.code, session: fresh)?.isOwn == true)
            #expect(try await stores.orders.order(order.code, session: session)?.isOwn == false)

            clock.advance(by: 90)
            #expect(try await stores.carts.purgeSessions(idleLongerThan: 60) == 1)
            let kept = try #require(try await stores.orders.order(order.code, session: fresh))
            #expect(kept.isOwn == false)
            #expect(try await stores.orders.openOrders().map(\.code) == [order.code])
        }
    }

    @Test(arguments: StoreBackend.all) func aLineKeepsItsServingsThroughChangesAndUndo(backend: StoreBackend)
        async throws
    {
        try await withOrders(backend) { (stores: TestStores) async throws in
            let carts = stores.carts
            try await carts.apply(.increment, recipe: cake, servings: 2, session: session)
            try await carts.apply(.increment, recipe: cake, session: session)
            #expect(try await carts.line(of: cake, session: session)?.servings == 2)
            try await carts.apply(.servings(12), recipe: cake, session: session)
            #expect(try await carts.line(of: cake, session: session)?.servings == 12)
            #expect(try await carts.apply(.servings(3), recipe: lava, session: session) == 0)
            #expect(try await carts.line(of: lava, session: session) == nil)
            let removed = try await carts.change(.set(0), recipe: cake, session: session, freshIfEmpty: nil)
            _ = try await carts.undo(try #require(removed.undo).token, session: session)
            let restored = try #require(try await carts.line(of: cake, session: session))
            #expect(restored.servings == 12)
            #expect(restored.quantity == 2)
        }
    }
}
