import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// Sending an order renews the session's id, on SQLite and on PostgreSQL alike: everything the session kept moves to
/// the new id in the order's own transaction and nothing stays with the old one; the renewal is recorded ten minutes,
/// and a cart change that finds the old id's cart empty follows it only when it names exactly the renewed id (its
/// browser's claim made it), else moves to its fresh id as any first line does; a change racing the send ends with
/// the order, under one id.
@Suite struct SessionRenewalStoreTests {
    let cake = RecipeID("bundled-1")!
    let lava = RecipeID("bundled-2")!
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// The session's cart, as a send copies it.
    private func content(of session: SessionKey, in stores: TestStores) async throws -> OrderContent {
        let read = try await stores.orders.cartToSend(session: session)
        return OrderContent(
            cart: read.cart, ingredients: try await stores.catalog.ingredients(of: read.cart.lines.map(\.recipe.id)),
            have: read.have)
    }

    private func place(_ session: SessionKey, renewedAs renewed: SessionKey, in stores: TestStores) async throws
        -> OrderPlacement
    {
        try await stores.orders.place(
            try await content(of: session, in: stores), note: "Ann 0612345678", slot: nil, session: session,
            renewedAs: renewed)
    }

    @Test(arguments: StoreBackend.all) func aSendMovesEverythingTheSessionKeptToItsNewIdAndRecordsIt(
        backend: StoreBackend
    ) async throws {
        let clock = TestClock(start)
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            try await stores.installBundled()
            let old = SessionKey(sessionID: "planted-or-not")
            let new = SessionKey(sessionID: "renewed")
            try await stores.carts.apply(.increment, recipe: cake, session: old)
            try await stores.stores.shoppingLists.setHave(true, ingredient: "flour", session: old)
            try await stores.stores.shares.share(session: old, token: "share-token")
            guard case .placed(let order) = try await place(old, renewedAs: new, in: stores) else {
                Issue.record("the order was not placed")
                return
            }

            #expect(try await stores.orders.orders(session: new).map(\.code) == [order.code])
            #expect(try await stores.orders.order(order.code, session: new)?.isOwn == true)
            #expect(try await stores.stores.shoppingLists.have(session: new) == ["flour": true])
            #expect(try await stores.stores.shares.token(session: new) == "share-token")
            #expect(try await stores.stores.shares.session(sharedAs: "share-token") == new)
            #expect(try await stores.carts.hasSession(new))

            #expect(try await stores.orders.orders(session: old).isEmpty, "the old id keeps nothing")
            #expect(try await stores.orders.order(order.code, session: old)?.isOwn == false)
            #expect(try await stores.stores.shoppingLists.have(session: old).isEmpty)
            #expect(try await stores.stores.shares.token(session: old) == nil)
            #expect(try await stores.carts.cart(session: old).isEmpty)
            #expect(!(try await stores.carts.hasSession(old)))

            #expect(try await stores.orders.renewal(of: old, to: new))
            #expect(!(try await stores.orders.renewal(of: old, to: SessionKey(sessionID: "guessed"))))
            #expect(!(try await stores.orders.renewal(of: new, to: old)))
            clock.advance(by: SessionRenewalSchema.window + 1)
            #expect(!(try await stores.orders.renewal(of: old, to: new)), "ten minutes later the old id is no way in")
        }
    }

    @Test(arguments: StoreBackend.all) func aSecondSendMovesTheFirstOrderAndTheShoppersOwnRecipes(
        backend: StoreBackend
    ) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            try await stores.installBundled()
            let first = SessionKey(sessionID: "first")
            let second = SessionKey(sessionID: "second")
            let third = SessionKey(sessionID: "third")
            try await stores.carts.apply(.increment, recipe: cake, session: first)
            guard case .placed(let firstOrder) = try await place(first, renewedAs: second, in: stores) else {
                Issue.record("the first order was not placed")
                return
            }
            let original = try #require(try await stores.catalog.recipe(lava))
            let mine = RecipeEdit(
                title: "My Lava Cake", description: original.description, steps: original.steps, picture: .keep)
            _ = try await stores.edits.save(mine, for: lava, copy: .personal(second), expected: .original)
            _ = try await stores.edits.save(mine, for: cake, copy: .personal(second), expected: .original)
            let undo = try #require(try await stores.edits.revert(cake, copy: .personal(second)))
            try await stores.carts.apply(.increment, recipe: lava, session: second)
            guard case .placed(let secondOrder) = try await place(second, renewedAs: third, in: stores) else {
                Issue.record("the second order was not placed")
                return
            }

            #expect(
                Set(try await stores.orders.orders(session: third).map(\.code)) == [firstOrder.code, secondOrder.code])
            #expect(try await stores.catalog.recipe(lava, for: third)?.title == "My Lava Cake")
            #expect(try await stores.edits.pendingUndo(of: cake, copy: .personal(third))?.token == undo.token)
            #expect(try await stores.orders.orders(session: second).isEmpty, "the id before keeps nothing")
            #expect(try await stores.catalog.recipe(lava, for: second)?.title == original.title)
            #expect(try await stores.edits.pendingUndo(of: cake, copy: .personal(second)) == nil)
        }
    }

    @Test(arguments: StoreBackend.all) func aFirstLineFollowsOnlyTheRenewalItNamesWhileItIsRecorded(
        backend: StoreBackend
    ) async throws {
        let clock = TestClock(start)
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            try await stores.installBundled()
            let carts = stores.carts
            let old = SessionKey(sessionID: "sent-from")
            let renewed = SessionKey(sessionID: "renewed")
            try await carts.apply(.increment, recipe: cake, session: old)
            guard case .placed(let order) = try await place(old, renewedAs: renewed, in: stores) else {
                Issue.record("the order was not placed")
                return
            }

            // A made-up id, or none: the first line moves to its fresh id, as it always did.
            let wrongFresh = SessionKey(sessionID: "fresh-wrong")
            let wrong = try await carts.change(
                .increment, recipe: lava, session: old, freshIfEmpty: wrongFresh,
                following: SessionKey(sessionID: "made-up"))
            #expect(wrong.session == wrongFresh)
            let noneFresh = SessionKey(sessionID: "fresh-none")
            let none = try await carts.change(
                .increment, recipe: lava, session: old, freshIfEmpty: noneFresh, following: nil)
            #expect(none.session == noneFresh)
            #expect(try await carts.cart(session: renewed).isEmpty, "neither reached the renewed cart")

            // The renewed id itself: the line goes into the renewed session's cart, beside its order.
            let followed = try await carts.change(
                .increment, recipe: lava, session: old, freshIfEmpty: SessionKey(sessionID: "fresh-unused"),
                following: renewed)
            #expect(followed.session == renewed && followed.quantity == 1 && followed.title != nil)
            #expect(try await carts.cart(session: renewed).lines.map(\.recipe.id) == [lava])
            #expect(try await stores.orders.orders(session: renewed).map(\.code) == [order.code])
            #expect(try await carts.cart(session: old).isEmpty)

            // Past the window the renewal is no way in: the first line moves to its fresh id.
            clock.advance(by: SessionRenewalSchema.window + 1)
            let lateFresh = SessionKey(sessionID: "fresh-late")
            let late = try await carts.change(
                .increment, recipe: cake, session: old, freshIfEmpty: lateFresh, following: renewed)
            #expect(late.session == lateFresh)
            #expect(try await carts.cart(session: renewed).lines.map(\.recipe.id) == [lava])
        }
    }

    /// One browser's send and, from its other tab, a change sent at once, as the reliability suite races them: the
    /// change lands first (the send then finds the cart changed and places nothing) or after (it follows the send),
    /// and either way the order and the cart end under one id, the old one keeping nothing of an order.
    @Test(arguments: StoreBackend.all) func aChangeRacingTheSendEndsUnderTheSendsId(backend: StoreBackend) async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            try await stores.installBundled()
            let carts = stores.carts
            let orders = stores.orders
            let lava = lava
            for round in 0..<12 {
                let old = SessionKey(sessionID: "racing-\(round)")
                let renewed = SessionKey(sessionID: "renewed-\(round)")
                let fresh = SessionKey(sessionID: "fresh-\(round)")
                try await carts.apply(.increment, recipe: cake, session: old)
                let content = try await content(of: old, in: stores)
                async let sending = orders.place(
                    content, note: "Ann", slot: nil, session: old, renewedAs: renewed)
                async let changing = carts.change(
                    .increment, recipe: lava, session: old, freshIfEmpty: fresh, following: renewed)
                let (placement, change) = try await (sending, changing)
                #expect(change.session != fresh, "the change never leaves for a third id")
                switch placement {
                case .placed(let order):
                    #expect(change.session == renewed)
                    #expect(try await orders.orders(session: renewed).map(\.code) == [order.code])
                    #expect(try await carts.cart(session: renewed).lines.map(\.recipe.id) == [lava])
                    #expect(try await orders.orders(session: old).isEmpty)
                    #expect(try await carts.cart(session: old).isEmpty)
                case .cartChanged:
                    #expect(change.session == old)
                    #expect(try await carts.cart(session: old).lines.map(\.recipe.id) == [cake, lava])
                    #expect(try await orders.orders(session: old).isEmpty)
                    #expect(!(try await orders.renewal(of: old, to: renewed)))
                default:
                    Issue.record("round \(round): \(placement)")
                }
            }
        }
    }
}
