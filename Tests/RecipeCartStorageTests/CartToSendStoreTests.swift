import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// What a send reads of its session in one read, on SQLite and on PostgreSQL alike: the cart as its shopper sees it,
/// their "I have this" marks, and the order the cart is changing; another session's are not in it.
@Suite struct CartToSendStoreTests {
    @Test(arguments: StoreBackend.all) func aSendReadsTheCartTheMarksAndTheOrderItChanges(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            try await stores.installBundled()
            let ann = SessionKey(sessionID: "ann")
            let bob = SessionKey(sessionID: "bob")
            let cake = RecipeID("bundled-1")!
            let pasta = RecipeID("bundled-33")!
            #expect(
                try await stores.orders.cartToSend(session: ann)
                    == CartToSend(cart: Cart(lines: []), have: [:], changing: nil))

            try await stores.carts.apply(.increment, recipe: cake, session: ann)
            try await stores.carts.apply(.increment, recipe: pasta, session: ann)
            try await stores.carts.apply(.increment, recipe: pasta, session: ann)
            try await stores.carts.apply(.increment, recipe: cake, session: bob)
            let lists = stores.stores.shoppingLists
            try await lists.setHave(true, ingredient: "spaghetti", session: ann)
            try await lists.setHave(false, ingredient: "salt", session: ann)
            try await lists.setHave(true, ingredient: "flour", session: bob)
            var read = try await stores.orders.cartToSend(session: ann)
            #expect(read.cart == (try await stores.carts.cart(session: ann)))
            #expect(read.cart.lines.map(\.quantity) == [1, 2])
            #expect(read.have == ["spaghetti": true, "salt": false])
            #expect(read.changing == nil)

            // Sent, and opened again to change: the read names the order the cart changes.
            guard
                case .placed(let order) = try await stores.orders.place(
                    OrderContent(
                        cart: read.cart,
                        ingredients: try await stores.catalog.ingredients(of: read.cart.lines.map(\.recipe.id)),
                        have: read.have),
                    note: "", session: ann)
            else {
                Issue.record("the order was not placed")
                return
            }
            #expect(try await stores.orders.reopen(order.code, session: ann) == .reopened)
            read = try await stores.orders.cartToSend(session: ann)
            #expect(read.changing == order.code)
            #expect(read.cart.lines.map(\.recipe.id) == [cake, pasta])
            #expect(try await stores.orders.cartToSend(session: bob).changing == nil)
        }
    }
}
