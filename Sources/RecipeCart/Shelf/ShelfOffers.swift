import RecipeCartDomain
import RecipeCartShelf
import RecipeCartStorage

/// The products each shopping-list ingredient is offered as: the matches staff confirmed, or else what the shelf's
/// names suggest (`ShelfIndex`). The active products are read once a catalog generation, which every change of the
/// shelf advances.
struct ShelfOffers: Sendable {
    let products: any ProductStore
    let catalog: any CatalogStore
    private let index: GenerationMemo<ShelfIndex>

    init(products: any ProductStore, catalog: any CatalogStore) {
        self.products = products
        self.catalog = catalog
        index = GenerationMemo { _ in ShelfIndex(products: try await products.activeProducts()) }
    }

    /// The offers of each item's ingredient, by key; an ingredient the shop sells nothing for has none.
    func offers(for items: [ShoppingList.Item]) async throws -> [String: [PackOffer]] {
        guard !items.isEmpty else { return [:] }
        let index = try await index.value(at: try await catalog.generation())
        let confirmed = try await products.matches(ingredients: items.map(\.key))
        var offers: [String: [PackOffer]] = [:]
        for item in items {
            let chosen =
                confirmed[item.key].map { skus in skus.compactMap { index.bySKU[$0] } }
                ?? index.suggestions(for: item.key, aisle: item.aisle)
            offers[item.key] = chosen.compactMap(\.offer)
        }
        return offers
    }
}
