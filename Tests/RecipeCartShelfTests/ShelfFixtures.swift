import RecipeCartDomain
import RecipeCartShelf

/// Offers and needs the shelf's tests share.
enum ShelfFixtures {
    static func offer(
        _ sku: String, _ name: String, _ amount: Double, _ unit: PackSize.Unit, _ priceMinor: Int,
        weighed: Bool = false, stock: Int? = nil
    ) -> PackOffer {
        PackOffer(
            sku: sku, name: name, packSize: PackSize(amount, unit)!, priceMinor: priceMinor, isSoldByWeight: weighed,
            stock: stock)!
    }

    /// The need of one ingredient written as these measures in one recipe.
    static func need(_ name: String, _ measures: String...) -> IngredientNeed {
        let entry = ShoppingList.Entry(
            recipeTitle: "Test", ingredients: measures.map { Ingredient(name: name, measure: $0) }, factor: 1)
        return IngredientNeed.needs(for: [entry])[IngredientName(name).key]!
    }

    static let butter250 = offer("BUT-250", "Butter", 250, .gram, 249)
    static let butter500 = offer("BUT-500", "Butter", 500, .gram, 449)
}
