import Foundation
import RecipeCartDomain

/// The detail page of one recipe.
struct RecipeView: PageView {
    static let template = PageTemplate.recipe

    static let servingsRange = Cart.servingsRange

    struct IngredientRow {
        var name: String
        var measure: String
    }

    struct StepRow {
        var number: Int
        var text: String
    }

    /// A cuisine, linked to the Browse page filtered by it.
    struct CuisineLink {
        var name: String
        var url: String
    }

    var chrome: PageChrome
    var id: String
    var url: String
    var editURL: String
    var revertURL: String
    var title: String
    var description: String
    var category: String
    /// Nil when the recipe names no cuisine.
    var cuisine: CuisineLink?
    var imageURL: String?
    var servingsText: String
    var timeText: String
    /// The scaling form, for recipes that say how many they serve.
    var canScale: Bool
    var servingsValue: Int
    var isScaled: Bool
    /// Says so when `?servings=` asked for more (or less) than a recipe can be scaled to.
    var servingsClamped: String?
    /// On a scaled page: the steps still speak of the recipe's own amounts.
    var methodWrittenFor: String?
    var diets: [String]
    var ingredients: [IngredientRow]
    var steps: [StepRow]
    var sourceURL: String?
    var sourceHost: String?
    /// Set by the controller, which knows whose copy the visitor sees.
    var edits: RecipeEditLinks?
    /// `RecipeCartBlock`'s HTML, or its placeholder in a page kept for every shopper.
    var cartBlock: String
    /// Set when the recipe service could not refresh this recipe: the page shows what is saved.
    var notice: String?
    /// What the recipe costs a serving at the shop's prices, by the amount it uses.
    var costPerServing: ServingPrice?

    init(recipe: Recipe, servings: RequestedServings?, chrome: PageChrome, cartBlock: String) {
        let clampedFrom = servings?.clampedFrom
        let servings = servings?.value
        self.chrome = chrome
        id = recipe.id.rawValue
        url = SiteURL.recipe(recipe.id).path
        editURL = SiteURL.recipeEdit(recipe.id).path
        revertURL = SiteURL.recipeRevert(recipe.id).path
        title = recipe.title
        description = recipe.description
        category = recipe.category
        cuisine = recipe.area.map { CuisineLink(name: $0, url: BrowseURL.make(BrowseQuery(area: $0))) }
        imageURL = recipe.imagePath.map(ImageURL.make)
        timeText = DisplayText.minutes(recipe.readyInMinutes)
        diets = recipe.diets.map(\.label)
        canScale = recipe.servings != nil
        servingsValue = servings ?? recipe.servings ?? 1
        let factor = servings.flatMap { wanted in recipe.servings.map { Double(wanted) / Double($0) } }
        isScaled = factor != nil && factor != 1
        if isScaled, let own = recipe.servings {
            methodWrittenFor = "The method is written for \(DisplayText.servings(own)); the amounts above are scaled."
        }
        servingsText = DisplayText.servings(servings ?? recipe.servings)
        if let clampedFrom, let servings {
            servingsClamped =
                "\(clampedFrom) servings can’t be made from this page, so this shows \(DisplayText.servings(servings)), "
                + "between \(Self.servingsRange.lowerBound) and \(Self.servingsRange.upperBound)."
        }
        ingredients = recipe.ingredients.map { ingredient in
            let measure =
                factor.map { Measure.parse(ingredient.measure).scaled(by: $0).display }
                ?? WrittenMeasure.display(ingredient.measure)
            return IngredientRow(name: ingredient.name, measure: measure)
        }
        steps = recipe.steps.enumerated().map { StepRow(number: $0.offset + 1, text: $0.element) }
        if let url = recipe.sourceURL, url.scheme == "https" || url.scheme == "http" {
            sourceURL = url.absoluteString
            sourceHost = url.host
        }
        self.cartBlock = cartBlock
    }
}
