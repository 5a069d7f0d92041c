import Foundation
import RecipeCartDomain

/// Recipes as every page reads them, with the shop's edits applied. SQLite and PostgreSQL keep them the same way.
package protocol CatalogStore: Sendable {
    func recipe(_ id: RecipeID) async throws -> Recipe?
    /// The recipe as one shopper sees it: their own version, when they saved one, over the shop's copy.
    func recipe(_ id: RecipeID, for session: SessionKey?) async throws -> Recipe?
    func summaries(_ ids: [RecipeID]) async throws -> [RecipeID: RecipeSummary]
    /// Ingredients of many recipes at once, in recipe order.
    func ingredients(of ids: [RecipeID]) async throws -> [RecipeID: [Ingredient]]
    /// A number that grows with every change to recipes or the shop's edits, wherever the change was made.
    func generation() async throws -> Int
    func categories() async throws -> [String]
    /// The cuisines of the recipes here, for the Browse page's cuisine filter.
    func areas() async throws -> [String]
    /// Everything a search looks in (each recipe's title, category, tags, ingredient names and diets), held in memory.
    func searchIndex() async throws -> SearchIndex
    func browse(_ query: BrowseQuery) async throws -> BrowsePage
    /// Every recipe the query's search and filters find, in no order; its page and `have` play no part.
    func recipeIDs(matching query: BrowseQuery) async throws -> [RecipeID]
    /// Every recipe's ingredient names, for "What can I make with…".
    func ingredientLists() async throws -> [IngredientList]
    /// Inserts or refreshes recipes from one source. Local edits are kept apart and survive this.
    func upsert(_ recipes: [Recipe], source: String) async throws
    /// Makes `recipes` all there is of `source`, unless `version` of them is already installed.
    /// - Returns: true when the recipes were (re)installed.
    func install(_ recipes: [Recipe], source: String, version: String) async throws -> Bool
}
