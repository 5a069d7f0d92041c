import RecipeCartDomain
import RecipeCartShelf

/// Prices shopping lists at the shop's shelf, in the shop's currency.
package struct ShelfPricing: Sendable {
    package let offers: ShelfOffers
    package let currency: Currency

    package init(offers: ShelfOffers, currency: Currency) {
        self.offers = offers
        self.currency = currency
    }

    /// The list's aisle groups (as `ShoppingList.groups` makes them from `entries`) in whole packs, priced; `held` is
    /// what the order the list changes holds of the shelf, counted as left for it.
    package func basket(entries: [ShoppingList.Entry], groups: [ShoppingListGroup], held: HeldStock? = nil) async throws
        -> Basket
    {
        let bought = groups.filter { $0.aisle != nil }.flatMap(\.items)
        let offered = try await offers.offers(for: bought)
        return Basket(
            groups: groups, needs: IngredientNeed.needs(for: entries), offers: held?.adding(to: offered) ?? offered)
    }

    /// What each recipe costs a serving by the amount it uses, at the products its ingredients are sold as; a recipe
    /// nothing of which could be priced is left out.
    package func servingCosts(of recipes: [(id: RecipeID, ingredients: [Ingredient], servings: Int?)]) async throws
        -> [RecipeID: CostPerServing]
    {
        // The list of every recipe at once names each ingredient's key and aisle, which the offers are found by.
        let entries = recipes.map { ShoppingList.Entry(recipeTitle: "", ingredients: $0.ingredients, factor: 1) }
        let offers = try await offers.offers(for: ShoppingList(entries: entries).items)
        var costs: [RecipeID: CostPerServing] = [:]
        for recipe in recipes where costs[recipe.id] == nil {
            costs[recipe.id] = CostPerServing(
                ServingCost(ingredients: recipe.ingredients, servings: recipe.servings, offers: offers))
        }
        return costs
    }
}
