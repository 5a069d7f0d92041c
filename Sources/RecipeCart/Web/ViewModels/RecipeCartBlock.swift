import Foundation
import Mustache
import RecipeCartDomain

/// The detail page's cart part: "Add to cart", or the stepper and cooking timer once the recipe is in the cart.
/// It belongs to one shopper, so it is rendered for each request into the page that every shopper shares.
struct RecipeCartBlock: FragmentView, Hashable {
    static let template = PartialTemplate.recipeCart

    var id: String
    /// At zero the page offers "Add to cart" instead of a bare − 0 +.
    var isInCart: Bool
    var stepper: Stepper
    /// "4 servings", what one batch in the cart makes.
    var servingsWritten: String?
    /// "2 servings" on a page scaled with `?servings=`: what the line will be cooked for.
    var scaledServings: String?
    /// What the line in the cart is cooked for, when the shopper chose.
    var lineServings: String?
    /// Only for a recipe in the cart: "Start cooking" lives on cart lines.
    var cooking: CookingStatus?
    /// The status message's placeholder, when the post it tells of landed here.
    var statusHTML: String?

    /// `servings` is what the page was asked to scale to; the forms carry it into the cart.
    init(
        recipe: Recipe, line: CartLine?, servings: Int?, csrfToken: String, now: Date, zone: TimeZone,
        carriesStatus: Bool = false
    ) {
        id = recipe.id.rawValue
        statusHTML = carriesStatus ? PersonalParts.placeholders.statusHTML : nil
        let returnTo = SiteURL.recipe(recipe.id).path + (servings.map { "?servings=\($0)" } ?? "")
        let quantity = line?.quantity ?? 0
        isInCart = quantity > 0
        stepper = Stepper(
            recipeID: recipe.id, title: recipe.title, quantity: quantity, csrfToken: csrfToken, returnTo: returnTo,
            servings: servings)
        servingsWritten = recipe.servings.map { DisplayText.servings($0) }
        scaledServings = servings.map { DisplayText.servings($0) }
        lineServings = line?.servings.map { DisplayText.servings($0) }
        cooking = line.map {
            CookingStatus(line: $0, csrfToken: csrfToken, returnTo: returnTo, now: now, zone: zone)
        }
    }
}

/// Rendered for every detail page request: names are looked up here, since reflecting them cost a fifth of a request.
extension RecipeCartBlock: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "isInCart": isInCart
        case "stepper": stepper
        case "servingsWritten": servingsWritten
        case "scaledServings": scaledServings
        case "lineServings": lineServings
        case "cooking": cooking
        case "statusHTML": statusHTML
        default: nil
        }
    }
}
