import Foundation
import RecipeCartDomain
import RecipeCartStorage
import Testing

@testable import RecipeCart

/// Sending an order renews the session's id, on SQLite and on PostgreSQL alike: everything the session kept moves to
/// the new id in the order's own transaction, nothing stays with the old one, and the renewal is found for ten
/// minutes, then no more.
@Suite struct SessionRenewalStoreTests {
    @Test(arguments: StoreBackend.all) func aSendMovesTheSessionToItsNewIdAndKeepsTheRenewalTenMinutes(
        backend: StoreBackend
    ) async throws {
        let clock = TestClock(Date(timeIntervalSince1970: 1_800_000_000))
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            try await stores.installBundled()
            let old = SessionKey(sessionID: "planted-or-not")
            let new = SessionKey(sessionID: "renewed")
            let cake = RecipeID("bundled-1")!
            try await stores.carts.apply(.increment, recipe: cake, session: old)
            try await stores.stores.shoppingLists.setHave(true, ingredient: "flour", session: old)
            let read = try await stores.orders.cartToSend(session: old)
            let content = OrderContent(
                cart: read.cart, ingredients: try await stores.catalog.ingredients(of: [cake]), have: read.have)
            guard
                case .placed(let order) = try await stores.orders.place(
                    content, note: "Ann", slot: nil, session: old, renewedAs: new)
            else {
                Issue.record("the order was not placed")
                return
            }
            #expect(try await stores.orders.orders(session: old).isEmpty, "the old id keeps nothing")
            #expect(try await stores.orders.order(order.code, session: old)?.isOwn == false)
            #expect(try await stores.orders.orders(session: new).map(\.code) == [order.code])
            #expect(try await stores.orders.order(order.code, session: new)?.isOwn == true)
            #expect(try await stores.orders.cartToSend(session: new).have == ["flour": true])
            #expect(try await stores.orders.cartToSend(session: old).have.isEmpty)

            #expect(try await stores.orders.renewal(of: old, to: new))
            #expect(!(try await stores.orders.renewal(of: old, to: SessionKey(sessionID: "guessed"))))
            #expect(!(try await stores.orders.renewal(of: new, to: old)))
            clock.advance(by: SQLOrderStore.renewalWindow + 1)
            #expect(!(try await stores.orders.renewal(of: old, to: new)), "ten minutes later the old id is no way in")
        }
    }
}
