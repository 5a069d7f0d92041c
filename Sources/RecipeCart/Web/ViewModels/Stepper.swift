/// The − quantity + form for one recipe.
struct Stepper {
    var recipeID: String
    var title: String
    var quantity: Int
    var csrfToken: String
    var returnTo: String

    var action: String { "/cart/items/\(recipeID)" }
    var canDecrement: Bool { quantity > 0 }
    var canIncrement: Bool { quantity < Cart.maximumQuantity }
}
