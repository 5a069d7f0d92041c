import Foundation

/// A recipe as every page sees it: upstream or bundled data with any local edit already applied.
public struct Recipe: Sendable, Equatable {
    public var id: RecipeID
    public var title: String
    public var description: String
    public var category: String
    /// The cuisine (TheMealDB's `strArea`, Spoonacular's first cuisine): "Italian", "Thai"; nil when unknown.
    public var area: String?
    public var servings: Int?
    public var readyInMinutes: Int?
    public var diets: [Diet]
    public var tags: [String]
    /// Path under `/images/`, never a remote URL, so pages stay within `img-src 'self'`.
    public var imagePath: String?
    public var sourceURL: URL?
    public var ingredients: [Ingredient]
    public var steps: [String]
    public var isEdited: Bool
    /// Shown as one shopper's own version (`PersonalCopy`), not the shop's copy.
    public var isPersonalCopy = false

    public init(
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

    public var summary: RecipeSummary {
        RecipeSummary(
            id: id, title: title, category: category, servings: servings,
            readyInMinutes: readyInMinutes, imagePath: imagePath
        )
    }
}

/// What a tile, a cart line or a list row needs of a recipe.
public struct RecipeSummary: Sendable, Equatable {
    public var id: RecipeID
    public var title: String
    public var category: String
    public var servings: Int?
    public var readyInMinutes: Int?
    public var imagePath: String?

    public init(id: RecipeID, title: String, category: String, servings: Int?, readyInMinutes: Int?, imagePath: String?)
    {
        self.id = id
        self.title = title
        self.category = category
        self.servings = servings
        self.readyInMinutes = readyInMinutes
        self.imagePath = imagePath
    }
}

public struct Ingredient: Sendable, Hashable, Codable {
    public var name: String
    public var measure: String
    /// The aisle a recipe API named (Spoonacular's `aisle`, such as "Milk, Eggs, Other Dairy"); nil otherwise.
    public var aisle: String?

    public init(name: String, measure: String, aisle: String? = nil) {
        self.name = name
        self.measure = measure
        self.aisle = aisle
    }
}
