/// Builds the merged shopping list for carts: every line's ingredients times its quantity.
public struct ShoppingListBuilder: Sendable {
    let catalog: any CatalogStore

    public init(catalog: any CatalogStore) {
        self.catalog = catalog
    }

    public func list(for carts: [Cart]) async throws -> ShoppingList {
        let lines = carts.flatMap(\.lines)
        let ingredients = try await catalog.ingredients(of: Array(Set(lines.map(\.recipe.id))))
        return ShoppingList(entries: lines.map { line in
            ShoppingList.Entry(
                recipeTitle: line.recipe.title, ingredients: ingredients[line.recipe.id] ?? [], factor: line.ingredientFactor)
        })
    }
}
