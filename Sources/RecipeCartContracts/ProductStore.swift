import Foundation
import RecipeCartShelf

/// The shop's shelf: its products, their price history and which products each shopping-list ingredient is matched
/// to. Any change here bumps the catalog generation, since prices show on pages kept for a generation.
package protocol ProductStore: Sendable {
    /// Adds and updates products by SKU, all in one transaction: a till's file is applied whole or not at all. A
    /// price that is new or changed is kept in the history at the store clock's time. `progress` is told how many
    /// products have been written so far, a few hundred at a time.
    func save(_ products: [Product], progress: (@Sendable (Int) -> Void)?) async throws -> ProductSaveCounts
    /// The product with this SKU, active or not.
    func product(sku: String) async throws -> Product?
    /// The products whose SKU, name or GTIN holds `search` (any product when it is empty), by name.
    func products(search: String, limit: Int, offset: Int) async throws -> [Product]
    /// Every active product, for the shelf's suggestions and the pack choice.
    func activeProducts() async throws -> [Product]
    /// Saves a staff edit made from the copy at `edit.version`; another edit saved since wins, and is answered.
    func update(_ edit: Product) async throws -> ProductUpdate
    /// The product's prices, oldest first.
    func priceHistory(sku: String) async throws -> [PriceChange]
    /// The whole price history, oldest first, of every product whose price changed since `since`: what a recent
    /// reduction's "was" price is read from (`ReducedPrice`).
    func priceHistoriesChanged(since: Date) async throws -> [String: [PriceChange]]
    /// Confirms the products each ingredient (by its shopping-list key) is sold as, in one transaction; an empty list
    /// removes the ingredient's match. SKUs of no product are left out.
    func setMatches(_ matches: [String: [String]]) async throws
    /// The confirmed matches of these ingredient keys.
    func matches(ingredients keys: [String]) async throws -> [String: [String]]
    /// Every confirmed match, by ingredient key.
    func allMatches() async throws -> [String: [String]]
}

extension ProductStore {
    package func save(_ products: [Product]) async throws -> ProductSaveCounts {
        try await save(products, progress: nil)
    }

    package func setMatch(ingredient key: String, skus: [String]) async throws {
        try await setMatches([key: skus])
    }
}

/// What one `ProductStore.save` did.
package struct ProductSaveCounts: Sendable, Equatable {
    package var added = 0
    package var updated = 0
    package var unchanged = 0

    package init(added: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.added = added
        self.updated = updated
        self.unchanged = unchanged
    }
}

/// What became of a staff edit of a product.
package enum ProductUpdate: Sendable, Equatable {
    case saved(Product)
    /// Another edit was saved since the copy edited: the product as it is now.
    case raced(current: Product)
    case missing
}
