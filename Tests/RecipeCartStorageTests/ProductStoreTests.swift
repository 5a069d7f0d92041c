import Foundation
import RecipeCartContracts
import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage
import RecipeCartTestSupport
import Testing

/// The shelf's contract, on SQLite and on PostgreSQL alike: products saved by SKU, their price history, staff edits
/// that race, and the ingredients they are matched to.
@Suite struct ProductStoreTests {
    let started = Date(timeIntervalSince1970: 1_800_000_000)

    static func butter(price: Int = 249, stock: Int? = 12, version: Int = 0) -> Product {
        Product(
            sku: "BUT-250", name: "Butter 250 g", gtin: "5000000000001", aisle: .dairyEggs,
            packSize: PackSize(250, .gram)!, priceMinor: price, stock: stock, version: version)
    }

    static let onions = Product(
        sku: "ONI-KG", name: "Onions", aisle: .produce, packSize: PackSize(1000, .gram)!, priceMinor: 189,
        isSoldByWeight: true)

    @Test(arguments: StoreBackend.all) func savingAFileAddsUpdatesAndLeavesAloneBySKU(backend: StoreBackend)
        async throws
    {
        let clock = TestClock(started)
        try await backend.withStores(clock: AppClock { clock.now }) { (stores: TestStores) async throws in
            let shelf = stores.stores.products
            #expect(try await shelf.save([Self.butter(), Self.onions]) == ProductSaveCounts(added: 2))
            let stored = try #require(try await shelf.product(sku: "BUT-250"))
            #expect(stored == Self.butter(version: 1))
            #expect(try await shelf.product(sku: "ONI-KG")?.isSoldByWeight == true)
            #expect(try await shelf.product(sku: "ONI-KG")?.stock == nil)
            #expect(try await shelf.product(sku: "nope") == nil)

            clock.advance(by: 60)
            let counts = try await shelf.save([Self.butter(price: 229), Self.onions])
            #expect(counts == ProductSaveCounts(updated: 1, unchanged: 1))
            #expect(try await shelf.product(sku: "BUT-250")?.priceMinor == 229)
            #expect(try await shelf.product(sku: "BUT-250")?.version == 2)
            #expect(
                try await shelf.priceHistory(sku: "BUT-250") == [
                    PriceChange(priceMinor: 249, at: started), PriceChange(priceMinor: 229, at: started + 60),
                ])
            // A reduction's "was" price needs the whole history of what changed lately, not only the late part.
            #expect(
                try await shelf.priceHistoriesChanged(since: started + 30) == [
                    "BUT-250": [
                        PriceChange(priceMinor: 249, at: started), PriceChange(priceMinor: 229, at: started + 60),
                    ]
                ])
            // A change that is not a price keeps the history as it was.
            clock.advance(by: 60)
            #expect(try await shelf.save([Self.butter(price: 229, stock: 3)]) == ProductSaveCounts(updated: 1))
            #expect(try await shelf.priceHistory(sku: "BUT-250").count == 2)
            #expect(try await stores.rowCount("products") == 2)
        }
    }

    @Test(arguments: StoreBackend.all) func aSaveOfThousandsIsOneTransaction(backend: StoreBackend) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let shelf = stores.stores.products
            let many = (0..<1_200).map { index in
                Product(
                    sku: "SKU-\(index)", name: "Product \(index)", packSize: PackSize(500, .gram)!,
                    priceMinor: 100 + index)
            }
            #expect(try await shelf.save(many) == ProductSaveCounts(added: 1_200))
            #expect(try await shelf.activeProducts().count == 1_200)
            // A product the database refuses (a pack unit it does not know cannot be made; a negative stock can)
            // takes the whole file back with it.
            var broken = many
            broken[0].priceMinor = 1
            broken[1_100].stock = -1
            await #expect(throws: (any Error).self) { try await shelf.save(broken) }
            #expect(try await shelf.product(sku: "SKU-0")?.priceMinor == 100)
            #expect(try await stores.rowCount("product_prices") == 1_200)
        }
    }

    @Test(arguments: StoreBackend.all) func aStaffEditFromAnOlderCopyIsToldWhatWonTheRace(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            let shelf = stores.stores.products
            _ = try await shelf.save([Self.butter()])
            let copy = try #require(try await shelf.product(sku: "BUT-250"))
            var first = copy
            first.priceMinor = 199
            var second = copy
            second.stock = 0
            guard case .saved(let saved) = try await shelf.update(first) else {
                Issue.record("the first edit was not saved")
                return
            }
            #expect(saved.version == copy.version + 1 && saved.priceMinor == 199)
            #expect(try await shelf.update(second) == .raced(current: saved))
            #expect(try await shelf.product(sku: "BUT-250") == saved)
            #expect(try await shelf.priceHistory(sku: "BUT-250").map(\.priceMinor) == [249, 199])
            var ghost = copy
            ghost.sku = "GONE"
            #expect(try await shelf.update(ghost) == .missing)
        }
    }

    @Test(arguments: StoreBackend.all) func searchFindsBySKUNameOrGTINAndTakesNoWildcards(backend: StoreBackend)
        async throws
    {
        try await backend.withStores { (stores: TestStores) async throws in
            let shelf = stores.stores.products
            _ = try await shelf.save([Self.butter(), Self.onions])
            #expect(try await shelf.products(search: "", limit: 10, offset: 0).map(\.sku) == ["BUT-250", "ONI-KG"])
            #expect(try await shelf.products(search: "BUTTER", limit: 10, offset: 0).map(\.sku) == ["BUT-250"])
            #expect(try await shelf.products(search: "oni-", limit: 10, offset: 0).map(\.sku) == ["ONI-KG"])
            #expect(try await shelf.products(search: "5000000000001", limit: 10, offset: 0).map(\.sku) == ["BUT-250"])
            #expect(try await shelf.products(search: "%", limit: 10, offset: 0).isEmpty)
            #expect(try await shelf.products(search: "_", limit: 10, offset: 0).isEmpty)
            #expect(try await shelf.products(search: "", limit: 1, offset: 1).map(\.sku) == ["ONI-KG"])
        }
    }

    @Test(arguments: StoreBackend.all) func matchesAreConfirmedPerIngredientAndBumpTheGeneration(
        backend: StoreBackend
    ) async throws {
        try await backend.withStores { (stores: TestStores) async throws in
            let shelf = stores.stores.products
            let before = try await stores.stores.catalog.generation()
            _ = try await shelf.save([Self.butter(), Self.onions])
            let afterSave = try await stores.stores.catalog.generation()
            #expect(afterSave > before, "prices show on kept pages, so a saved shelf makes them stale")
            try await shelf.setMatch(ingredient: "butter", skus: ["BUT-250", "NO-SUCH-SKU"])
            try await shelf.setMatch(ingredient: "onion", skus: ["ONI-KG"])
            #expect(try await stores.stores.catalog.generation() > afterSave)
            #expect(
                try await shelf.matches(ingredients: ["butter", "onion", "salt"]) == [
                    "butter": ["BUT-250"], "onion": ["ONI-KG"],
                ])
            try await shelf.setMatch(ingredient: "onion", skus: [])
            #expect(try await shelf.matches(ingredients: ["onion"]).isEmpty)
        }
    }
}
