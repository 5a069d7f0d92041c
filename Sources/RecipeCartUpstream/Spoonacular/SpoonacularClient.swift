import Foundation
import RecipeCartDomain

/// Spoonacular: `complexSearch` with the recipe information for searches, `/information` for one recipe.
/// Its dish types don't line up with RecipeCart's categories, so it lists none (no `CategoryListing`).
package struct SpoonacularClient: RecipeProvider {
    /// Results a search asks for; each costs quota points, so no more than a page shows.
    package static let searchResultCount = 24

    package let api: UpstreamAPI

    package var source: UpstreamSource { .spoonacular }

    package func owns(_ id: RecipeID) -> Bool { Self.spoonacularID(of: id) != nil }

    package func search(_ text: String) async throws(UpstreamFault) -> [FetchedRecipe] {
        let query = [("query", text), ("addRecipeInformation", "true"), ("number", String(Self.searchResultCount))]
        guard
            let response = try await api.get(
                SpoonacularSearchResponse.self, path: "recipes/complexSearch", query: query)
        else { return [] }
        return response.results.compactMap { dto in
            // A search result lists no ingredients unless upstream chose to: without them it is a tile's worth.
            (try? SpoonacularMapper.recipe(from: dto, imageBase: response.imageBase))
                .map { FetchedRecipe($0, isComplete: dto.extendedIngredients != nil) }
        }
    }

    package func recipe(_ id: RecipeID) async throws(UpstreamFault) -> FetchedRecipe? {
        guard let number = Self.spoonacularID(of: id) else { return nil }
        guard let dto = try await api.get(SpoonacularRecipe.self, path: "recipes/\(number)/information") else {
            return nil
        }
        guard let recipe = try? SpoonacularMapper.recipe(from: dto), recipe.recipe.id == id else { return nil }
        return FetchedRecipe(recipe)
    }

    /// `716426` for `spoon-716426`; nil for another source's id.
    package static func spoonacularID(of id: RecipeID) -> Int? {
        guard id.rawValue.hasPrefix(SpoonacularMapper.idPrefix),
            let number = Int(id.rawValue.dropFirst(SpoonacularMapper.idPrefix.count)),
            SpoonacularMapper.recipeID(forSpoonacularID: number) == id
        else { return nil }
        return number
    }
}
