import Mustache
import RecipeCartDomain

/// The − quantity + form for one recipe.
struct Stepper: Hashable {
    var recipeID: String
    var title: String
    var quantity: Int
    /// "3 batches in your cart": what the number counts.
    var quantityLabel: String
    /// "batch" or "batches", beside the number.
    var unitText: String
    var csrfToken: String
    var returnTo: String
    var action: String
    var canDecrement: Bool
    var canIncrement: Bool
    /// The servings a scaled detail page shows: the line is cooked for them once the form is sent. Named apart from
    /// the cart line's `servings`, which Mustache would otherwise find when this is nil.
    var carriedServings: Int?

    init(recipeID: RecipeID, title: String, quantity: Int, csrfToken: String, returnTo: String, servings: Int? = nil) {
        self.recipeID = recipeID.rawValue
        self.title = title
        self.quantity = quantity
        quantityLabel = "\(DisplayText.batches(quantity)) in your cart"
        unitText = quantity == 1 ? "batch" : "batches"
        self.csrfToken = csrfToken
        self.returnTo = returnTo
        action = SiteURL.cartItem(recipeID).path
        canDecrement = quantity > 0
        canIncrement = quantity < Cart.maximumQuantity
        carriedServings = servings
    }
}

/// Looked up by name rather than reflected, as `RecipeCartBlock` is.
extension Stepper: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "recipeID": recipeID
        case "title": title
        case "quantity": quantity
        case "quantityLabel": quantityLabel
        case "unitText": unitText
        case "csrfToken": csrfToken
        case "returnTo": returnTo
        case "action": action
        case "canDecrement": canDecrement
        case "canIncrement": canIncrement
        case "carriedServings": carriedServings
        default: nil
        }
    }
}
