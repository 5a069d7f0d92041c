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

    /// What each recipe costs a serving by the amount it uses, at the products its ingredients are sold as; a recipe
    /// nothing of which could be priced is left out.
    func servingCosts(of recipes: [(id: RecipeID, ingredients: [Ingredient], servings: Int?)]) async throws
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
