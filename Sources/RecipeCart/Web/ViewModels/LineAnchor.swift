import RecipeCartDomain

extension RecipeID {
    /// The element id of the recipe's cart line, on its detail page and on the cart: a post on the line lands there.
    var lineAnchor: String { "line-\(rawValue)" }
}
