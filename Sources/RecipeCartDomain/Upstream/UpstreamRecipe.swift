import Foundation

/// A recipe mapped from an upstream API, with its remote picture kept apart.
///
/// Pages only ever show local images, so `recipe.imagePath` stays nil here; the image cache
/// downloads `imageURL` and fills the path in later.
package struct UpstreamRecipe: Sendable, Equatable {
    package var recipe: Recipe
    package var imageURL: URL?

    package init(recipe: Recipe, imageURL: URL?) {
        self.recipe = recipe
        self.imageURL = imageURL
    }
}

/// A list entry mapped from an upstream API; `summary.imagePath` stays nil like `UpstreamRecipe`'s.
/// A category left empty, or a nil `area`, is one the listing did not say; `diets` are those its category implies.
package struct UpstreamSummary: Sendable, Equatable {
    package var summary: RecipeSummary
    package var area: String?
    package var diets: [Diet]
    package var imageURL: URL?

    package init(summary: RecipeSummary, area: String? = nil, diets: [Diet] = [], imageURL: URL?) {
        self.summary = summary
        self.area = area
        self.diets = diets
        self.imageURL = imageURL
    }
}

/// Why an upstream record could not become a recipe; a list mapper skips such records.
package enum UpstreamMappingError: Error, Equatable, CustomStringConvertible {
    /// The upstream id does not make a well-formed `RecipeID` (TheMealDB: not all digits; Spoonacular: not positive).
    case invalidID(String)
    /// The record has no usable title.
    case missingTitle(id: String)

    package var description: String {
        switch self {
        case .invalidID(let id): "upstream id \"\(id)\" is not valid"
        case .missingTitle(let id): "upstream record \(id) has no title"
        }
    }
}
