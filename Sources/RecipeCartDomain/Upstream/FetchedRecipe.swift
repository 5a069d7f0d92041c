import Crypto
import Foundation

/// A recipe as one upstream answer gave it, ready to be stored.
package struct FetchedRecipe: Sendable, Equatable {
    package var recipe: Recipe
    package var imageURL: URL?
    /// False for a tile's worth (TheMealDB's `filter.php`, a Spoonacular search result without ingredients):
    /// such a record never replaces a complete one, and the full one is fetched when its page is opened.
    package var isComplete: Bool

    package init(_ upstream: UpstreamRecipe, isComplete: Bool = true) {
        recipe = upstream.recipe
        imageURL = upstream.imageURL
        self.isComplete = isComplete
    }

    package init(_ upstream: UpstreamSummary) {
        let summary = upstream.summary
        recipe = Recipe(
            id: summary.id, title: summary.title, description: "", category: summary.category, area: upstream.area,
            servings: summary.servings, readyInMinutes: summary.readyInMinutes, diets: upstream.diets, tags: [],
            imagePath: nil, sourceURL: nil, ingredients: [], steps: [])
        imageURL = upstream.imageURL
        isComplete = false
    }

    /// A tile says only what its listing knew: the category it was listed under (`filter.php?c=`), or its cuisine
    /// (`filter.php?a=`). What it leaves blank is kept from the recipe stored before it (`category` with the `diets`
    /// it implied, `area`, '' for none), so listing a meal by cuisine does not forget its category, nor the other way
    /// round.
    package func filledIn(category: String, area: String, diets: [Diet]) -> FetchedRecipe {
        guard !isComplete else { return self }
        var filled = self
        if filled.recipe.category.isEmpty {
            filled.recipe.category = category
            filled.recipe.diets = diets
        }
        if filled.recipe.area == nil, !area.isEmpty { filled.recipe.area = area }
        return filled
    }

    /// SHA-256 of everything stored, so a refresh or an import can tell "unchanged" from "updated".
    package var contentHash: String {
        let canonical = Canonical(
            title: recipe.title, description: recipe.description, category: recipe.category, area: recipe.area,
            servings: recipe.servings, readyInMinutes: recipe.readyInMinutes, diets: recipe.diets.map(\.rawValue),
            tags: recipe.tags, sourceURL: recipe.sourceURL?.absoluteString, ingredients: recipe.ingredients,
            steps: recipe.steps, imageURL: imageURL?.absoluteString, isComplete: isComplete)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = (try? encoder.encode(canonical)) ?? Data()
        return Hex.encode(SHA256.hash(data: data))
    }

    private struct Canonical: Encodable {
        package var title, description, category: String
        package var area: String?
        package var servings, readyInMinutes: Int?
        package var diets, tags: [String]
        package var sourceURL: String?
        package var ingredients: [Ingredient]
        package var steps: [String]
        package var imageURL: String?
        package var isComplete: Bool
    }
}
