/// The − quantity + form for one recipe. Stored properties only: templates read values by reflection.
struct Stepper {
    var recipeID: String
    var title: String
    var quantity: Int
    var csrfToken: String
    var returnTo: String
    var action: String
    var canDecrement: Bool
    var canIncrement: Bool

    init(recipeID: String, title: String, quantity: Int, csrfToken: String, returnTo: String) {
        self.recipeID = recipeID
        self.title = title
        self.quantity = quantity
        self.csrfToken = csrfToken
        self.returnTo = returnTo
        action = "/cart/items/\(recipeID)"
        canDecrement = quantity > 0
        canIncrement = quantity < Cart.maximumQuantity
    }
}
