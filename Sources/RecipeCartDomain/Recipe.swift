import Foundation

/// A recipe as every page sees it: upstream or bundled data with any local edit already applied.
package struct Recipe: Sendable, Equatable {
    package var id: RecipeID
    package var title: String
    package var description: String
    package var category: String
    /// The cuisine (TheMealDB's `strArea`, Spoonacular's first cuisine): "Italian", "Thai"; nil when unknown.
    package var area: String?
    package var servings: Int?
    package var readyInMinutes: Int?
    package var diets: [Diet]
    package var tags: [String]
    /// Path under `/images/`, never a remote URL, so pages stay within `img-src 'self'`.
    package var imagePath: String?
    package var sourceURL: URL?
    package var ingredients: [Ingredient]
    package var steps: [String]
    package var isEdited: Bool
    /// Shown as one shopper's own version (`PersonalCopy`), not the shop's copy.
    package var isPersonalCopy = false

    package init(
        id: RecipeID, title: String, description: String, category: String, area: String? = nil,
        servings: Int?, readyInMinutes: Int?, diets: [Diet], tags: [String],
        imagePath: String?, sourceURL: URL?, ingredients: [Ingredient], steps: [String],
        isEdited: Bool = false
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.category = category
        self.area = area
        self.servings = servings
        self.readyInMinutes = readyInMinutes
        self.diets = diets
        self.tags = tags
        self.imagePath = imagePath
        self.sourceURL = sourceURL
        self.ingredients = ingredients
        self.steps = steps
        self.isEdited = isEdited
    }

    package var summary: RecipeSummary {
        RecipeSummary(
            id: id, title: title, category: category, servings: servings,
            readyInMinutes: readyInMinutes, imagePath: imagePath
        )
    }
}

/// What a tile, a cart line or a list row needs of a recipe.
package struct RecipeSummary: Sendable, Equatable {
    package var id: RecipeID
    package var title: String
    package var category: String
    package var servings: Int?
    package var readyInMinutes: Int?
    package var imagePath: String?

    package init(
        id: RecipeID, title: String, category: String, servings: Int?, readyInMinutes: Int?, imagePath: String?
    ) {
        self.id = id
        self.title = title
        self.category = category
        self.servings = servings
        self.readyInMinutes = readyInMinutes
        self.imagePath = imagePath
    }
}

package struct Ingredient: Sendable, Hashable, Codable {
    package var name: String
    package var measure: String
    /// The aisle a recipe API named (Spoonacular's `aisle`, such as "Milk, Eggs, Other Dairy"); nil otherwise.
    package var aisle: String?

    package init(name: String, measure: String, aisle: String? = nil) {
        self.name = name
        self.measure = measure
        self.aisle = aisle
    }
}
