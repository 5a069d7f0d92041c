import Foundation

/// The detail page of one recipe.
struct RecipeView {
    struct IngredientRow {
        var name: String
        var measure: String
    }

    struct StepRow {
        var number: Int
        var text: String
    }

    var chrome: PageChrome
    var id: String
    var title: String
    var description: String
    var category: String
    var imageURL: String?
    var servingsText: String
    var timeText: String
    var diets: [String]
    var ingredients: [IngredientRow]
    var steps: [StepRow]
    var sourceURL: String?
    var sourceHost: String?
    var isEdited: Bool
    var stepper: Stepper
    /// Only for a recipe in the cart: "Start cooking" lives on cart lines.
    var cooking: CookingStatus?

    init(recipe: Recipe, line: CartLine?, chrome: PageChrome, now: Date) {
        let quantity = line?.quantity ?? 0
        self.chrome = chrome
        id = recipe.id.rawValue
        title = recipe.title
        description = recipe.description
        category = recipe.category
        imageURL = recipe.imagePath.map(ImageURL.make)
        servingsText = DisplayText.servings(recipe.servings)
        timeText = DisplayText.minutes(recipe.readyInMinutes)
        diets = recipe.diets.map(\.label)
        ingredients = recipe.ingredients.map { IngredientRow(name: $0.name, measure: $0.measure) }
        steps = recipe.steps.enumerated().map { StepRow(number: $0.offset + 1, text: $0.element) }
        if let url = recipe.sourceURL, url.scheme == "https" || url.scheme == "http" {
            sourceURL = url.absoluteString
            sourceHost = url.host
        }
        isEdited = recipe.isEdited
        stepper = Stepper(
            recipeID: id, title: recipe.title, quantity: quantity, csrfToken: chrome.csrfToken,
            returnTo: "/recipes/\(id)")
        cooking = line.map { CookingStatus(line: $0, csrfToken: chrome.csrfToken, returnTo: "/recipes/\(recipe.id.rawValue)", now: now) }
    }
}
