import RecipeCartDomain
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// "I have this" marks and the aisle order, on SQLite and on PostgreSQL alike.
@Suite struct ShoppingListStoreTests {
    @Test(arguments: StoreBackend.all) func marksAreKeptPerSessionAndReadForManyAtOnce(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            let lists = stores.stores.shoppingLists
            let ann = SessionKey(sessionID: "ann")
            let bob = SessionKey(sessionID: "bob")
            let eve = SessionKey(sessionID: "eve")
            try await lists.setHave(true, ingredient: "spaghetti", session: ann)
            try await lists.setHave(false, ingredient: "salt", session: ann)
            try await lists.setHave(true, ingredient: "salt", session: bob)
            try await lists.setHave(false, ingredient: "salt", session: bob)
            #expect(try await lists.have(session: ann) == ["spaghetti": true, "salt": false])
            #expect(
                try await lists.have(sessions: [ann, bob, eve]) == [
                    ann: ["spaghetti": true, "salt": false], bob: ["salt": false],
                ])
            #expect(try await lists.have(session: eve).isEmpty)
            #expect(try await lists.have(sessions: []).isEmpty)
        }
    }

    @Test(arguments: StoreBackend.all) func theAisleOrderRoundTrips(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let lists = stores.stores.shoppingLists
            #expect(try await lists.aisleOrder().isEmpty)
            try await lists.setAisleOrder(["pantry", "produce"])
            try await lists.setAisleOrder(["spices", "produce", "pantry"])
            #expect(try await lists.aisleOrder() == ["spices", "produce", "pantry"])
        }
    }
}
