import RecipeCartContracts
import RecipeCartDomain
import RecipeCartShelf

/// The products each shopping-list ingredient is offered as: the matches staff confirmed, or else what the shelf's
/// names suggest (`ShelfIndex`). The active products and the matches are read once a catalog generation, which every
/// change of the shelf advances, so pricing a page reads nothing once they are in memory.
package struct ShelfOffers: Sendable {
    private struct Shelf: Sendable {
        var index: ShelfIndex
        var confirmed: [String: [String]]
        /// The price histories of the products whose price is a reduction to show: only a new price change makes
        /// another one so, and that is a new generation.
        var recentPrices: [String: [PriceChange]]
    }

    let catalog: any CatalogStore
    let clock: AppClock
    private let shelf: GenerationMemo<Shelf>

    package init(products: any ProductStore, catalog: any CatalogStore, clock: AppClock) {
        self.catalog = catalog
        self.clock = clock
        shelf = GenerationMemo { _ in
            let now = clock.now()
            let shelf = Shelf(
                index: ShelfIndex(products: try await products.activeProducts()),
                confirmed: try await products.allMatches(),
                recentPrices: try await products.priceHistoriesChanged(
                    since: now.addingTimeInterval(-ReducedPrice.window)
                )
                .filter { ReducedPrice.wasPrice(history: $0.value, now: now) != nil })
            // Reading 10,000 products and their prices' histories had left 20 MB more resident for good.
            MemoryRelease.returnFreedMemory()
            return shelf
        }
    }

    /// The offers of each item's ingredient, by key; an ingredient the shop sells nothing for has none.
    package func offers(for items: [ShoppingList.Item]) async throws -> [String: [PackOffer]] {
        guard !items.isEmpty else { return [:] }
        let shelf = try await shelf.value(at: try await catalog.generation())
        var offers: [String: [PackOffer]] = [:]
        for item in items {
            let chosen =
                shelf.confirmed[item.key].map { skus in skus.compactMap(shelf.index.product(sku:)) }
                ?? shelf.index.suggestions(for: item.key, aisle: item.aisle)
            offers[item.key] = chosen.compactMap(\.offer)
        }
        return offers
    }

    /// The active product staff name by its SKU or its whole name, as it is offered now.
    package func offer(named text: String) async throws -> PackOffer? {
        try await shelf.value(at: try await catalog.generation()).index.product(named: text)?.offer
    }

    /// The "was" price of each of `skus` whose price now is a recent reduction.
    package func wasPrices(of skus: Set<String>) async throws -> [String: Int] {
        let shelf = try await shelf.value(at: try await catalog.generation())
        let now = clock.now()
        var prices: [String: Int] = [:]
        for sku in skus {
            if let history = shelf.recentPrices[sku], let was = ReducedPrice.wasPrice(history: history, now: now) {
                prices[sku] = was
            }
        }
        return prices
    }
}
