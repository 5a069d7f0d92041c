import RecipeCartDomain
import RecipeCartShelf

/// Prices shopping lists at the shop's shelf, in the shop's currency.
struct ShelfPricing: Sendable {
    let offers: ShelfOffers
    let currency: Currency

    /// The list's aisle groups (as `ShoppingList.groups` makes them from `entries`) in whole packs, priced.
    func basket(entries: [ShoppingList.Entry], groups: [ShoppingListGroup]) async throws -> Basket {
        let bought = groups.filter { $0.aisle != nil }.flatMap(\.items)
        return Basket(
            groups: groups, needs: IngredientNeed.needs(for: entries), offers: try await offers.offers(for: bought))
    }
}
