import RecipeCartDomain

extension RecipeID {
    /// The element id of the recipe's cart line, on its detail page and on the cart: a post on the line lands there.
    /// `recipe-cart.mustache` and `cart.mustache` write the same `line-{id}`.
    var lineAnchor: String { "line-\(rawValue)" }
}
